#!/bin/sh
# Collects the benchmark logs into the Markdown file kept in bench/results.md.
echo "# fxcollide benchmark results"
echo
echo "Written by \`make bench\` on $(date -u +%Y-%m-%d) ($(git rev-parse --short HEAD 2>/dev/null || echo unknown)),"
echo "gcc -O2; QEMU $(qemu-system-arm --version | head -n1 | sed 's/.*version //')"
echo "with -icount shift=0 (instruction counts repeat exactly); host times are"
echo "the median of 5 passes and vary with the machine."
for log in "$@"; do
    echo
    tr -d '\r' < "$log" | sed -n -e 's/^fxcollide .* benchmark on \(.*\)$/## \1/p' -e '/^|/p'
done
