/* probe_fw.c: a tiny ATmega328P firmware that exercises the simulator harness (sim/test).
 * It prints over UART0, times code whose cycle count is known from the instruction set, uses a
 * known amount of stack and ends through the probe. PROBE_VARIANT selects how it ends, so one
 * source gives every path test_sim.sh checks. */
#include "../sim_probe.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr_mcu_section.h> /* pkg-config --cflags simavr-avr */
#include <stdint.h>

AVR_MCU(F_CPU, "atmega328p");

#define VARIANT_EXIT 0  /* measurements, then sim_probe_exit(EXIT_CODE) */
#define VARIANT_DONE 1  /* cli; sleep */
#define VARIANT_CRASH 2 /* write beyond RAMEND */
#define VARIANT_HANG 3  /* loop forever */
#define VARIANT_ECHO 4  /* echo UART input lines until "END" */

#ifndef PROBE_VARIANT
#define PROBE_VARIANT VARIANT_EXIT
#endif
#ifndef EXIT_CODE
#define EXIT_CODE 0
#endif

#define STACK_BUF 100 /* bytes of locals in use_stack(); the harness must see at least this */

static void uart_init(void) {
    UCSR0A = _BV(U2X0);
    UBRR0 = 16; /* 115200 baud at 16 MHz with U2X0 (2.1% error, as on an Uno) */
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(TXEN0) | _BV(RXEN0);
}

static void uart_putc(char c) {
    loop_until_bit_is_set(UCSR0A, UDRE0);
    UDR0 = (uint8_t)c;
}

static void uart_puts(const char *s) {
    while (*s)
        uart_putc(*s++);
}

static void uart_putu(uint16_t v) {
    char buf[6];
    uint8_t n = 0;
    do {
        buf[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        uart_putc(buf[--n]);
}

static char uart_getc(void) {
    loop_until_bit_is_set(UCSR0A, RXC0);
    return (char)UDR0;
}

/* Writes every byte of a local buffer so the painted stack shows its full depth. */
static __attribute__((noinline)) uint8_t use_stack(uint8_t seed) {
    volatile uint8_t buf[STACK_BUF];
    uint8_t sum = 0;
    for (uint8_t i = 0; i < STACK_BUF; i++)
        buf[i] = (uint8_t)(seed + i);
    for (uint8_t i = 0; i < STACK_BUF; i++)
        sum += buf[i];
    return sum;
}

static void measure(void) {
    uart_puts("#probe 0 empty\r\n");
    uart_puts("#probe 1 nop100\r\n");
    uart_puts("#probe 2 loop1000\r\n");
    uart_puts("#probe 3 nops10to50\r\n");

    sim_probe_start(0);
    sim_probe_stop();

    sim_probe_start(1);
    __asm__ __volatile__(".rept 100\n\tnop\n\t.endr" ::: "memory");
    sim_probe_stop();

    /* 2 ldi + 999 * (sbiw 2 + brne taken 2) + (sbiw 2 + brne not taken 1) = 4001 cycles */
    sim_probe_start(2);
    __asm__ __volatile__("ldi r24, lo8(1000)\n\t"
                         "ldi r25, hi8(1000)\n"
                         "1:\tsbiw r24, 1\n\t"
                         "brne 1b" ::
                             : "r24", "r25", "memory");
    sim_probe_stop();

    /* Five samples of 10, 20, 30, 40 and 50 cycles, out of order: median 30. */
#define NOPS(n)                                                                                    \
    do {                                                                                           \
        sim_probe_start(3);                                                                        \
        __asm__ __volatile__(".rept " #n "\n\tnop\n\t.endr" ::: "memory");                         \
        sim_probe_stop();                                                                          \
    } while (0)
    NOPS(30);
    NOPS(50);
    NOPS(10);
    NOPS(40);
    NOPS(20);
}

static void echo(void) {
    char line[80];
    uint8_t n = 0;
    uint16_t total = 0;
    for (;;) {
        char c = uart_getc();
        total++;
        if (c == '\r') continue;
        if (c != '\n') {
            if (n < sizeof line - 1) line[n++] = c;
            continue;
        }
        line[n] = 0;
        n = 0;
        if (line[0] == 'E' && line[1] == 'N' && line[2] == 'D' && !line[3]) break;
        uart_puts("echo: ");
        uart_puts(line);
        uart_puts("\r\n");
    }
    uart_puts("echo: ");
    uart_putu(total);
    uart_puts(" bytes\r\n");
}

int main(void) {
    uart_init();
    uart_puts("probe_fw: hello\r\n");
    uart_puts("probe_fw: stack ");
    uart_putu(use_stack(7));
    uart_puts("\r\n");

    switch (PROBE_VARIANT) {
    case VARIANT_DONE:
        uart_puts("probe_fw: sleeping\r\n");
        loop_until_bit_is_set(UCSR0A, TXC0); /* let the last byte leave */
        cli();
        sleep_enable();
        sleep_cpu();
        break;
    case VARIANT_CRASH:
        uart_puts("probe_fw: crashing\r\n");
        *(volatile uint8_t *)(RAMEND + 0x100) = 1;
        break;
    case VARIANT_HANG:
        uart_puts("probe_fw: hanging\r\n");
        for (;;)
            ;
    case VARIANT_ECHO:
        echo();
        break;
    default:
        measure();
        break;
    }
    uart_puts("probe_fw: done\r\n");
    sim_probe_exit(EXIT_CODE);
    for (;;)
        ;
}
