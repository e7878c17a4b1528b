/* board_shift595.h: what tests and grundy-play can read of the `shift595` board beyond its LED
 * rows: the 74HC595 chain itself (latched bits, OE duty through hc595.h) and the four status
 * lights, which sit on the chain's Q7 outputs and belong to no LED row, so that a scenario's
 * rows stay the game's four rows. */
#ifndef GRUNDY_SIM_BOARD_SHIFT595_H
#define GRUNDY_SIM_BOARD_SHIFT595_H

#include "hc595.h"

#include <stdint.h>

struct avr_t;

/* The status lights, one bit each, in the firmware's order (BOARD_LIGHT_* in board.h). */
enum {
    SIM_SHIFT595_YOUR_MOVE = 1 << 0,
    SIM_SHIFT595_MY_MOVE = 1 << 1,
    SIM_SHIFT595_YOU_WIN = 1 << 2,
    SIM_SHIFT595_I_WIN = 1 << 3,
};
#define SIM_SHIFT595_LIGHTS 4

/* The chain the shift595 board attached to avr, or NULL (another board, or none yet). */
hc595_t *sim_shift595_chain(const struct avr_t *avr);

/* The status lights the chain has latched (SIM_SHIFT595_* bits), whatever OE does now. */
unsigned sim_shift595_lights(const hc595_t *h);

/* Row r's latched LED bits (bit i = LED i), whatever OE does now; 0 out of range. */
uint8_t sim_shift595_row(const hc595_t *h, unsigned r);

/* "your move", "my move", "you win", "I win"; "?" out of range. */
const char *sim_shift595_light_name(unsigned i);

#endif /* GRUNDY_SIM_BOARD_SHIFT595_H */
