#!/bin/sh
# Runs each test suite given as "name: command", shows its output, reads the
# "N passed, M failed" line it ends with, and closes with the totals. A suite that
# exits non-zero without counting a failure (a crash, a build error, no summary)
# counts as one failure.
# -j N: run up to N CPU-bound suites at once; each suite's output is still shown whole and in
# the order given, as soon as it and the suites before it are done. They start in the order
# given (put the longest first), at nice +5.
# A suite given as "[wait] name: command" waits on real time (a simulated Uno, a browser
# page) and needs little CPU: with -j above 1 such suites run beside the CPU-bound ones and
# outside the N, WAIT_JOBS (1) of them at once, so that none holds a CPU slot while it waits.
# -k 'PATTERN ...': run only the suites whose names match one of the patterns, as SQLite's
# test runner takes them: a word, or a glob (* ? [...]), found anywhere in the name ('nim',
# 'uno*direct'); case is ignored. No suite matching counts as one failure.
# Usage: run_suites.sh [-j N] [-k PATTERNS] SUITE...
set -u
jobs=1 patterns=""
while [ $# -gt 0 ]; do
    case $1 in
        -j) jobs=$2; shift 2 ;;
        -k) patterns=$2; shift 2 ;;
        *) break ;;
    esac
done
passed=0 failed=0 broken=""
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Whether suite name $1 matches one of the patterns (all do when there are none).
matches() {
    [ -z "$patterns" ] && return 0
    m_name=$(printf '%s' "$1" | tr '[:upper:]' '[:lower:]')
    set -f
    for m_pat in $(printf '%s' "$patterns" | tr '[:upper:]' '[:lower:]'); do
        case $m_name in *$m_pat*) set +f; return 0 ;; esac
    done
    set +f
    return 1
}

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

# suite N (in the order given, those that match): its name in N.name, its command in N.cmd,
# its class (cpu or wait) in N.class
n=0
for suite in "$@"; do
    class=cpu
    case $suite in "[wait] "*) class=wait; suite=${suite#\[wait\] } ;; esac
    name=${suite%%:*}
    matches "$name" || continue
    n=$((n + 1))
    printf '%s\n' "$name" >"$dir/$n.name"
    printf '%s\n' "${suite#*: }" >"$dir/$n.cmd"
    echo "$class" >"$dir/$n.class"
done
if [ "$n" -eq 0 ]; then
    echo "no suite's name matches '$patterns'"
    echo "0 passed, 1 failed"
    exit 1
fi

if [ "$jobs" -le 1 ]; then # one at a time, the output shown as it comes
    i=1
    while [ "$i" -le "$n" ]; do
        name=$(cat "$dir/$i.name")
        echo "=== $name"
        t=$(date +%s)
        { sh -c "$(cat "$dir/$i.cmd")" 2>&1; echo $? >"$dir/rc"; } | tee "$dir/out"
        echo "($(($(date +%s) - t)) s)"
        count "$name" "$(cat "$dir/rc")" "$dir/out"
        i=$((i + 1))
    done
else
    # suite N's output in N.out, its exit status in N.rc when done
    run='t=$(date +%s); $3 sh -c "$(cat "$1/$2.cmd")" >"$1/$2.out" 2>&1; echo $? >"$1/$2.rc.tmp"
        echo "($(($(date +%s) - t)) s)" >>"$1/$2.out"; mv "$1/$2.rc.tmp" "$1/$2.rc"'
    waiting=$(grep -lx wait "$dir"/*.class | sed 's|.*/||; s|\.class$||' | sort -n)
    cpu=$(grep -lx cpu "$dir"/*.class | sed 's|.*/||; s|\.class$||' | sort -n)
    # at most WAIT_JOBS of them at once (1: three at once still left a simulated Uno behind real
    # time now and then, avrdude losing sync): each simulated Uno must keep up with real time (avrdude's
    # and the bootloader's timeouts), which 2 cores cannot give eight at once beside the others
    [ -n "$waiting" ] && printf '%s\n' $waiting | xargs -P "${WAIT_JOBS:-1}" -I{} sh -c "$run" sh "$dir" {} "" &
    [ -n "$cpu" ] && printf '%s\n' $cpu | xargs -P "$jobs" -I{} sh -c "$run" sh "$dir" {} "nice -n 5" &
    i=1
    while [ "$i" -le "$n" ]; do
        echo "=== $(cat "$dir/$i.name")"
        while [ ! -f "$dir/$i.rc" ]; do sleep 1; done
        cat "$dir/$i.out"
        count "$(cat "$dir/$i.name")" "$(cat "$dir/$i.rc")" "$dir/$i.out"
        i=$((i + 1))
    done
    wait
fi
[ -n "$broken" ] && echo "suites that failed to run or report: $broken"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
