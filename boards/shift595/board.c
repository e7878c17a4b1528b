/* The shift595 board: 32 LEDs on four chained 74HC595 fed by the hardware SPI. The chips
 * hold their outputs, so the main loop sends the 4 bytes and latches them only when the
 * picture or the status lights changed; Timer1's PWM on OE (active low) sets the brightness.
 * Chip r's Q0..Q6 are row r's LEDs 0..6, its Q7 status light r (the pin table,
 * boards/shift595/wiring.yaml, which the static assertions below hold this file to); a byte's
 * bit 7 is sent first and lands on Q7; the first byte sent ends in chip 3. */
#include <avr/io.h>
#include <avr/pgmspace.h>

#include "board.h"
#include "board_test.h"
#include "board_wiring.h"
#include "wiring_shift595.h"

#define BOARD_BUTTON_MASK 0x3F /* PC0..PC5 */
#define BOARD_OE _BV(PB1)      /* D9, OC1A: low = outputs on */
#define BOARD_RCLK _BV(PB2)    /* D10 (SS, so an output: the SPI stays master): latch */
#define BOARD_MOSI _BV(PB3)    /* D11: SER of chip 0 */
#define BOARD_SCK _BV(PB5)     /* D13: SRCLK of every chip */
#define BOARD_STATUS_BIT 7     /* Q7 of chip r: status light r (BOARD_LIGHT_* bit r) */

/* The pin table (boards/shift595/wiring.yaml) is what this file drives and reads; checked when
 * compiling, no code: the chain's SER, SRCLK, RCLK and OE pins, row r's LED i on chip r's Qi
 * (board_out[r] bit i), status light r on chip r's BOARD_STATUS_BIT, each button on its BUTTON_*
 * bit of port C. */
_Static_assert(BOARD_PIN_IS_B(WIRING_SHIFT595_HC595_SER, BOARD_MOSI) &&
                   BOARD_PIN_IS_B(WIRING_SHIFT595_HC595_SRCLK, BOARD_SCK) &&
                   BOARD_PIN_IS_B(WIRING_SHIFT595_HC595_RCLK, BOARD_RCLK) &&
                   BOARD_PIN_IS_B(WIRING_SHIFT595_HC595_OE, BOARD_OE),
               "SER, SRCLK, RCLK or OE is not the pin table's");
_Static_assert(WIRING_SHIFT595_HC595_CHIPS == BOARD_ROWS && WIRING_SHIFT595_ROWS == BOARD_ROWS,
               "board_send's chips or board_config.h's rows are not the pin table's");
#define BOARD_CHECK_LED(row, i, chip, q, words)                                                    \
    _Static_assert((chip) == (row) && (q) == (i) && (i) < BOARD_STATUS_BIT,                        \
                   "the pin table puts " words " on another chip output than board_show");
#define BOARD_CHECK_STATUS(light, chip, q, name, words)                                                  \
    _Static_assert((chip) == (light) && (q) == BOARD_STATUS_BIT,                                   \
                   "the pin table puts " words " on another chip output than board_show");
WIRING_SHIFT595_HC595_LEDS(BOARD_CHECK_LED)
WIRING_SHIFT595_HC595_STATUS(BOARD_CHECK_STATUS)
WIRING_SHIFT595_BUTTONS(BOARD_CHECK_BUTTON)

/* OCR1A per brightness level in inverting fast PWM: OE low (OCR1A + 1) / 256 of the time,
 * 12.5 %, 25 %, 50 %; the top level turns the PWM off and holds OE low. */
static const uint8_t board_oe_ocr[3] = {31, 63, 127};

static uint8_t board_out[BOARD_ROWS]; /* the bytes latched in chips 0..3 */
static uint8_t board_level;           /* the brightness in use */
static volatile uint8_t board_lights; /* BOARD_LIGHT_* bits, set by board_status() */

uint8_t board_row_length(uint8_t r)
{
    (void)r;
    return 7;
}

/* Shift board_out into the chain, last chip first, and latch it: RCLK low-high-low. */
static void board_send(void)
{
    for (uint8_t c = BOARD_ROWS; c-- > 0;) {
        SPDR = board_out[c]; /* writing SPDR after SPSR read SPIF set clears SPIF */
        while (!(SPSR & _BV(SPIF))) {
        }
    }
    PORTB |= BOARD_RCLK; /* high for 2 cycles, 125 ns: a few times what the 74HC595 needs */
    PORTB &= (uint8_t)~BOARD_RCLK;
}

