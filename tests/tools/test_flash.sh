#!/bin/sh
# make flash for a newcomer: avrdude is among what tools/deps.sh installs in its flash mode
# (and only there), and a port that is not there, or not a serial port (a file, /dev/null), is
# said plainly, with the ports that look like an Uno, before avrdude runs; a port where nothing
# answers (a pseudo-terminal) fails within about 15 s saying the board did not answer. Runs `make flash` itself with
# DEPS_DRY_RUN=1 (nothing installed) and FLASH_PORTS pointing at a scratch directory.
# Ends with "N passed, M failed".
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # check WHAT COND...
    what=$1; shift
    if "$@"; then passed=$((passed + 1)); else
        failed=$((failed + 1))
        echo "FAIL $what"
        sed 's/^/    /' "$tmp/out"
    fi
}
has() { grep -q -- "$1" "$tmp/out"; }

# deps: avrdude only in flash mode (a PATH without any tool: everything is missing)
mkdir "$tmp/empty"
env PATH="$tmp/empty" DEPS_DRY_RUN=1 /bin/sh tools/deps.sh flash >"$tmp/out" 2>&1
check "deps.sh flash does not install avrdude" has 'would install:.* avrdude'
env PATH="$tmp/empty" DEPS_DRY_RUN=1 /bin/sh tools/deps.sh >"$tmp/out" 2>&1
check "deps.sh without flash installs avrdude" sh -c "! grep -q avrdude '$tmp/out'"

# a port that is not there: no Uno anywhere, then two that look like one
FLASH_PORTS="$tmp/ttyACM* $tmp/ttyUSB*" sh tools/flash.sh "$tmp/ttyACM7" x.hex >"$tmp/out" 2>&1
rc=$?
check "missing port, no Uno: exit $rc" test $rc -eq 1
check "missing port: not named" has "there is no serial port $tmp/ttyACM7"
check "no Uno: not said" has "no port looks like an Uno"
: >"$tmp/ttyACM0"
: >"$tmp/ttyUSB3"
FLASH_PORTS="$tmp/ttyACM* $tmp/ttyUSB*" sh tools/flash.sh "$tmp/ttyACM7" x.hex >"$tmp/out" 2>&1
rc=$?
check "missing port: exit $rc" test $rc -eq 1
check "the ports that look like an Uno are not listed" has "look like an Uno: $tmp/ttyACM0 $tmp/ttyUSB3"
# a file that is no serial port
FLASH_PORTS="$tmp/ttyACM*" sh tools/flash.sh "$tmp/ttyUSB3" x.hex >"$tmp/out" 2>&1
rc=$?
check "not a serial port: exit $rc" test $rc -eq 1
check "not a serial port: not said" has "is not a serial port"

# a character device that is no terminal
sh tools/flash.sh /dev/null x.hex >"$tmp/out" 2>&1
rc=$?
check "/dev/null: exit $rc" test $rc -eq 1
check "/dev/null: not said to be no serial port" has "/dev/null is not a serial port"
check "/dev/null: avrdude ran" sh -c "! grep -q 'avrdude' '$tmp/out'"

# a terminal where nothing answers: a pseudo-terminal nobody reads (needs avrdude)
if command -v avrdude >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
    python3 - "$tmp/out" <<'PY'
import os, pty, subprocess, sys, time
master, slave = pty.openpty()
start = time.monotonic()
with open(sys.argv[1], "w") as out:
    rc = subprocess.run(["sh", "tools/flash.sh", os.ttyname(slave), "build/none.hex"],
                        stdout=out, stderr=subprocess.STDOUT, timeout=120).returncode
    out.write("rc %d seconds %.1f\n" % (rc, time.monotonic() - start))
PY
    seconds=$(sed -n 's/^rc [0-9]* seconds \([0-9]*\)\..*/\1/p' "$tmp/out")
    echo "flash: a port where nothing answers failed after ${seconds:-?} s"
    check "silent port: not a failure" has "^rc [1-9]"
    check "silent port: took ${seconds:-?} s, wanted at most 16" test "${seconds:-99}" -le 16
    check "silent port: no message that the board did not answer" has "did not answer"
    check "silent port: no advice on what to check" has "USB"
else
    echo "flash: a port where nothing answers: not tried (avrdude is not installed: sh tools/deps.sh flash)"
fi

# make flash itself: deps in flash mode, then the port check, never avrdude's raw error
if [ -n "${MAKE:-}" ] || command -v make >/dev/null 2>&1; then
    FLASH_PORTS="$tmp/ttyACM*" DEPS_DRY_RUN=1 ${MAKE:-make} --no-print-directory -s flash \
        PORT="$tmp/ttyACM9" >"$tmp/out" 2>&1
    rc=$?
    check "make flash to a missing port: exit $rc" test $rc -ne 0
    check "make flash: no port message" has "there is no serial port $tmp/ttyACM9"
    check "make flash: Uno ports not listed" has "look like an Uno: $tmp/ttyACM0"
    check "make flash: avrdude ran" sh -c "! grep -q '^avrdude' '$tmp/out'"
fi
echo "flash: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
