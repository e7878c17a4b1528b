/* The matrix8 board: a MAX7219 8x8 matrix on hardware SPI (LOAD on D10) and a passive buzzer
 * on D9 (Timer1 toggling OC1A). The main loop sends only the rows that changed, and four
 * times a second (the tick asks for it) every register again, so a glitch on the lines never
 * leaves the display dark or in test mode; the tick steps the sounds. */
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <util/atomic.h>

#include "board.h"
#include "board_test.h"
#include "board_wiring.h"
#include "wiring_matrix8.h"

#define BOARD_BUTTON_MASK 0x3F   /* PC0..PC5 */
#define BOARD_BUZZER _BV(PB1)    /* D9, OC1A */
#define BOARD_LOAD _BV(PB2)      /* D10, also SS: an output keeps the SPI master */
#define BOARD_SPI_OUT (_BV(PB3) | _BV(PB5)) /* MOSI (D11), SCK (D13) */
#define BOARD_ROW_DIGIT(r) ((r) + 1) /* row r (0 = top) is digit register r + 1 */
#define BOARD_LED_BIT(i) (7 - (i))   /* LED i (0 = leftmost) is data bit 7 - i: board_reverse */

/* The pin table (boards/matrix8/wiring.yaml) is what this file drives and reads; checked when
 * compiling, no code: the module's LOAD, DIN and CLK, the buzzer, the matrix's rows and columns,
 * each button on its BUTTON_* bit of port C. */
_Static_assert(BOARD_PIN_IS_B(WIRING_MATRIX8_MAX7219_LOAD, BOARD_LOAD), "LOAD is not the pin table's");
_Static_assert(BOARD_PIN_IS_B(WIRING_MATRIX8_MAX7219_DIN, _BV(PB3)) &&
                   BOARD_PIN_IS_B(WIRING_MATRIX8_MAX7219_CLK, _BV(PB5)) &&
                   BOARD_SPI_OUT == (_BV(PB3) | _BV(PB5)),
               "DIN and CLK are not the pin table's");
_Static_assert(BOARD_PIN_IS_B(WIRING_MATRIX8_BUZZER, BOARD_BUZZER), "the buzzer is not the pin table's");
#define BOARD_CHECK_DIGIT(r, d) _Static_assert(BOARD_ROW_DIGIT(r) == (d), "a row's digit is not the pin table's");
#define BOARD_CHECK_COLUMN(i, b) _Static_assert(BOARD_LED_BIT(i) == (b), "a column's bit is not the pin table's");
WIRING_MATRIX8_MAX7219_DIGITS(BOARD_CHECK_DIGIT)
WIRING_MATRIX8_MAX7219_COLUMNS(BOARD_CHECK_COLUMN)
WIRING_MATRIX8_BUTTONS(BOARD_CHECK_BUTTON)
_Static_assert(WIRING_MATRIX8_ROWS == BOARD_ROWS, "board_config.h's rows are not the pin table's");

/* The MAX7219's registers in the order a refresh sends them, every 256 ms: frame i goes to
 * address i + 1: the rows (digit register k lights row k - 1, data bit 7 the leftmost column),
 * then decode off, intensity, all 8 digits scanned, shutdown off, and last display test off
 * (address 0x0F, not 13). */
enum { BOARD_F_INTENSITY = BOARD_ROWS + 1, BOARD_FRAMES = BOARD_ROWS + 5 };
static uint8_t board_control[5] = {0, 8, 7, 1, 0}; /* data of frames 8..12; [1]: intensity 0..15 */
static volatile uint8_t board_refresh = 1; /* every register goes out with the next frame */
static uint8_t board_sent[BOARD_ROWS]; /* the rows as last sent (bit i: LED i) */
static uint8_t board_refresh_ms;       /* the tick asks for a refresh when it wraps */

/* Menu brightness 0..3 to MAX7219 intensity (duty (2i + 1) / 32). */
static const uint8_t board_intensity[4] PROGMEM = {1, 4, 8, 15};

/* ---- sounds: notes as data, one step per millisecond ---- */

/* Timer1 in CTC mode at clk/8 toggles OC1A every top + 1 counts: a square wave of hz. */
#define BOARD_NOTE(hz) ((uint16_t)(F_CPU / 16 / (hz) - 1))

