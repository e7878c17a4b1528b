/* Interrupt-driven UART0. Transmit: only the main loop writes; the UDRE interrupt
 * drains. When the ring is full the main loop sleeps until the interrupt frees room,
 * so a line is never cut or reordered. Receive: the RX interrupt fills a second ring
 * and notes any byte it had to drop, so the reader can say input was lost. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <avr/sleep.h>
#include <util/atomic.h>

#include "tick.h"
#include "uart.h"

static volatile uint8_t uart_tx[UART_TX_SIZE];
static volatile uint8_t uart_head, uart_tail; /* head: next write; tail: next send */
static volatile uint8_t uart_rx[UART_RX_SIZE];
static volatile uint8_t uart_rx_head, uart_rx_tail; /* head: next store; tail: next read */
static volatile uint8_t uart_rx_gap; /* input lost after the last byte queued */
static volatile uint8_t uart_rx_gap_ends; /* line ends among the bytes lost (at most 255) */
static volatile uint8_t uart_rx_gap_last; /* the last byte lost: CR or LF ends a line */
static uint8_t uart_rx_prev;              /* the last byte queued (a CR before a lost LF) */
static uint8_t uart_gap_ends, uart_gap_last; /* the same, of the gap last reported */
static uint8_t uart_woken;                   /* woken by RX: the gap waits for uart_woken_until */
#if UART_WAKES
static uint16_t uart_woken_until;
#endif

void uart_init(void)
{
    UCSR0A = _BV(U2X0);
    UBRR0 = F_CPU / 8 / 115200 - 1; /* 16: 16 MHz / 8 / 17 = 117,647 baud, +2.1 % of 115200 */
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(TXEN0) | _BV(RXEN0) | _BV(RXCIE0);
    PORTD |= _BV(PD0); /* RX pulled up: an unplugged adapter leaves no floating pin to wake on */
}

#if UART_WAKES
void uart_rx_woken(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        uart_rx_gap = 1; /* input is dropped from here, its line ends counted */
        uart_rx_gap_ends = 0;
        uart_rx_gap_last = 0; /* 0: nothing dropped yet */
    }
    uart_woken = 1;
    uart_woken_until = (uint16_t)(tick_now() + UART_WOKEN_MS);
}
#endif

/* The gap is there for the reader (not while the line that woke the chip may still come). */
static bool uart_gap_due(void)
{
#if UART_WAKES
    return uart_rx_gap && (!uart_woken || (int16_t)(tick_now() - uart_woken_until) >= 0);
#else
    return uart_rx_gap;
#endif
}

/* A byte dropped at a gap: count the line ends among them (CR LF once). */
static void uart_rx_drop(uint8_t c)
{
    const uint8_t end = c == '\r' || (c == '\n' && uart_rx_gap_last != '\r');
    if (end && uart_rx_gap_ends != 0xFF) uart_rx_gap_ends++;
    uart_rx_gap_last = c;
}

ISR(USART_RX_vect)
{
    const uint8_t garbled = UCSR0A & (_BV(FE0) | _BV(DOR0)); /* read before UDR0 */
    const uint8_t c = UDR0;
    const uint8_t next = (uint8_t)((uart_rx_head + 1) & (UART_RX_SIZE - 1));
    if (uart_rx_gap || garbled || next == uart_rx_tail) {
        if (!uart_rx_gap) {
            uart_rx_gap_ends = 0;
            uart_rx_gap_last = uart_rx_prev;
        }
        uart_rx_gap = 1; /* dropping until the reader reaches the gap */
        uart_rx_drop(c);
        return;
    }
    uart_rx[uart_rx_head] = c;
    uart_rx_head = next;
    uart_rx_prev = c;
}

int16_t uart_getc(void)
{
    const uint8_t tail = uart_rx_tail; /* only the main loop moves the tail */
    if (tail == uart_rx_head) {
        if (!uart_gap_due()) return UART_RX_NONE;
        ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
        {
            uart_gap_ends = uart_rx_gap_ends;
            uart_gap_last = uart_rx_gap_last;
            uart_rx_gap = 0;
        }
        if (uart_woken && !uart_gap_ends && !uart_gap_last) { /* nothing came after the waking byte: */
            uart_gap_ends = 1;                                /* its line was lost whole */
            uart_gap_last = '\n';
        }
        uart_woken = 0;
        return UART_RX_LOST;
    }
    const uint8_t c = uart_rx[tail];
    uart_rx_tail = (uint8_t)((tail + 1) & (UART_RX_SIZE - 1));
    return c;
}

uint8_t uart_lost_line_ends(uint8_t *ended_on_one)
{
    *ended_on_one = uart_gap_last == '\r' || uart_gap_last == '\n';
    return uart_gap_ends;
}

uint8_t uart_tx_free(void)
{
    const uint8_t used = (uint8_t)((uart_head - uart_tail) & (UART_TX_SIZE - 1));
    return (uint8_t)(UART_TX_SIZE - 1 - used);
}

ISR(USART_UDRE_vect)
{
    if (uart_head == uart_tail) {
        UCSR0B &= (uint8_t)~_BV(UDRIE0);
        return;
    }
    UCSR0A = _BV(U2X0) | _BV(TXC0); /* TXC0 cleared: it tells when this byte is out */
    UDR0 = uart_tx[uart_tail];
    uart_tail = (uint8_t)((uart_tail + 1) & (UART_TX_SIZE - 1));
}

void uart_putc(char c)
{
    const uint8_t next = (uint8_t)((uart_head + 1) & (UART_TX_SIZE - 1));
    while (next == uart_tail) sleep_mode(); /* full: the interrupt makes room */
    uart_tx[uart_head] = (uint8_t)c;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        uart_head = next;
        UCSR0B |= _BV(UDRIE0);
    }
}

bool uart_rx_ready(void)
{
    return uart_rx_tail != uart_rx_head || uart_gap_due();
}

void uart_flush(void)
{
    while (uart_head != uart_tail) sleep_mode(); /* the interrupt drains the ring */
    /* the last byte leaves the shift register within one character time (1,390 cycles);
     * TXC0 says when; the count bounds the wait (about 6,000 cycles) should it never come */
    for (uint16_t n = 0; !(UCSR0A & _BV(TXC0)) && n < 1000; n++) {}
}

void uart_puts(const char *s)
{
    while (*s) uart_putc(*s++);
}

static const char uart_crlf[] PROGMEM = "\r\n";

void uart_puts_P(const char *pgm)
{
    char c;
    while ((c = (char)pgm_read_byte(pgm++))) uart_putc(c);
}

void uart_end_line(void)
{
    uart_puts_P(uart_crlf);
}

void uart_put_u32(uint32_t v)
{
    char digits[11];
    uint8_t n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n) uart_putc(digits[--n]);
}
