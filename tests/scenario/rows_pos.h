/* The position a board's rows show, for the scenario suites that check moves against the
 * brute-force rules: a row's lit LEDs are one heap, or in line games every run of
 * adjacent lit pins is one. */
#ifndef ROWS_POS_H
#define ROWS_POS_H

#include <stdbool.h>
#include <stdint.h>

#include "brute.h"

/* Lit LEDs in a row's mask (bit i = LED i). */
unsigned rows_pos_count(uint8_t mask);
/* The heaps of rows 0..rows-1 (mask[r] the lit LEDs, len[r] the row's length); line: runs. */
brute_pos_t rows_pos_of(const uint8_t *mask, const unsigned *len, unsigned rows, bool line);

#endif
