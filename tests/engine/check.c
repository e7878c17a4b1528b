/* The test framework's counters and failure printing (see check.h). On the AVR stdout is
 * the UART and the strings come from flash, read with the _P variants of stdio. */
#include "check.h"

#include <stdarg.h>
#include <string.h>

uint32_t check_passed;
uint32_t check_failed;
static void (*check_printer)(void);

void check_puts(const char *s) {
    while (*s)
        putchar(*s++);
}

void check_puts_P(const char *s) {
#ifdef __AVR__
    for (char c; (c = (char)pgm_read_byte(s)) != 0; s++)
        putchar(c);
#else
    check_puts(s);
#endif
}

void check_put_u32(uint32_t v) {
    char buf[11];
    uint8_t n = 0;
    do {
        buf[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        putchar(buf[--n]);
}

void check_fail(const char *file, uint16_t line, const char *fmt, ...) {
    if (check_failed++ >= CHECK_MAX_PRINTED) return;
    check_puts_P(CHECK_STR("FAIL "));
    check_puts_P(file);
    putchar(':');
    check_put_u32(line);
    check_puts_P(CHECK_STR(": "));
#ifdef __AVR__
    /* the values were not passed: show each conversion as '?' */
    for (char c; (c = (char)pgm_read_byte(fmt)) != 0; fmt++) {
        if (c == '%' && pgm_read_byte(fmt + 1) == '%') {
            fmt++;
        } else if (c == '%') {
            while ((c = (char)pgm_read_byte(fmt + 1)) != 0 && !strchr("diouxXscp", c))
                fmt++;
            if (c) fmt++;
            c = '?';
        }
        putchar(c);
    }
#else
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
#endif
    if (check_printer) {
        check_puts_P(CHECK_STR(" ["));
        check_printer();
        putchar(']');
    }
    putchar('\n');
    if (check_failed == CHECK_MAX_PRINTED)
        check_puts_P(CHECK_STR("(further failures not shown)\n"));
}

void check_context(void (*print)(void)) {
    check_printer = print;
}

uint32_t check_summary(const char *suite) {
    const uint32_t failed = check_failed;
    check_puts(suite);
    check_puts_P(CHECK_STR(": "));
    check_put_u32(check_passed);
    check_puts_P(CHECK_STR(" passed, "));
    check_put_u32(failed);
    check_puts_P(CHECK_STR(" failed\n"));
    check_passed = check_failed = 0;
    check_printer = 0;
    return failed;
}

#ifdef __AVR__
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

#include "sim_probe.h"

static int check_uart_putchar(char c, FILE *stream) {
    if (c == '\n') check_uart_putchar('\r', stream);
    loop_until_bit_is_set(UCSR0A, UDRE0);
    UCSR0A = _BV(U2X0) | _BV(TXC0); /* clear "transmit complete": it now means this byte left */
    UDR0 = (uint8_t)c;
    return 0;
}

static FILE check_uart_stdout = FDEV_SETUP_STREAM(check_uart_putchar, NULL, _FDEV_SETUP_WRITE);

void check_avr_begin(void) {
    UCSR0A = _BV(U2X0);
    UBRR0 = 16; /* 115200 baud at 16 MHz with U2X0 */
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(TXEN0);
    stdout = &check_uart_stdout;
}

void check_avr_end(const char *suite) {
    const uint32_t failed = check_summary(suite);
    loop_until_bit_is_set(UCSR0A, TXC0); /* let the last byte leave */
    sim_probe_exit(failed ? 1 : 0);
    cli();
    sleep_enable();
    for (;;)
        sleep_cpu();
}
#endif
