/* test_shift595.c: the `shift595` board's own checks, on the real firmware: its status lights
 * follow the game (against the device and between two players), the menu's brightness sets
 * the OE duty, and every update of the 74HC595 chain is clean: 4 bytes shifted while RCLK is
 * low, then one short low-high-low pulse, sent only when the picture changed, and what is
 * latched is the game's rows after every move. Usage: test_shift595 shift595/grundy.elf */
#include "board_shift595.h"
#include "part_io.h"
#include "scenario.h"

#include <avr_ioport.h>
#include <sim_avr.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define ROWS 4
#define MOVE_MS 5000 /* the device answers within 1.5 s; generous */
#define SETTLE_MS 3  /* the tick sends a change within 1 ms, and 4 bytes take 0.4 ms here */
#define PULSE_MAX 16 /* cycles RCLK may stay high: 1 us (the firmware's sbi; cbi is 2) */
#define DUTY_TOL 0.01

/* Watches RCLK (D10) and the SPI bytes: how each latch was made. */
static struct {
    bool rclk;        /* RCLK's level */
    uint64_t rose_at; /* cycle of its last rising edge */
    unsigned pending; /* bytes shifted since the last latch */
    uint64_t latches, bytes;
    uint64_t bad_counts;  /* latches after other than 4 bytes */
    uint64_t high_bytes;  /* bytes shifted while RCLK was high */
    uint64_t long_pulses; /* RCLK high longer than PULSE_MAX */
    uint64_t longest;     /* the longest RCLK high, in cycles */
    bool first_dark;      /* the first latch came while OE was high, with all bits 0 */
} mon;

static scn_t *scn;
static avr_t *avr;
static hc595_t *chain;

static void on_rclk(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq, (void)param;
    bool high = value != 0;
    if (high == mon.rclk) return; /* simavr raises the first level even without a change */
    mon.rclk = high;
    if (high) {
        mon.rose_at = avr->cycle;
        if (mon.latches == 0) {
            hc595_state_t st;
            hc595_get_state(chain, &st);
            mon.first_dark = st.oe_high && st.shift == 0;
        }
        if (mon.pending != 4) mon.bad_counts++;
        mon.pending = 0;
        mon.latches++;
    } else {
        uint64_t len = avr->cycle - mon.rose_at;
        if (len > mon.longest) mon.longest = len;
        if (len > PULSE_MAX) mon.long_pulses++;
    }
}

static void on_spi(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq, (void)value, (void)param;
    mon.bytes++;
    mon.pending++;
    if (mon.rclk) mon.high_bytes++;
}

static void open_board(const char *elf) {
    char err[256];
    scn_t *s = scn = scn_open(elf, "shift595", err, sizeof err);
    if (!s) {
        printf("FAIL: %s\ntest_shift595: %d passed, %d failed\n", err, passed, failed + 1);
        exit(1);
    }
    avr = sim_avr(scn_sim(s));
    chain = sim_shift595_chain(avr);
    CHECK(chain != NULL && scn_rows(s) == ROWS);
    for (unsigned r = 0; r < ROWS; r++)
        CHECK(scn_row_len(s, r) == 7);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), 2), on_rclk, NULL);
    avr_irq_register_notify(part_spi_output_irq(avr), on_spi, NULL);
}

/* Waits for a line starting with prefix; counts a failure (with what) if none comes. */
static const char *expect_line(const char *prefix, uint32_t ms) {
    const char *l = scn_wait_line(scn, prefix, ms);
    CHECKF(l != NULL, "no '%s' line within %u ms (%s)", prefix, ms, scn_failure(scn));
    return l;
}

/* The heaps of "<prefix> h0 h1 ..." (missing ones 0); false if l does not match. */
static bool parse_heaps(const char *l, const char *prefix, uint8_t heaps[ROWS]) {
    memset(heaps, 0, ROWS);
    if (!l || strncmp(l, prefix, strlen(prefix)) != 0) return false;
    const char *p = l + strlen(prefix);
    for (unsigned r = 0; r < ROWS; r++) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p) break;
        if (v < 0 || v > 7) return false;
        heaps[r] = (uint8_t)v;
        p = end;
    }
    return true;
}

