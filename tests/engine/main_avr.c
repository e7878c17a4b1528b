/* AVR test firmware for the engine's test suite: UART0 at 115200 8N1 as stdout, run the
 * suite (timed by the simulator's probe, tag 0), print the summary, then hand the simulator
 * the result (exit code 0 or 1) through the GPIOR probe of sim/sim_probe.h and sleep. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr_mcu_section.h> /* pkg-config --cflags simavr-avr */
#include <stdio.h>

#include "check.h"
#include "engine_suite.h"
#include "sim_probe.h"

AVR_MCU(F_CPU, "atmega328p");

static int main_avr_putchar(char c, FILE *stream) {
    if (c == '\n') main_avr_putchar('\r', stream);
    loop_until_bit_is_set(UCSR0A, UDRE0);
    UCSR0A = _BV(U2X0) | _BV(TXC0); /* clear "transmit complete": it now means this byte left */
    UDR0 = (uint8_t)c;
    return 0;
}

static FILE main_avr_stdout = FDEV_SETUP_STREAM(main_avr_putchar, NULL, _FDEV_SETUP_WRITE);

int main(void) {
    UCSR0A = _BV(U2X0);
    UBRR0 = 16; /* 115200 baud at 16 MHz with U2X0 */
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(TXEN0);
    stdout = &main_avr_stdout;
    check_puts_P(PSTR("#probe 0 engine_suite\n")); /* names the measurement for avr-run --stats */
    sim_probe_start(0);
    engine_suite_run();
    sim_probe_stop();
    const uint32_t failed = check_summary("engine");
    loop_until_bit_is_set(UCSR0A, TXC0); /* let the last byte leave */
    sim_probe_exit(failed ? 1 : 0);
    cli();
    sleep_enable();
    for (;;)
        sleep_cpu();
}
