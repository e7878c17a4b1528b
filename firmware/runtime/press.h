/* The buttons' presses from raw samples, as a pure function of samples and time, so that the
 * tick's rule can be host-tested: debounced (debounce.h) presses, and auto-repeat of held
 * buttons, due whatever else changes on that millisecond. */
#ifndef PRESS_H
#define PRESS_H

#include <stdint.h>

#include "debounce.h"

#define PRESS_REPEAT_DELAY_MS 400 /* held this long after the press: the first repeat */
#define PRESS_REPEAT_EVERY_MS 150 /* then one every this many ms */

typedef struct {
    debounce_t debounce; /* .cooked: the buttons held now */
    uint16_t due;        /* the next repeat (wrapping millisecond clock) */
} press_t;

/* Start with every button released at time now_ms. */
void press_init(press_t *p, uint16_t now_ms);
/* Feed the raw mask sampled at millisecond now_ms; returns the buttons pressed now, and those of
 * `repeating` held and due to repeat now (PRESS_REPEAT_DELAY_MS after their press, then every
 * PRESS_REPEAT_EVERY_MS). */
uint8_t press_update(press_t *p, uint8_t raw, uint8_t repeating, uint16_t now_ms);

#endif
