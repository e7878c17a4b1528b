/* The self-test (selftest.h): one "@test" line per finding on the serial line, each part named
 * as the board's README Pins table names it (buttons by their A-pin, LEDs by board_test_leds,
 * the chain by board_test_chain_pins: the pin table's). It lights the LEDs through the display,
 * so play_resume brings the game's picture back; it touches no setting, score or game state.
 * Timed by the tick's clock and the main loop's alarm: nothing waits. */
#include <avr/pgmspace.h>

#include "board.h"
#include "board_test.h"
#include "display.h"
#include "selftest.h"
#include "tick.h"
#include "uart.h"

#ifndef BOARD_TEST_ECHO_STEP
#define BOARD_TEST_ECHO_STEP 0 /* button b's echo: picture b + this of board_test_show */
#endif

enum { SELFTEST_SHOW = 1, SELFTEST_ECHO };

static struct {
    uint8_t phase, step, problems, held;
    uint16_t at;      /* SHOW: the picture's start */
    uint16_t b_since; /* ECHO: B last seen up */
} st;

/* Button names in BUTTON_* bit order, SELFTEST_NAME_SIZE bytes each; button b is on pin A<b>
 * (board.h). */
#define SELFTEST_NAME_SIZE 6
static const char selftest_buttons[6][SELFTEST_NAME_SIZE] PROGMEM = {"UP", "DOWN", "LEFT", "RIGHT", "A", "B"};

#define SELFTEST_NAME 0x80   /* selftest_say's part: button (part & 7) by its name alone */
#define SELFTEST_COUNT 0xFE  /* selftest_say's part: the problems found */
#define SELFTEST_NOTHING 0xFF

/* A part as the Pins table names it: part < 6 button `part` ("A4 button A"), else LED part - 6
 * in reading order ("D7 row 1, LED 2"); SELFTEST_NAME | b: "A". */
__attribute__((noinline)) static void selftest_part(uint8_t part)
{
    if (part == SELFTEST_COUNT) {
        uart_put_u32(st.problems);
    } else if (part < 6 || (part & SELFTEST_NAME)) {
        if (!(part & SELFTEST_NAME)) {
            uart_putc('A');
            uart_putc((char)('0' + part));
            uart_puts_P(PSTR(" button "));
        }
        uart_puts_P(selftest_buttons[part & 7]);
    }
#if BOARD_TEST_SENSES_LEDS
    else {
        const uint8_t *p = &board_test_leds[2 * (part - 6)];
        const uint8_t where = pgm_read_byte(p + 1);
        uart_putc('D');
        uart_put_u32(pgm_read_byte(p));
        uart_puts_P(PSTR(" row "));
        uart_putc((char)('0' + (where >> 4))); /* rows and places below 10 (board_test.h) */
        uart_puts_P(PSTR(", LED "));
        uart_putc((char)('0' + (where & 15)));
    }
#endif
}

/* "@test <what><part>" without its line's end. */
static void selftest_begin(const char *what, uint8_t part)
{
    uart_puts_P(PSTR("@test "));
    uart_puts_P(what);
    if (part != SELFTEST_NOTHING) selftest_part(part);
}

/* "@test <what><part>" as a line. */
__attribute__((noinline)) static void selftest_say(const char *what, uint8_t part)
{
    selftest_begin(what, part);
    uart_end_line();
}

/* The same, counted as a problem. */
static void selftest_problem(const char *what, uint8_t part)
{
    st.problems++;
    selftest_say(what, part);
}

/* Picture `step` of board_test_show, through the display (shown from the main loop). */
static uint8_t selftest_show(uint8_t step)
{
    uint8_t lit[BOARD_ROWS] = {0};
    const uint8_t more = board_test_show(step, lit);
    display_fill_rows(0, DISPLAY_OFF);
    for (uint8_t r = 0; r < BOARD_ROWS; r++) display_mask(r, lit[r], DISPLAY_ON);
    display_end();
    return more;
}

void selftest_start(uint16_t now_ms)
{
    st.problems = 0;
    st.phase = SELFTEST_SHOW;
    selftest_say(PSTR("start " BOARD_NAME), SELFTEST_NOTHING);
#if BOARD_TEST_SENSES_LEDS
    /* an LED and its resistor hold a pulled-up pin low; open (missing, reversed), it rises;
     * an LED pin driven high shows on the pins shorted to it */
    const uint16_t open = board_test_read(0);
    uint16_t bit = 1;
    for (uint8_t n = BOARD_TEST_PART_LED0; n < BOARD_TEST_PART_LED0 + BOARD_TEST_LEDS; n++, bit <<= 1) {
        if (open & bit) {
            selftest_problem(PSTR("open "), n);
            continue;
        }
        uint16_t high = board_test_read(bit) & ~open, m_bit = bit;
        for (uint8_t m = (uint8_t)(n + 1); (m_bit <<= 1); m++) {
            if (!(high & m_bit)) continue;
            st.problems++; /* one problem, two parts */
            selftest_begin(PSTR("short "), n);
            uart_puts_P(PSTR(" / "));
            selftest_part(m);
            uart_end_line();
        }
    }
#endif
#if BOARD_TEST_HAS_CHAIN
    const uint8_t chain = board_test_chain();
    if (chain == BOARD_TEST_BROKEN) {
        st.problems++;
        selftest_begin(PSTR("chain broken: "), SELFTEST_NOTHING);
        uart_puts_P(board_test_chain_pins);
        uart_end_line();
    } else {
        selftest_say(chain == BOARD_TEST_OK ? PSTR("chain ok") : PSTR("chain not checked"), SELFTEST_NOTHING);
    }
#endif
    st.step = 0;
    st.at = now_ms;
    selftest_show(0);
    tick_alarm_at((uint16_t)(now_ms + SELFTEST_STEP_MS));
}

void selftest_end(void)
{
    board_test_end();
    selftest_say(PSTR("done "), SELFTEST_COUNT);
}

bool selftest_update(uint8_t held, uint16_t now_ms)
{
    uint8_t report = (uint8_t)(held & ~st.held), stuck = 0; /* ECHO: the presses */
    if (st.phase == SELFTEST_SHOW) {
        if ((uint16_t)(now_ms - st.at) < SELFTEST_STEP_MS) goto wait;
        st.at = now_ms;
        if (selftest_show(++st.step)) goto wait;
        /* the last picture seen: the buttons held all along are stuck (the board's own lights
         * stay off through the echo's pictures; board_test_end gives them back at the end) */
        report = held;
        stuck = 1;
        st.phase = SELFTEST_ECHO;
        st.b_since = now_ms;
    }
    st.held = held;
    for (uint8_t b = 0, bit = 1; b < 6; b++, bit <<= 1) {
        if (!(report & bit)) continue;
        if (stuck) {
            selftest_problem(PSTR("held "), b);
            continue;
        }
        selftest_say(PSTR("button "), (uint8_t)(SELFTEST_NAME | b));
        selftest_show((uint8_t)(b + BOARD_TEST_ECHO_STEP));
    }
    if (!(held & BUTTON_B)) st.b_since = now_ms;
    if ((uint16_t)(now_ms - st.b_since) >= SELFTEST_LEAVE_MS) {
        selftest_end();
        return false;
    }
    if (held & BUTTON_B) tick_alarm_at((uint16_t)(st.b_since + SELFTEST_LEAVE_MS));
    return true;
wait:
    tick_alarm_at((uint16_t)(st.at + SELFTEST_STEP_MS));
    return true;
}
