#!/bin/sh
# Flash a firmware image to an Uno through its bootloader with avrdude, once the serial port
# is known to be there, a terminal device and usable: otherwise say so plainly, and name the
# ports that look like an Uno (/dev/ttyACM*, /dev/ttyUSB*; FLASH_PORTS overrides the patterns).
# A board that does not answer gets two attempts (about 12 s, not avrdude's ten over a minute)
# and a message saying what to check.
# Usage: sh tools/flash.sh PORT IMAGE.hex
set -eu
if [ $# -ne 2 ]; then
    echo "usage: sh tools/flash.sh PORT IMAGE.hex" >&2
    exit 2
fi
port=$1 hex=$2
patterns=${FLASH_PORTS:-/dev/ttyACM* /dev/ttyUSB*}

found=""
for p in $patterns; do
    [ -e "$p" ] && found="$found $p"
done
if [ ! -e "$port" ]; then
    echo "flash: there is no serial port $port." >&2
    if [ -n "$found" ]; then
        echo "flash: ports that look like an Uno:$found; pick one: make flash PORT=<port>" >&2
    else
        echo "flash: no port looks like an Uno (/dev/ttyACM*, /dev/ttyUSB*): is it plugged in by USB?" >&2
    fi
    exit 1
fi
if [ ! -c "$port" ]; then
    echo "flash: $port is not a serial port (not a character device).${found:+ Ports that look like an Uno:$found}" >&2
    exit 1
fi
# a character device that is no terminal (/dev/null, /dev/zero) has no line settings; stty opens
# it without waiting for a carrier
if ! stty -F "$port" >/dev/null 2>&1 && [ -r "$port" ] && [ -w "$port" ]; then
    echo "flash: $port is not a serial port (no terminal line settings).${found:+ Ports that look like an Uno:$found}" >&2
    exit 1
fi
if [ ! -r "$port" ] || [ ! -w "$port" ]; then
    group=$(stat -c %G "$port" 2>/dev/null || echo dialout)
    echo "flash: you may not open $port: join its group (sudo usermod -aG $group \$USER), log in again." >&2
    exit 1
fi
if ! command -v avrdude >/dev/null 2>&1; then
    echo "flash: avrdude is not installed (sh tools/deps.sh flash installs it)." >&2
    exit 1
fi
# avrdude 7.1 and later take the number of sync attempts (-x attempts); older ones try ten times
attempts=""
version=$(avrdude -? 2>&1 | sed -n 's/.*[Vv]ersion \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1 \2/p' | head -n 1)
set -- $version
if [ $# -eq 2 ] && { [ "$1" -gt 7 ] || { [ "$1" -eq 7 ] && [ "$2" -ge 1 ]; }; }; then
    attempts="-x attempts=2"
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# avrdude's own lines as they come, and kept to tell a silent board from other failures
rc=0
{ avrdude -c arduino -p m328p -P "$port" -b 115200 -D $attempts -U "flash:w:$hex:i" 2>&1 || echo "flash-rc $?"; } |
    tee "$log" | grep -v '^flash-rc ' || true
if grep -q '^flash-rc ' "$log"; then rc=$(sed -n 's/^flash-rc //p' "$log"); fi
if [ "$rc" -ne 0 ] && grep -q -e 'not in sync' -e 'not responding' "$log"; then
    echo "flash: the board on $port did not answer (its bootloader never replied to avrdude)." >&2
    echo "flash: check that the board is an Uno (or has its bootloader, at 115200 baud), that the USB" >&2
    echo "flash: cable carries data, that PORT is the board's (unplug it: which port goes away?), and" >&2
    echo "flash: that no serial monitor has the port open; then try again (press reset as it starts)." >&2
fi
exit "$rc"
