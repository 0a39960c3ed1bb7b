#!/bin/sh
# Compares the 'determinism hash' lines (3D) and the '2D determinism hash'
# lines of test logs from different platforms and compilers: all must be
# present and equal.
bad=0; n=0
for key in "determinism hash" "2D determinism hash"; do
    ref=""
    for log in "$@"; do
        h=$(tr -d '\r' < "$log" 2>/dev/null | sed -n "s/^ *$key: \([0-9a-f]*\).*/\1/p" | tail -n1)
        printf 'determinism: %-22s %-32s %s\n' "$key" "$log" "${h:-missing}"
        n=$((n + 1))
        if [ -z "$h" ]; then bad=$((bad + 1)); continue; fi
        [ -z "$ref" ] && ref=$h
        [ "$h" = "$ref" ] || bad=$((bad + 1))
    done
    [ "$bad" -eq 0 ] && echo "determinism: $# platforms agree on the $key $ref"
done
if [ "$bad" -eq 0 ]; then
    echo "1 passed, 0 failed"
else
    echo "determinism: $bad of $n hash lines missing or different"
    echo "0 passed, 1 failed"
    exit 1
fi
