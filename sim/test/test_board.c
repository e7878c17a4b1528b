/* test_board.c: checks the board model and the scenario API against board_fw.c on the `direct`
 * board: every LED's pin, every button's pin, bounce on the raw pin with a settled press,
 * LED classification (also on synthetic traces), UART lines, stack, and failure detection.
 * Usage: test_board dir/with/{board_fw,probe_exit0}.elf; ends with "N passed, M failed". */
#include "scenario.h"

#include <sim_avr.h>

#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

static const char *dir;

static scn_t *open_fw(const char *name) {
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/%s.elf", dir, name);
    scn_t *s = scn_open(path, "direct", err, sizeof err);
    if (!s) {
        printf("FAIL: %s\n", err);
        printf("%d passed, %d failed\n", passed, failed + 1);
        exit(1);
    }
    return s;
}

/* board_fw up and in mirror mode. */
static scn_t *boot(void) {
    scn_t *s = open_fw("board_fw");
    CHECK(scn_wait_line(s, "@hello", 50) != NULL);
    return s;
}

static const unsigned row_of[12] = {0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2};
static const unsigned col_of[12] = {0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 4};

/* Every LED k alone: the firmware drives pin D(k+2), the model must light exactly (row, col)
 * of the board's spec. */
static void test_led_map(void) {
    scn_t *s = boot();
    CHECK(scn_rows(s) == 3 && scn_row_len(s, 0) == 3 && scn_row_len(s, 1) == 4 &&
          scn_row_len(s, 2) == 5 && scn_row_len(s, 3) == 0);
    for (unsigned k = 0; k < 12; k++) {
        char cmd[2] = {(char)('a' + k), 0}, want_line[32], want[16], got[16];
        scn_send(s, cmd);
        const char *l = scn_wait_line(s, "@mode", 20);
        snprintf(want_line, sizeof want_line, "@mode led %02u", k);
        CHECKF(l && strcmp(l, want_line) == 0, "LED %u: line '%s'", k, l ? l : "(none)");
        scn_run_ms(s, 2);
        strcpy(want, "...|....|.....");
        want[row_of[k] == 0 ? col_of[k] : row_of[k] == 1 ? 4 + col_of[k] : 9 + col_of[k]] = '#';
        scn_leds_now(s, got, sizeof got);
        CHECKF(strcmp(got, want) == 0, "LED %u (D%u): want %s got %s", k, k + 2, want, got);
        CHECK(scn_led(s, row_of[k], col_of[k]));
    }
    CHECK(!scn_led(s, 3, 0) && !scn_led(s, 0, 3)); /* out of range reads dark */
    CHECKF(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* Each button, clean contacts: its mirror LED, its @btn mask, and nothing else. */
static void test_button_map(void) {
    scn_t *s = boot();
    scn_set_bounce(s, NULL);
    for (unsigned b = 0; b < SIM_BTN_COUNT; b++) {
        char want[16], got[16], line[16];
        CHECK(scn_press(s, (sim_button_t)b));
        scn_run_ms(s, 30);
        snprintf(want, sizeof want, "%.*s", 14, "...|....|.....");
        want[b < 3 ? b : b + 1] = '#';
        scn_leds_now(s, got, sizeof got);
        got[10] = got[11] = got[12] = got[13] = '.'; /* the pattern LEDs 8..11 */
        CHECKF(strcmp(got, want) == 0, "button %s: want %s got %s", sim_button_name(b), want, got);
        snprintf(line, sizeof line, "@btn %02x", 1u << b);
        const char *l = scn_last_line(s, "@btn");
        CHECKF(l && strcmp(l, line) == 0, "button %s: '%s'", sim_button_name(b), l ? l : "");
        CHECK(sim_buttons_edges(scn_buttons(s), b) == 1);
        CHECK(scn_release(s, (sim_button_t)b));
        scn_run_ms(s, 30);
        CHECK(!scn_led(s, row_of[b], col_of[b]));
        l = scn_last_line(s, "@btn");
        CHECK(l && strcmp(l, "@btn 00") == 0);
    }
    /* Two at once: the masks combine. */
    scn_press(s, SIM_BTN_UP);
    scn_press(s, SIM_BTN_B);
    scn_run_ms(s, 10);
    CHECK(strcmp(scn_last_line(s, "@btn"), "@btn 21") == 0);
    scn_release(s, SIM_BTN_UP);
    scn_release(s, SIM_BTN_B);
    scn_run_ms(s, 10);
    /* A held button survives the firmware's PORTC writes (every tick) without a glitch. */
    scn_press(s, SIM_BTN_A);
    scn_run_ms(s, 300);
    CHECK(scn_led(s, 1, 1));
    CHECK(sim_led_changes(scn_leds(s), 1, 1, 290) == 0);
    CHECK(scn_led_lit(s, 1, 1, 290) == 1.0);
    CHECK(scn_led_class(s, 1, 1, 250) == SIM_LED_ON);
    scn_release(s, SIM_BTN_A);
    scn_run_ms(s, 10);
    CHECKF(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* Default bounce: several edges on the raw pin (seen by the pin-change mirror), settling within
 * 10 ms on the pressed level, recorded with its cycle; the same seed repeats exactly. */
static void bounce_run(uint64_t seed, uint64_t *first, uint64_t *settled, unsigned *led_edges) {
    scn_t *s = boot();
    scn_set_seed(s, seed);
    scn_run_ms(s, 10);
    size_t mark = scn_line_count(s);
    uint64_t t0 = scn_cycles(s);
    CHECK(scn_press(s, SIM_BTN_UP));
    CHECK(sim_buttons_contact(scn_buttons(s), SIM_BTN_UP)); /* the first edge is immediate */
    CHECK(sim_buttons_busy(scn_buttons(s), SIM_BTN_UP));
    scn_run_ms(s, 20);
    CHECK(!sim_buttons_busy(scn_buttons(s), SIM_BTN_UP));
    CHECK(sim_buttons_edges(scn_buttons(s), SIM_BTN_UP) == 9); /* 1 + 2 * 4 bounces */
    *led_edges = sim_led_changes(scn_leds(s), 0, 0, 20);
    CHECKF(*led_edges >= 5, "only %u mirror LED edges", *led_edges);
    CHECK(sim_buttons_presses(scn_buttons(s), SIM_BTN_UP) == 1);
    CHECK(sim_buttons_press_cycles(scn_buttons(s), SIM_BTN_UP, 0, first, settled));
    CHECK(*first == t0);
    CHECKF(*settled > *first && *settled - *first <= 10 * 16000, "settled after %llu cycles",
           (unsigned long long)(*settled - *first));
    CHECK(scn_press_settled(s, SIM_BTN_UP) == *settled);
    uint64_t lc = sim_led_last_change(scn_leds(s), 0, 0);
    /* The firmware's 1 kHz tick (four 16-bit divisions) can delay its pin-change ISR ~60 us. */
    CHECKF(lc >= *settled && lc - *settled < 16 * 150, "LED settled %lld cycles after the pin",
           (long long)(lc - *settled));
    CHECK(scn_led(s, 0, 0));
    size_t btn_lines = 0;
    for (size_t i = mark; i < scn_line_count(s); i++)
        btn_lines += strncmp(scn_line(s, i), "@btn", 4) == 0;
    CHECKF(btn_lines >= 3, "%zu @btn lines", btn_lines);
    CHECK(strcmp(scn_last_line(s, "@btn"), "@btn 01") == 0);
    /* Release bounces too, and ends open. */
    uint64_t r0 = scn_cycles(s);
    scn_release(s, SIM_BTN_UP);
    scn_run_ms(s, 20);
    CHECK(sim_buttons_edges(scn_buttons(s), SIM_BTN_UP) == 18);
    uint64_t rel = sim_buttons_last_released(scn_buttons(s), SIM_BTN_UP);
    CHECK(rel > r0 && rel - r0 <= 10 * 16000);
    CHECK(!scn_led(s, 0, 0));
    CHECK(strcmp(scn_last_line(s, "@btn"), "@btn 00") == 0);
    /* A tap queued right behind another: the second press waits for the first release. */
    scn_press(s, SIM_BTN_DOWN);
    scn_release(s, SIM_BTN_DOWN);
    scn_press(s, SIM_BTN_DOWN);
    scn_run_ms(s, 40);
    CHECK(sim_buttons_presses(scn_buttons(s), SIM_BTN_DOWN) == 2);
    CHECK(scn_led(s, 0, 1));
    CHECKF(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

static void test_bounce(void) {
    uint64_t f1, s1, f2, s2, f3, s3;
    unsigned e1, e2, e3;
    bounce_run(7, &f1, &s1, &e1);
    bounce_run(7, &f2, &s2, &e2);
    bounce_run(8, &f3, &s3, &e3);
    CHECK(f1 == f2 && s1 == s2 && e1 == e2);
    CHECK(s3 - f3 != s1 - f1);
}

/* scn_tap and scn_hold: a press seen by the firmware, held about as long as asked. */
static void test_tap(void) {
    scn_t *s = boot();
    size_t n0 = scn_line_count(s);
    uint64_t t0 = scn_cycles(s);
    CHECK(scn_tap(s, SIM_BTN_RIGHT));
    double ms = (double)(scn_cycles(s) - t0) / 16000.0;
    CHECKF(ms >= SCN_TAP_HOLD_MS + SCN_TAP_GAP_MS && ms < SCN_TAP_HOLD_MS + SCN_TAP_GAP_MS + 1,
           "tap took %.3f ms", ms);
    CHECK(scn_line_count(s) > n0);
    CHECK(strcmp(scn_last_line(s, "@btn"), "@btn 00") == 0);
    double lit = scn_led_lit(s, 1, 0, SCN_TAP_HOLD_MS + SCN_TAP_GAP_MS);
    CHECKF(lit > 0.6 && lit < 0.72, "RIGHT lit %.3f of the tap", lit); /* 80 of 120 ms */
    CHECK(scn_hold(s, SIM_BTN_LEFT, 1200));
    CHECK(sim_buttons_presses(scn_buttons(s), SIM_BTN_LEFT) == 1);
    scn_press(s, SIM_BTN_LEFT);
    scn_run_ms(s, 1100);
    CHECK(scn_led_class(s, 0, 2, 1000) == SIM_LED_ON);
    CHECKF(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* Mirror mode's pattern LEDs: 4 Hz blink, on with a blip, 10 Hz flash, 2 Hz blink. */
static void test_classes(void) {
    scn_t *s = boot();
    scn_run_ms(s, 2500);
    char got[16];
    scn_leds_pattern(s, 1000, got, sizeof got);
    CHECKF(strcmp(got, "...|....|.*#?*") == 0, "got %s", got);
    scn_leds_pattern(s, 2000, got, sizeof got);
    CHECKF(strcmp(got, "...|....|.*#?*") == 0, "2 s window: got %s", got);
    sim_led_stats_t st;
    sim_led_measure(scn_leds(s), 2, 4, 2000, &st);
    CHECKF(fabs(st.hz - 2.0) < 0.01 && fabs(st.lit - 0.5) < 0.02 && fabs(st.duty - 0.5) < 0.01,
           "2 Hz: %.3f Hz lit %.3f duty %.3f", st.hz, st.lit, st.duty);
    sim_led_measure(scn_leds(s), 2, 1, 1000, &st);
    CHECKF(fabs(st.hz - 4.0) < 0.02 && st.edges >= 7 && st.edges <= 9, "4 Hz: %.3f Hz %u edges",
           st.hz, st.edges);
    sim_led_measure(scn_leds(s), 2, 3, 1000, &st);
    CHECKF(fabs(st.hz - 10.0) < 0.05 && st.cls == SIM_LED_OTHER, "10 Hz: %.3f Hz", st.hz);
    double blip = scn_led_lit(s, 2, 2, 2000);
    CHECKF(fabs(blip - 0.85) < 0.01, "blip LED lit %.3f", blip);
    CHECK(scn_led_class(s, 2, 0, 1000) == SIM_LED_OFF);
    CHECK(scn_led_lit(s, 2, 0, 1000) == 0.0);
    CHECK(strcmp(sim_led_class_name(SIM_LED_BLINK), "blink") == 0);
    CHECKF(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* The classifier on hand-made traces: advance the cycle counter, set LEDs directly. */
/* LED col of row 0: on for us[0] microseconds, off for us[1], on for us[2]... */
static void trace(sim_leds_t *l, avr_t *avr, unsigned col, const int *us, size_t n) {
    for (size_t i = 0; i < n; i++) {
        sim_leds_set(l, 0, col, i % 2 == 0);
        avr->cycle += (uint64_t)us[i] * 16;
    }
}

static void test_classify_synthetic(void) {
    scn_t *s = open_fw("board_fw");
    avr_t *avr = sim_avr(scn_sim(s));
    static const uint8_t len[] = {8};
    sim_leds_t *l = sim_leds_new(avr, 1, len);
    avr->cycle = 1000000;
    int blink3[40], blip[8], glitchy[40], slow[8], irregular[12];
    for (int i = 0; i < 40; i++)
        blink3[i] = 166667;
    for (int i = 0; i < 8; i += 2)
        blip[i] = 850000, blip[i + 1] = 150000;
    for (int i = 0; i < 40; i += 4) /* 2 Hz with a 100 us dark glitch inside every on phase */
        glitchy[i] = 120000, glitchy[i + 1] = 100, glitchy[i + 2] = 129900, glitchy[i + 3] = 250000;
    for (int i = 0; i < 8; i++)
        slow[i] = 500000; /* 1 Hz */
    for (int i = 0; i < 12; i++)
        irregular[i] = i % 3 == 0 ? 400000 : 100000;
    sim_leds_set(l, 0, 5, true); /* steady on */
    trace(l, avr, 0, blink3, 40);
    const uint64_t end = avr->cycle; /* every trace ends by then */
    avr->cycle = end - 4000000ull * 16;
    trace(l, avr, 1, blip, 8);
    avr->cycle = end - 5000000ull * 16;
    trace(l, avr, 2, glitchy, 40);
    avr->cycle = end - 4000000ull * 16;
    trace(l, avr, 3, slow, 8);
    avr->cycle = end - 2400000ull * 16;
    trace(l, avr, 4, irregular, 12);
    avr->cycle = end;
    sim_led_stats_t st;
    sim_led_measure(l, 0, 0, 1000, &st);
    CHECKF(st.cls == SIM_LED_BLINK && fabs(st.hz - 3.0) < 0.01, "3 Hz: %s %.3f Hz",
           sim_led_class_name(st.cls), st.hz);
    CHECK(sim_led_classify(l, 0, 1, 1000) == SIM_LED_ON);
    CHECK(sim_led_classify(l, 0, 1, 3000) == SIM_LED_ON);
    CHECK(sim_led_classify(l, 0, 1, 500) != SIM_LED_BLINK); /* one blip is not a blink */
    sim_led_measure(l, 0, 2, 1000, &st);
    CHECKF(st.cls == SIM_LED_BLINK && st.edges <= 5, "glitchy 2 Hz: %s, %u edges",
           sim_led_class_name(st.cls), st.edges);
    CHECK(sim_led_changes(l, 0, 2, 1000) > 5);               /* raw changes include the glitches */
    CHECK(sim_led_classify(l, 0, 3, 1000) != SIM_LED_BLINK); /* one phase only */
    CHECK(sim_led_classify(l, 0, 3, 2000) == SIM_LED_BLINK);
    CHECK(sim_led_classify(l, 0, 4, 2400) == SIM_LED_OTHER);
    CHECK(sim_led_classify(l, 0, 5, 1000) == SIM_LED_ON);
    CHECK(sim_led_classify(l, 0, 6, 1000) == SIM_LED_OFF);
    /* Right after turning off, a short window sees only off; a long one a transition. */
    sim_leds_set(l, 0, 5, false);
    avr->cycle += 16000 * 300;
    CHECK(sim_led_classify(l, 0, 5, 200) == SIM_LED_OFF);
    CHECK(sim_led_classify(l, 0, 5, 1000) == SIM_LED_OTHER);
    CHECK(sim_led_last_change(l, 0, 5) == avr->cycle - 16000 * 300);
    /* More changes than the history holds: measured over what is left. */
    for (int i = 0; i < 3 * SIM_LED_HISTORY; i++) {
        sim_leds_set(l, 0, 7, i % 2 == 0);
        avr->cycle += 16000 * 5;
    }
    sim_led_measure(l, 0, 7, 60000, &st);
    CHECKF(fabs(st.window_ms - SIM_LED_HISTORY * 5) < 5.1 && fabs(st.lit - 0.5) < 0.01,
           "window %.1f ms lit %.3f", st.window_ms, st.lit);
    /* Out of range: harmless. */
    sim_leds_set(l, 1, 0, true);
    CHECK(!sim_led_on(l, 0, 8) && sim_led_classify(l, 0, 9, 100) == SIM_LED_OTHER);
    sim_leds_free(l);
    scn_close(s);
}

/* UART lines: cycles, cursor, timeout. */
static void test_uart(void) {
    scn_t *s = boot();
    CHECK(scn_cursor(s) == 1);
    CHECK(scn_line_cycle(s, 0) > 0 && scn_line_cycle(s, 0) <= scn_cycles(s));
    uint64_t t0 = scn_cycles(s);
    CHECK(scn_wait_line(s, "@nothing", 25) == NULL);
    /* A sleeping MCU advances to its next wake-up (the 1 ms tick) in one step. */
    CHECKF(scn_cycles(s) - t0 >= 25 * 16000 && scn_cycles(s) - t0 <= 26 * 16000, "%llu cycles",
           (unsigned long long)(scn_cycles(s) - t0));
    CHECK(scn_cursor(s) == 1);
    scn_send(s, "c");
    const char *l = scn_wait_line(s, "@mode", 20);
    CHECK(l && strcmp(l, "@mode led 02") == 0);
    /* "@mode led 02\r\n" is 14 bytes at 115200 baud (about 87 us each): the line ends well
     * after the command byte arrived. */
    size_t i = scn_cursor(s) - 1;
    CHECK(scn_line_cycle(s, i) > t0 && scn_line_cycle(s, i) >= scn_line_cycle(s, i - 1));
    scn_set_cursor(s, 0);
    CHECK(scn_wait_line(s, "@", 0) == scn_line(s, 0));
    CHECK(scn_last_line(s, "@hello") == scn_line(s, 0));
    CHECKF(scn_ok(s), "%s", scn_failure(s));
    size_t hw = scn_stack_high_water(s);
    CHECKF(hw >= 4 && hw < 256, "stack %zu bytes", hw);
    CHECKF(scn_ram_headroom(s) > 1500, "headroom %zu bytes", scn_ram_headroom(s));
    CHECK(fabs(scn_now_ms(s) - (double)scn_cycles(s) / 16000.0) < 1e-9);
    scn_close(s);
}

/* Every way the firmware can fail is reported, and sticks. */
static void test_failures(void) {
    scn_t *s = boot();
    scn_send(s, "R");
    CHECK(!scn_run_ms(s, 5));
    CHECK(!scn_ok(s));
    CHECKF(strstr(scn_failure(s), "restarted") != NULL, "'%s'", scn_failure(s));
    CHECK(!scn_run_ms(s, 1) && !scn_tap(s, SIM_BTN_A) && !scn_wait_line(s, "@", 10));
    scn_close(s);

    s = boot();
    scn_send(s, "C");
    fflush(stderr);
    int saved = dup(2), devnull = open("/dev/null", O_WRONLY); /* simavr reports the crash */
    dup2(devnull, 2);
    CHECK(!scn_wait_line(s, "@never", 5));
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    close(devnull);
    CHECK(scn_status(s) == SIM_CRASHED);
    CHECKF(strstr(scn_failure(s), "crashed at pc 0x") != NULL, "'%s'", scn_failure(s));
    scn_close(s);

    s = open_fw("probe_exit0");
    CHECK(!scn_run_ms(s, 100));
    CHECK(scn_status(s) == SIM_EXITED);
    CHECKF(strstr(scn_failure(s), "exited with code 0") != NULL, "'%s'", scn_failure(s));
    scn_close(s);

    char err[256], path[1024];
    snprintf(path, sizeof path, "%s/board_fw.elf", dir);
    CHECK(scn_open(path, "no-such-board", err, sizeof err) == NULL &&
          strstr(err, "no-such-board") != NULL);
    snprintf(path, sizeof path, "%s/missing.elf", dir);
    CHECK(scn_open(path, "direct", err, sizeof err) == NULL && strstr(err, "missing.elf"));
    CHECK(sim_board_find("direct") != NULL && strcmp(sim_board_names()[0], "direct") == 0);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_board dir/with/board_fw.elf\n");
        return 2;
    }
    dir = argv[1];
    test_led_map();
    test_button_map();
    test_bounce();
    test_tap();
    test_classes();
    test_classify_synthetic();
    test_uart();
    test_failures();
    printf("test_board: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
