/* The direct board's pins as data: each LED is one Uno pin driven high to light it (PD2..PD7,
 * then PB0..PB5, in reading order), each button one pin of port C pulled up and shorted to
 * ground when pressed. The pin table is boards/direct/wiring.yaml; the static assertions below
 * hold this file to it. */
#include <avr/io.h>
#include <avr/pgmspace.h>

#include "board.h"
#include "board_test.h"
#include "board_wiring.h"
#include "wiring_direct.h"

static const uint8_t board_lengths[BOARD_ROWS] = BOARD_ROW_LENGTHS;

uint8_t board_row_length(uint8_t r)
{
    return board_lengths[r];
}

#define BOARD_BUTTON_MASK 0x3F /* PC0..PC5 */
#define BOARD_PORTD_LEDS 0xFC  /* PD2..PD7: LEDs 0..5 in reading order */
#define BOARD_PORTB_LEDS 0x3F  /* PB0..PB5: LEDs 6..11 */
#define BOARD_PORTD_FIRST 2    /* LED n (reading order) on PD(n + 2) ... */
#define BOARD_PORTB_FROM 6     /* ... and from LED 6 on PB(n - 6) */
#define BOARD_ROW_AT(r) ((r) == 0 ? 0 : (r) == 1 ? 3 : 7) /* row r's LED 0 in reading order */

/* The pin table (boards/direct/wiring.yaml) is what the code below drives and reads; checked
 * when compiling, no code: each LED on the pin its place in reading order gives it, the masks
 * exactly the table's LED pins, each button on its BUTTON_* bit of port C. */
#define BOARD_LED_AT(port, bit, n)                                                                 \
    ((port) == 'D' ? (bit) == (n) + BOARD_PORTD_FIRST && (BOARD_PORTD_LEDS >> (bit) & 1)           \
                   : (port) == 'B' && (bit) == (n) - BOARD_PORTB_FROM && (BOARD_PORTB_LEDS >> (bit) & 1))
#define BOARD_CHECK_LED(row, i, port, bit, pin, words)                                             \
    _Static_assert(BOARD_LED_AT(port, bit, BOARD_ROW_AT(row) + (i)),                               \
                   "the pin table puts " words " on " pin ": not where board_show drives it");
#define BOARD_LED_D(row, i, port, bit, pin, words) | ((port) == 'D' ? 1 << (bit) : 0)
#define BOARD_LED_B(row, i, port, bit, pin, words) | ((port) == 'B' ? 1 << (bit) : 0)
WIRING_DIRECT_LEDS(BOARD_CHECK_LED)
WIRING_DIRECT_BUTTONS(BOARD_CHECK_BUTTON)
_Static_assert((0 WIRING_DIRECT_LEDS(BOARD_LED_D)) == BOARD_PORTD_LEDS &&
                   (0 WIRING_DIRECT_LEDS(BOARD_LED_B)) == BOARD_PORTB_LEDS,
               "the LED masks are not the pin table's LED pins");
_Static_assert(WIRING_DIRECT_ROWS == BOARD_ROWS, "board_config.h's rows are not the pin table's");

void board_init(void)
{
    DDRC &= (uint8_t)~BOARD_BUTTON_MASK;
    PORTC |= BOARD_BUTTON_MASK; /* pull-ups */
    PORTD &= (uint8_t)~BOARD_PORTD_LEDS;
    PORTB &= (uint8_t)~BOARD_PORTB_LEDS;
    DDRD |= BOARD_PORTD_LEDS;
    DDRB |= BOARD_PORTB_LEDS;
    /* INT0/INT1 share D2/D3 with LEDs: edge mode, so a dark LED never reads as a low-level
     * interrupt request (changes nothing on the chip while EIMSK is 0; keeps simavr fast) */
    EICRA = _BV(ISC11) | _BV(ISC10) | _BV(ISC01) | _BV(ISC00);
}