static void check_lights(unsigned want, const char *when) {
    unsigned got = sim_shift595_lights(chain);
    CHECKF(got == want, "%s: status lights %x, want %x", when, got, want);
}

/* The latched rows are the heaps: row r lit on its first heaps[r] LEDs, and at full
 * brightness the LEDs show just that. On the person's turn the cursor's LED (the last token of
 * the topmost non-empty row) may be in its short dark blip. */
static void check_rows(const uint8_t heaps[ROWS], bool cursor, const char *when) {
    int top = -1;
    for (int r = 0; r < ROWS && top < 0; r++)
        if (heaps[r]) top = r;
    bool ok = true;
    char want[40], now[40];
    size_t n = 0;
    for (unsigned r = 0; r < ROWS; r++) {
        uint8_t full = (uint8_t)((1u << heaps[r]) - 1), got = sim_shift595_row(chain, r);
        bool blip = cursor && (int)r == top && got == (uint8_t)(full & ~(1u << (heaps[r] - 1)));
        if (got != full && !blip) ok = false;
        if (r) want[n++] = '|';
        for (unsigned i = 0; i < 7; i++)
            want[n++] = got >> i & 1 ? '#' : '.';
    }
    want[n] = 0;
    CHECKF(ok, "%s: latched rows %s, heaps %u %u %u %u", when, want, heaps[0], heaps[1], heaps[2],
           heaps[3]);
    scn_leds_now(scn, now, sizeof now);
    CHECKF(strcmp(now, want) == 0, "%s: LEDs %s, latched %s", when, now, want);
}

/* Enter "take 1 from the topmost non-empty row": the cursor starts there. */
static void take_one(void) {
    scn_tap(scn, SIM_BTN_RIGHT);
    scn_tap(scn, SIM_BTN_A);
}

static bool over(const uint8_t heaps[ROWS]) {
    return !(heaps[0] | heaps[1] | heaps[2] | heaps[3]);
}

/* Power-up: the chain is cleared while OE keeps it dark; 4 rows of 7 are lost for the player
 * to move, so the device begins ("my move"), then the person's turn lights "your move". */
static void test_boot(void) {
    uint8_t heaps[ROWS];
    CHECK(parse_heaps(expect_line("@game ", 3000), "@game nim", heaps));
    expect_line("@turn cpu", 1000);
    scn_run_ms(scn, SETTLE_MS);
    CHECKF(mon.first_dark, "the first latch came with OE low or bits set");
    check_lights(SIM_SHIFT595_MY_MOVE, "the device begins");
    CHECK(parse_heaps(expect_line("@move cpu", MOVE_MS), "@move cpu", heaps));
    expect_line("@turn human", 1000);
    scn_run_ms(scn, SETTLE_MS);
    check_lights(SIM_SHIFT595_YOUR_MOVE, "first turn");
    check_rows(heaps, true, "first turn");
    hc595_oe_low_fraction(chain);
    scn_run_ms(scn, 50);
    CHECK(hc595_oe_low_fraction(chain) == 1.0); /* the default brightness is the top level */
}

/* Against the device: "your move" while the person moves, "my move" while the device thinks
 * (and nothing is sent while the picture stands still), the rows latched after every move;
 * "I win" or "you win" at the end. */
static void test_device_game(void) {
    uint8_t heaps[ROWS];
    scn_send(scn, "new nim 3 5 6 2\n");
    expect_line("@turn human", 1000);
    for (unsigned moves = 0; moves < 20; moves++) {
        take_one();
        CHECK(parse_heaps(expect_line("@move human", MOVE_MS), "@move human", heaps));
        if (over(heaps)) {
            expect_line("@over human", 1000);
            scn_run_ms(scn, SETTLE_MS);
            check_lights(SIM_SHIFT595_YOU_WIN, "the person won");
            return;
        }
        expect_line("@turn cpu", 1000);
        scn_run_ms(scn, SETTLE_MS);
        check_lights(SIM_SHIFT595_MY_MOVE, "the device thinks");
        check_rows(heaps, false, "after the person's move");
        uint64_t bytes = mon.bytes;
        scn_run_ms(scn, 300);
        CHECKF(mon.bytes == bytes, "%llu bytes sent while nothing changed",
               (unsigned long long)(mon.bytes - bytes));
        CHECK(parse_heaps(expect_line("@move cpu", MOVE_MS), "@move cpu", heaps));
        if (over(heaps)) {
            expect_line("@over cpu", 1000);
            scn_run_ms(scn, SETTLE_MS);
            check_lights(SIM_SHIFT595_I_WIN, "the device won");
            return;
        }
        expect_line("@turn human", 1000);
        scn_run_ms(scn, SETTLE_MS);
        check_lights(SIM_SHIFT595_YOUR_MOVE, "the person's turn");
        check_rows(heaps, true, "after the device's move");
    }
    CHECKF(false, "the game did not end");
}

