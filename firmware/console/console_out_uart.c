/* The console's output interface on an Uno (device images and uno): replies go to the UART's
 * output queue. Thin on purpose: the link-time optimiser makes these the UART's own calls. */
#include "console_out.h"
#include "uart.h"

void console_out_put(char c)
{
    uart_putc(c);
}

void console_out_u32(uint32_t v)
{
    uart_put_u32(v);
}

void console_out_end_line(void)
{
    uart_end_line();
}
