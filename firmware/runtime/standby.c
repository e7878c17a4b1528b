/* Module gating at boot and standby's power-down. In power-down only the pin-change
 * interrupts enabled here can wake the chip (the USART has no clock then: a byte on RX is
 * seen as its start bit's edge on PD0, and may itself be lost). */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

#include "board.h"
#include "standby.h"
#include "tick.h"
#include "watchdog.h"

#define STANDBY_BUTTONS 0x3F           /* PCINT8..13: PC0..PC5 */
#define STANDBY_RX _BV(PCINT16)        /* PD0 */

static volatile uint8_t standby_woken; /* a pin changed since the pin-change interrupts were on */

void standby_init(void)
{
    ADCSRA = 0;        /* the ADC off before its clock is gated */
    ACSR = _BV(ACD);   /* the analog comparator off */
    PRR = (uint8_t)(_BV(PRTWI) | _BV(PRTIM2) | _BV(PRADC) | (BOARD_USES_SPI ? 0 : _BV(PRSPI)) |
                    (BOARD_USES_TIMER1 ? 0 : _BV(PRTIM1)));
}

ISR(PCINT1_vect)
{
    standby_woken = 1;
}

ISR(PCINT2_vect, ISR_ALIASOF(PCINT1_vect));

void standby_power_down(void)
{
    tick_pause();
    watchdog_pause();
    standby_woken = 0;
    /* PCIFR is not cleared: the masks were 0 until now, so no stale flag can be set (and
     * simavr 1.6 would set the flag on a write of 1, waking at once) */
    PCMSK1 = STANDBY_BUTTONS;
    PCMSK2 = STANDBY_RX;
    PCICR = _BV(PCIE1) | _BV(PCIE2);
    cli();
    if (!standby_woken) { /* a change from now on wakes the SLEEP below (sei's delay slot) */
        SMCR = _BV(SM1) | _BV(SE); /* power-down */
        sleep_bod_disable();
        sei();
        sleep_cpu();
    }
    SMCR = 0; /* Idle, disabled: the main loop's sleep_mode() between ticks */
    sei();
    PCICR = 0;
    PCMSK1 = 0;
    PCMSK2 = 0;
    watchdog_resume();
    tick_resume();
}
