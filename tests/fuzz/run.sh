#!/bin/sh
# Runs one libFuzzer target for a bounded time on a copy of its seeds (what the corpus grows
# stays in WORK_DIR/corpus, in build/) and reports one check: no crash, no sanitizer finding,
# no broken invariant, no hang. On a failure it prints the end of the fuzzer's log and the path
# of the input that failed (rerun it: FUZZER that-file). The target runs in WORK_DIR/files,
# which holds tests/fuzz/files (graph.txt, for dag:@graph.txt).
# Usage: run.sh FUZZER SECONDS SEEDS_DIR WORK_DIR [libFuzzer options, e.g. -max_len=300 -dict=F]
set -u
[ $# -ge 4 ] || { echo "usage: run.sh FUZZER SECONDS SEEDS_DIR WORK_DIR [options]"; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
abs() { (cd "$(dirname "$1")" && printf '%s/%s\n' "$(pwd)" "$(basename "$1")"); }
fuzzer=$(abs "$1") seconds=$2 seeds=$(abs "$3") work=$4
shift 4
mkdir -p "$work" && work=$(abs "$work")
# options naming files (-dict=F): made absolute, as the fuzzer runs in another folder
opts=""
for o in "$@"; do
    case $o in
    -dict=*) opts="$opts -dict=$(abs "${o#-dict=}")" ;;
    *) opts="$opts $o" ;;
    esac
done
rm -rf "$work/crashes" "$work/files"
mkdir -p "$work/corpus" "$work/crashes" "$work/files"
cp "$seeds"/* "$work/corpus/"
cp "$here"/files/* "$work/files/"
log="$work/fuzz.log"
start=$(date +%s)
# -timeout: one input answered in more than 60 s is a hang (the slowest seen take well under 1 s)
# shellcheck disable=SC2086 # opts: words on purpose
(cd "$work/files" && "$fuzzer" -max_total_time="$seconds" -timeout=60 -print_final_stats=1 \
    -artifact_prefix="$work/crashes/" $opts "$work/corpus") >"$log" 2>&1
rc=$?
took=$(($(date +%s) - start))
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
echo "fuzz $(basename "$fuzzer"): ${runs:-0} inputs in $took s (of $seconds), corpus $(ls "$work/corpus" | wc -l) files"
if [ "$rc" -ne 0 ]; then
    # what failed: the sanitizer's or the target's own words and the first frames, else the log's end
    found=$(grep -n -m 1 -E 'ERROR: |runtime error: |^fuzz_[a-z]+: |libFuzzer: (timeout|out-of-memory)' "$log" | cut -d: -f1)
    if [ -n "$found" ]; then sed -n "${found},$((found + 12))p" "$log"; else tail -n 40 "$log"; fi
    for f in "$work"/crashes/*; do
        [ -e "$f" ] || continue
        echo "fuzz: the input that failed: $f"
        echo "fuzz: rerun it with: $fuzzer $f"
    done
    echo "fuzz: 0 passed, 1 failed"
    exit 1
fi
echo "fuzz: 1 passed, 0 failed"
