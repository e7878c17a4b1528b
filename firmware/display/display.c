/* Display states to lit pins: every state is a function of phases shared by all LEDs,
 * advanced once a millisecond by the tick, so every blinking LED keeps the same phase. The
 * tick only notes that the frame must change (a phase edge of a state the frame uses, or the
 * board's own timing); the main loop builds the frame and hands it to the board, and only
 * then: a picture that does not change costs nothing. Grid boards also get text, drawn as
 * states from a 5-row font. */
#include <avr/pgmspace.h>
#include <util/atomic.h>

#include "display.h"

#define DISPLAY_BIT(s) (1u << (s))
/* The phase bits at power-up: ON lit, BLINK dark (BLINK_ALT lit), FLASH dark, CURSOR in its
 * dark blip, SLOW in its lit half. */
#define DISPLAY_PHASE0 (DISPLAY_BIT(DISPLAY_ON) | DISPLAY_BIT(DISPLAY_BLINK_ALT) | DISPLAY_BIT(DISPLAY_SLOW))

static uint8_t display_states[BOARD_ROWS][8]; /* main loop only */
static const uint8_t display_bits[8] PROGMEM = {1, 2, 4, 8, 16, 32, 64, 128}; /* DISPLAY_BIT(s) */
static volatile uint8_t display_phase = DISPLAY_PHASE0; /* bit s set: state s is lit now */
static volatile uint8_t display_used;  /* bit s set: the shown frame has an LED in state s */
static volatile uint8_t display_due;   /* show again at the next display_update: 1 a new frame,
                                        * 2 the board's refresh of the last one only */
static uint8_t display_frame[BOARD_ROWS]; /* the frame last shown */

void display_end(void)
{
    display_due = 1;
}

void display_set(uint8_t row, uint8_t led, display_state_t s)
{
    display_states[row][led] = (uint8_t)s;
}

void display_fill(uint8_t row, display_state_t s)
{
    display_mask(row, 0xFF, s);
}

void display_fill_rows(uint8_t first, display_state_t s)
{
    for (uint8_t r = first; r < BOARD_ROWS; r++) display_fill(r, s);
}

void display_mask(uint8_t row, uint8_t mask, display_state_t s)
{
    for (uint8_t i = 0; i < board_row_length(row); i++, mask >>= 1)
        if (mask & 1) display_states[row][i] = (uint8_t)s;
}

void display_tick(void)
{
    /* phases run on their own counters: no jump when a millisecond clock wraps */
    static uint8_t blink_ms, flash_ms;
    static uint16_t blip_ms;
    uint8_t lit = display_phase;
    if (++blink_ms == DISPLAY_BLINK_MS)
        blink_ms = 0, lit ^= DISPLAY_BIT(DISPLAY_BLINK) | DISPLAY_BIT(DISPLAY_BLINK_ALT);
    if (++flash_ms == DISPLAY_FLASH_MS) flash_ms = 0, lit ^= DISPLAY_BIT(DISPLAY_FLASH);
    /* one counter for both: CURSOR's blip begins every 500 ms, and SLOW turns over with it */
    if (++blip_ms == DISPLAY_BLIP_EVERY_MS)
        blip_ms = 0, lit = (uint8_t)((lit & ~DISPLAY_BIT(DISPLAY_CURSOR)) ^ DISPLAY_BIT(DISPLAY_SLOW));
    else if (blip_ms == DISPLAY_BLIP_MS)
        lit |= DISPLAY_BIT(DISPLAY_CURSOR);
    if ((lit ^ display_phase) & display_used) display_due = 1;
    display_phase = lit;
    if (board_tick()) display_due |= 2;
}

__attribute__((noinline)) void display_update(void)
{
    if (!display_due) return;
    uint8_t due;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    { /* read and cleared at once: an edge between would be lost on the refresh's path */
        due = display_due;
        display_due = 0; /* before the phases are read: an edge from now on asks again */
    }
    uint8_t *lit = display_frame;
    if (!(due & 1)) { /* the board's refresh: the same frame, not rebuilt (matrix8, idle in a game:
                       * asleep 97.05 % with the rebuild, 97.41 % without; make bench) */
        board_show(lit);
        return;
    }
    const uint8_t lit_by = display_phase;
    uint8_t used = 0;
    for (uint8_t r = 0; r < BOARD_ROWS; r++) {
        const uint8_t *p = &display_states[r][board_row_length(r)];
        uint8_t row = 0; /* built from the last LED down to LED 0, bit 0 */
        while (p != display_states[r]) {
            /* a table, not 1 << s: AVR shifts by a variable one bit a cycle pair (the cursor's
             * wink redraws 4 times a second; matrix8 has 64 LEDs) */
            const uint8_t bit = pgm_read_byte(&display_bits[*--p]);
            used |= bit;
            row = (uint8_t)(row << 1);
            if (lit_by & bit) row |= 1;
        }
        lit[r] = row;
    }
    display_used = used;
    if (display_phase != lit_by) display_due = 1; /* an edge came before used was set */
    board_show(lit);
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
                uint8_t *led = &display_states[DISPLAY_TEXT_TOP][(uint8_t)x];
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
    display_fill_rows(0, DISPLAY_OFF);
    return display_text(text, (int8_t)(8 - step)) > 0;
}
