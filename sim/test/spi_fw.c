/* spi_fw.c: a tiny firmware for the part-model tests (test_max7219.c, test_hc595.c). It runs
 * UART command lines that drive hardware SPI and the pins a MAX7219 or a 74HC595 chain sits on,
 * and answers "@ok" once a line is done, so the host can check the model after each step.
 * Commands: l/h D10 (LOAD, RCLK) low/high; o/O D9 (OE) low/high; xHH send byte HH over SPI;
 * pHH Timer1 inverting fast PWM on D9 (OC1A), OCR1A = HH: low (HH+1)/256 of the time; s stop. */
#include <avr/io.h>
#include <avr_mcu_section.h> /* pkg-config --cflags simavr-avr */
#include <stdint.h>

AVR_MCU(F_CPU, "atmega328p");

#define PIN_LOAD _BV(PB2) /* D10: SS, kept an output so the SPI stays master */
#define PIN_OE _BV(PB1)   /* D9: OC1A */
#define PIN_MOSI _BV(PB3) /* D11 */
#define PIN_SCK _BV(PB5)  /* D13 */

static void uart_init(void) {
    UCSR0A = _BV(U2X0);
    UBRR0 = 16; /* 115200 baud at 16 MHz */
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(TXEN0) | _BV(RXEN0);
}

static void uart_put(const char *s) {
    while (*s) {
        while (!(UCSR0A & _BV(UDRE0))) {
        }
        UDR0 = (uint8_t)*s++;
    }
}

static char uart_get(void) {
    while (!(UCSR0A & _BV(RXC0))) {
    }
    return (char)UDR0;
}

static uint8_t hex_digit(char c) {
    if (c >= '0' && c <= '9') return (uint8_t)(c - '0');
    if (c >= 'a' && c <= 'f') return (uint8_t)(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return (uint8_t)(c - 'A' + 10);
    return 0;
}

static uint8_t get_hex_byte(void) {
    uint8_t hi = hex_digit(uart_get());
    return (uint8_t)(hi << 4 | hex_digit(uart_get()));
}

/* Reading SPSR with SPIF set and then SPDR clears SPIF, as on the chip. */
static void spi_send(uint8_t b) {
    SPDR = b;
    while (!(SPSR & _BV(SPIF))) {
    }
    (void)SPDR;
}

static void pwm_start(uint8_t ocr) {
    OCR1A = ocr;
    TCCR1A = _BV(COM1A1) | _BV(COM1A0) | _BV(WGM10); /* inverting, fast PWM 8-bit */
    TCCR1B = _BV(WGM12) | _BV(CS11) | _BV(CS10);     /* 16 MHz / 64 / 256 = 977 Hz */
}

static void pwm_stop(void) {
    TCCR1A = 0;
    TCCR1B = 0;
}

int main(void) {
    PORTB = PIN_LOAD | PIN_OE; /* LOAD idle high, outputs disabled, before driving them */
    DDRB = PIN_LOAD | PIN_OE | PIN_MOSI | PIN_SCK;
    SPCR = _BV(SPE) | _BV(MSTR); /* mode 0, MSB first, 4 MHz */
    uart_init();
    uart_put("@hello spi_fw\r\n");
    for (;;) {
        char c = uart_get();
        switch (c) {
        case 'l':
            PORTB &= (uint8_t)~PIN_LOAD;
            break;
        case 'h':
            PORTB |= PIN_LOAD;
            break;
        case 'o':
            PORTB &= (uint8_t)~PIN_OE;
            break;
        case 'O':
            PORTB |= PIN_OE;
            break;
        case 'x':
            spi_send(get_hex_byte());
            break;
        case 'p':
            pwm_start(get_hex_byte());
            break;
        case 's':
            pwm_stop();
            break;
        case '\n':
            uart_put("@ok\r\n");
            break;
        default:
            break;
        }
    }
}
