/* eeprom_fw.c: a tiny `direct` board firmware for test_eeprom.c: writes EEPROM bytes with
 * avr-libc on UART commands, reads them back, and reports each boot (reset flags, buttons held,
 * whether .noinit RAM survived) so resets and power cycles can be told apart. It lights LED 0.
 * Commands: 'w' write_block P at 0x20, 'u' update_block Q (3 bytes differ from P), 'p'
 * update_block P, 'b' write_byte 0x3FF + 1, 'd' dump, 'R' jump to 0, 'W' watchdog reset, 'i' the
 * 'b' write with the ready interrupt on: "@ready <ms> <entries>" once it has come (the ms since the
 * strobe, and how often the handler ran: it turns EERIE off, so once).
 * Pressing RIGHT (clean contacts) does what 'b' does, for grundy-play's test. */
#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr/wdt.h>
#include <avr_mcu_section.h> /* pkg-config --cflags simavr-avr */
#include <stdint.h>

AVR_MCU(F_CPU, "atmega328p");

#define BUTTONS 0x3F /* PC0..PC5 */
#define BTN_RIGHT _BV(PC3)
#define EE_BLOCK ((void *)0x20)
#define EE_LAST ((uint8_t *)0x3FF)
#define BLOCK_LEN 16
#define WARM_MAGIC 0x5EED2B0Bul

/* P[i] = 0xA0 + i; Q is P with bytes 3, 7 and 12 changed. The host test knows both. */
static const uint8_t pattern_p[BLOCK_LEN] = {0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7,
                                             0xA8, 0xA9, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE, 0xAF};
static const uint8_t pattern_q[BLOCK_LEN] = {0xA0, 0xA1, 0xA2, 0x13, 0xA4, 0xA5, 0xA6, 0x17,
                                             0xA8, 0xA9, 0xAA, 0xAB, 0x1C, 0xAD, 0xAE, 0xAF};

/* Kept by a reset button, garbage after a power cycle: counts warm boots. */
static struct {
    uint32_t magic;
    uint8_t warm_boots;
} warm __attribute__((section(".noinit")));

static volatile char command;

static void uart_init(void) {
    UCSR0A = _BV(U2X0);
    UBRR0 = 16; /* 115200 baud at 16 MHz */
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(TXEN0) | _BV(RXEN0) | _BV(RXCIE0);
}

static void put(char c) {
    loop_until_bit_is_set(UCSR0A, UDRE0);
    UDR0 = (uint8_t)c;
}

static void put_str(const char *s) {
    while (*s)
        put(*s++);
}

static void put_hex(uint8_t v) {
    static const char digits[] = "0123456789abcdef";
    put(digits[v >> 4]);
    put(digits[v & 15]);
}

ISR(USART_RX_vect) {
    command = (char)UDR0;
}

static volatile uint8_t ms;    /* the 1 kHz tick's count */
static volatile uint8_t ready_at, ready_count;

/* 1 kHz: sleeping advances simulated time in small steps; counts milliseconds. */
ISR(TIMER0_COMPA_vect) {
    ms++;
}

/* The EEPROM is ready: once (EERIE off). */
ISR(EE_READY_vect) {
    EECR &= (uint8_t)~_BV(EERIE);
    ready_at = ms;
    ready_count++;
}

/* "@ee <16 bytes at 0x20> <byte at 0x3FF>", read with avr-libc. */
static void dump(void) {
    uint8_t b[BLOCK_LEN];
    eeprom_read_block(b, EE_BLOCK, BLOCK_LEN);
    put_str("@ee ");
    for (uint8_t i = 0; i < BLOCK_LEN; i++)
        put_hex(b[i]);
    put(' ');
    put_hex(eeprom_read_byte(EE_LAST));
    put_str("\r\n");
}

static void done(char c) {
    put_str("@done ");
    put(c);
    put_str("\r\n");
}

int main(void) {
    uint8_t mcusr = MCUSR;
    MCUSR = 0;
    wdt_disable();
    if (warm.magic == WARM_MAGIC) {
        warm.warm_boots++;
    } else {
        warm.magic = WARM_MAGIC;
        warm.warm_boots = 0;
    }
    /* INT0/INT1 on the D2/D3 LEDs: edge mode keeps simavr from polling them (notes). */
    EICRA = _BV(ISC11) | _BV(ISC10) | _BV(ISC01) | _BV(ISC00);
    DDRD |= _BV(PD2);
    PORTD |= _BV(PD2); /* LED 0 */
    DDRC &= (uint8_t)~BUTTONS;
    PORTC |= BUTTONS;
    uart_init();
    TCCR0A = _BV(WGM01);
    OCR0A = 249; /* 16 MHz / 64 / 250 = 1 kHz */
    TCCR0B = _BV(CS01) | _BV(CS00);
    TIMSK0 = _BV(OCIE0A);
    uint8_t held = (uint8_t)(~PINC & BUTTONS);
    put_str("@boot mcusr ");
    put_hex(mcusr);
    put_str(" btn ");
    put_hex(held);
    put_str(" warm ");
    put_hex(warm.warm_boots);
    put_str("\r\n");
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();
    for (;;) {
        cli();
        char c = command;
        command = 0;
        sei();
        uint8_t now = (uint8_t)(~PINC & BUTTONS);
        if (now & ~held & BTN_RIGHT) c = 'b';
        held = now;
        switch (c) {
        case 'w':
            eeprom_write_block(pattern_p, EE_BLOCK, BLOCK_LEN);
            done(c);
            break;
        case 'u':
            eeprom_update_block(pattern_q, EE_BLOCK, BLOCK_LEN);
            done(c);
            break;
        case 'p':
            eeprom_update_block(pattern_p, EE_BLOCK, BLOCK_LEN);
            done(c);
            break;
        case 'b':
            eeprom_write_byte(EE_LAST, (uint8_t)(eeprom_read_byte(EE_LAST) + 1));
            done(c);
            break;
        case 'i': {
            eeprom_write_byte(EE_LAST, (uint8_t)(eeprom_read_byte(EE_LAST) + 1));
            const uint8_t t0 = ms;
            ready_count = 0;
            EECR |= _BV(EERIE);
            while (!ready_count) sleep_mode();
            for (uint8_t t = ms; (uint8_t)(ms - t) < 5;) sleep_mode(); /* a second entry would come now */
            put_str("@ready ");
            put_hex((uint8_t)(ready_at - t0));
            put(' ');
            put_hex(ready_count);
            put_str("\r\n");
            break;
        }
        case 'd':
            dump();
            break;
        case 'R':
            __asm__ __volatile__("jmp 0");
            break;
        case 'W':
            wdt_enable(WDTO_15MS);
            for (;;) {
            }
        default:
            break;
        }
        sleep_mode();
    }
}