typedef struct {
    uint16_t top; /* OCR1A for the pitch; 0: silence */
    uint8_t ms;   /* how long; 0 ends the tune */
} board_note_t;

/* Each sound's notes, 3 bytes a note, 45 bytes in all. */
static const board_note_t board_notes[] PROGMEM = {
    /* click: a short tick, 2.7 kHz */
    {BOARD_NOTE(2700), 6}, {0, 0},
    /* win: C6 E6 G6 C7, rising */
    {BOARD_NOTE(1047), 90}, {BOARD_NOTE(1319), 90}, {BOARD_NOTE(1568), 90}, {0, 20},
    {BOARD_NOTE(2093), 220}, {0, 0},
    /* lose: G5 E5 C5 G4, falling and slower */
    {BOARD_NOTE(784), 160}, {BOARD_NOTE(659), 160}, {BOARD_NOTE(523), 160}, {0, 30},
    {BOARD_NOTE(392), 250}, {BOARD_NOTE(392), 100}, {0, 0},
};
static const uint8_t board_tunes[] PROGMEM = {0, 2, 8}; /* board_sound_t to its first note */

#define BOARD_QUIET 0xFF
static volatile uint8_t board_cue;              /* board_sound's request: first note + 1 */
static uint8_t board_note = BOARD_QUIET;        /* the tick's: the next note, or BOARD_QUIET */
static uint8_t board_note_left;                 /* ms the sounding note has still to go */

static void board_buzzer_off(void)
{
    TCCR1A = 0;
    TCCR1B = 0;
    PORTB &= (uint8_t)~BOARD_BUZZER; /* no DC through the coil; also updates simavr's pin */
}

static void board_sound_step(void)
{
    uint8_t note = board_note;
    const uint8_t cue = board_cue;
    if (cue) { /* a new sound cuts off the one playing */
        board_cue = 0;
        note = (uint8_t)(cue - 1);
        board_note_left = 0;
    }
    if ((board_note_left && --board_note_left) || note == BOARD_QUIET) return;
    const board_note_t *n = &board_notes[note];
    const uint16_t top = pgm_read_word(&n->top);
    const uint8_t ms = pgm_read_byte(&n->ms);
    board_note_left = ms;
    board_note = ms ? (uint8_t)(note + 1) : BOARD_QUIET;
    board_buzzer_off();
    if (!top) return; /* a rest, or the end */
    OCR1A = top;
    TCNT1 = 0;
    TCCR1A = _BV(COM1A0);            /* toggle OC1A on compare match */
    TCCR1B = _BV(WGM12) | _BV(CS11); /* CTC on OCR1A, clk/8 */
}

/* ---- the MAX7219 ---- */

static uint8_t board_reverse(uint8_t b)
{
    uint8_t r = 0;
    for (uint8_t i = 0; i < 8; i++, b >>= 1) r = (uint8_t)(r << 1 | (b & 1));
    return r;
}

static void board_spi(uint8_t byte)
{
    SPDR = byte;
    while (!(SPSR & _BV(SPIF))) {} /* 8 bits at fosc/4 (4 MHz): 32 cycles */
}

/* Frame i, rows taken from lit; latched by LOAD's rising edge. */
static void board_frame(uint8_t i, const uint8_t lit[BOARD_ROWS])
{
    uint8_t addr = (uint8_t)BOARD_ROW_DIGIT(i), data; /* the control registers follow the rows' */
    if (i < BOARD_ROWS) data = board_reverse(board_sent[i] = lit[i]); /* LED 0 leftmost */
    else data = board_control[i - BOARD_ROWS];
    if (addr == BOARD_FRAMES) addr = 0x0F;
    PORTB &= (uint8_t)~BOARD_LOAD;
    board_spi(addr);
    board_spi(data);
    PORTB |= BOARD_LOAD;
}

void board_init(void)
{
    DDRC &= (uint8_t)~BOARD_BUTTON_MASK;
    PORTC |= BOARD_BUTTON_MASK; /* pull-ups */
    PORTD |= 0xFC;              /* unused D2..D7: pulled up rather than floating */
    PORTB = BOARD_LOAD | _BV(PB0) | _BV(PB4); /* LOAD idles high; D8, MISO pulled up */
    DDRB = BOARD_LOAD | BOARD_SPI_OUT | BOARD_BUZZER;
    SPCR = _BV(SPE) | _BV(MSTR); /* mode 0, MSB first, fosc/4 */
    /* INT0/INT1 on D2/D3 in edge mode: no low-level polling in simavr (no effect while EIMSK
     * is 0) */
    EICRA = _BV(ISC11) | _BV(ISC10) | _BV(ISC01) | _BV(ISC00);
}

