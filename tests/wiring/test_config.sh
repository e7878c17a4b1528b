#!/bin/sh
# Each device board's board_config.h against its pin table (build/gen/wiring/wiring_<b>.h, made
# from boards/<b>/wiring.yaml): its rows and row lengths, a buzzer and status lights where the
# table has them. Compiled on the host, with the table's header given as $1.
set -u
gen=${1:-build/gen/wiring}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
for b in direct matrix8 shift595; do
    B=$(echo "$b" | tr a-z A-Z)
    cat >"$tmp/t.c" <<EOC
#include <stdio.h>
#include <string.h>
#include "board_config.h"
#include "wiring_$b.h"
#ifndef BOARD_HAS_BUZZER
#define BOARD_HAS_BUZZER 0
#endif
#ifndef BOARD_HAS_STATUS
#define BOARD_HAS_STATUS 0
#endif
int main(void) {
    static const unsigned char fw[] = BOARD_ROW_LENGTHS, tab[] = WIRING_${B}_ROW_LENGTHS;
    int bad = 0;
    if (strcmp(BOARD_NAME, "$b")) bad = printf("FAIL $b: BOARD_NAME is %s\n", BOARD_NAME);
    if (BOARD_ROWS != WIRING_${B}_ROWS || sizeof fw != sizeof tab || memcmp(fw, tab, sizeof fw))
        bad = printf("FAIL $b: board_config.h's rows are not the pin table's\n");
    if (!BOARD_HAS_BUZZER != !WIRING_${B}_HAS_BUZZER)
        bad = printf("FAIL $b: BOARD_HAS_BUZZER is %d, the table has %s buzzer\n", BOARD_HAS_BUZZER,
                     WIRING_${B}_HAS_BUZZER ? "a" : "no");
    if (!BOARD_HAS_STATUS != !WIRING_${B}_STATUS_LIGHTS)
        bad = printf("FAIL $b: BOARD_HAS_STATUS is %d, the table has %d status lights\n", BOARD_HAS_STATUS,
                     WIRING_${B}_STATUS_LIGHTS);
    if (!bad) printf("ok   $b: board_config.h has the table's %u rows, buzzer and status lights\n",
                     (unsigned)sizeof tab);
    return bad != 0;
}
EOC
    if cc -std=gnu99 -Wall -Wextra -Werror -I"boards/$b" -I"$gen" "$tmp/t.c" -o "$tmp/t" && "$tmp/t"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
