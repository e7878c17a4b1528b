/* The binary view's picture: row values from the engine's Grundy values (a line game's row is
 * the nim-sum of its runs), their nim-sum, and the states that draw them. Computed at every
 * redraw from the rows themselves: no RAM but the on/off flag. */
#include <avr/pgmspace.h>

#include "binview.h"
#include "display.h"
#include "uart.h"
#include "watchdog.h"

static uint8_t binview_shown WATCHDOG_KEEP; /* 1: on; cleared at a cold boot */

bool binview_on(void)
{
    return binview_shown == 1;
}

void binview_clear(void)
{
    binview_shown = 0;
}

bool binview_offered(const engine_rules_t *r)
{
    engine_heap_t g;
    return engine_heap_grundy(r, 0, &g) == ENGINE_OK;
}

void binview_toggle(void)
{
    binview_shown = !binview_on();
    uart_puts_P(binview_shown ? PSTR("@view on\r\n") : PSTR("@view off\r\n"));
}

/* Grundy value of a heap of n: a row's heap or run has at most 8 tokens, so at most 36 options,
 * and its value fits a byte. */
static uint8_t binview_grundy(const engine_rules_t *r, uint8_t n)
{
    engine_heap_t g = 0;
    engine_heap_grundy(r, n, &g);
    return (uint8_t)g;
}

/* Value of row `row` holding tokens `mask`: its heap's value, or the nim-sum of its runs. */
static uint8_t binview_value(const engine_rules_t *r, bool line, uint8_t row, uint8_t mask)
{
    if (!line) return binview_grundy(r, rows_count(mask));
    uint8_t v = 0, run = 0;
    for (uint8_t i = 0; i <= board_row_length(row); i++, mask >>= 1) {
        if (mask & 1) {
            run++;
        } else {
            v ^= binview_grundy(r, run);
            run = 0;
        }
    }
    return v;
}

bool binview_lowers(const engine_rules_t *r, const rows_t *b, const uint8_t taken[BOARD_ROWS])
{
    for (uint8_t row = 0; row < BOARD_ROWS; row++)
        if (taken[row])
            return binview_value(r, b->line, row, b->mask[row] & ~taken[row]) <
                   binview_value(r, b->line, row, b->mask[row]);
    return false;
}

/* An LED's state from its bit in the row's value (1), in the value it becomes (2), in the
 * columns that blink (4), and whether a move is shown (8). A row that does not move has bits 1
 * and 2 alike; the hint's row keeps of its value only the one in the blinking column. */
static const uint8_t binview_states[16] PROGMEM = {
    DISPLAY_OFF, DISPLAY_OFF, DISPLAY_SLOW, DISPLAY_ON,     /* a hint's new digits blink slowly */
    DISPLAY_OFF, DISPLAY_BLINK, DISPLAY_SLOW, DISPLAY_BLINK, /* the odd columns' ones blink */
    DISPLAY_OFF, DISPLAY_BLINK, DISPLAY_BLINK_ALT, DISPLAY_ON, /* a move: old and new in turn */
    DISPLAY_OFF, DISPLAY_OFF, DISPLAY_OFF, DISPLAY_OFF,
};

void binview_draw(const engine_rules_t *r, const rows_t *b, uint8_t used, const uint8_t *change,
                  bool moving)
{
    uint8_t x = 0;
    for (uint8_t row = 0; row < used; row++) x ^= binview_value(r, b->line, row, b->mask[row]);
    /* the columns that blink: every odd one; in a hint only the highest; none while moving */
    uint8_t odd = x;
    if (change) {
        while (odd & (odd - 1)) odd &= (uint8_t)(odd - 1);
        if (moving) odd = 0;
    }
    const uint8_t base = moving ? 8 : 0;
    display_fill_rows(0, DISPLAY_OFF);
    for (uint8_t row = 0; row < used; row++) {
        const uint8_t tokens = b->mask[row];
        uint8_t v = binview_value(r, b->line, row, tokens), now = v;
        if (change && change[row]) now = binview_value(r, b->line, row, tokens & ~change[row]);
        uint8_t rest = v | now, o = odd; /* bits not yet on an LED */
        if (v != now && !moving) v &= odd; /* the hint's row: the one that goes, the new digits */
        for (uint8_t led = board_row_length(row); led--; v >>= 1, now >>= 1, o >>= 1, rest >>= 1) {
            uint8_t i = base; /* bit 0 at the right end */
            if (v & 1) i |= 1;
            if (now & 1) i |= 2;
            if (o & 1) i |= 4;
            display_set(row, led, pgm_read_byte(&binview_states[i]));
        }
        if (rest) display_fill(row, DISPLAY_BLINK_ALT); /* wider than the row: no number */
    }
}
