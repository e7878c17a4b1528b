/* Standby and interrupt time on a board, through its pins and UART (simavr ignores sleep
 * modes, so what can be observed is checked): after the menu's standby time without input the
 * device prints @sleep once, the LEDs go dark (matrix8: MAX7219 shut down, display test off;
 * shift595: outputs cleared, OE high), and SLEEP runs in power-down with BODS set, every
 * timer stopped and the pin-change interrupts on the buttons and RX only; nothing wakes it for 10 minutes; a
 * press wakes it, the picture is back within 20 ms, @wake once, and the press does nothing (A:
 * no move; a held B: no menu); a serial line wakes it too, is reported lost (the receiver is
 * off until the crystal runs) and the next line is answered;
 * position, cursor, marks, turn, settings and score are the same after. Over the whole run,
 * every interrupt handler keeps interrupts off at most POWER_ISR_LIMIT cycles (issue 12.7).
 * Usage: test_power FIRMWARE.elf BOARD */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sim_avr.h>
#include <sim_io.h>

#include "board_matrix8.h"
#include "board_shift595.h"
#include "hc595.h"
#include "max7219.h"
#include "scenario.h"
#include "tally.h"

#define POWER_ISR_LIMIT 1200   /* cycles: under one character at 117,647 baud, with margin */
#define POWER_STANDBY_MS 60000 /* the menu's "1" */
#define POWER_QUIET_MS 600000  /* 10 minutes without input: no wake-up */
#define POWER_BACK_MS 20       /* the picture back this soon after the waking press */

static scn_t *s;
static const char *board;
static uint64_t isr_max[SIM_VECTORS];
static char pw_pattern[160]; /* the LEDs over a second before a sleep (scn_leds_pattern) */
static char pw_frame[160];   /* the LEDs just before the board went dark (scn_leds_now) */
static double pw_back_max;   /* the longest a picture took to come back, ms */

/* Writes of PCICR = 0 made while a pin-change mask was still set (issue 21, 4.3): an edge
 * between the two writes would leave a flag that ends the next standby at once. */
static unsigned pw_pcicr_early;

static void pw_on_pcicr(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)param;
    if (!v && (avr->data[0x6C] || avr->data[0x6D])) pw_pcicr_early++; /* PCMSK1, PCMSK2 */
    avr_core_watch_write(avr, addr, v);
}

/* Input that comes as standby begins (issue 21, 4.2): once the '@' of "@sleep" is out, after
 * the main loop's last look at the input and before the pin-change masks are set, a line (or a
 * press) is answered (or seen) at once instead of waiting in RAM while the chip powers down
 * (a pending USART interrupt cannot wake it) or leaving the board dark until the release. */
static void pw_race(bool serial)
{
    snprintf(tally_context, sizeof tally_context, "%s: %s as standby begins", board, serial ? "a line" : "a press");
    scn_send(s, "\r\n");
    scn_run_ms(s, 1);
    scn_run_ms(s, POWER_STANDBY_MS - 500);
    const char *partial = sim_uart_partial_line(scn_sim(s));
    for (unsigned i = 0; i < 200000 && strcmp(partial, "@"); i++) {
        scn_run_us(s, 5);
        partial = sim_uart_partial_line(scn_sim(s));
    }
    if (!tally_check(!strcmp(partial, "@"), "no @sleep began")) return;
    const size_t from = scn_line_count(s);
    scn_set_bounce(s, NULL); /* a clean press: no bounce after the masks to wake it */
    if (serial) scn_send(s, "show\r\n");
    else scn_press(s, SIM_BTN_DOWN);
    scn_set_bounce(s, &SIM_BOUNCE_DEFAULT);
    scn_run_ms(s, 100);
    if (serial) {
        unsigned answers = 0;
        for (size_t i = from; i < scn_line_count(s); i++) answers += !strncmp(scn_line(s, i), "nim ", 4);
        tally_check(answers == 1, "%u answers to show within 100 ms", answers);
    } else {
        char now[160];
        scn_leds_now(s, now, sizeof now);
        tally_check(strchr(now, '#') != NULL, "the board 100 ms after the press: %s", now);
        scn_release(s, SIM_BTN_DOWN);
    }
    scn_run_ms(s, 1500);
}

