/* Timer0 compare interrupt at 1 kHz: advances the clock, debounces the buttons,
 * turns presses and auto-repeats into pending events, and renders the display.
 * Everything shared with the main loop is volatile and read atomically. */
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

void tick_init(void)
{
    press_init(&tick_press, 0);
    TCCR0A = _BV(WGM01);             /* CTC */
    OCR0A = F_CPU / 64 / 1000 - 1;   /* 249: 1 kHz at 16 MHz */
    TCCR0B = _BV(CS01) | _BV(CS00);  /* clk/64 */
    TIMSK0 = _BV(OCIE0A);
}

ISR(TIMER0_COMPA_vect)
{
    FAULT_POINT(FAULT_TICK); /* the faults image only */
    const uint16_t now = ++tick_ms;
    tick_presses |= press_update(&tick_press, board_buttons_raw(), TICK_REPEATING, now);
    tick_held = tick_press.debounce.cooked;
    display_render();
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
