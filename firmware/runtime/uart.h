/* UART0 at 115200 8N1 for event lines: output is queued in a ring buffer and sent
 * by the data-register-empty interrupt, so printing never waits on the wire unless
 * the buffer is full (then the CPU idles until there is room). */
#ifndef UART_H
#define UART_H

#include <stdint.h>

#define UART_TX_SIZE 128 /* power of two */

/* Enable the transmitter at 115200 baud (U2X, UBRR 16). */
void uart_init(void);
/* Queue one character. */
void uart_putc(char c);
/* Queue a string. */
void uart_puts(const char *s);
/* Queue a string from program memory (PSTR). */
void uart_puts_P(const char *pgm);
/* Queue a decimal number. */
void uart_put_u32(uint32_t v);

#endif
