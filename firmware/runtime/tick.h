/* The 1 kHz tick: a millisecond clock, button sampling with debouncing and
 * auto-repeat, and display rendering, all from one timer interrupt. The main loop
 * sleeps until the tick has something for it. */
#ifndef TICK_H
#define TICK_H

#include <stdint.h>

#define TICK_REPEATING (BUTTON_LEFT | BUTTON_RIGHT) /* auto-repeat when held (press.h) */

/* Start the tick (Timer0, CTC, 1 kHz); call with interrupts disabled, then sei(). */
void tick_init(void);
/* Milliseconds since start, wrapping at 2^16. */
uint16_t tick_now(void);
/* Buttons held down now (debounced), bit per button. */
uint8_t tick_buttons(void);
/* Buttons pressed (or auto-repeated) since the last call, bit per button; clears them. */
uint8_t tick_take_presses(void);

#endif
