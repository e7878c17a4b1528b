/* board_uno.c: the `uno` board as data: a bare Uno, nothing wired to it (boards/uno). No LEDs;
 * the button table names A0..A5, which the calculator leaves as inputs with their pull-ups and
 * no test presses: only the serial line is used. */
#include <stddef.h>

#include "board.h"

const sim_board_t sim_board_uno = {
    .name = "uno",
    .rows = 0,
    .row_len = NULL,
    .led_pins = NULL,
    .buttons = sim_buttons_a0_a5,
};
