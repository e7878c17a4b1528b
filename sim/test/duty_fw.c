/* duty_fw.c: a firmware of known duty cycle for test_power.c. Timer0 interrupts at 1 kHz; the
 * handler keeps interrupts off for DUTY_ISR_CYCLES; after each wake-up the main loop works
 * DUTY_MAIN_CYCLES and sends DUTY_SPI_BYTES bytes over the SPI (waiting for each), then
 * sleeps in Idle. Awake per millisecond: those cycles plus a few dozen of overhead. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

#define DUTY_ISR_CYCLES 1000
#define DUTY_MAIN_CYCLES 4000
#define DUTY_SPI_BYTES 2

ISR(TIMER0_COMPA_vect)
{
    __builtin_avr_delay_cycles(DUTY_ISR_CYCLES);
}

int main(void)
{
    DDRB = _BV(PB2) | _BV(PB3) | _BV(PB5); /* SS, MOSI, SCK: the SPI master */
    SPCR = _BV(SPE) | _BV(MSTR);           /* fosc/4: 32 cycles a byte on the chip */
    TCCR0A = _BV(WGM01);
    OCR0A = 249;
    TCCR0B = _BV(CS01) | _BV(CS00); /* 16 MHz / 64 / 250 = 1 kHz */
    TIMSK0 = _BV(OCIE0A);
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();
    for (;;) {
        sleep_mode();
        __builtin_avr_delay_cycles(DUTY_MAIN_CYCLES);
        for (uint8_t i = 0; i < DUTY_SPI_BYTES; i++) {
            SPDR = i;
            while (!(SPSR & _BV(SPIF))) {}
        }
    }
}