/* A one-move game the person wins. */
static void test_you_win(void) {
    scn_send(scn, "new nim 1\n");
    expect_line("@turn human", 1000);
    take_one();
    expect_line("@over human", MOVE_MS);
    scn_run_ms(scn, SETTLE_MS);
    check_lights(SIM_SHIFT595_YOU_WIN, "the person won");
}

/* Open the menu (hold B) and go down to the line called name; false if it is not there. */
static bool menu_to(const char *name) {
    char want[32];
    snprintf(want, sizeof want, "@menu %s ", name);
    scn_hold(scn, SIM_BTN_B, 1100);
    if (!expect_line("@menu game", 500)) return false;
    for (unsigned i = 0; i < 10; i++) {
        const char *l = scn_last_line(scn, "@menu ");
        if (l && strncmp(l, want, strlen(want)) == 0) return true;
        scn_tap(scn, SIM_BTN_DOWN);
    }
    CHECKF(false, "no menu line %s", name);
    return false;
}

/* Two players: p1's turns light "your move", p2's "my move"; p1 winning lights "you win",
 * p2 winning "I win". */
static void test_two_players(void) {
    if (!menu_to("players")) return;
    scn_tap(scn, SIM_BTN_RIGHT);
    expect_line("@menu players 2", 500);
    scn_tap(scn, SIM_BTN_A);
    expect_line("@turn p1", 1000);
    static const struct {
        const char *cmd;
        unsigned moves;
        const char *over;
        unsigned light;
    } games[] = {{"new nim 2 1\n", 3, "@over p1", SIM_SHIFT595_YOU_WIN},
                 {"new nim 1 1\n", 2, "@over p2", SIM_SHIFT595_I_WIN}};
    for (unsigned g = 0; g < 2; g++) {
        scn_send(scn, games[g].cmd);
        for (unsigned m = 0; m < games[g].moves; m++) {
            const bool p1 = m % 2 == 0;
            expect_line(p1 ? "@turn p1" : "@turn p2", MOVE_MS);
            scn_run_ms(scn, SETTLE_MS);
            check_lights(p1 ? SIM_SHIFT595_YOUR_MOVE : SIM_SHIFT595_MY_MOVE,
                         p1 ? "p1 to move" : "p2 to move");
            take_one();
            uint8_t heaps[ROWS];
            CHECK(parse_heaps(expect_line("@move ", MOVE_MS), p1 ? "@move p1" : "@move p2", heaps));
            scn_run_ms(scn, SETTLE_MS);
            if (m + 1 < games[g].moves) check_rows(heaps, true, "after a two-player move");
        }
        expect_line(games[g].over, 1000);
        scn_run_ms(scn, SETTLE_MS);
        check_lights(games[g].light, games[g].over);
    }
}

/* The OE low fraction over 100 ms, after 20 ms to settle; the OE edges in that time. */
static double duty(uint64_t *edges) {
    scn_run_ms(scn, 20);
    hc595_state_t a, b;
    hc595_get_state(chain, &a);
    hc595_oe_low_fraction(chain);
    scn_run_ms(scn, 100);
    hc595_get_state(chain, &b);
    *edges = b.oe_edges - a.oe_edges;
    return hc595_oe_low_fraction(chain);
}

/* The menu's brightness levels 1..4 (as the README counts them) set OE low 12.5, 25, 50 and
 * 100 % of the time (977 Hz PWM, none at the top level) while tried; B undoes a level only
 * tried, A keeps it. */