/* A button held down for good (issue 21, 4.7): a change of the buttons is activity, a button
 * held all along is not, so the device still goes to standby the standby time after the press;
 * another button wakes it, and the buttons work while the stuck one stays down. */
static void pw_stuck(void)
{
    snprintf(tally_context, sizeof tally_context, "%s: a stuck button", board);
    scn_send(s, "\r\n");
    scn_run_ms(s, 1);
    scn_press(s, SIM_BTN_DOWN);
    const double pressed = scn_now_ms(s);
    scn_set_cursor(s, scn_line_count(s));
    const char *l = scn_wait_line(s, "@sleep", POWER_STANDBY_MS + 2000);
    const double after = scn_now_ms(s) - pressed;
    tally_check(l && after >= POWER_STANDBY_MS - 100 && after <= POWER_STANDBY_MS + 200,
                "%s %.0f ms after the button went down and stayed", l ? "@sleep" : "no @sleep", after);
    scn_run_ms(s, 1000);
    scn_tap(s, SIM_BTN_A);
    l = scn_wait_line(s, "@wake", 500);
    tally_check(l != NULL, "A did not wake it");
    scn_run_ms(s, 200);
    scn_hold(s, SIM_BTN_B, 1150);
    tally_check(scn_wait_line(s, "@menu game", 300) != NULL, "B held does not open the menu with a button stuck");
    scn_tap(s, SIM_BTN_B);
    tally_check(scn_wait_line(s, "@menu back", 300) != NULL, "B does not close the menu");
    scn_release(s, SIM_BTN_DOWN);
    scn_run_ms(s, 500);
}

/* Fold the handlers' interrupts-off maxima so far into isr_max, and count afresh. */
static void pw_watch(void)
{
    const sim_power_t *p = sim_power(scn_sim(s));
    for (int v = 0; v < SIM_VECTORS; v++)
        if (p->irq_off_max[v] > isr_max[v]) isr_max[v] = p->irq_off_max[v];
    sim_power_watch(scn_sim(s));
}

/* Lines starting with prefix from line `from` on. */
static unsigned pw_count(const char *prefix, size_t from)
{
    unsigned n = 0;
    for (size_t i = from; i < scn_line_count(s); i++) n += !strncmp(scn_line(s, i), prefix, strlen(prefix));
    return n;
}

/* `show`'s reply (the game, its heaps and whose turn), copied into out. */
static bool pw_show(char *out, size_t len)
{
    scn_set_cursor(s, scn_line_count(s));
    scn_send(s, "show\r\n");
    for (const char *l; (l = scn_wait_line(s, "", 500)) != NULL;)
        if (l[0] != '@') {
            snprintf(out, len, "%s", l);
            return true;
        }
    snprintf(out, len, "(no reply)");
    return false;
}

/* The board is dark, as standby leaves it. */
static void pw_check_dark(void)
{
    char now[160];
    scn_leds_now(s, now, sizeof now);
    tally_check(!strchr(now, '#'), "LEDs in standby: %s", now);
    if (!strcmp(board, "matrix8")) {
        max7219_state_t st;
        max7219_get_state(matrix8_chip(matrix8_find(sim_avr(scn_sim(s)))), &st);
        tally_check(!st.normal && !st.display_test, "MAX7219 in standby: shutdown register %d, display test %d",
                    st.normal, st.display_test);
    } else if (!strcmp(board, "shift595")) {
        const hc595_t *h = sim_shift595_chain(sim_avr(scn_sim(s)));
        hc595_state_t st;
        hc595_get_state(h, &st);
        tally_check(st.latched == 0 && st.oe_high, "74HC595 in standby: outputs %08x, OE %s",
                    (unsigned)st.latched, st.oe_high ? "high" : "low");
    }
}

/* Wait (up to the standby time and a little) for @sleep; check what SLEEP found and that
 * nothing wakes the chip for quiet_ms. */
