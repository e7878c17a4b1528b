/* rxwake_fw.c: a firmware for test_power.c's check of the receiver in power-down. It prints
 * "@r", then sleeps in power-down (PCINT16 on PD0 wakes it), and after each wake listens 5 ms
 * and prints what it got: "@got" and
 * each byte in hex, '!' after a byte with a framing error; then sleeps again. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr_mcu_section.h> /* pkg-config --cflags simavr-avr */
#include <stdint.h>

AVR_MCU(F_CPU, "atmega328p");

static volatile uint8_t got[32], got_fe[32], n;

ISR(USART_RX_vect)
{
    const uint8_t fe = UCSR0A & _BV(FE0); /* before UDR0 */
    const uint8_t c = UDR0;
    if (n < sizeof got) {
        got[n] = c;
        got_fe[n++] = fe;
    }
}

ISR(PCINT2_vect) {}

static void put(char c)
{
    loop_until_bit_is_set(UCSR0A, UDRE0);
    UDR0 = (uint8_t)c;
}

static void put_hex(uint8_t v)
{
    static const char digits[] = "0123456789abcdef";
    put(digits[v >> 4]);
    put(digits[v & 15]);
}

int main(void)
{
    UCSR0A = _BV(U2X0);
    UBRR0 = 16; /* 117,647 baud at 16 MHz */
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(TXEN0) | _BV(RXEN0) | _BV(RXCIE0);
    PORTD |= _BV(PD0);
    PCICR = _BV(PCIE2);
    PCMSK2 = _BV(PCINT16);
    sei();
    put('@'), put('r'), put('\r'), put('\n');
    for (;;) {
        loop_until_bit_is_set(UCSR0A, TXC0); /* the last byte out */
        cli();
        n = 0;
        set_sleep_mode(SLEEP_MODE_PWR_DOWN);
        sleep_enable();
        sei();
        sleep_cpu();
        sleep_disable();
        for (uint8_t i = 0; i < 5; i++) __builtin_avr_delay_cycles(16000); /* 5 ms */
        put('@'), put('g'), put('o'), put('t');
        for (uint8_t i = 0; i < n; i++) {
            put(' ');
            put_hex(got[i]);
            if (got_fe[i]) put('!');
        }
        UCSR0A |= _BV(TXC0);
        put('\r'), put('\n');
    }
}
