#!/bin/sh
# Writes docs/accuracy.md's table from a test log: every error statistic the
# tests print ("name  n=N  max X  p99.9 <= Y LSB"), under the test that
# printed it. The figures are measurements against the tests' independent
# double-precision references; the bounds each test asserts are in its
# source.
#   tools/accuracy_report.sh TESTS_LOG > docs/accuracy.md
LOG=$1
cat <<'HEAD'
# fxcollide accuracy

Written by `make accuracy` from the host test log (`build/host/tests.log`);
`make test` fails when this file no longer matches the tests' output. Every
figure is an error measured against the tests' independent double-precision
reference (analytic spheres, capsules and cylinders, separating-axis and
triangle-pair distances for polytopes), in LSB = 2^-16 units unless the name
says otherwise; n is the number of cases. The bound each test asserts, and
why, is written in its source (`tests/test_*.c`).

| test | statistic | n | max | p99.9 |
|---|---|---|---|---|
HEAD
tr -d '\r' < "$LOG" | awk '
    /^       .* n=[0-9]+ +max +[-0-9.]+ +p99\.9 <= +[-0-9.]+ LSB$/ {
        line = $0
        sub(/^ +/, "", line)
        name = line; sub(/ +n=.*$/, "", name)
        n = line; sub(/^.* n=/, "", n); sub(/ .*$/, "", n)
        mx = line; sub(/^.* max +/, "", mx); sub(/ .*$/, "", mx)
        p = line; sub(/^.*p99\.9 <= +/, "", p); sub(/ LSB$/, "", p)
        rows[++k] = "| " name " | " n " | " mx " | " p " |"
        next
    }
    /^  (ok  |FAIL) / {
        t = $2
        for (i = 1; i <= k; i++) { r = rows[i]; sub(/^\| /, "| " t " | ", r); print r }
        k = 0
    }'
