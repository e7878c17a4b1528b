#!/bin/sh
# test_play.sh: checks grundy-play's EEPROM file in a pseudo-terminal made by script(1), with
# eeprom_fw.c, which adds 1 to EEPROM byte 0x3FF on each RIGHT press: created next to the ELF,
# loaded and saved again on q, Ctrl-C and SIGTERM, --eeprom, --fresh-eeprom, a wrong file kept.
# Usage: test_play.sh path/to/grundy-play path/to/eeprom_fw.elf; ends with "N passed, M failed".

PLAY=$1
ELF=$2
if [ ! -x "$PLAY" ] || [ ! -f "$ELF" ]; then
    echo "usage: $0 grundy-play eeprom_fw.elf" >&2
    exit 2
fi
if ! command -v script >/dev/null || ! command -v timeout >/dev/null; then
    echo "FAIL: test_play.sh needs script(1) (bsdutils) and timeout(1) (coreutils)"
    echo "0 passed, 1 failed"
    exit 1
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
PASS=0
FAIL=0
cp "$ELF" "$TMP/fw.elf"

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

# play KEYS [options]: runs grundy-play on $TMP/fw.elf in a terminal: RIGHT after 0.4 s, then
# KEYS at 0.8 s (q, a Ctrl-C, or nothing: SIGTERM comes at 1.2 s). script(1) leaves the
# program running when its input ends.
play() {
    keys=$1
    shift
    (sleep 0.4; printf '\033[C'; sleep 0.4; printf "$keys") |
        script -qec "timeout --foreground -s TERM 1.2 $PLAY --no-bounce $* $TMP/fw.elf" \
            /dev/null >"$TMP/screen" 2>&1
    echo $? >"$TMP/rc"
}

rc_is() { [ "$(cat "$TMP/rc")" = "$1" ]; }

# image FILE LAST: FILE is 1024 bytes, all 0xFF but the last, which is LAST (octal escape).
image() {
    { head -c 1023 /dev/zero | tr '\0' '\377'; printf "$2"; } >"$TMP/want"
    cmp -s "$1" "$TMP/want"
}

play q
check "first run: status 0" rc_is 0
check "first run: eeprom.bin next to the ELF, one byte written" image "$TMP/eeprom.bin" '\000'
check "first run: no temporary file left" test ! -e "$TMP/eeprom.bin.tmp"

play '\003'
check "Ctrl-C: status 0" rc_is 0
check "Ctrl-C: loaded and saved again" image "$TMP/eeprom.bin" '\001'

play ''
check "SIGTERM: loaded and saved again" image "$TMP/eeprom.bin" '\002'

play q --eeprom "$TMP/other.bin"
check "--eeprom: a new file" image "$TMP/other.bin" '\000'
check "--eeprom: the default file untouched" image "$TMP/eeprom.bin" '\002'

play q --fresh-eeprom
check "--fresh-eeprom: started blank" image "$TMP/eeprom.bin" '\000'

printf 'not an EEPROM image' >"$TMP/bad.bin"
play q --eeprom "$TMP/bad.bin"
check "wrong size: status 1" rc_is 1
check "wrong size: says why" grep -q "not an EEPROM image (19 bytes, want 1024)" "$TMP/screen"
check "wrong size: file kept" test "$(cat "$TMP/bad.bin")" = "not an EEPROM image"

"$PLAY" --help >"$TMP/help"
check "--help: documents --eeprom and --fresh-eeprom" \
    grep -q -- "--fresh-eeprom" "$TMP/help"

echo "$PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
