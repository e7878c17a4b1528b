/* Grundy firmware entry: set up the board, the tick and the UART, start a game,
 * then react to button presses, due times and console input, redraw when something
 * visible changed, and sleep between (Idle; power-down in standby). */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr_mcu_section.h>

#include "board.h"
#include "console.h"
#include "display.h"
#include "standby.h"
#include "tick.h"
#include "uart.h"
#include "ui.h"
#include "watchdog.h"

AVR_MCU(F_CPU, "atmega328p"); /* lets simavr read the MCU and clock from the ELF */

int main(void)
{
    cli();
    standby_init();
    board_init();
    uart_init();
    tick_init();
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();
    watchdog_start();
    ui_start(tick_now());
    uint8_t seen_held = 0, console_busy = 0;
    for (;;) {
        const uint16_t now = tick_now();
        const uint8_t presses = tick_take_presses(), held = tick_buttons();
        if (presses || held != seen_held || tick_alarm_due(now)) {
            ui_update(presses, held, now);
            watchdog_changed(); /* sealed at the next feed */
        }
        seen_held = held;
        display_update();
        watchdog_feed(now); /* only while the tick moves */
        /* the console has work only with input waiting or a reply under way */
        if (console_busy || uart_rx_ready()) {
            console_busy = console_update(now);
            watchdog_changed();
        }
        if (console_busy) continue;
        if (ui_standby_due()) ui_standby(now);
        else sleep_mode(); /* the next tick (1 ms) or a UART byte wakes us */
    }
}
