#!/bin/sh
# test_sim.sh: checks avr-run and the sim core against probe_fw.c's variants: UART lines,
# exact probe cycle counts, stack high water, and every way a run can end.
# Usage: test_sim.sh path/to/avr-run dir/with/probe_*.elf [path/to/test_core]
# Prints one line per failure and ends with "N passed, M failed"; exits 1 on any failure.

RUN=$1
FW=$2
CORE=$3
if [ ! -x "$RUN" ] || [ ! -d "$FW" ]; then
    echo "usage: $0 avr-run firmware-dir" >&2
    exit 2
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
PASS=0
FAIL=0

# check NAME COMMAND...: counts a pass when COMMAND succeeds.
check() {
    name=$1
    shift
    if "$@"; then
        PASS=$((PASS + 1))
    else
        FAIL=$((FAIL + 1))
        echo "FAIL: $name"
    fi
}

# run VARIANT [avr-run options]: leaves stdout, stderr and status in $TMP/out, err, rc.
run() {
    elf=$FW/probe_$1.elf
    shift
    "$RUN" "$@" "$elf" >"$TMP/out" 2>"$TMP/err"
    echo $? >"$TMP/rc"
}

rc_is() { [ "$(cat "$TMP/rc")" = "$1" ]; }
err_has() { grep -q -- "$1" "$TMP/err"; }
same() { diff -u "$1" "$2" >&2; }

# Normal run: lines, exit code, exact cycle counts, stack depth.
run exit0 --stats "$TMP/stats" --stack
check "exit0: status 0" rc_is 0
cat >"$TMP/want_out" <<'EOF'
probe_fw: hello
probe_fw: stack 18
#probe 0 empty
#probe 1 nop100
#probe 2 loop1000
#probe 3 nops10to50
probe_fw: done
EOF
check "exit0: UART lines" same "$TMP/want_out" "$TMP/out"
cat >"$TMP/want_stats" <<'EOF'
tag 0 count 1 min 0 median 0 max 0 name empty
tag 1 count 1 min 100 median 100 max 100 name nop100
tag 2 count 1 min 4001 median 4001 max 4001 name loop1000
tag 3 count 5 min 10 median 30 max 50 name nops10to50
EOF
check "exit0: probe stats" same "$TMP/want_stats" "$TMP/stats"
stack=$(sed -n 's/^avr-run: stack high water \([0-9]*\) bytes$/\1/p' "$TMP/err")
# use_stack() writes 100 local bytes; calls and saved registers add a few dozen.
check "exit0: stack high water 100..160 (got '$stack')" \
    test -n "$stack" -a "${stack:-0}" -ge 100 -a "${stack:-0}" -le 160
check "exit0: quiet stderr" test "$(grep -cv '^avr-run: stack' "$TMP/err")" = 0

run exit3 --cycles 1e7
check "exit3: status 3" rc_is 3
check "exit3: last line" test "$(tail -n 1 "$TMP/out")" = "probe_fw: done"

run done
check "done: status 0" rc_is 0
check "done: note on stderr" err_has "^avr-run: firmware stopped (cli; sleep)"
check "done: last line" test "$(tail -n 1 "$TMP/out")" = "probe_fw: sleeping"

run crash
check "crash: status 125" rc_is 125
# The reported pc must be the faulting store itself, found in the disassembly.
pc=$(avr-objdump -d "$FW/probe_crash.elf" | sed -n 's/^ *\([0-9a-f]*\):.*sts.0x09FF.*/\1/p')
check "crash: message with pc of the bad store ($pc)" \
    err_has "^avr-run: firmware crashed at pc 0x0*$pc$"

run hang --cycles 1000000
check "hang: status 124" rc_is 124
check "hang: message" err_has "^avr-run: timeout after 1000000 cycles$"
check "hang: output before the loop" test "$(tail -n 1 "$TMP/out")" = "probe_fw: hanging"

# More than the 64-byte receive FIFO, so feeding must follow XON/XOFF.
printf 'the quick brown fox jumps over the lazy dog, again and again\r\n' >"$TMP/in"
printf 'second line: 0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ\n' >>"$TMP/in"
printf 'END\n' >>"$TMP/in"
run echo --uart-in "$TMP/in"
check "echo: status 0" rc_is 0
cat >"$TMP/want_echo" <<'EOF'
probe_fw: hello
probe_fw: stack 18
echo: the quick brown fox jumps over the lazy dog, again and again
echo: second line: 0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ
echo: 128 bytes
probe_fw: done
EOF
check "echo: lines" same "$TMP/want_echo" "$TMP/out"
run echo --uart-in - --cycles 2e6 </dev/null
check "echo without input: timeout" rc_is 124

run exit0 --cycles 12x
check "bad --cycles: status 2" rc_is 2
"$RUN" "$TMP/missing.elf" >/dev/null 2>"$TMP/err"
echo $? >"$TMP/rc"
check "missing ELF: status 1" rc_is 1

if [ -n "$CORE" ]; then
    check "core API (test_core)" "$CORE" "$FW"
fi

echo "$PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
