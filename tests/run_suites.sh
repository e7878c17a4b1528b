#!/bin/sh
# Runs each test suite given as "name: command", shows its output, reads the
# "N passed, M failed" line it ends with, and closes with the totals. A suite that
# exits non-zero without counting a failure (a crash, a build error, no summary)
# counts as one failure.
# -j N (first): run up to N suites at once; each suite's output is still shown whole and in
# the order given, as soon as it and the suites before it are done.
set -u
jobs=1
if [ "${1:-}" = "-j" ]; then
    jobs=$2
    shift 2
fi
passed=0 failed=0 broken=""
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Add suite $1's result (exit status $2, output in file $3) to the totals.
count() {
    line=$(grep -E '(^|: )[0-9]+ passed, [0-9]+ failed' "$3" | tail -n 1)
    p=0 f=0
    if [ -n "$line" ]; then
        p=$(echo "$line" | sed -E 's/^(.*: )?([0-9]+) passed, ([0-9]+) failed.*/\2/')
        f=$(echo "$line" | sed -E 's/^(.*: )?([0-9]+) passed, ([0-9]+) failed.*/\3/')
    fi
    if [ -z "$line" ] || { [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; }; then
        f=$((f + 1)); broken="$broken [$1: exit $2]"
    fi
    passed=$((passed + p)); failed=$((failed + f))
}

if [ "$jobs" -le 1 ]; then # one at a time, the output shown as it comes
    for suite in "$@"; do
        name=${suite%%:*}
        echo "=== $name"
        t=$(date +%s)
        { sh -c "${suite#*: }" 2>&1; echo $? >"$dir/rc"; } | tee "$dir/out"
        echo "($(($(date +%s) - t)) s)"
        count "$name" "$(cat "$dir/rc")" "$dir/out"
    done
else
    # suite N: its line in N.suite, its output in N.out, its exit status in N.rc when done
    n=0
    for suite in "$@"; do
        n=$((n + 1))
        printf '%s\n' "$suite" >"$dir/$n.suite"
    done
    run='s=$(cat "$1/$2.suite"); t=$(date +%s); sh -c "${s#*: }" >"$1/$2.out" 2>&1; echo $? >"$1/$2.rc.tmp"
        echo "($(($(date +%s) - t)) s)" >>"$1/$2.out"; mv "$1/$2.rc.tmp" "$1/$2.rc"'
    seq 1 "$n" | xargs -P "$jobs" -I{} sh -c "$run" sh "$dir" {} &
    i=1
    while [ "$i" -le "$n" ]; do
        suite=$(cat "$dir/$i.suite")
        echo "=== ${suite%%:*}"
        while [ ! -f "$dir/$i.rc" ]; do sleep 1; done
        cat "$dir/$i.out"
        count "${suite%%:*}" "$(cat "$dir/$i.rc")" "$dir/$i.out"
        i=$((i + 1))
    done
    wait
fi
[ -n "$broken" ] && echo "suites that failed to run or report: $broken"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
