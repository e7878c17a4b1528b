/* The self-test, through the real firmware on the simulated board with wiring faults chosen per
 * run (sim/wiring_faults.h): each run must report exactly the fault put in, each part named as
 * the board's pin table words it (build/gen/wiring/wiring_<board>.h, the README's Pins table), and
 * nothing on a board without faults; it shows each picture in turn, echoes presses, leaves on B
 * held 2 s and gives the game back as it was (picture, "show", EEPROM). Started by "selftest" on
 * the console and by LEFT and RIGHT held at power-up.
 * Usage: test_selftest FIRMWARE.elf BOARD */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_matrix8.h"
#include "board_shift595.h"
#include "scenario.h"
#include "tally.h"
#include "wiring_direct.h"
#include "wiring_faults.h"

#define ST_STEP_MS 400    /* firmware/game/selftest.h: SELFTEST_STEP_MS */
#define ST_LEAVE_MS 2000  /* SELFTEST_LEAVE_MS */
#define ST_MAX_LINES 64

static const char *st_elf, *st_board;

/* Pictures of the visual test per board: direct 12 LEDs, matrix8 display test + 8 rows + 8
 * columns, shift595 28 LEDs + 4 status lights. */
static unsigned st_steps(void)
{
    return !strcmp(st_board, "direct") ? 12 : !strcmp(st_board, "matrix8") ? 17 : 32;
}

/* Direct's LED n (reading order) as the pin table names it: "D7 row 1, LED 2". */
#define ST_LED_NAME(row, i, port, bit, pin, words) pin " " words,
static const char *const st_led_names[] = {WIRING_DIRECT_LEDS(ST_LED_NAME)};
#define ST_BUTTON_NAME(name, port, bit, pin, words) pin " " words,
static const char *const st_button_names[] = {WIRING_DIRECT_BUTTONS(ST_BUTTON_NAME)};

static scn_t *st_open(const char *faults, bool gesture)
{
    char err[256] = "";
    sim_wiring_t w;
    snprintf(tally_context, sizeof tally_context, "%s, faults '%s'%s", st_board, faults,
             gesture ? ", LEFT+RIGHT at power-up" : "");
    if (!tally_check(sim_wiring_parse(faults, &w, err, sizeof err), "bad faults: %s", err)) return NULL;
    scn_t *s = scn_open(st_elf, st_board, err, sizeof err);
    if (!tally_check(s != NULL, "cannot open %s: %s", st_elf, err)) return NULL;
    scn_set_bounce(s, NULL);
    if (!tally_check(sim_wiring_apply(s, &w, err, sizeof err), "cannot wire: %s", err)) {
        scn_close(s);
        return NULL;
    }
    if (gesture) {
        scn_press(s, SIM_BTN_LEFT);
        scn_press(s, SIM_BTN_RIGHT);
    }
    if (!tally_check(scn_wait_line(s, "@settings", 2000) != NULL, "no @settings line at boot")) {
        scn_close(s);
        return NULL;
    }
    return s;
}

/* The problem lines (not start, chain ok / not checked, button, done) from start to done, sorted
 * into one string with '|' between; the count from "@test done" into *done (-1: none). */
typedef struct {
    char problems[1024], other[512];
    int done;
    size_t start; /* index of the "@test start" line */
} st_report_t;

static int st_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void st_collect(scn_t *s, size_t from, st_report_t *r)
{
    const char *lines[ST_MAX_LINES];
    size_t n = 0;
    r->problems[0] = r->other[0] = '\0';
    r->done = -1;
    for (size_t i = from; i < scn_line_count(s); i++) {
        const char *l = scn_line(s, i);
        if (strncmp(l, "@test ", 6)) continue;
        l += 6;
        if (!strncmp(l, "done ", 5)) {
            r->done = atoi(l + 5);
            break;
        }
        if (!strncmp(l, "start ", 6) || !strncmp(l, "chain ok", 8) || !strncmp(l, "chain not", 9) ||
            !strncmp(l, "button ", 7)) {
            if (strlen(r->other) + strlen(l) + 2 < sizeof r->other) {
                strcat(r->other, r->other[0] ? "|" : "");
                strcat(r->other, l);
            }
        } else if (n < ST_MAX_LINES) {
            lines[n++] = l;
        }
    }
    qsort(lines, n, sizeof lines[0], st_cmp);
    for (size_t i = 0; i < n; i++)
        if (strlen(r->problems) + strlen(lines[i]) + 2 < sizeof r->problems) {
            strcat(r->problems, i ? "|" : "");
            strcat(r->problems, lines[i]);
        }
}

