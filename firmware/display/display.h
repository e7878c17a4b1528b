/* The display as rows of LEDs, each with a state; the tick renders the states into
 * lit/dark pins through board_show, so game code never deals with pins or timing. */
#ifndef DISPLAY_H
#define DISPLAY_H

#include <stdint.h>

#include "board.h"

typedef enum {
    DISPLAY_OFF,
    DISPLAY_ON,
    DISPLAY_BLINK,     /* 3 Hz, 50 % duty, one phase for all */
    DISPLAY_BLINK_ALT, /* as BLINK in the opposite phase */
    DISPLAY_FLASH,     /* 10 Hz: a refused move */
    DISPLAY_CURSOR,    /* on, with a 150 ms dark blip once a second (85 % lit) */
    DISPLAY_SLOW,      /* 1 Hz, 50 % duty: a hint */
} display_state_t;

#define DISPLAY_BLINK_MS 167   /* half period of BLINK */
#define DISPLAY_FLASH_MS 50    /* half period of FLASH */
#define DISPLAY_BLIP_MS 150    /* dark part of CURSOR, every DISPLAY_BLIP_EVERY_MS */
#define DISPLAY_BLIP_EVERY_MS 1000 /* also the period of SLOW */

/* Set LED `led` of row `row`. */
void display_set(uint8_t row, uint8_t led, display_state_t s);
/* Set every LED of row `row`. */
void display_fill(uint8_t row, display_state_t s);
/* Advance the blink phases by one millisecond and show the states on the board
 * (called from the 1 kHz tick). */
void display_render(void);

#endif
