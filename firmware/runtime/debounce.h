/* Button debouncing as a pure function of raw samples and time (QMK's contract):
 * raw in, cooked state kept, whether it changed out. Symmetric and deferred per
 * button: a button's cooked state follows its raw state once that has been stable
 * for DEBOUNCE_MS, so chatter never makes a second edge. Host-tested with tables. */
#ifndef DEBOUNCE_H
#define DEBOUNCE_H

#include <stdbool.h>
#include <stdint.h>

#define DEBOUNCE_BUTTONS 8 /* one bit per button in a uint8_t mask */
#define DEBOUNCE_MS 6      /* contacts must be quiet this long; < 20 ms after settling */

typedef struct {
    uint8_t cooked;                      /* debounced state, bit set = pressed */
    uint8_t last_raw;                    /* raw state at the previous update */
    uint16_t since[DEBOUNCE_BUTTONS];    /* time of each button's last raw change */
} debounce_t;

/* Start with every button released at time now_ms. */
void debounce_init(debounce_t *d, uint16_t now_ms);
/* Feed the raw mask sampled at now_ms (wrapping millisecond clock, any sampling rate);
 * true when d->cooked changed. */
bool debounce_update(debounce_t *d, uint8_t raw, uint16_t now_ms);

#endif
