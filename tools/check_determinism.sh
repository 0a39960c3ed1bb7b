#!/bin/sh
# Compares the 'determinism hash' lines of test logs from different
# platforms and compilers: all must be present and equal.
ref=""; bad=0; n=0
for log in "$@"; do
    h=$(tr -d '\r' < "$log" 2>/dev/null | sed -n 's/.*determinism hash: \([0-9a-f]*\).*/\1/p' | tail -n1)
    printf 'determinism: %-32s %s\n' "$log" "${h:-missing}"
    n=$((n + 1))
    if [ -z "$h" ]; then bad=$((bad + 1)); continue; fi
    [ -z "$ref" ] && ref=$h
    [ "$h" = "$ref" ] || bad=$((bad + 1))
done
if [ "$bad" -eq 0 ]; then
    echo "determinism: $n platforms agree on $ref"
    echo "1 passed, 0 failed"
else
    echo "determinism: $bad of $n logs missing or different"
    echo "0 passed, 1 failed"
    exit 1
fi
