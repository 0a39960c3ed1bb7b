#!/bin/sh
# Compiles and runs each C example that follows a 'readme-example' marker in
# README.md (the 3D one and the 2D one), against the library sources, so the
# README's code cannot rot.
#   tools/check_readme.sh FIXMATH_DIR OUT_DIR
FIX=$1; OUT=$2
mkdir -p "$OUT"
rm -f "$OUT"/readme_example_*.c
awk -v out="$OUT" '/readme-example/ { n++; want = 1; next }
     want && /^```c/ { inside = 1; want = 0; next }
     inside && /^```/ { inside = 0; next }
     inside { print > (out "/readme_example_" n ".c") }' README.md
pass=0; fail=0
for src in "$OUT"/readme_example_*.c; do
    [ -s "$src" ] || continue
    bin=${src%.c}
    if ! gcc -std=c99 -Wall -Wextra -Werror -Iinclude -I"$FIX" -DFIXMATH_NO_CACHE "$src" src/*.c \
            "$FIX/fix16.c" "$FIX/fix16_sqrt.c" "$FIX/fix16_trig.c" -o "$bin"; then
        echo "readme: $(basename "$src") does not compile"; fail=$((fail + 1)); continue
    fi
    if ! out=$("$bin"); then
        echo "readme: $(basename "$src") failed: $out"; fail=$((fail + 1)); continue
    fi
    echo "readme: $(basename "$src") compiled and ran: $out"; pass=$((pass + 1))
done
if [ $((pass + fail)) -lt 2 ]; then
    echo "readme: expected the 3D and the 2D example after readme-example markers"; fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
