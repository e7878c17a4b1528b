#!/bin/sh
# The stack analysis (tools/stack_depth.py), tested: first on small hand-written programs
# (cases.S) whose worst-case stack is known or which it must refuse, so that it cannot pass
# silently; then on each board image given, which must keep 256 bytes of RAM that neither the
# static data nor the proven worst stack can reach, and its flash budget (flash_floor below).
# Usage: test_stack.sh BOARD_IMAGE.elf...
set -u
here=$(dirname "$0")
tool="python3 $here/../../tools/stack_depth.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# case N: its image, built from cases.S with the real startup code
build() {
    avr-gcc -mmcu=atmega328p -DCASE="$1" -x assembler-with-cpp "$here/cases.S" -o "$tmp/case$1.elf" \
        2>"$tmp/cc.err" || { cat "$tmp/cc.err"; return 1; }
}

# expect_depth N DEPTH: the tool proves exactly DEPTH bytes
expect_depth() {
    if ! build "$1"; then bad "case $1 does not build"; return; fi
    if ! $tool --reserve 0 --out "$tmp/out" "$tmp/case$1.elf" >"$tmp/log" 2>&1; then
        bad "case $1: the tool failed: $(cat "$tmp/log")"
        return
    fi
    got=$(cat "$tmp/out")
    if [ "$got" = "$2" ]; then ok; else bad "case $1: proved $got bytes, the program takes $2"; fi
}

# expect_error N TEXT: the tool refuses, saying TEXT
expect_error() {
    if ! build "$1"; then bad "case $1 does not build"; return; fi
    if $tool --reserve 0 "$tmp/case$1.elf" >"$tmp/log" 2>&1; then
        bad "case $1: the tool passed a program it must refuse ($3)"
    elif grep -q "$2" "$tmp/log"; then ok
    else bad "case $1: wanted an error with '$2', got: $(cat "$tmp/log")"
    fi
}

expect_depth 1 26
expect_depth 2 31
expect_error 3 "recursion" "recursion"
expect_error 4 "unknown indirect call" "an unknown icall"
expect_error 5 "on two paths" "a push in a loop"
expect_error 6 "is not known" "SP from a loaded value"
expect_error 7 "still on the stack" "an unbalanced return"
expect_depth 8 9
expect_depth 9 7
expect_error 10 "not traced" "a call through a variable"
expect_depth 11 7

# The flash budget, per image: the handhelds keep 2,048 bytes free, down to 1,536 where the
# self-test (boards with an LED pin check or a chain read-back) could give way nowhere else;
# the uno calculator keeps 4,096 (docs/internals.md's table).
flash_floor() {
    case $1 in
    */uno/*) echo 4096 ;;
    */direct/* | */shift595/*) echo 1536 ;;
    *) echo 2048 ;;
    esac
}
for elf in "$@"; do
    if $tool --reserve 256 "$elf" >"$tmp/log"; then ok; else bad "$elf: no proven stack with 256 bytes to spare"; fi
    cat "$tmp/log"
    free=$(sed -n 's/.*bytes, \([0-9]*\) free$/\1/p' "$tmp/log" | head -n 1)
    floor=$(flash_floor "$elf")
    if [ -n "$free" ] && [ "$free" -ge "$floor" ]; then ok
    else bad "$elf: ${free:-?} bytes of flash free, under its floor of $floor"; fi
done
echo "stack: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
