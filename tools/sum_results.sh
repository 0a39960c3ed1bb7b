#!/bin/sh
# Adds up the closing 'N passed, N failed' lines of the given logs and prints
# the total as the last line. Fails if a log is missing, has no such line, or
# reports a failure.
total_p=0; total_f=0; status=0
for log in "$@"; do
    line=$(tr -d '\r' < "$log" 2>/dev/null | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n1)
    if [ -z "$line" ]; then
        echo "summary: $log: no result line (run did not finish)"; status=1; total_f=$((total_f + 1)); continue
    fi
    p=${line%% passed*}; f=${line#*, }; f=${f%% failed*}
    printf 'summary: %-36s %s\n' "$log" "$line"
    total_p=$((total_p + p)); total_f=$((total_f + f))
    [ "$f" -eq 0 ] || status=1
done
echo "$total_p passed, $total_f failed"
exit $status