/* Wait for "@test start", through the show, then hold B to leave; the report into r. */
static bool st_run(scn_t *s, st_report_t *r, bool console)
{
    if (console) scn_send(s, "selftest\n");
    if (!tally_check(scn_wait_line(s, "@test start", 3000) != NULL, "no '@test start'")) return false;
    r->start = scn_cursor(s) - 1;
    scn_run_ms(s, (st_steps() + 1) * ST_STEP_MS);
    scn_hold(s, SIM_BTN_B, ST_LEAVE_MS + 200);
    tally_check(scn_wait_line(s, "@test done", 500) != NULL, "no '@test done' after B held %d ms",
                ST_LEAVE_MS + 200);
    st_collect(s, r->start, r);
    return true;
}

/* One run with faults: exactly `want` as problems (sorted, '|' between), done count n, and the
 * chain line `chain` ("" for none). */
static void st_expect(const char *faults, const char *want, int n, const char *chain)
{
    scn_t *s = st_open(faults, false);
    if (!s) return;
    st_report_t r;
    if (st_run(s, &r, true)) {
        tally_check(!strcmp(r.problems, want), "problems '%s', want '%s'", r.problems, want);
        tally_check(r.done == n, "@test done %d, want %d", r.done, n);
        char start[64];
        snprintf(start, sizeof start, "start %s%s%s|button B", st_board, *chain ? "|" : "", chain);
        tally_check(!strcmp(r.other, start), "other lines '%s', want '%s'", r.other, start);
    }
    tally_check(scn_ok(s), "firmware failed: %s", scn_failure(s));
    tally_stack(s);
    scn_close(s);
}

static const char *st_chain_clean(void)
{
    return strcmp(st_board, "direct") ? "chain not checked" : "";
}

/* Direct: every LED fault, named from the pin table. */
static void st_test_direct_leds(void)
{
    char faults[64], want[160];
    for (unsigned n = 0; n < 12; n += 5) { /* the first, a middle one on port D, one on port B */
        snprintf(faults, sizeof faults, "led-missing=%u", n);
        snprintf(want, sizeof want, "open %s", st_led_names[n]);
        st_expect(faults, want, 1, "");
        snprintf(faults, sizeof faults, "led-reversed=%u", 11 - n);
        snprintf(want, sizeof want, "open %s", st_led_names[11 - n]);
        st_expect(faults, want, 1, "");
    }
    static const unsigned pairs[][2] = {{0, 1}, {5, 6}, {2, 11}};
    for (unsigned k = 0; k < 3; k++) {
        snprintf(faults, sizeof faults, "short=%u:%u", pairs[k][1], pairs[k][0]);
        snprintf(want, sizeof want, "short %s / %s", st_led_names[pairs[k][0]], st_led_names[pairs[k][1]]);
        st_expect(faults, want, 1, "");
    }
    snprintf(want, sizeof want, "open %s|short %s / %s", st_led_names[3], st_led_names[7], st_led_names[9]);
    st_expect("led-missing=3,short=7:9", want, 2, "");
}

/* The chain boards: the read-back wire tells ok from broken; without it, "not checked". */
static void st_test_chain(void)
{
    const bool m8 = !strcmp(st_board, "matrix8");
    char want[160];
    snprintf(want, sizeof want, "chain broken: %s",
             m8 ? "D11 module DIN, D13 module CLK, D12 DOUT" : "D11 SER, D13 SRCLK, QH' to SER, D12 QH'");
    st_expect("wire", "", 0, "chain ok");
    if (m8) {
        st_expect("wire,swapped", want, 1, "");
        st_expect("wire,din-cut", want, 1, "");
        st_expect("swapped", "", 0, "chain not checked");
    } else {
        st_expect("wire,chain-cut=1", want, 1, "");
        st_expect("wire,chain-cut=3", want, 1, "");
        st_expect("chain-cut=2", "", 0, "chain not checked");
    }
}

