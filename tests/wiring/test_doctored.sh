#!/bin/sh
# A doctored pin table: each case below changes one connection in a copy of a board's
# boards/<b>/wiring.yaml and shows that make test's wiring checks then fail, or that the copy
# made from the table changes:
#   - `tools/wiring.py check` fails: a committed copy (README Pins table, drawing, page module)
#     is no longer what the table makes, and the drawing no longer draws the table's connections;
#   - the firmware's board.c no longer compiles against the header made from the table (its
#     static assertions), unless the table itself is refused (a pin the hardware cannot move);
#   - the simulator's board model, made from the same header, changes with it (its header
#     differs) or refuses it (its own static assertions).
# The untouched tables first: every check passes, so the cases' failures are the doctoring's.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
bad() { echo "FAIL $1"; failed=$((failed + 1)); }

SIMAVR_INC=$(pkg-config --cflags simavr libelf 2>/dev/null | sed 's/-I/-isystem /g')

# tables DIR: a copy of every board's table
tables() {
    rm -rf "$1"
    for f in boards/*/wiring.yaml; do
        t=$(basename "$(dirname "$f")")
        mkdir -p "$1/$t" && cp "$f" "$1/$t/"
    done
}

# firmware DIR BOARD: board.c compiled against the header made from DIR's table (0 = compiles)
firmware() {
    python3 tools/wiring.py --boards "$1" header "$2" "$1/gen/wiring_$2.h" 2>"$1/gen.err" || return 2
    avr-gcc -std=gnu99 -Wall -Wextra -Werror -mmcu=atmega328p -DF_CPU=16000000UL -fshort-enums \
        -fsyntax-only -I"boards/$2" -I"$1/gen" -Ifirmware/board "boards/$2/board.c" 2>"$1/avr.err"
}

# sim DIR BOARD: the simulator's board model compiled against DIR's header (0 = compiles)
sim() {
    cc -std=gnu99 -Wall -Wextra -Werror -fsyntax-only -Isim -I"$1/gen" $SIMAVR_INC \
        "sim/board_$2.c" 2>"$1/sim.err"
}

mkdir -p "$tmp/base/gen" "$tmp/ref/gen"
tables "$tmp/base"
if python3 tools/wiring.py --boards "$tmp/base" check >"$tmp/base/check.out" 2>&1; then
    ok "the untouched tables: tools/wiring.py check passes"
else
    bad "the untouched tables: tools/wiring.py check fails"; cat "$tmp/base/check.out"
fi
for b in direct matrix8 shift595; do
    if firmware "$tmp/base" "$b" && sim "$tmp/base" "$b"; then
        ok "the untouched $b table: board.c and sim/board_$b.c compile against it"
    else
        bad "the untouched $b table: board.c or sim/board_$b.c does not compile"; cat "$tmp/base"/*.err
    fi
    cp "$tmp/base/gen/wiring_$b.h" "$tmp/ref/gen/"
done

# doctor NAME BOARD SED: one case
doctor() {
    name=$1 b=$2 expr=$3
    d="$tmp/case"
    tables "$d"
    mkdir -p "$d/gen"
    sed -i "$expr" "$d/$b/wiring.yaml"
    if cmp -s "$d/$b/wiring.yaml" "boards/$b/wiring.yaml"; then
        bad "$name: the sed expression changed nothing"
        return
    fi
    echo "---- $name ($b):"
    diff "boards/$b/wiring.yaml" "$d/$b/wiring.yaml" | sed -n 's/^[<>] /     /p'
    if python3 tools/wiring.py --boards "$d" check >"$d/check.out" 2>&1; then
        bad "$name: tools/wiring.py check still passes"
    else
        ok "$name: tools/wiring.py check fails ($(grep -c '^FAIL' "$d/check.out") checks):"
        grep -E '^FAIL|^     ' "$d/check.out" | head -12 | sed 's/^/     /'
    fi
    firmware "$d" "$b"
    case $? in
    0) bad "$name: boards/$b/board.c still compiles against the doctored table" ;;
    2) ok "$name: the table is refused: $(tail -n 1 "$d/gen.err")" ;;
    *) ok "$name: boards/$b/board.c fails to compile: $(grep -m 1 -o 'static assertion failed: .*' "$d/avr.err")" ;;
    esac
    if [ -f "$d/gen/wiring_$b.h" ]; then
        if ! sim "$d" "$b"; then
            ok "$name: sim/board_$b.c refuses it: $(grep -m 1 -o 'static assertion failed: .*' "$d/sim.err")"
        elif cmp -s "$d/gen/wiring_$b.h" "$tmp/ref/gen/wiring_$b.h"; then
            bad "$name: the simulator's header made from the table did not change"
        else
            ok "$name: the simulator's parts change with it ($(diff "$tmp/ref/gen/wiring_$b.h" "$d/gen/wiring_$b.h" | grep -c '^>') lines of its header)"
        fi
    else
        ok "$name: no header is made from it, so the simulator cannot be built"
    fi
}

doctor "row 1's LEDs 2 and 3 swapped (D7 and D8)" direct \
    's/{row: 1, led: 2, pin: D7}/{row: 1, led: 2, pin: D8}/; s/{row: 1, led: 3, pin: D8}/{row: 1, led: 3, pin: D7}/'
doctor "button UP moved from A0 to D12, row 2's LED 3 to A0" direct \
    's/{name: UP, pin: A0}/{name: UP, pin: D12}/; s/{row: 2, led: 3, pin: D12}/{row: 2, led: 3, pin: A0}/'
doctor "the MAX7219's LOAD moved from D10 to D8" matrix8 's/LOAD: D10 /LOAD: D8  /'
doctor "the matrix's columns mirrored" matrix8 's/columns: \[7, 6, 5, 4, 3, 2, 1, 0\]/columns: [0, 1, 2, 3, 4, 5, 6, 7]/'
doctor "the buzzer moved from D9 to D6" matrix8 's/buzzer: {pin: D9,/buzzer: {pin: D6,/'
doctor "the 74HC595s' RCLK moved from D10 to D8" shift595 's/RCLK: D10 /RCLK: D8  /'
doctor "the 74HC595s' OE moved from D9 to D12" shift595 's/OE: D9 /OE: D12/'
doctor "status \"your move\" and row 0's LED 6 swapped on chip 0" shift595 \
    's/{chip: 0, q: 6, row: 0, led: 6}/{chip: 0, q: 7, row: 0, led: 6}/; s/{chip: 0, q: 7, status: 0,/{chip: 0, q: 6, status: 0,/'
doctor "buttons A and B swapped (A4, A5)" shift595 's/{name: A, pin: A4,/{name: A, pin: A5,/; s/{name: B, pin: A5,/{name: B, pin: A4,/'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
