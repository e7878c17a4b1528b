/* Display states to lit pins: every state is a function of phases shared by all
 * LEDs, advanced once a millisecond, so every blinking LED keeps the same phase. Written by the main loop one
 * byte at a time, read by the tick: a frame never sees a torn state. */
#include "display.h"

static volatile uint8_t display_states[BOARD_ROWS][8];

void display_set(uint8_t row, uint8_t led, display_state_t s)
{
    display_states[row][led] = (uint8_t)s;
}

void display_fill(uint8_t row, display_state_t s)
{
    for (uint8_t i = 0; i < board_row_length(row); i++) display_states[row][i] = (uint8_t)s;
}

void display_render(void)
{
    /* phases run on their own counters: no jump when a millisecond clock wraps */
    static uint8_t blink_ms, flash_ms, blink, flash;
    static uint16_t blip_ms;
    if (++blink_ms == DISPLAY_BLINK_MS) blink_ms = 0, blink ^= 1;
    if (++flash_ms == DISPLAY_FLASH_MS) flash_ms = 0, flash ^= 1;
    if (++blip_ms == DISPLAY_BLIP_EVERY_MS) blip_ms = 0;
    const uint8_t lit_by[] = {0, 1, blink, !blink, flash, blip_ms >= DISPLAY_BLIP_MS,
                             blip_ms < DISPLAY_BLIP_EVERY_MS / 2};
    uint8_t lit[BOARD_ROWS];
    for (uint8_t r = 0; r < BOARD_ROWS; r++) {
        lit[r] = 0;
        for (uint8_t i = 0; i < board_row_length(r); i++)
            if (lit_by[display_states[r][i]]) lit[r] |= (uint8_t)(1u << i);
    }
    board_show(lit);
}