void board_init(void)
{
    DDRC &= (uint8_t)~BOARD_BUTTON_MASK;
    PORTC |= BOARD_BUTTON_MASK; /* pull-ups */
    PORTD |= 0xFC; /* unused D2..D7: pulled up rather than floating */
    PORTB = BOARD_OE | _BV(PB0) | _BV(PB4); /* OE high (dark); D8, MISO pulled up */
    DDRB = BOARD_OE | BOARD_RCLK | BOARD_MOSI | BOARD_SCK;
    /* INT0/INT1 on D2/D3 in edge mode: no low-level polling in simavr (no effect while EIMSK
     * is 0) */
    EICRA = _BV(ISC11) | _BV(ISC10) | _BV(ISC01) | _BV(ISC00);
    SPCR = _BV(SPE) | _BV(MSTR); /* mode 0, MSB first, 4 MHz */
    board_send(); /* the registers power up undefined: clear them while OE keeps them dark */
}

uint8_t board_buttons_raw(void)
{
    return (uint8_t)(~PINC & BOARD_BUTTON_MASK);
}

void board_show(const uint8_t lit[BOARD_ROWS])
{
    const uint8_t lights = board_lights;
    uint8_t changed = 0;
    for (uint8_t c = 0; c < BOARD_ROWS; c++) {
        const uint8_t b = (uint8_t)(lit[c] | ((lights >> c) & 1) << BOARD_STATUS_BIT);
        changed |= (uint8_t)(b ^ board_out[c]);
        board_out[c] = b;
    }
    if (changed) board_send(); /* 4 bytes, 128 cycles at 4 MHz */
}

void board_status(uint8_t lights)
{
    board_lights = lights; /* sent with the next frame */
}

/* The chips hold their outputs: nothing to refresh, no sound to step. */
uint8_t board_tick(void)
{
    return 0;
}

void board_standby(uint8_t on)
{
    if (on) { /* outputs cleared, OE high (off) and Timer1 stopped */
        for (uint8_t c = 0; c < BOARD_ROWS; c++) board_out[c] = 0;
        board_send();
        TCCR1A = 0;
        TCCR1B = 0;
        PORTB |= BOARD_OE;
    } else { /* the brightness again; board_show sends the picture (board_out differs) */
        board_brightness(board_level);
    }
}

void board_brightness(uint8_t level)
{
    board_level = level;
    if (level < sizeof board_oe_ocr) {
        OCR1A = board_oe_ocr[level];
        TCCR1A = _BV(COM1A1) | _BV(COM1A0) | _BV(WGM10); /* inverting fast PWM, 8 bit */
        TCCR1B = _BV(WGM12) | _BV(CS11) | _BV(CS10);     /* 16 MHz / 64 / 256 = 977 Hz */
    } else {
        TCCR1A = 0; /* OC1A off: D9 is PORTB1 again */
        TCCR1B = 0;
        PORTB &= (uint8_t)~BOARD_OE; /* one cbi: no race with the tick's RCLK pulse */
    }
}

/* No buzzer on this board. */
void board_sound(board_sound_t s)
{
    (void)s;
}

/* ---- the self-test (board_test.h) ---- */

/* The chain as the README's Pins table names it (SER and SRCLK held to the table above). */
const char board_test_chain_pins[] PROGMEM = "D11 SER, D13 SRCLK, QH' to SER, D12 QH'";

static uint8_t board_test_lights; /* the game's status lights, given back by board_test_end */

/* The SPI samples the last chip's QH' before each rising SRCLK: what went in 32 clocks earlier.
 * A pattern, then the picture itself (no RCLK pulse: the outputs never change) reading it back. */
uint8_t board_test_chain(void)
{
    uint8_t bad = 0, high = 0xFF;
    board_test_lights = board_lights;
    for (uint8_t c = 0; c < 2 * BOARD_ROWS; c++) {
        const uint8_t pattern = (uint8_t)(0x5A + 0x33 * (c & 3));
        SPDR = c < BOARD_ROWS ? pattern : board_out[2 * BOARD_ROWS - 1 - c];
        while (!(SPSR & _BV(SPIF))) {
        }
        const uint8_t got = SPDR;
        if (c < BOARD_ROWS) continue;
        high &= got;
        bad |= (uint8_t)(got ^ pattern);
    }
    if (high == 0xFF) return BOARD_TEST_UNCHECKED; /* D12 pulled up: no wire */
    return bad ? BOARD_TEST_BROKEN : BOARD_TEST_OK;
}

/* Each LED in reading order, then each status light. */
uint8_t board_test_show(uint8_t step, uint8_t lit[BOARD_ROWS])
{
    const uint8_t leds = 7 * BOARD_ROWS;
    board_lights = step >= leds ? (uint8_t)(1 << (step - leds)) : 0;
    if (step >= leds + BOARD_ROWS) return 0;
    if (step < leds) lit[step / 7] = (uint8_t)(1 << step % 7);
    return 1;
}

void board_test_end(void)
{
    board_lights = board_test_lights;
}