static bool pw_sleep(const char *why, uint32_t quiet_ms)
{
    snprintf(tally_context, sizeof tally_context, "%s on %s: going to sleep", why, board);
    pw_watch();
    scn_send(s, "\r\n"); /* an empty line: an input that does nothing */
    scn_run_ms(s, 1);
    const double quiet_since = scn_now_ms(s);
    scn_run_ms(s, 2000);
    scn_leds_pattern(s, 1000, pw_pattern, sizeof pw_pattern);
    /* close to the time, in steps of 0.1 ms: the last frame shown before @sleep */
    scn_run_ms(s, POWER_STANDBY_MS - 3000);
    const size_t before = scn_line_count(s);
    for (unsigned i = 0; i < 50000 && scn_line_count(s) == before; i++) {
        scn_leds_now(s, pw_frame, sizeof pw_frame);
        scn_run_us(s, 100);
    }
    if (!tally_check(scn_wait_line(s, "@sleep", 100) != NULL, "no @sleep")) return false;
    const double after = scn_now_ms(s) - quiet_since;
    tally_check(after >= POWER_STANDBY_MS - 100 && after <= POWER_STANDBY_MS + 100,
                "@sleep %.0f ms after the last input, not %d", after, POWER_STANDBY_MS);
    scn_run_ms(s, 5);
    const sim_power_t *p = sim_power(scn_sim(s));
    const uint8_t *at = p->at_sleep;
    tally_check((at[SIM_AT_SMCR] & 0x0F) == 0x05, "SMCR at SLEEP %02x: not power-down with SE", at[SIM_AT_SMCR]);
    tally_check(!(at[SIM_AT_TCCR0B] & 7) && !(at[SIM_AT_TCCR1B] & 7) && !(at[SIM_AT_TCCR2B] & 7),
                "timer clocks at SLEEP: TCCR0B %02x TCCR1B %02x TCCR2B %02x", at[SIM_AT_TCCR0B],
                at[SIM_AT_TCCR1B], at[SIM_AT_TCCR2B]);
    tally_check(at[SIM_AT_PCICR] == 0x06 && at[SIM_AT_PCMSK0] == 0 && at[SIM_AT_PCMSK1] == 0x3F &&
                    at[SIM_AT_PCMSK2] == 0x01 && at[SIM_AT_EIMSK] == 0,
                "wake-up sources at SLEEP: PCICR %02x PCMSK0 %02x PCMSK1 %02x PCMSK2 %02x EIMSK %02x",
                at[SIM_AT_PCICR], at[SIM_AT_PCMSK0], at[SIM_AT_PCMSK1], at[SIM_AT_PCMSK2], at[SIM_AT_EIMSK]);
    tally_check(!(at[SIM_AT_WDTCSR] & 0x48), "watchdog on at SLEEP: WDTCSR %02x", at[SIM_AT_WDTCSR]);
    /* RX an input with its pull-up (issue 21, 4.4): no floating pin to wake on without an adapter;
     * and no pin-change flag left from the last wake (4.3) */
    tally_check((at[SIM_AT_PORTD] & 1) && !(at[SIM_AT_DDRD] & 1), "RX (PD0) at SLEEP: PORTD %02x DDRD %02x",
                at[SIM_AT_PORTD], at[SIM_AT_DDRD]);
    tally_check(!(at[SIM_AT_PCIFR] & 0x06), "a pin-change flag at SLEEP: PCIFR %02x", at[SIM_AT_PCIFR]);
    /* BODS set by the timed sequence (on the chip it holds 3 cycles: SLEEP follows at once) */
    tally_check(at[SIM_AT_MCUCR] & 0x40, "MCUCR at SLEEP %02x: brown-out detector not disabled (BODS)",
                at[SIM_AT_MCUCR]);
    tally_check((at[SIM_AT_PRR] & 0xC1) == 0xC1 && (at[SIM_AT_ACSR] & 0x80) && !(at[SIM_AT_ADCSRA] & 0x80),
                "PRR %02x (TWI, Timer2, ADC gated), ACSR %02x (comparator off), ADCSRA %02x",
                at[SIM_AT_PRR], at[SIM_AT_ACSR], at[SIM_AT_ADCSRA]);
    pw_check_dark();
    snprintf(tally_context, sizeof tally_context, "%s on %s: asleep", why, board);
    const size_t lines = scn_line_count(s);
    pw_watch();
    scn_run_ms(s, quiet_ms);
    tally_check(sim_power(scn_sim(s))->wakeups == 0, "%llu wake-ups in %u s without input",
                (unsigned long long)sim_power(scn_sim(s))->wakeups, quiet_ms / 1000);
    tally_check(scn_line_count(s) == lines, "%zu lines while asleep", scn_line_count(s) - lines);
    pw_check_dark();
    return true;
}

