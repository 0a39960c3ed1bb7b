#!/bin/sh
# Rewrites the README's figures block (between the 'figures:begin' and
# 'figures:end' markers) from bench/results.md: mean and max instructions
# per query on the M3 and the M0 side by side, the stack peaks, the small
# configuration's rows apart, and the size table. `make bench` runs it, so
# the README never quotes a figure by hand.
#   tools/readme_figures.sh bench/results.md README.md
RES=$1; README=$2
TMP=$README.figures.$$
awk '
    /^## mps2-an385/ { board = "m3"; next }
    /^## microbit/ { board = "m0"; next }
    /^## / { board = ""; next }
    board != "" && /^\| [0-9]+\. / {
        n = split($0, f, "|")
        name = f[2]; gsub(/^ +| +$/, "", name)
        mean = f[3]; max = f[5]; stack = f[9]
        gsub(/ /, "", mean); gsub(/ /, "", max); gsub(/^ +| +$/, "", stack)
        if (name ~ /, small: /) {
            # the small configuration: its own table, with the share
            # of queries not at EPA capacity (the same on every board)
            ok = f[8]; gsub(/ /, "", ok)
            if (!(name in sseen)) { sseen[name] = 1; sorder[++sk] = name }
            sval[name, board] = mean " / " max
            sstk[name, board] = stack
            sok[name] = ok
            next
        }
        if (!(name in seen)) { seen[name] = 1; order[++k] = name }
        val[name, board] = mean " / " max
        stk[name, board] = stack
    }
    /^\| configuration \| core \| opt \|/ { insize = 1 }
    insize && /^\|/ { size[++s] = $0 }
    insize && !/^\|/ { insize = 0 }
    END {
        print "| workload | M3 mean / max | M0 mean / max | stack peak M3 / M0 |"
        print "|---|---|---|---|"
        for (i = 1; i <= k; i++) print "| " order[i] " | " val[order[i], "m3"] " | " val[order[i], "m0"] " | " stk[order[i], "m3"] " / " stk[order[i], "m0"] " |"
        if (sk > 0) {
            print ""
            print "| workload, small configuration | M3 mean / max | M0 mean / max | stack peak M3 / M0 | statuses ok (not at EPA capacity) |"
            print "|---|---|---|---|---|"
            for (i = 1; i <= sk; i++)
                print "| " sorder[i] " | " sval[sorder[i], "m3"] " | " sval[sorder[i], "m0"] " | " sstk[sorder[i], "m3"] " / " sstk[sorder[i], "m0"] " | " sok[sorder[i]] " |"
        }
        if (s > 0) { print ""; for (i = 1; i <= s; i++) print size[i] }
    }' "$RES" > "$TMP.block" || exit 1
awk -v block="$TMP.block" '
    /figures:begin/ { print; while ((getline line < block) > 0) print line; skip = 1; next }
    /figures:end/ { skip = 0 }
    !skip { print }' "$README" > "$TMP" && mv "$TMP" "$README"
rm -f "$TMP.block"
