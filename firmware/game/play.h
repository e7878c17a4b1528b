/* A game of Nim on the board's rows, person against device: entering moves with
 * the buttons, the device's reply, and the end of the game, told on the display
 * and as '@' event lines on the UART. */
#ifndef PLAY_H
#define PLAY_H

#include <stdint.h>

#define PLAY_THINK_MS 500  /* pause before the device shows its move */
#define PLAY_SHOW_MS 1000  /* the device's tokens blink this long, then go */
#define PLAY_REFUSE_MS 400 /* a refused confirm flashes the row this long */

/* Start a new game from the classic position: the person moves first. */
void play_start(uint16_t now_ms);
/* React to button presses (bits of BUTTON_*) and to the time now_ms. */
void play_update(uint8_t presses, uint16_t now_ms);

#endif
