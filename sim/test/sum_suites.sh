#!/bin/sh
# sum_suites.sh: runs each command given, shows its output, adds up the "N passed, M failed"
# line each ends with, and ends with one total line of the same form. A command that fails
# without counting a failure (crash, no summary) counts as one failure.
set -u
passed=0
failed=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for cmd in "$@"; do
    sh -c "$cmd" >"$out" 2>&1
    rc=$?
    cat "$out"
    line=$(grep -E '(^|: )[0-9]+ passed, [0-9]+ failed' "$out" | tail -n 1)
    p=0
    f=0
    if [ -n "$line" ]; then
        p=$(echo "$line" | sed -E 's/^(.*: )?([0-9]+) passed, ([0-9]+) failed.*/\2/')
        f=$(echo "$line" | sed -E 's/^(.*: )?([0-9]+) passed, ([0-9]+) failed.*/\3/')
    fi
    if [ -z "$line" ] || { [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; }; then
        echo "FAIL: '$cmd' exited with status $rc without a count of failures"
        f=$((f + 1))
    fi
    passed=$((passed + p))
    failed=$((failed + f))
done
echo "sim total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
