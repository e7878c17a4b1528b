#!/bin/sh
# Flash a firmware image to an Uno through its bootloader with avrdude, once the serial port
# is known to be there and usable: otherwise say so plainly, and name the ports that look like
# an Uno (/dev/ttyACM*, /dev/ttyUSB*; FLASH_PORTS overrides the patterns).
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
if [ ! -r "$port" ] || [ ! -w "$port" ]; then
    group=$(stat -c %G "$port" 2>/dev/null || echo dialout)
    echo "flash: you may not open $port: join its group (sudo usermod -aG $group \$USER), log in again." >&2
    exit 1
fi
if ! command -v avrdude >/dev/null 2>&1; then
    echo "flash: avrdude is not installed (sh tools/deps.sh flash installs it)." >&2
    exit 1
fi
exec avrdude -c arduino -p m328p -P "$port" -b 115200 -D -U "flash:w:$hex:i"
