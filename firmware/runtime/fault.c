/* The faults image's console command (see fault.h): "fault loop", "fault tick", "fault save".
 * Empty in the shipped image. */
#ifdef GRUNDY_FAULTS
#include <avr/pgmspace.h>
#include <string.h>

#include "fault.h"
#include "uart.h"

volatile uint8_t fault_armed;

bool fault_command(const char *line, uint8_t len)
{
    static const char names[3][5] PROGMEM = {"loop", "tick", "save"};
    if (len != 10 || strncmp_P(line, PSTR("fault "), 6)) return false;
    for (uint8_t f = 0; f < 3; f++) {
        if (strncmp_P(line + 6, names[f], 4)) continue;
        uart_puts_P(PSTR("ok fault "));
        uart_puts_P(names[f]);
        uart_puts_P(PSTR("\r\n"));
        while (uart_tx_free() < UART_TX_SIZE - 1) { /* the reply out before a stuck interrupt */
        }
        if (f == FAULT_NONE)
            for (;;) { /* the main loop hangs here, interrupts on */
            }
        fault_armed = f;
        return true;
    }
    return false;
}
#else
typedef int fault_unused_t; /* ISO C wants something in a translation unit */
#endif