/* After a waking press of b held hold_ms: @wake once, the picture's steady LEDs back within
 * POWER_BACK_MS, and no move, no menu from the press. */
static void pw_wake_by(sim_button_t b, uint32_t hold_ms)
{
    const size_t from = scn_line_count(s);
    const double pressed = scn_now_ms(s);
    scn_press(s, b);
    double back = -1;
    char now[160];
    for (unsigned step = 0; step <= 400 && back < 0; step++) {
        if (!strcmp(scn_leds_now(s, now, sizeof now), pw_frame)) back = scn_now_ms(s) - pressed;
        if (back > pw_back_max) pw_back_max = back;
        else scn_run_us(s, 100);
    }
    tally_check(strchr(pw_frame, '#') && back >= 0 && back <= POWER_BACK_MS,
                "the picture back %.1f ms after the press (at most %d): %s before, %s now", back,
                POWER_BACK_MS, pw_frame, now);
    scn_run_ms(s, hold_ms);
    scn_release(s, b);
    scn_run_ms(s, 1500);
    tally_check(pw_count("@wake", from) == 1, "%u @wake lines", pw_count("@wake", from));
    tally_check(pw_count("@move", from) == 0 && pw_count("@menu", from) == 0 && pw_count("@hint", from) == 0,
                "the waking press acted: %s", scn_last_line(s, "@") ? scn_last_line(s, "@") : "");
}

