/* board_fw.c: a tiny `direct` board firmware for test_board.c: mirrors raw buttons onto LEDs
 * 0..5 from a pin-change interrupt (bounce shows as LED edges) and prints "@btn <hex mask>" on
 * each raw change; a 1 kHz tick blinks LEDs 8..11 and rewrites PORTC (the pull-up quirk).
 * UART commands: 'a'..'l' light only LED 0..11, 'm' mirror mode, 'R' jump to 0, 'C' crash. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr_mcu_section.h> /* pkg-config --cflags simavr-avr */
#include <stdint.h>

AVR_MCU(F_CPU, "atmega328p");

#define BUTTONS 0x3F /* PC0..PC5 */
#define TX_SIZE 128  /* power of two */

static volatile uint16_t now_ms;
static volatile uint8_t mode_single = 0xFF; /* LED shown alone, 0xFF: mirror mode */
static volatile uint8_t raw_seen;
static volatile uint16_t lit; /* bit k: LED k (row-major: D2..D13) */
static volatile char command;

static volatile uint8_t tx_buf[TX_SIZE], tx_head, tx_tail;

/* LEDs 0..11 are the consecutive Uno pins D2..D13: PD2..PD7, then PB0..PB5. */
static void show(void) {
    uint16_t v = lit;
    PORTD = (uint8_t)((PORTD & 0x03) | (uint8_t)(v << 2));
    PORTB = (uint8_t)((PORTB & 0xC0) | (uint8_t)((v >> 6) & 0x3F));
}

static void uart_init(void) {
    UCSR0A = _BV(U2X0);
    UBRR0 = 16; /* 115200 baud at 16 MHz */
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(TXEN0) | _BV(RXEN0) | _BV(RXCIE0);
}

/* Queue a string for the UDRE interrupt; drops what does not fit. Call with interrupts off. */
static void tx_puts_locked(const char *s) {
    while (*s) {
        uint8_t next = (uint8_t)((tx_head + 1) & (TX_SIZE - 1));
        if (next == tx_tail) return;
        tx_buf[tx_head] = (uint8_t)*s++;
        tx_head = next;
    }
    UCSR0B |= _BV(UDRIE0);
}

static void tx_puts(const char *s) {
    cli();
    tx_puts_locked(s);
    sei();
}

ISR(USART_UDRE_vect) {
    if (tx_head == tx_tail) {
        UCSR0B &= (uint8_t)~_BV(UDRIE0);
        return;
    }
    UDR0 = tx_buf[tx_tail];
    tx_tail = (uint8_t)((tx_tail + 1) & (TX_SIZE - 1));
}

ISR(USART_RX_vect) {
    command = (char)UDR0;
}

static char hex(uint8_t v) {
    return (char)(v < 10 ? '0' + v : 'a' + v - 10);
}

ISR(PCINT1_vect) {
    uint8_t raw = (uint8_t)(~PINC & BUTTONS);
    if (mode_single == 0xFF) {
        lit = (uint16_t)((lit & ~0x3Fu) | raw);
        show();
    }
    if (raw != raw_seen) {
        char line[] = "@btn xx\r\n";
        line[5] = hex(raw >> 4);
        line[6] = hex(raw & 15);
        tx_puts_locked(line);
        raw_seen = raw;
    }
}

/* 1 kHz: the pattern LEDs of mirror mode. PORTC is rewritten on purpose: simavr re-asserts
 * the pull-ups on such writes, which a held button must survive. */
ISR(TIMER0_COMPA_vect) {
    uint16_t t = ++now_ms;
    PORTC |= BUTTONS;
    if (mode_single != 0xFF) return;
    uint16_t v = (uint16_t)(lit & 0x3F);
    uint16_t s = t % 1000;
    if (t % 250 < 125) v |= 1u << 8;  /* 4 Hz blink */
    if (s >= 150) v |= 1u << 9;       /* on, 150 ms dark blip per second */
    if (t % 100 < 50) v |= 1u << 10;  /* 10 Hz flash */
    if (t % 500 < 250) v |= 1u << 11; /* 2 Hz blink */
    lit = v;
    show();
}

static void put_mode(void) {
    if (mode_single == 0xFF) {
        tx_puts("@mode mirror\r\n");
    } else {
        char line[] = "@mode led xx\r\n";
        line[10] = (char)('0' + mode_single / 10);
        line[11] = (char)('0' + mode_single % 10);
        tx_puts(line);
    }
}

int main(void) {
    /* INT0/INT1 on the D2/D3 LEDs: edge mode keeps simavr from polling them (notes). */
    EICRA = _BV(ISC11) | _BV(ISC10) | _BV(ISC01) | _BV(ISC00);
    DDRC &= (uint8_t)~BUTTONS;
    PORTC |= BUTTONS;
    DDRD |= 0xFC;
    DDRB |= 0x3F;
    show();
    uart_init();
    TCCR0A = _BV(WGM01);
    OCR0A = 249; /* 16 MHz / 64 / 250 = 1 kHz */
    TCCR0B = _BV(CS01) | _BV(CS00);
    TIMSK0 = _BV(OCIE0A);
    PCMSK1 = BUTTONS;
    PCICR = _BV(PCIE1);
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();
    tx_puts("@hello board_fw\r\n");
    for (;;) {
        cli();
        char c = command;
        command = 0;
        sei();
        if (c >= 'a' && c <= 'l') {
            cli();
            mode_single = (uint8_t)(c - 'a');
            lit = (uint16_t)(1u << mode_single);
            show();
            sei();
            put_mode();
        } else if (c == 'm') {
            cli();
            mode_single = 0xFF;
            lit = (uint16_t)(~PINC & BUTTONS);
            show();
            sei();
            put_mode();
        } else if (c == 'R') {
            __asm__ __volatile__("jmp 0");
        } else if (c == 'C') {
            *(volatile uint8_t *)(RAMEND + 0x100) = 1;
        }
        sleep_mode();
    }
}
