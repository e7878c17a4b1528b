/* UART0 at 115200 8N1 for event lines and the console: output is queued in a ring
 * buffer and sent by the data-register-empty interrupt, so printing never waits on
 * the wire unless the buffer is full (then the CPU idles until there is room); input
 * is queued by the receive interrupt until the main loop reads it, losses marked. */
#ifndef UART_H
#define UART_H

#include <stdbool.h>
#include <stdint.h>

#define UART_TX_SIZE 128 /* power of two */
#define UART_RX_SIZE 64  /* power of two: 5.6 ms of input at full speed */
#define UART_RX_NONE (-1) /* uart_getc: nothing waiting */
#define UART_RX_LOST (-2) /* uart_getc: input was lost here */
/* 1: the image powers down and a received byte may wake it (the handheld's standby); the uno
 * calculator only idles, its receiver never deaf, and builds with 0 (no tick to time it by) */
#ifndef UART_WAKES
#define UART_WAKES 1
#endif
#define UART_WOKEN_MS 1000 /* after a wake through RX, input is dropped this long (uart_rx_woken) */

/* Enable the transmitter and receiver at 115200 baud (U2X, UBRR 16), RX (PD0) pulled up. */
void uart_init(void);
/* A byte on RX woke the chip from power-down, whose receiver was off: the line it began has lost
 * its start. Everything received in the next UART_WOKEN_MS is dropped too (a pasted line's rest,
 * or a typed one's), then uart_getc reports the gap: the lines that ended in it, or, when
 * nothing came after the waking byte, its own line as lost whole. The tick must be running or
 * about to. */
void uart_rx_woken(void);
/* Queue one character. */
void uart_putc(char c);
/* Queue a string. */
void uart_puts(const char *s);
/* Queue a string from program memory (PSTR). */
void uart_puts_P(const char *pgm);
/* Queue the end of a line, "\r\n" (one copy of it, not one per caller). */
void uart_end_line(void);
/* Queue a decimal number. */
void uart_put_u32(uint32_t v);
/* Wait until every queued byte has left the wire (before power-down stops the USART). */
void uart_flush(void);
/* True when uart_getc has something (a byte or a gap) for the reader. */
bool uart_rx_ready(void);
/* Bytes that can be queued now without waiting. */
uint8_t uart_tx_free(void);
/* Next received byte (0..255); UART_RX_NONE when none is waiting; UART_RX_LOST once where
 * input was lost (the queue was full, or a byte came garbled): bytes after that point are
 * dropped until the reader gets here, so a gap is never silent. */
int16_t uart_getc(void);
/* After UART_RX_LOST: how many line ends (LF, CR, CR LF) were among the bytes lost, and
 * whether the last byte lost was one (then the input goes on at the start of a line). */
uint8_t uart_lost_line_ends(uint8_t *ended_on_one);

#endif
