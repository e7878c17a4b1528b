/* The 1 kHz tick: a millisecond clock, button sampling with debouncing and
 * auto-repeat, and the display's blink phases, all from one timer interrupt. The main
 * loop sleeps until the tick has something for it: a button, a phase edge in use, or
 * the alarm the main loop's modules set for their next timed step. */
#ifndef TICK_H
#define TICK_H

#include <stdbool.h>
#include <stdint.h>

#define TICK_REPEATING (BUTTON_LEFT | BUTTON_RIGHT) /* auto-repeat when held (press.h) */
#define TICK_ALARM_MAX_MS 30000 /* the alarm rings at least this often (the clock wraps at 65 s) */

/* Start the tick (Timer0, CTC, 1 kHz); call with interrupts disabled, then sei(). */
void tick_init(void);
/* Stop / restart the tick's clock source (standby): the clock stands still meanwhile. */
void tick_pause(void);
void tick_resume(void);
/* The main loop's alarm: clear sets it TICK_ALARM_MAX_MS after now; at asks for time `at`
 * (within 32 s), keeping the earliest; due says whether it has rung by now. */
void tick_alarm_clear(uint16_t now);
void tick_alarm_at(uint16_t at);
bool tick_alarm_due(uint16_t now);
/* Seconds with no button going down or up since the last tick_idle_reset (which other input
 * calls): a button held all along (stuck) counts as idle. */
uint16_t tick_idle(void);
void tick_idle_reset(void);
/* Milliseconds since start, wrapping at 2^16. */
uint16_t tick_now(void);
/* Buttons held down now (debounced), bit per button. */
uint8_t tick_buttons(void);
/* Buttons pressed (or auto-repeated) since the last call, bit per button; clears them. */
uint8_t tick_take_presses(void);

#endif
