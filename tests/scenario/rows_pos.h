/* The position a board's rows show, for the scenario suites that check moves against the
 * brute-force rules: a row's lit LEDs are one heap, or in line games every run of
 * adjacent lit pins is one. */
#ifndef ROWS_POS_H
#define ROWS_POS_H

#include <stdbool.h>
#include <stdint.h>

#include "brute.h"

#define ROWS_POS_MAX 8 /* rows on any board */

/* Lit LEDs in a row's mask (bit i = LED i). */
unsigned rows_pos_count(uint8_t mask);
/* The heaps of rows 0..rows-1 (mask[r] the lit LEDs, len[r] the row's length); line: runs. */
brute_pos_t rows_pos_of(const uint8_t *mask, const unsigned *len, unsigned rows, bool line);
/* A printed position (" h1 h2 ..." heaps of rows 0..used-1, or in line games every one of the
 * rows drawn, " ##.# ...") into mask[0..rows-1]; queen: a heap is at most its row's length less
 * one (Corner the Queen); mask's other entries cleared. False when the text is not such a
 * position. */
bool rows_pos_parse(const char *p, const unsigned *len, unsigned rows, unsigned used, bool line,
                    bool queen, uint8_t mask[ROWS_POS_MAX]);
/* Whether before -> after is a legal move of rules on the board: taken where the entry style
 * allows (heap rows stay packed to the left; line: a row loses one block of pins; wythoff:
 * one row, or both by as many). */
bool rows_pos_legal(const brute_game_t *rules, const uint8_t *before, const uint8_t *after,
                    const unsigned *len, unsigned rows, unsigned used, bool line, bool wythoff);

#endif