static void test_brightness(void) {
    static const double want[4] = {0.125, 0.25, 0.5, 1.0};
    uint64_t edges;
    if (!menu_to("bright")) return;
    CHECK(strcmp(scn_last_line(scn, "@menu "), "@menu bright 4") == 0);
    for (unsigned i = 0; i < 4; i++) {
        char line[32];
        snprintf(line, sizeof line, "@menu bright %u", i + 1);
        scn_tap(scn, SIM_BTN_RIGHT); /* 4 -> 1 -> 2 -> 3 -> 4 */
        expect_line(line, 500);
        double d = duty(&edges);
        CHECKF(fabs(d - want[i]) < DUTY_TOL, "level %u: OE low %.4f, want %.3f", i, d, want[i]);
        if (i < 3)
            CHECKF(edges >= 190 && edges <= 200, "level %u: %llu OE edges in 100 ms", i,
                   (unsigned long long)edges);
        else
            CHECKF(edges == 0, "top level: %llu OE edges", (unsigned long long)edges);
    }
    scn_tap(scn, SIM_BTN_RIGHT); /* 1: tried, then undone by B */
    expect_line("@menu bright 1", 500);
    scn_tap(scn, SIM_BTN_B);
    expect_line("@menu back", 500);
    double d = duty(&edges);
    CHECKF(d == 1.0 && edges == 0, "after B: OE low %.4f, %llu edges", d,
           (unsigned long long)edges);
    if (!menu_to("bright")) return;
    scn_tap(scn, SIM_BTN_RIGHT);
    scn_tap(scn, SIM_BTN_RIGHT);
    expect_line("@menu bright 2", 500);
    scn_tap(scn, SIM_BTN_A);
    expect_line("@game ", 1000);
    d = duty(&edges);
    CHECKF(fabs(d - 0.25) < DUTY_TOL, "level 2 kept: OE low %.4f", d);
    /* the LEDs' lit fraction follows OE */
    unsigned r = 0, c = 0;
    while (r < ROWS && !(sim_shift595_row(chain, r) & 1))
        r++;
    if (r < ROWS) {
        double lit = scn_led_lit(scn, r, c, 100);
        CHECKF(fabs(lit - 0.25) < 0.02, "row %u LED 0 lit %.3f at 25 %%", r, lit);
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_shift595 shift595/grundy.elf\n");
        return 2;
    }
    open_board(argv[1]);
    scn_set_seed(scn, 595);
    test_boot();
    /* the games below are begun by the person */
    if (menu_to("first")) {
        for (int i = 0; i < 3 && strcmp(scn_last_line(scn, "@menu "), "@menu first you") != 0; i++)
            scn_tap(scn, SIM_BTN_RIGHT);
        scn_tap(scn, SIM_BTN_A);
        const char *set = expect_line("@settings", 500);
        CHECKF(set && strstr(set, " first=you "), "%s", set ? set : "(no @settings)");
    }
    test_device_game();
    test_you_win();
    test_two_players();
    test_brightness();
    CHECKF(scn_ok(scn), "%s", scn_failure(scn));
    /* every update of the chain, all along */
    CHECKF(mon.latches > 20, "%llu latches", (unsigned long long)mon.latches);
    CHECKF(mon.bad_counts == 0, "%llu latches after other than 4 bytes",
           (unsigned long long)mon.bad_counts);
    CHECKF(mon.high_bytes == 0, "%llu bytes shifted while RCLK was high",
           (unsigned long long)mon.high_bytes);
    CHECKF(mon.long_pulses == 0 && !mon.rclk, "%llu RCLK pulses over %d cycles (longest %llu)",
           (unsigned long long)mon.long_pulses, PULSE_MAX, (unsigned long long)mon.longest);
    CHECKF(mon.bytes == 4 * mon.latches, "%llu bytes for %llu latches",
           (unsigned long long)mon.bytes, (unsigned long long)mon.latches);
    CHECK_STACK(scn);
    printf("shift595: %llu latches, RCLK high at most %llu cycles; %.1f s simulated\n",
           (unsigned long long)mon.latches, (unsigned long long)mon.longest,
           scn_now_ms(scn) / 1000);
    scn_close(scn);
    printf("test_shift595: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
