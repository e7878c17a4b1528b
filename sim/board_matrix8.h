/* board_matrix8.h: what the simulated matrix8 board shows besides its LEDs, for tests and
 * grundy-play: its MAX7219 (registers, intensity; glitches injected through max7219.h) and
 * its passive buzzer on D9, heard as the pin's toggles over a recent window. */
#ifndef GRUNDY_SIM_BOARD_MATRIX8_H
#define GRUNDY_SIM_BOARD_MATRIX8_H

#include "max7219.h"

#include <stdint.h>

struct avr_t;
typedef struct matrix8 matrix8_t;

/* The matrix8 parts attached to avr (by scn_open or the board's attach()), or NULL. */
matrix8_t *matrix8_find(const struct avr_t *avr);

/* Its MAX7219. */
max7219_t *matrix8_chip(matrix8_t *m);

/* Level changes of the buzzer pin D9 over the last ms milliseconds. */
unsigned matrix8_buzzer_edges(const matrix8_t *m, uint32_t ms);

/* The buzzer's pitch over the last ms milliseconds (a square wave: two edges a period), 0 when
 * it was silent. */
double matrix8_buzzer_hz(const matrix8_t *m, uint32_t ms);

#endif /* GRUNDY_SIM_BOARD_MATRIX8_H */
