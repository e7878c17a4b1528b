/* The binary view: each row shows its Grundy value in binary (least significant bit at the
 * row's right end), the ones of every column with an odd number of ones blink (the nim-sum's
 * bits), and a hint is drawn the way Bouton's rule finds it. Only for games that are sums. */
#ifndef BINVIEW_H
#define BINVIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "rows.h"

/* Whether the view is switched on (kept across games and a watchdog reset, not a power-up). */
bool binview_on(void);
/* Switch it off: the cold boot's state (the flag lives in .noinit, for the watchdog resume). */
void binview_clear(void);
/* True when the rules are a sum of heaps with Grundy values: the view can be shown. */
bool binview_offered(const engine_rules_t *r);
/* Switch the view on or off, and say so ("@view on" / "@view off"). */
void binview_toggle(void);
/* True when taking `taken` (tokens per row, in one row) lowers that row's value: Bouton's
 * move, from the row with a one in the nim-sum's highest column. */
bool binview_lowers(const engine_rules_t *r, const rows_t *b, const uint8_t taken[BOARD_ROWS]);
/* Draw rows 0..used-1 of b as values. change NULL: the plain view. Else the tokens a move takes
 * (nonzero in one row): moving (the device's move shown) the row's old and new values in
 * alternate phases; else a hint: the highest odd column blinks, the row shows its new value
 * slowly. A row whose value is wider than the row shows no number: all its LEDs blink
 * in the other phase (BLINK_ALT). */
void binview_draw(const engine_rules_t *r, const rows_t *b, uint8_t used, const uint8_t *change,
                  bool moving);

#endif
