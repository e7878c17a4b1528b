#!/bin/sh
# Runs the console parser's fuzz target for a bounded time on a copy of the seed corpus
# (tests/fuzz/corpus; what it grows stays in build/) and reports one check: no crash,
# no sanitizer finding, no broken invariant. Usage: run.sh FUZZER SECONDS CORPUS_DIR WORK_DIR
set -u
fuzzer=$1 seconds=$2 seeds=$3 work=$4
mkdir -p "$work/corpus" "$work/crashes"
cp "$seeds"/* "$work/corpus/"
log="$work/fuzz.log"
"$fuzzer" -max_total_time="$seconds" -max_len=300 -print_final_stats=1 \
    -artifact_prefix="$work/crashes/" "$work/corpus" >"$log" 2>&1
rc=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
echo "fuzz: ${runs:-0} inputs in ${seconds} s, corpus $(ls "$work/corpus" | wc -l) files"
if [ "$rc" -ne 0 ]; then
    tail -n 30 "$log"
    echo "fuzz: the input that failed is in $work/crashes/"
    echo "fuzz: 0 passed, 1 failed"
    exit 1
fi
echo "fuzz: 1 passed, 0 failed"
