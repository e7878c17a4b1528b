#!/bin/sh
# make flash for a newcomer: avrdude is among what tools/deps.sh installs in its flash mode
# (and only there), and a port that is not there, or not a serial port, is said plainly, with
# the ports that look like an Uno, before avrdude runs. Runs `make flash` itself with
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
