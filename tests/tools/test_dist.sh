#!/bin/sh
# What a release carries (make dist, run by .github/workflows/release.yml on a version tag):
# build/dist/grundy-<board>.hex for the four boards, each the board's own build/<board>/grundy.hex,
# a SHA256SUMS that checks, and the page in build/web with every board's .hex.
# Usage: sh tests/tools/test_dist.sh BUILD_DIR   Ends with "N passed, M failed".
set -u
build=${1:-build}
passed=0 failed=0
check() { # check WHAT COND...
    what=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $what"; fi
}
make --no-print-directory -s BUILD="$build" _dist >/dev/null 2>&1
check "make _dist ran" test $? -eq 0
for b in direct matrix8 shift595 uno; do
    check "grundy-$b.hex is build/$b/grundy.hex" cmp -s "$build/dist/grundy-$b.hex" "$build/$b/grundy.hex"
    check "the page carries $b's .hex" cmp -s "$build/web/hex/$b.hex" "$build/$b/grundy.hex"
    check "SHA256SUMS lists grundy-$b.hex" grep -q " grundy-$b.hex\$" "$build/dist/SHA256SUMS"
done
check "SHA256SUMS checks" sh -c "cd '$build/dist' && sha256sum --quiet -c SHA256SUMS"
check "the page is there (index.html, app.js)" test -s "$build/web/index.html" -a -s "$build/web/app.js"
echo "dist: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
