#!/bin/sh
# Compiles and runs the C example that follows the 'readme-example' marker
# in README.md, against the library sources, so the README's code cannot rot.
#   tools/check_readme.sh FIXMATH_DIR OUT_DIR
FIX=$1; OUT=$2
mkdir -p "$OUT"
awk '/readme-example/ { want = 1; next }
     want && /^```c/ { inside = 1; next }
     inside && /^```/ { exit }
     inside { print }' README.md > "$OUT/readme_example.c"
if [ ! -s "$OUT/readme_example.c" ]; then
    echo "readme: no example found after the readme-example marker"; echo "0 passed, 1 failed"; exit 1
fi
if ! gcc -std=c99 -Wall -Wextra -Werror -Iinclude -I"$FIX" -DFIXMATH_NO_CACHE "$OUT/readme_example.c" src/*.c \
        "$FIX/fix16.c" "$FIX/fix16_sqrt.c" "$FIX/fix16_trig.c" -o "$OUT/readme_example"; then
    echo "readme: the example does not compile"; echo "0 passed, 1 failed"; exit 1
fi
if ! out=$("$OUT/readme_example"); then
    echo "readme: the example failed: $out"; echo "1 passed, 1 failed"; exit 1
fi
echo "readme: example compiled and ran: $out"
echo "2 passed, 0 failed"
