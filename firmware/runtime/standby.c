/* Module gating at boot and standby's power-down. In power-down only the pin-change
 * interrupts enabled here can wake the chip (the USART has no clock then: a byte on RX is
 * seen as its start bit's edge on PD0, and may itself be lost). */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

#include "board.h"
#include "standby.h"
#include "tick.h"
#include "uart.h"
#include "watchdog.h"

#define STANDBY_BUTTONS 0x3F           /* PCINT8..13: PC0..PC5 */
#define STANDBY_RX _BV(PCINT16)        /* PD0 */

static volatile uint8_t standby_woken; /* a pin changed since the pin-change interrupts were on:
                                        * bit 0 a button, bit 1 RX */

void standby_init(void)
{
    ADCSRA = 0;        /* the ADC off before its clock is gated */
    ACSR = _BV(ACD);   /* the analog comparator off */
    PRR = (uint8_t)(_BV(PRTWI) | _BV(PRTIM2) | _BV(PRADC) | (BOARD_USES_SPI ? 0 : _BV(PRSPI)) |
                    (BOARD_USES_TIMER1 ? 0 : _BV(PRTIM1)));
}

ISR(PCINT1_vect)
{
    standby_woken |= 1;
}

ISR(PCINT2_vect)
{
    standby_woken |= 2;
}

void standby_power_down(void)
{
    tick_pause();
    watchdog_pause();
    standby_woken = 0;
    /* PCIFR is not cleared: the masks were 0 until now and are cleared before PCICR after a
     * wake, so no stale flag can be set (and simavr 1.6 would set the flag on a write of 1,
     * waking at once). The masks go on first; then, interrupts off, a last look: input that
     * came after the main loop's (a pending USART interrupt cannot wake power-down), a byte
     * under way on RX (PD0 low), or a button whose press or release the debouncing has not
     * taken yet (its edges came before the masks) calls the sleep off. A button held all along
     * (stuck) does not: only a change wakes. */
    PCMSK1 = STANDBY_BUTTONS;
    PCMSK2 = STANDBY_RX;
    PCICR = _BV(PCIE1) | _BV(PCIE2);
    cli();
    if (!standby_woken && !uart_rx_ready() && !(UCSR0A & _BV(RXC0)) && (PIND & _BV(PD0)) &&
        board_buttons_raw() == tick_buttons()) { /* a change from now on wakes the SLEEP below (sei's delay slot) */
        SMCR = _BV(SM1) | _BV(SE); /* power-down */
        sleep_bod_disable();
        sei();
        sleep_cpu();
    }
    SMCR = 0; /* Idle, disabled: the main loop's sleep_mode() between ticks */
    sei();    /* a flag set by now is taken by its handler */
    PCMSK1 = 0; /* the masks before PCICR: no edge can set a flag after this */
    PCMSK2 = 0;
    PCICR = 0;
    if (standby_woken & 2) uart_rx_woken(); /* the receiver was off: the line's start is lost */
    watchdog_resume();
    tick_resume();
}
