/* The board's side of the self-test (firmware/game/selftest.c): what the chip can sense of its
 * own wiring (LED pins read as inputs, a read-back wire on an SPI chain) and the pictures only a
 * person can judge, one at a time. Part names come from the board's pin table (wiring.yaml). */
#ifndef BOARD_TEST_H
#define BOARD_TEST_H

#include <stdint.h>

#include "board.h"

#ifndef BOARD_TEST_SENSES_LEDS
#define BOARD_TEST_SENSES_LEDS 0 /* 1: every LED on its own pin, read back by board_test_read */
#endif
#ifndef BOARD_TEST_HAS_CHAIN
#define BOARD_TEST_HAS_CHAIN 0 /* 1: LEDs behind an SPI chain, read back by board_test_chain */
#endif

#define BOARD_TEST_PART_LED0 6 /* selftest.c's parts: buttons 0..5 (A0..A5), then LED n as 6 + n */

/* The chain's verdict (board_test_chain). */
enum { BOARD_TEST_UNCHECKED, BOARD_TEST_OK, BOARD_TEST_BROKEN };

/* BOARD_TEST_SENSES_LEDS: BOARD_TEST_LEDS LEDs in reading order, two bytes each in flash, from
 * the pin table: the Uno pin's number n (pin Dn), then row << 4 | index in the row (each 0..9). */
extern const uint8_t board_test_leds[];
/* BOARD_TEST_HAS_CHAIN: the chain's pins and words as the README's Pins table has them, in flash. */
extern const char board_test_chain_pins[];
/* Every LED pin an input with its pull-up, but the LEDs whose bits are set in `drive` (bit n:
 * LED n in reading order) driven high; after a few us, bit n set: LED n's pin reads high. The
 * LEDs are dark outputs again when it returns. */
uint16_t board_test_read(uint16_t drive);
/* A pattern shifted through the chain and read back on the optional wire (D12): OK, BROKEN, or
 * UNCHECKED when D12 only ever read high (no wire). The picture is kept. */
uint8_t board_test_chain(void);
/* Picture `step` of the visual test into lit (all dark on entry), with any lights of the board's
 * own (display test, status lights); 0 once past the last step. */
uint8_t board_test_show(uint8_t step, uint8_t lit[BOARD_ROWS]);
/* The board as the game had it: display test off, status lights back. */
void board_test_end(void);

#endif
