/* The uno image: the console's whole calculator on a bare Uno (every game, every limit), its
 * only I/O the USB serial line. Lines in, answers out through the same answering code as the
 * device images and `grundy`; the chip idles between bytes, and a watchdog guards each answer. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <avr/power.h>
#include <avr/sleep.h>
#include <avr/wdt.h>
#include <avr_mcu_section.h>

#include "console_answer.h"
#include "console_line.h"
#include "uart.h"

AVR_MCU(F_CPU, "atmega328p"); /* lets simavr read the MCU and clock from the ELF */

#define UNO_TX_ROOM 96 /* free output bytes before a reply line starts */

#define UNO_NOINIT __attribute__((section(".noinit")))
#define UNO_WARM 0x5EED /* uno_warm once a boot has run: SRAM has been kept since */
static uint8_t uno_mcusr UNO_NOINIT;
static uint16_t uno_warm UNO_NOINIT;     /* UNO_WARM: not the first start since power-up */
static uint8_t uno_fired UNO_NOINIT; /* 1: the watchdog's interrupt stage came: an answer hung */
/* Each answer step within 1 s: then the interrupt stage, and 1 s later the reset. */
#define UNO_WATCH_BITS (_BV(WDIE) | _BV(WDE) | _BV(WDP2) | _BV(WDP1))

/* First thing after a reset (avr-libc's wdt.h): keep the cause, and stop a watchdog that a
 * watchdog reset leaves running at its shortest timeout. */
__attribute__((naked, used, section(".init3"))) static void uno_early(void)
{
    uno_mcusr = MCUSR;
    MCUSR = 0;
    wdt_disable();
}

/* Every pin but the UART's an input with its pull-up: nothing floats on a bare board. */
static void uno_pins(void)
{
    DDRB = 0;
    PORTB = 0xFF;
    DDRC = 0;
    PORTC = 0x7F;
    DDRD = _BV(PD1); /* TX idles high; RX (PD0) pulled up too, as the chip allows */
    PORTD = 0xFF;
}

/* The watchdog's interrupt stage: the answer has not stepped for a whole second. Marked for
 * the boot after the reset that follows (the bootloader clears MCUSR). */
ISR(WDT_vect)
{
    uno_fired = 1;
}

/* Start (or feed) the watchdog that guards an answer, in interrupt-then-reset mode. */
static void uno_watch(void)
{
    cli();
    wdt_reset();
    uno_fired = 0;
    WDTCSR = _BV(WDCE) | _BV(WDE);
    WDTCSR = UNO_WATCH_BITS;
    sei();
}

/* "@reset power|external|watchdog", as the device images say it (a brown-out is power). The
 * Uno's bootloader clears MCUSR: then SRAM tells what it can (as the device images' watchdog
 * record does): no warm mark is a power-up, the watchdog's interrupt stage a hang, else the
 * reset pin (or a brown-out that kept SRAM, which nothing left tells from it; or a hang with
 * interrupts off, whose interrupt stage never ran). */
static void uno_say_reset(void)
{
    const uint8_t m = uno_mcusr;
    const bool warm = uno_warm == UNO_WARM;
    uart_puts_P(PSTR("@reset "));
    uart_puts_P(m & (_BV(PORF) | _BV(BORF)) || (!m && !warm) ? PSTR("power")
                : m & _BV(WDRF) || (!m && uno_fired)        ? PSTR("watchdog")
                                                            : PSTR("external"));
    uno_warm = UNO_WARM;
    uno_fired = 0;
    uart_end_line();
    uart_puts_P(PSTR("@ready calculator (type help)"));
    uart_end_line();
}

/* A whole line is in: answer it; true when its reply goes on. */
static bool uno_line(console_line_t got)
{
    if (got == CONSOLE_LINE_LOST) {
        console_answer_lost(console_line_lost());
        return false;
    }
    if (got == CONSOLE_LINE_LONG) {
        console_answer_too_long();
        return false;
    }
    return console_answer_start(console_line_text(), console_line_len()) == CONSOLE_ANSWER_MORE;
}

int main(void)
{
    cli();
    uno_pins();
    ACSR = _BV(ACD); /* the analog comparator off */
    power_all_disable();
    power_usart0_enable();
    uart_init();
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();
    uno_say_reset();
    bool busy = false;
    for (;;) {
        if (busy) {
            uno_watch();
            if (uart_tx_free() >= UNO_TX_ROOM) busy = console_answer_step();
            if (!busy) wdt_disable();
            continue;
        }
        bool seen = false;
        const console_line_t got = console_line_read(&seen);
        if (got == CONSOLE_LINE_NONE) {
            cli(); /* a byte that came since the look above must not wait for the next one */
            if (!uart_rx_ready()) {
                sleep_enable();
                sei(); /* the instruction after sei runs first: no wake-up is missed */
                sleep_cpu();
                sleep_disable();
            }
            sei();
            continue;
        }
        uno_watch(); /* an answer that hangs resets the chip */
        busy = uno_line(got);
        if (!busy) wdt_disable();
    }
}
