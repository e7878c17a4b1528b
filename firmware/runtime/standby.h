/* The chip's power: modules the board does not use gated off once at boot, and standby's
 * power-down, from which a button or a serial byte wakes the chip. */
#ifndef STANDBY_H
#define STANDBY_H

/* At boot, before board_init: ADC and analog comparator off; TWI, Timer2, the ADC and
 * (where the board does not use them) SPI and Timer1 gated off in PRR. USART0 stays. */
void standby_init(void);
/* Stop the tick and the watchdog, sleep in power-down (brown-out detector off while asleep)
 * until a pin change on a button (PC0..PC5) or RX (PD0), then start them again; a wake through
 * RX tells the UART its input was lost (uart_rx_woken). No sleep at all when input is waiting
 * or under way or a button is changing (the main loop then sees it). The board must be quiet
 * (board_standby) and the UART's output sent (uart_flush) before. */
void standby_power_down(void);

#endif
