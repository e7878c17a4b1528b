/* Display states to lit pins: each state is a function of a shared millisecond
 * clock, so every blinking LED keeps the same phase. Written by the main loop one
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

void display_render(uint16_t now_ms)
{
    const uint8_t blink = (uint8_t)((now_ms / DISPLAY_BLINK_MS) & 1) == 0;
    const uint8_t flash = (uint8_t)((now_ms / DISPLAY_FLASH_MS) & 1) == 0;
    const uint8_t blip = (uint16_t)(now_ms % DISPLAY_BLIP_EVERY_MS) < DISPLAY_BLIP_MS;
    const uint8_t lit_by[] = {0, 1, blink, !blink, flash, !blip};
    uint8_t lit[BOARD_ROWS];
    for (uint8_t r = 0; r < BOARD_ROWS; r++) {
        lit[r] = 0;
        for (uint8_t i = 0; i < board_row_length(r); i++)
            if (lit_by[display_states[r][i]]) lit[r] |= (uint8_t)(1u << i);
    }
    board_show(lit);
}
