#!/bin/sh
# make bench (and make bench-quick, a suite of make test): runs each step given as
# "name: command" in turn, shows its output under the name, and goes on after a step that
# fails, so that one broken part hides no other. Ends with "bench steps: N passed, M failed"
# and exits non-zero when a step failed (its exit status; a MISSED target is a figure, not a
# failure).
# Usage: sh tests/bench/steps.sh "name: command" ...
set -u
passed=0 failed=0 broken=""
for step in "$@"; do
    name=${step%%:*}
    echo "=== $name"
    t=$(date +%s)
    sh -c "${step#*: }"
    rc=$?
    echo "($(($(date +%s) - t)) s)"
    if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); else
        failed=$((failed + 1)); broken="$broken [$name: exit $rc]"
    fi
    echo
done
[ -z "$broken" ] || echo "failed:$broken"
echo "bench steps: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
