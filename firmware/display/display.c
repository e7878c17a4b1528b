/* Display states to lit pins: every state is a function of phases shared by all
 * LEDs, advanced once a millisecond, so every blinking LED keeps the same phase. Written by the main loop one
 * byte at a time, read by the tick: a frame never sees a torn state, nor a picture half
 * redrawn (the tick shows the last frame again meanwhile). Grid boards also get text, drawn
 * as states from a 5-row font. */
#include <avr/pgmspace.h>

#include "display.h"

static volatile uint8_t display_states[BOARD_ROWS][8];
static volatile uint8_t display_drawing; /* the main loop is redrawing */
static uint8_t display_lit[BOARD_ROWS];  /* the last frame shown */

void display_begin(void)
{
    display_drawing = 1;
}

void display_end(void)
{
    display_drawing = 0;
}

void display_set(uint8_t row, uint8_t led, display_state_t s)
{
    display_states[row][led] = (uint8_t)s;
}

void display_fill(uint8_t row, display_state_t s)
{
    for (uint8_t i = 0; i < board_row_length(row); i++) display_states[row][i] = (uint8_t)s;
}

void display_mask(uint8_t row, uint8_t mask, display_state_t s)
{
    for (uint8_t i = 0; i < board_row_length(row); i++, mask >>= 1)
        if (mask & 1) display_states[row][i] = (uint8_t)s;
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
    if (!display_drawing)
        for (uint8_t r = 0; r < BOARD_ROWS; r++) {
            uint8_t row = 0; /* built from the last LED down to LED 0, bit 0 */
            for (uint8_t i = board_row_length(r); i--;) row = (uint8_t)(row << 1 | lit_by[display_states[r][i]]);
            display_lit[r] = row;
        }
    board_show(display_lit);
}

/* ---- text on grid boards (compiled out elsewhere: nothing calls it) ---- */

/* The font's characters, and their glyphs in the same order: one byte a column, bit 0 the
 * top row of five, bit 7 set on a glyph's last column. 28 glyphs, 88 bytes. */
static const char display_chars[] PROGMEM = " 0123456789ABCDEFIKLMNOPRSWY";
static const uint8_t display_font[] PROGMEM = {
    0x00, 0x80, /* space */
    0x1F, 0x11, 0x9F, /* 0 */ 0x12, 0x1F, 0x90, /* 1 */ 0x1D, 0x15, 0x97, /* 2 */
    0x11, 0x15, 0x9F, /* 3 */ 0x07, 0x04, 0x9F, /* 4 */ 0x17, 0x15, 0x9D, /* 5 */
    0x1F, 0x15, 0x9D, /* 6 */ 0x01, 0x1D, 0x83, /* 7 */ 0x1F, 0x15, 0x9F, /* 8 */
    0x17, 0x15, 0x9F, /* 9 */ 0x1E, 0x05, 0x9E, /* A */ 0x1F, 0x15, 0x8A, /* B */
    0x0E, 0x11, 0x91, /* C */ 0x1F, 0x11, 0x8E, /* D */ 0x1F, 0x15, 0x91, /* E */
    0x1F, 0x05, 0x81, /* F */ 0x11, 0x1F, 0x91, /* I */ 0x1F, 0x04, 0x9B, /* K */
    0x1F, 0x10, 0x90, /* L */ 0x1F, 0x02, 0x04, 0x02, 0x9F, /* M */
    0x1F, 0x02, 0x04, 0x9F, /* N */ 0x0E, 0x11, 0x8E, /* O */ 0x1F, 0x05, 0x82, /* P */
    0x1F, 0x05, 0x9A, /* R */ 0x12, 0x15, 0x89, /* S */ 0x1F, 0x08, 0x04, 0x08, 0x9F, /* W */
    0x03, 0x1C, 0x83, /* Y */
};

/* c's glyph; a space's for a character the font lacks. */
static const uint8_t *display_glyph(char c)
{
    const uint8_t *g = display_font;
    for (const char *p = display_chars; pgm_read_byte(p) != c; p++) {
        if (!pgm_read_byte(p)) return display_font;
        while (!(pgm_read_byte(g++) & 0x80)) {}
    }
    return g;
}

/* Light text's columns from column x on (those on the grid); the column after it. */
static int8_t display_walk(const char *text, int8_t x)
{
    for (char c; (c = *text++) != 0; x++) { /* a dark column after each character */
        const uint8_t *g = display_glyph(c);
        uint8_t col;
        do {
            col = pgm_read_byte(g++);
            if ((uint8_t)x < 8) {
                volatile uint8_t *led = &display_states[DISPLAY_TEXT_TOP][(uint8_t)x];
                for (uint8_t bits = col & 0x1F; bits; bits >>= 1, led += sizeof display_states[0])
                    if (bits & 1) *led = DISPLAY_ON;
            }
            x++;
        } while (!(col & 0x80));
    }
    return x;
}

int8_t display_text(const char *text, int8_t x)
{
    if (x == DISPLAY_CENTRE) /* its width, walked off the grid, where nothing lights */
        x = (int8_t)((9 - 64 - display_walk(text, -64)) / 2);
    return display_walk(text, x);
}

bool display_scroll(const char *text, uint16_t ms)
{
    const uint16_t step = ms / DISPLAY_SCROLL_MS;
    if (step > 64) return false; /* long gone (and no wrap of int8_t below) */
    for (uint8_t r = 0; r < BOARD_ROWS; r++) display_fill(r, DISPLAY_OFF);
    return display_text(text, (int8_t)(8 - step)) > 0;
}