uint8_t board_buttons_raw(void)
{
    return (uint8_t)(~PINC & BOARD_BUTTON_MASK);
}

void board_show(const uint8_t lit[BOARD_ROWS])
{
    uint8_t all;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    { /* read and cleared at once: a tick's request in between would be lost */
        all = board_refresh;
        board_refresh = 0;
    }
    for (uint8_t i = 0; i < BOARD_FRAMES; i++)
        if (all || (i < BOARD_ROWS && lit[i] != board_sent[i])) board_frame(i, lit);
}

uint8_t board_tick(void)
{
    board_sound_step();
    if (++board_refresh_ms) return 0;
    board_refresh = 1; /* every 256 ms */
    return 1;
}

void board_standby(uint8_t on)
{
    if (on) { /* quiet; every register out with shutdown on (display test stays off: it
               * would override shutdown); the rows stay as they were */
        board_cue = 0;
        board_note = BOARD_QUIET;
        board_buzzer_off();
    }
    board_control[BOARD_FRAMES - BOARD_ROWS - 2] = !on; /* the shutdown register: 1 = normal */
    board_refresh = 1;
    if (on) board_show(board_sent);
}

/* No status lights on this board: the matrix shows the game. */
void board_status(uint8_t lights)
{
    (void)lights;
}

void board_brightness(uint8_t level)
{
    board_control[BOARD_F_INTENSITY - BOARD_ROWS] = pgm_read_byte(&board_intensity[level & 3]);
    board_refresh = 1; /* the new intensity goes out with the next frame */
}

void board_sound(board_sound_t s)
{
    board_cue = (uint8_t)(pgm_read_byte(&board_tunes[s]) + 1); /* one byte: atomic */
}

/* ---- the self-test (board_test.h) ---- */

/* The chain as the README's Pins table names it (DIN, CLK and LOAD held to the table above). */
const char board_test_chain_pins[] PROGMEM = "D11 module DIN, D13 module CLK, D12 DOUT";

#define BOARD_TEST_PATTERN 0x5AC3 /* both levels, no run of 16 ones */

/* DOUT gives what entered DIN 16.5 clocks earlier, changing on CLK's falling edge; the SPI samples
 * on the rising one and so reads the bit sent 17 clocks before: a frame of the pattern, then a
 * no-op frame (what LOAD latches: harmless) that reads back the pattern but its last bit. */
uint8_t board_test_chain(void)
{
    uint16_t got = 0;
    PORTB &= (uint8_t)~BOARD_LOAD;
    board_spi(BOARD_TEST_PATTERN >> 8);
    board_spi(BOARD_TEST_PATTERN & 0xFF);
    for (uint8_t i = 0; i < 2; i++) {
        board_spi(0);
        got = (uint16_t)(got << 8 | SPDR);
    }
    PORTB |= BOARD_LOAD;
    if (got == 0xFFFF) return BOARD_TEST_UNCHECKED; /* D12 pulled up: no wire */
    return (got & 0x7FFF) == BOARD_TEST_PATTERN >> 1 ? BOARD_TEST_OK : BOARD_TEST_BROKEN;
}

/* The display test (all 64), then each row, then each column. */
uint8_t board_test_show(uint8_t step, uint8_t lit[BOARD_ROWS])
{
    board_control[BOARD_FRAMES - BOARD_ROWS - 1] = !step; /* display test, in every refresh */
    board_refresh = 1;
    if (step > 2 * BOARD_ROWS) return 0;
    for (uint8_t r = 0; r < BOARD_ROWS; r++)
        if (step > BOARD_ROWS) lit[r] = (uint8_t)(1 << (step - BOARD_ROWS - 1));
        else if (step == r + 1) lit[r] = 0xFF;
    return 1;
}

void board_test_end(void)
{
    board_test_show(1, board_sent); /* display test off; the rows are the display's again */
}
