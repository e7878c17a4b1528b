/* board_direct.c: the `direct` board as data (boards/direct/README.md): twelve LEDs straight
 * on Uno pins, lit when high, in rows of 3, 4 and 5; six buttons on A0..A5 to ground with the
 * internal pull-ups, pressed when low. No part model: leds.c and buttons.c work from the table. */
#include "board.h"

static const uint8_t direct_row_len[] = {3, 4, 5};

static const sim_pin_t direct_leds[] = {
    {'D', 2, false}, /* D2: row 0, LED 0 */
    {'D', 3, false}, /* D3: row 0, LED 1 */
    {'D', 4, false}, /* D4: row 0, LED 2 */
    {'D', 5, false}, /* D5: row 1, LED 0 */
    {'D', 6, false}, /* D6: row 1, LED 1 */
    {'D', 7, false}, /* D7: row 1, LED 2 */
    {'B', 0, false}, /* D8: row 1, LED 3 */
    {'B', 1, false}, /* D9: row 2, LED 0 */
    {'B', 2, false}, /* D10: row 2, LED 1 */
    {'B', 3, false}, /* D11: row 2, LED 2 */
    {'B', 4, false}, /* D12: row 2, LED 3 */
    {'B', 5, false}, /* D13: row 2, LED 4 */
};

const sim_board_t sim_board_direct = {
    .name = "direct",
    .rows = sizeof direct_row_len / sizeof direct_row_len[0],
    .row_len = direct_row_len,
    .led_pins = direct_leds,
    .buttons = sim_buttons_a0_a5,
};