int main(int argc, char **argv)
{
    char err[256];
    if (argc != 3) return 2;
    board = argv[2];
    s = scn_open(argv[1], board, err, sizeof err);
    if (!s) {
        printf("test_power: %s\n", err);
        return 1;
    }
    scn_set_bounce(s, &SIM_BOUNCE_DEFAULT);
    sim_power_watch(scn_sim(s));
    avr_register_io_write(sim_avr(scn_sim(s)), 0x68, pw_on_pcicr, NULL); /* PCICR */
    snprintf(tally_context, sizeof tally_context, "%s: boot and play", board);
    tally_check(scn_wait_line(s, "@turn human", 3000) != NULL, "no game at boot");

    /* busy interrupts: console lines at wire speed while a game is played with sounds */
    scn_send(s, "solve nim 3 4 5\r\nsolve kayles 5 6 7\r\nshow\r\nversion\r\nhelp\r\n");
    scn_tap(s, SIM_BTN_RIGHT);
    scn_tap(s, SIM_BTN_A);
    tally_check(scn_wait_line(s, "@turn human", 3000) != NULL, "no reply move");

    /* the menu's standby line: 2 minutes by default, set to 1 */
    snprintf(tally_context, sizeof tally_context, "%s: the standby line", board);
    scn_hold(s, SIM_BTN_B, 1100);
    const char *line = scn_wait_line(s, "@menu game", 500);
    for (int i = 0; i < 12 && line && strncmp(line, "@menu standby", 13); i++) {
        if (!strcmp(line, "@menu first device")) { /* the default where the classic start is */
            scn_tap(s, SIM_BTN_RIGHT);                /* lost: the person begins the games */
            scn_tap(s, SIM_BTN_RIGHT);                /* below (device, alternate, you) */
            line = scn_wait_line(s, "@menu first you", 300);
            tally_check(line != NULL, "RIGHT twice from 'first device' did not give you");
        }
        scn_tap(s, SIM_BTN_DOWN);
        line = scn_wait_line(s, "@menu ", 300);
    }
    tally_check(line && !strcmp(line, "@menu standby 2"), "the last menu line: %s", line ? line : "none");
    scn_tap(s, SIM_BTN_LEFT);
    line = scn_wait_line(s, "@menu ", 300);
    tally_check(line && !strcmp(line, "@menu standby 1"), "LEFT gave %s", line ? line : "nothing");
    scn_tap(s, SIM_BTN_A);
    line = scn_wait_line(s, "@settings ", 500);
    char settings[200];
    snprintf(settings, sizeof settings, "%s", line ? line : "");
    tally_check(strstr(settings, " standby=1") != NULL, "settings after the menu: %s", settings);

    /* a score to keep: a one-token game won */
    scn_send(s, "new nim 1\r\n");
    tally_check(scn_wait_line(s, "@turn human", 1000) != NULL, "no game of one token");
    scn_tap(s, SIM_BTN_RIGHT);
    scn_tap(s, SIM_BTN_A);
    const char *score = scn_wait_line(s, "@score ", 1000);
    unsigned wins = 0, losses = 0, hints = 0;
    tally_check(score && sscanf(score, "@score %u %u %u", &wins, &losses, &hints) == 3 && wins >= 1,
                "score %s", score ? score : "none");
    scn_tap(s, SIM_BTN_A); /* the next game: the classic start */
    tally_check(scn_wait_line(s, "@turn human", 1000) != NULL, "no next game");

    /* a position with a cursor and marks: row 1, two tokens marked */
    scn_tap(s, SIM_BTN_DOWN);
    scn_tap(s, SIM_BTN_RIGHT);
    scn_tap(s, SIM_BTN_RIGHT);
    char shown[120], pattern[160], again[160];
    pw_show(shown, sizeof shown);
    scn_run_ms(s, 1200);
    scn_leds_pattern(s, 1000, pattern, sizeof pattern);
    uint8_t eeprom[1024], eeprom_after[1024];
    scn_run_ms(s, 100); /* the show's console byte was the last input */
    scn_eeprom_get(s, eeprom, sizeof eeprom);
    const size_t first_line = scn_line_count(s);

    /* asleep 10 minutes; A wakes it and does not confirm the marks */
    if (pw_sleep("woken by A", POWER_QUIET_MS)) {
        snprintf(tally_context, sizeof tally_context, "%s: woken by A", board);
        tally_check(!strcmp(pattern, pw_pattern), "the LEDs before sleeping %s, after the marks %s",
                    pw_pattern, pattern);
        pw_wake_by(SIM_BTN_A, 100);
        tally_check(pw_count("@sleep", first_line) == 1, "%u @sleep lines", pw_count("@sleep", first_line));
        scn_run_ms(s, 1000);
        scn_leds_pattern(s, 1000, again, sizeof again);
        tally_check(!strcmp(pattern, again), "the LEDs after the wake-up %s, before %s", again, pattern);
        char shown_after[120];
        pw_show(shown_after, sizeof shown_after);
        tally_check(!strcmp(shown, shown_after), "show after the wake-up '%s', before '%s'", shown_after, shown);
        scn_eeprom_get(s, eeprom_after, sizeof eeprom_after);
        tally_check(!memcmp(eeprom, eeprom_after, sizeof eeprom), "the EEPROM changed across the sleep");
        /* the marks are still there: A now takes the two tokens of row 1 */
        unsigned h[3] = {0}, m[3] = {0};
        sscanf(shown, "nim %u %u %u", &h[0], &h[1], &h[2]);
        scn_tap(s, SIM_BTN_A);
        const char *mv = scn_wait_line(s, "@move human", 500);
        tally_check(mv && sscanf(mv, "@move human %u %u %u", &m[0], &m[1], &m[2]) >= 2 && m[0] == h[0] &&
                        m[1] + 2 == h[1],
                    "the marks' move: '%s' from '%s'", mv ? mv : "none", shown);
        tally_check(scn_wait_line(s, "@turn human", 3000) != NULL, "no reply move");
    }

    /* a held B wakes it and opens no menu */
    if (pw_sleep("woken by a held B", 1000)) {
        snprintf(tally_context, sizeof tally_context, "%s: woken by a held B", board);
        pw_wake_by(SIM_BTN_B, 1600);
    }

    /* a serial line wakes it (issue 21, 4.1): the receiver is off until the crystal runs
     * (1.024 ms, about 12 characters), so the line has lost its start; it and whatever comes in
     * the next second are dropped, one "err input lost" says so, and the next line is answered
     * (before: a pasted "show" got nothing, "solve nim 3 4 5" "err unknown command '4'", a typed
     * "show" "err unknown command 'how'") */
    static const struct {
        const char *why, *text;
        unsigned key_ms; /* 0: pasted; else typed, a key this often */
    } pw_lines[] = {
        {"a pasted line", "show\r\n", 0},
        {"a pasted long line", "solve nim 3 4 5\r\n", 0},
        {"a typed line", "show\r\n", 150},
    };
    for (size_t k = 0; k < sizeof pw_lines / sizeof pw_lines[0]; k++) {
        char why[64];
        snprintf(why, sizeof why, "woken by %s", pw_lines[k].why);
        if (!pw_sleep(why, 1000)) continue;
        snprintf(tally_context, sizeof tally_context, "%s: %s", board, why);
        const size_t from = scn_line_count(s);
        if (!pw_lines[k].key_ms) scn_send(s, pw_lines[k].text);
        for (const char *c = pw_lines[k].text; pw_lines[k].key_ms && *c; c++) {
            const char one[2] = {*c, 0};
            scn_send(s, one);
            scn_run_ms(s, pw_lines[k].key_ms);
        }
        scn_run_ms(s, 1500);
        tally_check(pw_count("@wake", from) == 1, "%u @wake lines", pw_count("@wake", from));
        unsigned replies = 0;
        const char *reply = "";
        for (size_t i = from; i < scn_line_count(s); i++)
            if (scn_line(s, i)[0] != '@') replies++, reply = scn_line(s, i);
        tally_check(replies == 1 && !strcmp(reply, "err input lost, 1 line(s) dropped (send a line at a time)"),
                    "%u replies, the last '%s'", replies, reply);
        char shown_after[120];
        tally_check(pw_show(shown_after, sizeof shown_after) && !strncmp(shown_after, "nim ", 4),
                    "the next line's answer: '%s'", shown_after);
    }

    pw_race(true);
    pw_race(false);
    pw_stuck();
    snprintf(tally_context, sizeof tally_context, "%s: after the wake-ups", board);
    tally_check(pw_pcicr_early == 0, "PCICR cleared %u times before the pin-change masks", pw_pcicr_early);

    /* settings and score as they were: a one-token game won adds one win */
    snprintf(tally_context, sizeof tally_context, "%s: settings and score after sleeping", board);
    scn_set_cursor(s, scn_line_count(s));
    scn_send(s, "new nim 1\r\n");
    line = scn_wait_line(s, "@settings ", 500);
    tally_check(line && !strcmp(line, settings), "settings '%s', before '%s'", line ? line : "", settings);
    scn_wait_line(s, "@turn human", 500);
    scn_tap(s, SIM_BTN_RIGHT);
    scn_tap(s, SIM_BTN_A);
    score = scn_wait_line(s, "@score ", 1000);
    unsigned w2 = 0, l2 = 0, h2 = 0;
    tally_check(score && sscanf(score, "@score %u %u %u", &w2, &l2, &h2) == 3 && w2 == wins + 1 &&
                    l2 == losses && h2 == hints,
                "score %s, before %u %u %u", score ? score : "none", wins, losses, hints);

    /* every handler's interrupts-off time, over everything above */
    snprintf(tally_context, sizeof tally_context, "%s: interrupts off", board);
    pw_watch();
    uint64_t worst = 0;
    for (int v = 0; v < SIM_VECTORS; v++) {
        tally_check(isr_max[v] <= POWER_ISR_LIMIT, "vector %d kept interrupts off %llu cycles (at most %d)",
                    v, (unsigned long long)isr_max[v], POWER_ISR_LIMIT);
        if (isr_max[v] > worst) worst = isr_max[v];
    }
    tally_check(isr_max[14] && isr_max[18], "the tick (%llu) and the receiver (%llu) were measured",
                (unsigned long long)isr_max[14], (unsigned long long)isr_max[18]);
    tally_check(scn_ok(s), "%s", scn_failure(s));
    printf("power on %s: standby after %d s, asleep %d s without a wake-up, the picture back "
           "%.1f ms after the waking press at most; longest handler %llu cycles with interrupts off; "
           "stack high water %zu bytes\n",
           board, POWER_STANDBY_MS / 1000, POWER_QUIET_MS / 1000, pw_back_max,
           (unsigned long long)worst, scn_stack_high_water(s));
    tally_stack(s);
    scn_close(s);
    return tally_finish("power");
}
