/* Grundy firmware entry: set up the board, the tick and the UART, start a game,
 * then react to button presses, time and console input, idling the CPU between. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr_mcu_section.h>

#include "board.h"
#include "console.h"
#include "tick.h"
#include "uart.h"
#include "ui.h"
#include "watchdog.h"

AVR_MCU(F_CPU, "atmega328p"); /* lets simavr read the MCU and clock from the ELF */

int main(void)
{
    cli();
    board_init();
    uart_init();
    tick_init();
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();
    watchdog_start();
    ui_start(tick_now());
    uint16_t seen = tick_now();
    for (;;) {
        const uint16_t now = tick_now();
        const uint8_t presses = tick_take_presses();
        if (presses || now != seen) ui_update(presses, tick_buttons(), now);
        seen = now;
        watchdog_feed(now); /* only while the tick moves */
        if (!console_update(now)) sleep_mode(); /* the next tick (1 ms) or a UART byte wakes us */
    }
}