/* What is lit now, as a string of the LEDs' states (and shift595's status lights). */
static void st_picture(scn_t *s, char *out, size_t len)
{
    scn_leds_now(s, out, len);
    hc595_t *h = sim_shift595_chain(sim_avr(scn_sim(s)));
    if (h) snprintf(out + strlen(out), len - strlen(out), " status %u", sim_shift595_lights(h));
}

/* What picture k of the show must light: one LED in reading order, the status light, or the
 * matrix's display test, a row, a column. */
static void st_want_picture(scn_t *s, unsigned k, char *out, size_t len)
{
    const bool m8 = !strcmp(st_board, "matrix8");
    size_t o = 0;
    unsigned n = 0;
    for (unsigned r = 0; r < scn_rows(s); r++) {
        if (r) out[o++] = '|';
        for (unsigned c = 0; c < scn_row_len(s, r); c++, n++) {
            bool lit = m8 ? (k == 0 || (k <= 8 && r == k - 1) || (k > 8 && c == k - 9)) : n == k;
            out[o++] = lit ? '#' : '.';
        }
    }
    out[o] = '\0';
    if (!strcmp(st_board, "shift595")) snprintf(out + o, len - o, " status %u", k >= 28 ? 1u << (k - 28) : 0u);
}

/* A clean board: no problem; each picture in turn; presses echoed (line and LED); B held leaves;
 * the game, its picture and the EEPROM are as before. */
static void st_test_clean(bool gesture)
{
    scn_t *s = st_open("", gesture);
    if (!s) return;
    char before[256], after[256], show_before[128] = "", show_after[128] = "";
    uint8_t ee_before[1024], ee_after[1024];
    if (!gesture) {
        tally_check(scn_wait_line(s, "@turn human", 8000) != NULL, "the device never gave the turn");
        scn_send(s, "show\n");
        const char *l = scn_wait_line(s, "nim ", 500);
        snprintf(show_before, sizeof show_before, "%s", l ? l : "");
        scn_run_ms(s, 1100);
        scn_leds_pattern(s, 1000, before, sizeof before);
        scn_eeprom_get(s, ee_before, sizeof ee_before);
        scn_send(s, "selftest\n");
    }
    if (!tally_check(scn_wait_line(s, "@test start", 3000) != NULL, "no '@test start'")) {
        scn_close(s);
        return;
    }
    if (gesture) { /* let go during the first picture */
        scn_release(s, SIM_BTN_LEFT);
        scn_release(s, SIM_BTN_RIGHT);
    }
    const size_t start = scn_cursor(s) - 1;
    const double t0 = (double)scn_line_cycle(s, start) * 1000.0 / sim_frequency(scn_sim(s));
    max7219_t *chip = matrix8_find(sim_avr(scn_sim(s))) ? matrix8_chip(matrix8_find(sim_avr(scn_sim(s)))) : NULL;
    for (unsigned k = 0; k < st_steps(); k++) {
        const double until = t0 + k * ST_STEP_MS + ST_STEP_MS / 2;
        if (until > scn_now_ms(s)) scn_run_ms(s, (uint32_t)(until - scn_now_ms(s)));
        char got[256], want[256];
        st_picture(s, got, sizeof got);
        st_want_picture(s, k, want, sizeof want);
        if (chip) { /* the display test lights all 64 through its own register */
            max7219_state_t ms;
            max7219_get_state(chip, &ms);
            tally_check(ms.display_test == (k == 0), "picture %u: display test %d", k, ms.display_test);
        }
        tally_check(!strcmp(got, want), "picture %u: lit %s, want %s", k, got, want);
    }
    scn_run_ms(s, ST_STEP_MS);
    static const sim_button_t echo[] = {SIM_BTN_UP, SIM_BTN_A, SIM_BTN_LEFT};
    for (unsigned k = 0; k < 3; k++) {
        scn_tap(s, echo[k]);
        char want[32], got[256], lit[256];
        snprintf(want, sizeof want, "@test button %s", sim_button_name(echo[k]));
        const char *l = scn_last_line(s, "@test button");
        tally_check(l && !strcmp(l, want), "echo: '%s', want '%s'", l ? l : "(none)", want);
        st_picture(s, got, sizeof got);
        st_want_picture(s, !strcmp(st_board, "matrix8") ? (unsigned)echo[k] + 1 : (unsigned)echo[k], lit,
                        sizeof lit);
        if (strstr(lit, " status ")) strcpy(strstr(lit, " status "), " status 0");
        tally_check(!strcmp(got, lit), "echo of %s: lit %s, want %s", sim_button_name(echo[k]), got, lit);
    }
    scn_hold(s, SIM_BTN_B, ST_LEAVE_MS + 200);
    st_report_t r;
    st_collect(s, start, &r);
    tally_check(r.done == 0 && !r.problems[0], "clean board: problems '%s', done %d", r.problems, r.done);
    char other[256];
    snprintf(other, sizeof other, "start %s%s%s|button UP|button A|button LEFT|button B", st_board,
             strcmp(st_board, "direct") ? "|" : "", st_chain_clean());
    tally_check(!strcmp(r.other, other), "lines '%s', want '%s'", r.other, other);
    if (!gesture) {
        scn_run_ms(s, 1100);
        scn_leds_pattern(s, 1000, after, sizeof after);
        tally_check(!strcmp(before, after), "picture after the test %s, before %s", after, before);
        scn_send(s, "show\n");
        const char *l = scn_wait_line(s, "nim ", 500);
        snprintf(show_after, sizeof show_after, "%s", l ? l : "");
        tally_check(!strcmp(show_before, show_after), "game after the test '%s', before '%s'", show_after,
                    show_before);
        scn_eeprom_get(s, ee_after, sizeof ee_after);
        tally_check(!memcmp(ee_before, ee_after, sizeof ee_before), "the EEPROM changed");
        tally_check(scn_last_line(s, "@menu") == NULL, "the menu opened");
    }
    tally_check(scn_ok(s), "firmware failed: %s", scn_failure(s));
    tally_stack(s);
    scn_close(s);
}

