#!/usr/bin/env python3
"""Per-function instruction counts of the benchmark's queries.

Reads a QEMU execution trace on stdin (qemu-system-arm -singlestep
-d exec,nochain: one 'Trace ...' line per executed instruction, ending in
the symbol of its address) and counts the instructions executed while the
benchmark is inside run() -- that is, inside one query -- per function.
Prints a Markdown table, largest first.
usage: qemu-system-arm ... -singlestep -d exec,nochain -D trace -kernel bench.elf; profile.py CASES < trace
(a file, not a pipe on stderr: through the pipe QEMU lost trace lines)
"""
import sys


def main():
    cases = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    counts = {}
    inside = False
    for line in sys.stdin:
        if not line.startswith("Trace "):
            continue
        sym = line.rsplit("]", 1)[-1].strip()
        # run(), or its clone when the compiler specialised it (run.constprop.0)
        if sym == "run" or sym.startswith("run."):
            inside = True
        elif sym == "main":
            inside = False
        if inside:
            counts[sym] = counts.get(sym, 0) + 1
    total = sum(counts.values())
    if total == 0:
        sys.exit("profile: no instructions inside run() in the trace")
    print("| function | instr per query | share |")
    print("|---|---|---|")
    for sym, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        if n * 1000 < total:  # below 0.1 %
            continue
        print("| %s | %d | %.1f %% |" % (sym or "?", n // cases, 100.0 * n / total))
    print("| total | %d | 100 %% |" % (total // cases))


main()
