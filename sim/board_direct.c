/* board_direct.c: the `direct` board as data (boards/direct/README.md): twelve LEDs straight
 * on Uno pins, lit when high, in rows of 3, 4 and 5; six buttons on A0..A5 to ground with the
 * internal pull-ups, pressed when low. No part model: leds.c and buttons.c work from the table,
 * which is the board's pin table (boards/direct/wiring.yaml). */
#include "board.h"
#include "wiring_direct.h"

static const uint8_t direct_row_len[] = WIRING_DIRECT_ROW_LENGTHS;

/* Each LED's pin and each button's, from the board's pin table (boards/direct/wiring.yaml, made
 * into build/gen/wiring/wiring_direct.h by tools/wiring.py). */
#define DIRECT_LED(row, index, port, bit, pin, words) {port, bit, false},
static const sim_pin_t direct_leds[] = {WIRING_DIRECT_LEDS(DIRECT_LED)};

#define DIRECT_BUTTON(name, port, bit, pin, words) [SIM_BTN_##name] = {port, bit, true},
static const sim_pin_t direct_buttons[SIM_BTN_COUNT] = {WIRING_DIRECT_BUTTONS(DIRECT_BUTTON)};

const sim_board_t sim_board_direct = {
    .name = "direct",
    .rows = sizeof direct_row_len / sizeof direct_row_len[0],
    .row_len = direct_row_len,
    .led_pins = direct_leds,
    .buttons = direct_buttons,
};
