/* board_wiring.h: helpers for a board.c to prove, when it compiles, that its masks and shifts are
 * the board's pin table (boards/<b>/wiring.yaml, as tools/wiring.py's build/gen/wiring/wiring_<b>.h
 * lists it). Static assertions only: no code, no bytes in the image. */
#ifndef BOARD_WIRING_H
#define BOARD_WIRING_H

#include "board.h"

/* A table pin is two macro arguments, port letter and bit: 'B', 2. */
#define BOARD_PIN_PORT(...) BOARD_PIN_PORT_(__VA_ARGS__)
#define BOARD_PIN_PORT_(port, bit) (port)
#define BOARD_PIN_BIT(...) BOARD_PIN_BIT_(__VA_ARGS__)
#define BOARD_PIN_BIT_(port, bit) (bit)
/* True if the table's pin is the one bit of port B in mask. */
#define BOARD_PIN_IS_B(pin, mask) (BOARD_PIN_PORT(pin) == 'B' && (1 << BOARD_PIN_BIT(pin)) == (mask))

/* For the table's buttons: each on the port C bit that board_buttons_raw() reports as its
 * BUTTON_* bit, inside the file's BOARD_BUTTON_MASK. */
#define BOARD_CHECK_BUTTON(name, port, bit, pin, words)                                            \
    _Static_assert((port) == 'C' && (1 << (bit)) == BUTTON_##name && (BOARD_BUTTON_MASK >> (bit) & 1), \
                   "the pin table puts " words " on " pin ": not where board_buttons_raw reads it");

#endif