uint8_t board_buttons_raw(void)
{
    return (uint8_t)(~PINC & BOARD_BUTTON_MASK);
}

void board_show(const uint8_t lit[BOARD_ROWS])
{
    /* the 12 LEDs in reading order are consecutive pins: PD2..PD7 then PB0..PB5 */
    const uint16_t all =
        (uint16_t)(lit[0] | lit[1] << BOARD_ROW_AT(1) | (uint16_t)lit[2] << BOARD_ROW_AT(2));
    PORTD = (uint8_t)((PORTD & ~BOARD_PORTD_LEDS) | ((all << BOARD_PORTD_FIRST) & BOARD_PORTD_LEDS));
    PORTB = (uint8_t)((PORTB & ~BOARD_PORTB_LEDS) | ((all >> BOARD_PORTB_FROM) & BOARD_PORTB_LEDS));
}

/* The pins hold what board_show wrote: nothing to refresh, no sound to step. */
uint8_t board_tick(void)
{
    return 0;
}

void board_standby(uint8_t on)
{
    if (on) { /* every LED pin low; board_show lights them again */
        PORTD &= (uint8_t)~BOARD_PORTD_LEDS;
        PORTB &= (uint8_t)~BOARD_PORTB_LEDS;
    }
}

/* The direct board has no status lights, no buzzer and no way to dim. */
void board_status(uint8_t lights)
{
    (void)lights;
}

void board_brightness(uint8_t level)
{
    (void)level;
}

void board_sound(board_sound_t s)
{
    (void)s;
}

/* ---- the self-test (board_test.h) ---- */

/* Each LED's Uno pin (Dn) and place, in reading order, from the pin table: 24 bytes. */
#define BOARD_TEST_LED(row, i, port, bit, pin, words) (port) == 'D' ? (bit) : 8 + (bit), (row) << 4 | (i),
const uint8_t board_test_leds[] PROGMEM = {WIRING_DIRECT_LEDS(BOARD_TEST_LED)};
_Static_assert(sizeof board_test_leds == 2 * BOARD_TEST_LEDS, "BOARD_TEST_LEDS is not the table's");

uint16_t board_test_read(uint16_t drive)
{
    DDRD = (uint8_t)((DDRD & ~BOARD_PORTD_LEDS) | ((drive << BOARD_PORTD_FIRST) & BOARD_PORTD_LEDS));
    DDRB = (uint8_t)((DDRB & ~BOARD_PORTB_LEDS) | ((drive >> BOARD_PORTB_FROM) & BOARD_PORTB_LEDS));
    PORTD |= BOARD_PORTD_LEDS; /* pull-ups on the inputs, the driven pins high */
    PORTB |= BOARD_PORTB_LEDS;
    __builtin_avr_delay_cycles(F_CPU / 50000); /* 20 us: 20-50 kOhm into some 10 pF, many RC times */
    const uint16_t high = (uint16_t)((PIND & BOARD_PORTD_LEDS) >> BOARD_PORTD_FIRST |
                                     (uint16_t)(PINB & BOARD_PORTB_LEDS) << BOARD_PORTB_FROM);
    PORTD &= (uint8_t)~BOARD_PORTD_LEDS; /* dark outputs again */
    PORTB &= (uint8_t)~BOARD_PORTB_LEDS;
    DDRD |= BOARD_PORTD_LEDS;
    DDRB |= BOARD_PORTB_LEDS;
    return high;
}

/* Each LED alone, in reading order. */
uint8_t board_test_show(uint8_t step, uint8_t lit[BOARD_ROWS])
{
    if (step >= BOARD_TEST_LEDS) return 0;
    const uint16_t all = (uint16_t)1 << step;
    lit[0] = (uint8_t)(all & 7);
    lit[1] = (uint8_t)(all >> BOARD_ROW_AT(1) & 15);
    lit[2] = (uint8_t)(all >> BOARD_ROW_AT(2));
    return 1;
}

/* Nothing of the board's own was changed. */
void board_test_end(void)
{
}
