/* The faults image's console command (console_fault.h): "fault loop" hangs the main loop,
 * "fault tick", "fault save" arm runtime/fault.h's points, "fault timer" stops the tick's timer.
 * Empty in the shipped image. */
#ifdef GRUNDY_FAULTS
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <string.h>

#include "console_fault.h"
#include "fault.h"
#include "uart.h"

bool console_fault_command(const char *line, uint8_t len)
{
    static const char names[4][6] PROGMEM = {"loop", "tick", "save", "timer"};
    if (len < 7 || strncmp_P(line, PSTR("fault "), 6)) return false;
    for (uint8_t f = 0; f < 4; f++) {
        if (len != 6 + strlen_P(names[f]) || strncmp_P(line + 6, names[f], len - 6)) continue;
        uart_puts_P(PSTR("ok fault "));
        uart_puts_P(names[f]);
        uart_end_line();
        while (uart_tx_free() < UART_TX_SIZE - 1) { /* the reply out before a stuck interrupt */
        }
        if (f == FAULT_NONE)
            for (;;) { /* the main loop hangs here, interrupts on */
            }
        if (f == FAULT_TIMER) TCCR0B = 0; /* the tick's timer stops; the main loop runs on */
        fault_armed = f;
        return true;
    }
    return false;
}
#else
typedef int console_fault_unused_t; /* ISO C wants something in a translation unit */
#endif