/* A console game started during the self-test (its first picture: on matrix8 the display test)
 * ends it: "@test done", the board's own lights back (the display test off), the new game shown. */
static void st_test_new(void)
{
    scn_t *s = st_open("", false);
    if (!s) return;
    snprintf(tally_context, sizeof tally_context, "%s, 'new' during the self-test", st_board);
    scn_send(s, "selftest\n");
    if (tally_check(scn_wait_line(s, "@test start", 3000) != NULL, "no '@test start'")) {
        scn_run_ms(s, 100);
        scn_send(s, "new nim 1 2 3\n");
        tally_check(scn_wait_line(s, "@test done 0", 1000) != NULL, "no '@test done 0' after new");
        tally_check(scn_wait_line(s, "ok", 1000) != NULL, "new not answered ok");
        scn_run_ms(s, 1100);
        char pattern[256];
        scn_leds_pattern(s, 1000, pattern, sizeof pattern);
        unsigned lit = 0;
        for (const char *p = pattern; *p; p++) lit += *p != '.' && *p != '|';
        tally_check(lit == 6, "the new game's 6 tokens not shown: %s", pattern);
        if (matrix8_find(sim_avr(scn_sim(s)))) {
            max7219_state_t ms;
            max7219_get_state(matrix8_chip(matrix8_find(sim_avr(scn_sim(s)))), &ms);
            tally_check(!ms.display_test, "the MAX7219's display test still on");
        }
        hc595_t *h = sim_shift595_chain(sim_avr(scn_sim(s)));
        if (h) tally_check(sim_shift595_lights(h) != 0, "no status light after the self-test");
    }
    tally_check(scn_ok(s), "firmware failed: %s", scn_failure(s));
    scn_close(s);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_selftest FIRMWARE.elf BOARD\n");
        return 2;
    }
    st_elf = argv[1];
    st_board = argv[2];
    st_test_clean(false);
    st_test_clean(true);
    st_test_new();
    st_expect("", "", 0, st_chain_clean());
    char want[64];
    snprintf(want, sizeof want, "held %s", st_button_names[1]);
    st_expect("stuck=DOWN", want, 1, st_chain_clean());
    if (!strcmp(st_board, "direct")) st_test_direct_leds();
    else st_test_chain();
    return tally_finish("self-test");
}
