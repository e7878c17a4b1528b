#!/bin/sh
# Runs each test suite given as "name: command", shows its output, reads the
# "N passed, M failed" line it ends with, and closes with the totals. A suite that
# exits non-zero without counting a failure (a crash, a build error, no summary)
# counts as one failure.
set -u
passed=0 failed=0 broken=""
out=$(mktemp) rcfile=$(mktemp)
trap 'rm -f "$out" "$rcfile"' EXIT
for suite in "$@"; do
    name=${suite%%:*}
    cmd=${suite#*: }
    echo "=== $name"
    { sh -c "$cmd" 2>&1; echo $? >"$rcfile"; } | tee "$out"
    rc=$(cat "$rcfile")
    line=$(grep -E '(^|: )[0-9]+ passed, [0-9]+ failed' "$out" | tail -n 1)
    p=0 f=0
    if [ -n "$line" ]; then
        p=$(echo "$line" | sed -E 's/^(.*: )?([0-9]+) passed, ([0-9]+) failed.*/\2/')
        f=$(echo "$line" | sed -E 's/^(.*: )?([0-9]+) passed, ([0-9]+) failed.*/\3/')
    fi
    if [ -z "$line" ] || { [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; }; then
        f=$((f + 1)); broken="$broken [$name: exit $rc]"
    fi
    passed=$((passed + p)); failed=$((failed + f))
done
[ -n "$broken" ] && echo "suites that failed to run or report: $broken"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
