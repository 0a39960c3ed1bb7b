#!/bin/sh
# Fails if any given object references a floating-point helper (soft-float
# __aeabi_f*/__aeabi_d*, libgcc __*sf*/__*df*, libm functions) or the heap.
#   check_nofloat.sh NM CANARY.o -- OBJ...
# CANARY.o uses float and malloc on purpose: if it is NOT flagged, the check
# itself is broken and this script fails too.
set -eu
NM=$1; CANARY=$2; shift 2; [ "$1" = "--" ] && shift

FORBIDDEN='^(__aeabi_(f|d|cf|cd|i2f|i2d|ui2f|ui2d|l2f|l2d|ul2f|ul2d|f2|d2)[a-z0-9]*|__[a-z]+[sd]f[0-9]?|(sqrt|sin|cos|tan|atan2?|exp|log|pow|floor|ceil|fabs|round|fmod)f?|malloc|free|calloc|realloc)$'

bad_symbols() {
    "$NM" -u "$@" 2>/dev/null | awk '{print $NF}' | grep -E "$FORBIDDEN" | sort -u || true
}

canary=$(bad_symbols "$CANARY")
if [ -z "$canary" ]; then
    echo "check-nofloat: the canary object was not flagged: the check is broken"
    echo "0 passed, 1 failed"
    exit 1
fi
found=$(bad_symbols "$@")
if [ -n "$found" ]; then
    echo "check-nofloat: float or heap symbols referenced by the library:"
    for s in $found; do
        echo "  $s  in: $("$NM" -A -u "$@" | grep -w "$s" | cut -d: -f1 | sort -u | tr '\n' ' ')"
    done
    echo "1 passed, 1 failed"
    exit 1
fi
echo "check-nofloat: $# objects clean (canary flagged: $(echo $canary | tr '\n' ' '))"
echo "2 passed, 0 failed"
