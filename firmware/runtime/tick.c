/* Timer0 compare interrupt at 1 kHz: advances the clock, debounces the buttons,
 * turns presses and auto-repeats into pending events, and advances the display's
 * phases (the main loop draws). Everything shared with the main loop is volatile and
 * read atomically. Also the main loop's alarm (when its modules next need it) and the
 * time without input that leads to standby. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "board.h"
#include "display.h"
#include "fault.h"
#include "press.h"
#include "tick.h"

static volatile uint16_t tick_ms;
static volatile uint8_t tick_presses;
static volatile uint8_t tick_held;
static press_t tick_press;
static uint16_t tick_alarm; /* the main loop's next due time */
static volatile uint16_t tick_idle_s; /* whole seconds without a button going down or up */
static uint16_t tick_idle_ms;         /* and the milliseconds of the next one */

void tick_init(void)
{
    press_init(&tick_press, 0);
    TCCR0A = _BV(WGM01);             /* CTC */
    OCR0A = F_CPU / 64 / 1000 - 1;   /* 249: 1 kHz at 16 MHz */
    tick_resume();
    TIMSK0 = _BV(OCIE0A);
}

void tick_idle_reset(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { tick_idle_ms = tick_idle_s = 0; }
}

uint16_t tick_idle(void)
{
    uint16_t s;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { s = tick_idle_s; }
    return s;
}

void tick_pause(void)
{
    TCCR0B = 0; /* no clock source: the counter and the clock stand still */
}

void tick_resume(void)
{
    TCCR0B = _BV(CS01) | _BV(CS00); /* clk/64 */
}

void tick_alarm_clear(uint16_t now)
{
    tick_alarm = (uint16_t)(now + TICK_ALARM_MAX_MS);
}

void tick_alarm_at(uint16_t at)
{
    if ((int16_t)(at - tick_alarm) < 0) tick_alarm = at;
}

bool tick_alarm_due(uint16_t now)
{
    return (int16_t)(now - tick_alarm) >= 0;
}

ISR(TIMER0_COMPA_vect)
{
    FAULT_POINT(FAULT_TICK); /* the faults image only */
    const uint16_t now = ++tick_ms;
    tick_presses |= press_update(&tick_press, board_buttons_raw(), TICK_REPEATING, now);
    const uint8_t held = tick_press.debounce.cooked;
    display_tick();
    /* a change is activity; a button held down (or stuck) is not, or a key pressed in a bag
     * would keep the device out of standby for good */
    if (held != tick_held) tick_idle_ms = tick_idle_s = 0;
    else if (++tick_idle_ms == 1000) tick_idle_ms = 0, tick_idle_s++;
    tick_held = held;
}

uint16_t tick_now(void)
{
    uint16_t now;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { now = tick_ms; }
    return now;
}

uint8_t tick_buttons(void)
{
    return tick_held; /* one byte: read atomically */
}

uint8_t tick_take_presses(void)
{
    uint8_t p;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        p = tick_presses;
        tick_presses = 0;
    }
    return p;
}
