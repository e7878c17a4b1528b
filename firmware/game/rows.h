/* The board's rows as LED masks (bit i = token i of the row) and the engine
 * positions they stand for. Heap games keep a row's tokens at its left end, so a
 * row is one heap; line games read every run of adjacent tokens as a heap. */
#ifndef ROWS_H
#define ROWS_H

#include <stdint.h>

#include "board.h"
#include "engine.h"
#include "games.h"

typedef struct {
    uint8_t mask[BOARD_ROWS];
    uint8_t where[ENGINE_MAX_HEAPS]; /* heap i: row << 4 | first token */
    engine_position_t pos;
    uint8_t line; /* runs are heaps (line games) */
} rows_t;

/* Set the row masks and derive the engine position for entry style `entry` on `used` rows. */
void rows_set(rows_t *b, uint8_t entry, uint8_t used, const uint8_t mask[BOARD_ROWS]);
/* Tokens move m takes, per row, into out[] (none for ENGINE_HEAP_ALL: see play.c). */
void rows_taken(const rows_t *b, const engine_move_t *m, uint8_t out[BOARD_ROWS]);
/* Tokens in a row. */
uint8_t rows_count(uint8_t mask);
/* Print the position to the UART: " 3 4 5" for heap games, " ##.# ####" for line games. */
void rows_print(const rows_t *b);

#endif
