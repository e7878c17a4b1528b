/* test_matrix8.c: the matrix8 board's own checks, on the real firmware built for it: the
 * MAX7219 set up fully at boot, only changed rows sent, the configuration restored within a
 * refresh after glitches injected on the lines, the menu's brightness as intensity, a click
 * for a move, silence when muted (in the menu or by B held at power-up), the win and lose
 * tunes, the game's rows drawn as heaps from the left, the menu's values as letters, and
 * "WIN" and "LOSE" scrolling by at the end of a game, Wythoff as Corner the Queen; and that
 * the image fits the Uno.
 * Usage: test_matrix8 build/matrix8/grundy.elf; ends with "test_matrix8: N passed, M failed". */
#include "board_matrix8.h"
#include "scenario.h"

#include <stdio.h>
#include <string.h>

#include "check.h"

static scn_t *s;
static matrix8_t *board;

static max7219_state_t chip(void) {
    max7219_state_t st;
    max7219_get_state(matrix8_chip(board), &st);
    return st;
}

/* The configuration the firmware keeps: normal operation, no test, no decode, 8 digits. */
static bool configured(const max7219_state_t *st) {
    return st->normal && !st->display_test && st->decode == 0 && st->scan_limit == 7;
}

/* The LEDs now, rows separated by '|'. */
static const char *leds_now(void) {
    static char buf[8 * 9 + 1];
    return scn_leds_now(s, buf, sizeof buf);
}

/* The LEDs over the last second ('#' on, the cursor's short blip included). */
static const char *leds_seen(void) {
    static char buf[8 * 9 + 1];
    return scn_leds_pattern(s, 1000, buf, sizeof buf);
}

/* The picture of heaps h[0..7], each a row lit from the left. */
static const char *heaps_picture(const unsigned *h) {
    static char buf[8 * 9 + 1];
    char *p = buf;
    for (unsigned r = 0; r < 8; r++) {
        for (unsigned c = 0; c < 8; c++) *p++ = c < h[r] ? '#' : '.';
        *p++ = r < 7 ? '|' : 0;
    }
    return buf;
}

/* Send a console line and wait for its "ok". */
static bool console(const char *line) {
    char buf[80];
    snprintf(buf, sizeof buf, "%s\n", line);
    scn_send(s, buf);
    return scn_wait_line(s, "ok", 2000) != NULL;
}

/* Open the menu (B held), move to the line called name; false if it never shows. */
static bool menu_line(const char *name) {
    char want[32];
    snprintf(want, sizeof want, "@menu %s ", name);
    scn_set_cursor(s, scn_line_count(s));
    scn_hold(s, SIM_BTN_B, 1100);
    if (!scn_wait_line(s, "@menu game", 500)) return false;
    for (int i = 0; i < 12; i++) {
        const char *l = scn_last_line(s, "@menu ");
        if (l && strncmp(l, want, strlen(want)) == 0) return true;
        scn_tap(s, SIM_BTN_DOWN);
    }
    return false;
}

static void test_boot(void) {
    CHECK(scn_wait_line(s, "@game nim", 2000) != NULL);
    scn_run_ms(s, 20);
    max7219_state_t st = chip();
    CHECKF(configured(&st) && st.intensity == 15, "normal %d test %d decode %02x scan %u int %u",
           st.normal, st.display_test, st.decode, st.scan_limit, st.intensity);
    CHECKF(st.short_frames == 0 && st.dropped_bytes == 0, "%llu short frames, %llu bytes dropped",
           (unsigned long long)st.short_frames, (unsigned long long)st.dropped_bytes);
    /* 8 rows of 8 are lost for the player to move: by default the device begins */
    const char *moved = scn_wait_line(s, "@move cpu ", 3000);
    unsigned h[8] = {0};
    int at = 10, used = 0;
    for (int r = 0; moved && r < 8 && sscanf(moved + at, "%u%n", &h[r], &used) == 1; r++) at += used;
    CHECKF(moved != NULL, "the device did not begin");
    CHECK(scn_wait_line(s, "@turn human", 1000) != NULL);
    scn_run_ms(s, 1100);
    CHECKF(strcmp(leds_seen(), heaps_picture(h)) == 0, "%s after %s", leds_seen(), moved ? moved : "?");
    /* the tests below begin their games themselves: the person first, from all 64 */
    CHECK(menu_line("first"));
    for (int i = 0; i < 3 && strcmp(scn_last_line(s, "@menu "), "@menu first you") != 0; i++)
        scn_tap(s, SIM_BTN_RIGHT);
    scn_tap(s, SIM_BTN_A);
    const char *set = scn_wait_line(s, "@settings", 500);
    CHECKF(set && strstr(set, " first=you "), "%s", set ? set : "(no @settings)");
    CHECK(scn_wait_line(s, "@turn human", 1000) != NULL);
    scn_run_ms(s, 1100);
    static const unsigned full[8] = {8, 8, 8, 8, 8, 8, 8, 8};
    CHECKF(strcmp(leds_seen(), heaps_picture(full)) == 0, "%s", leds_seen());
}

/* Idle, only the cursor's wink changes a row (4 frames a second), and a refresh sends 13
 * frames every 256 ms. */
static void test_changed_rows_only(void) {
    const uint64_t before = chip().frames;
    scn_run_ms(s, 3000);
    const uint64_t n = chip().frames - before;
    CHECKF(n >= 11 * 13 && n <= 12 * 13 + 14, "%llu frames in 3 s idle", (unsigned long long)n);
}

/* The LEDs now below row 0 (where the cursor blips). */
static const char *leds_below_cursor(void) {
    return leds_now() + 9;
}

/* Each glitch is undone by the next refresh: within 1 s, and the picture comes back. */
static void test_glitches(void) {
    static const struct {
        uint16_t frame;
        const char *what;
    } bad[] = {
        {0x0F01, "display test on"}, {0x0C00, "shutdown"},        {0x0B00, "scan limit 0"},
        {0x09FF, "decode on"},       {0x0A00, "intensity 0"},     {0x0300, "row 2 cleared"},
        {0x08AA, "row 7 garbled"},   {0x0F01, "display test again"},
    };
    char want[8 * 9 + 1];
    snprintf(want, sizeof want, "%s", leds_below_cursor());
    const uint8_t intensity = chip().intensity;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        scn_run_ms(s, 137); /* glitches at different phases of the refresh */
        max7219_inject(matrix8_chip(board), bad[i].frame);
        max7219_state_t st = chip();
        CHECKF(!configured(&st) || st.intensity != intensity || strcmp(leds_below_cursor(), want) != 0,
               "%s: no visible effect", bad[i].what);
        unsigned ms = 0;
        for (; ms < 1100; ms += 5) {
            st = chip();
            if (configured(&st) && st.intensity == intensity &&
                strcmp(leds_below_cursor(), want) == 0)
                break;
            scn_run_ms(s, 5);
        }
        CHECKF(ms <= 1005, "%s: restored after %u ms (%s)", bad[i].what, ms, leds_now());
    }
}

static void test_brightness(void) {
    CHECK(menu_line("bright"));
    static const uint8_t want[3] = {8, 4, 1}; /* levels 2, 1, 0 */
    for (int i = 0; i < 3; i++) {
        scn_tap(s, SIM_BTN_LEFT);
        CHECKF(chip().intensity == want[i], "level %d: intensity %u", 2 - i, chip().intensity);
    }
    scn_tap(s, SIM_BTN_B); /* back: the level only tried is undone */
    scn_run_ms(s, 10);
    CHECKF(chip().intensity == 15, "after B: intensity %u", chip().intensity);
    CHECK(menu_line("bright"));
    scn_tap(s, SIM_BTN_LEFT);
    scn_tap(s, SIM_BTN_A); /* play: level 2 kept */
    CHECK(scn_wait_line(s, "@settings", 500) != NULL);
    scn_run_ms(s, 2100); /* two refreshes */
    CHECKF(chip().intensity == 8, "after A: intensity %u", chip().intensity);
}

/* The person takes one token from the top row: a click of ~2.7 kHz, a few ms long. */
static void test_click(bool muted) {
    CHECK(console("new nim 3 5 7"));
    scn_run_ms(s, 200);
    CHECK(matrix8_buzzer_edges(board, 150) == 0);
    scn_tap(s, SIM_BTN_RIGHT);
    scn_press(s, SIM_BTN_A);
    CHECK(scn_wait_line(s, "@move human 2 5 7", 500) != NULL);
    scn_run_ms(s, 10);
    const unsigned edges = matrix8_buzzer_edges(board, 20);
    const double hz = matrix8_buzzer_hz(board, 20);
    if (muted)
        CHECKF(edges == 0, "muted, yet %u buzzer edges", edges);
    else
        CHECKF(edges >= 20 && hz > 2600 && hz < 2800, "click: %u edges, %.0f Hz", edges, hz);
    scn_run_ms(s, 50);
    CHECKF(matrix8_buzzer_edges(board, 40) == 0, "still sounding: %u edges",
           matrix8_buzzer_edges(board, 40));
    scn_release(s, SIM_BTN_A);
    scn_run_ms(s, 100);
}

/* A won game plays a rising tune, a lost one a falling tune, each under a second. */
static void test_tunes(void) {
    CHECK(console("new nim 1"));
    scn_run_ms(s, 100);
    scn_tap(s, SIM_BTN_RIGHT);
    scn_press(s, SIM_BTN_A);
    CHECK(scn_wait_line(s, "@over human", 500) != NULL);
    double first = 0, last = 0;
    for (int t = 0; t < 60; t++) {
        scn_run_ms(s, 10);
        const double hz = matrix8_buzzer_hz(board, 10);
        if (hz > 0 && !first) first = hz;
        if (hz > 0) last = hz;
    }
    CHECKF(first > 900 && last > 1.5 * first, "win tune from %.0f Hz to %.0f Hz", first, last);
    scn_release(s, SIM_BTN_A);
    scn_run_ms(s, 500);
    CHECK(matrix8_buzzer_edges(board, 300) == 0);
    CHECK(console("new nim 1 1"));
    scn_run_ms(s, 100);
    scn_tap(s, SIM_BTN_RIGHT);
    scn_tap(s, SIM_BTN_A);
    CHECK(scn_wait_line(s, "@over cpu", 3000) != NULL);
    first = last = 0;
    for (int t = 0; t < 100; t++) {
        scn_run_ms(s, 10);
        const double hz = matrix8_buzzer_hz(board, 10);
        if (hz > 0 && !first) first = hz;
        if (hz > 0) last = hz;
    }
    CHECKF(first > 0 && last < 0.7 * first, "lose tune from %.0f Hz to %.0f Hz", first, last);
}

/* Rows are heaps from the left: the 1-3-5-7 start, and after a move. */
static void test_rows(void) {
    CHECK(console("new nim 1 3 5 7"));
    scn_run_ms(s, 1100);
    unsigned h[8] = {1, 3, 5, 7};
    CHECKF(strcmp(leds_seen(), heaps_picture(h)) == 0, "%s", leds_seen());
    scn_tap(s, SIM_BTN_DOWN);
    scn_tap(s, SIM_BTN_DOWN);
    scn_tap(s, SIM_BTN_DOWN);
    scn_tap(s, SIM_BTN_RIGHT);
    scn_tap(s, SIM_BTN_RIGHT);
    scn_tap(s, SIM_BTN_A);
    CHECK(scn_wait_line(s, "@move human 1 3 5 5", 500) != NULL);
    h[3] = 5;
    scn_run_ms(s, 100);
    CHECKF(strcmp(leds_now(), heaps_picture(h)) == 0, "%s", leds_now());
    CHECK(scn_wait_line(s, "@turn human", 3000) != NULL); /* the device moved: steady again */
}

/* The display's font, for the letters the firmware should draw: one byte a column, bit 0 the
 * top row of five (rows 2..6 of the matrix), as boards/matrix8/README.md shows them. */
static const struct {
    char c;
    uint8_t cols[5];
    unsigned width;
} font[] = {
    {'3', {0x11, 0x15, 0x1F}, 3},
    {'B', {0x1F, 0x15, 0x0A}, 3},
    {'E', {0x1F, 0x15, 0x11}, 3},
    {'I', {0x11, 0x1F, 0x11}, 3},
    {'L', {0x1F, 0x10, 0x10}, 3},
    {'N', {0x1F, 0x02, 0x04, 0x1F}, 4},
    {'O', {0x0E, 0x11, 0x0E}, 3},
    {'S', {0x12, 0x15, 0x09}, 3},
    {'W', {0x1F, 0x08, 0x04, 0x08, 0x1F}, 5},
    {'Y', {0x03, 0x1C, 0x03}, 3},
};

/* The whole matrix showing text from column x (a dark column after each character). */
static const char *text_picture(const char *text, int x) {
    static char buf[8 * 9];
    memset(buf, '.', sizeof buf - 1);
    for (unsigned r = 0; r < 7; r++) buf[r * 9 + 8] = '|';
    buf[sizeof buf - 1] = 0;
    for (; *text; text++, x++)
        for (size_t g = 0; g < sizeof font / sizeof font[0]; g++)
            if (font[g].c == *text)
                for (unsigned c = 0; c < font[g].width; c++, x++)
                    for (unsigned b = 0; b < 5; b++)
                        if (x >= 0 && x < 8 && (font[g].cols[c] >> b & 1)) buf[(2 + b) * 9 + x] = '#';
    return buf;
}

/* The rows below the icon (1..7) now. */
static const char *below_icon(void) {
    return leds_now() + 9;
}

/* The menu's values as letters and digits, centred on rows 2..6. */
static void test_menu_letters(void) {
    CHECK(menu_line("game"));
    scn_run_ms(s, 20);
    CHECKF(strcmp(below_icon(), text_picture("N", 2) + 9) == 0, "nim: %s", leds_now());
    scn_tap(s, SIM_BTN_RIGHT);
    CHECKF(strcmp(below_icon(), text_picture("B", 2) + 9) == 0, "bash: %s", leds_now());
    scn_tap(s, SIM_BTN_DOWN); /* bash's M: 3 */
    CHECK(scn_last_line(s, "@menu bash 3") != NULL);
    CHECKF(strcmp(below_icon(), text_picture("3", 2) + 9) == 0, "3: %s", leds_now());
    for (int i = 0; i < 12 && strcmp(scn_last_line(s, "@menu "), "@menu sound on") != 0; i++)
        scn_tap(s, SIM_BTN_DOWN);
    CHECKF(strcmp(below_icon(), text_picture("Y", 2) + 9) == 0, "sound on: %s", leds_now());
    scn_tap(s, SIM_BTN_B);
}

/* Watch the matrix for ms after a game ended: whether text's picture showed at columns 0 and
 * 3, with rows 0, 1 and 7 dark all along; then everything blinks. */
static void check_scroll(const char *text) {
    bool at0 = false, at3 = false, edges_dark = true;
    for (int t = 0; t < 2400; t += 10) {
        scn_run_ms(s, 10);
        const char *now = leds_now();
        if (strcmp(now, text_picture(text, 0)) == 0) at0 = true;
        if (strcmp(now, text_picture(text, 3)) == 0) at3 = true;
        if (t < 1600 && (strncmp(now, "........|........|", 18) != 0 || strcmp(now + 63, "........") != 0))
            edges_dark = false;
    }
    CHECKF(at0 && at3 && edges_dark, "%s: at 0 %d, at 3 %d, edges dark %d", text, at0, at3, edges_dark);
    scn_run_ms(s, 1000);
    const char *seen = leds_seen();
    CHECKF(strspn(seen, "*|") == strlen(seen), "after the scroll: %s", seen);
}

static void test_scroll(void) {
    CHECK(console("new nim 1"));
    scn_run_ms(s, 100);
    scn_tap(s, SIM_BTN_RIGHT);
    scn_press(s, SIM_BTN_A);
    CHECK(scn_wait_line(s, "@over human", 500) != NULL);
    scn_release(s, SIM_BTN_A);
    check_scroll("WIN");
    CHECK(console("new nim 1 1"));
    scn_run_ms(s, 100);
    scn_tap(s, SIM_BTN_RIGHT);
    scn_tap(s, SIM_BTN_A);
    CHECK(scn_wait_line(s, "@over cpu", 3000) != NULL);
    const double over_ms = (double)scn_line_cycle(s, scn_cursor(s) - 1) / 16000.0;
    check_scroll("LOSE");
    /* once only: the game-over screen stays up, and 65,536 ms later (where a 16-bit count of
     * milliseconds since the end wraps) "LOSE" must not come by again */
    scn_run_ms(s, (uint32_t)(over_ms + 65536 - 300 - scn_now_ms(s)));
    bool again = false;
    for (int t = 0; t < 2700 && !again; t += 10) {
        scn_run_ms(s, 10);
        for (int x = -20; x <= 8 && !again; x++) again = strcmp(leds_now(), text_picture("LOSE", x)) == 0;
    }
    CHECKF(!again, "LOSE scrolled again %.1f s after the game ended", (scn_now_ms(s) - over_ms) / 1000);
    scn_run_ms(s, 1000);
    const char *seen = leds_seen();
    CHECKF(strspn(seen, "*|") == strlen(seen), "66 s after the game: %s", seen);
}

/* Corner the Queen: Wythoff's heaps (3, 5) are the queen at column 3, row 5 from the bottom;
 * LEFT twice marks the square two to her left (blinking), A moves her there; DOWN and LEFT
 * as often: a diagonal move. Heaps over 7 do not fit; the start is (6, 7). */
static void test_queen(void) {
    CHECK(console("new wythoff 3 5"));
    scn_run_ms(s, 1100);
    CHECKF(strcmp(leds_seen(), "........|........|...#....|........|........|........|........|........") == 0,
           "queen at (3, 5): %s", leds_seen());
    scn_tap(s, SIM_BTN_LEFT);
    scn_tap(s, SIM_BTN_LEFT);
    scn_run_ms(s, 1000);
    CHECKF(strcmp(leds_seen(), "........|........|.*.#....|........|........|........|........|........") == 0,
           "target two left: %s", leds_seen());
    scn_tap(s, SIM_BTN_A);
    CHECK(scn_wait_line(s, "@move human 1 5", 500) != NULL);
    CHECK(scn_wait_line(s, "@move cpu 1 2", 3000) != NULL); /* (1, 2) loses for the mover */
    scn_run_ms(s, 200);
    scn_tap(s, SIM_BTN_DOWN);
    scn_tap(s, SIM_BTN_LEFT);
    scn_run_ms(s, 1000);
    CHECKF(strcmp(leds_seen(), "........|........|........|........|........|.#......|*.......|........") == 0,
           "diagonal target: %s", leds_seen());
    scn_tap(s, SIM_BTN_A);
    CHECK(scn_wait_line(s, "@move human 0 1", 500) != NULL);
    scn_send(s, "new wythoff 8 2\n");
    CHECK(scn_wait_line(s, "err ", 1000) != NULL);
    CHECK(menu_line("game"));
    for (int i = 0; i < 12 && strcmp(scn_last_line(s, "@menu "), "@menu game wythoff") != 0; i++)
        scn_tap(s, SIM_BTN_RIGHT);
    scn_tap(s, SIM_BTN_A);
    CHECK(scn_wait_line(s, "@game wythoff 6 7", 500) != NULL);
}

/* Muted in the menu: no click; B held at power-up mutes too (sound on again first). */
static void test_mute(void) {
    CHECK(menu_line("sound"));
    scn_tap(s, SIM_BTN_LEFT);
    scn_tap(s, SIM_BTN_A);
    const char *l = scn_wait_line(s, "@settings", 500);
    CHECKF(l && strstr(l, "sound=off"), "%s", l ? l : "(no @settings)");
    test_click(true);
    CHECK(menu_line("sound"));
    scn_tap(s, SIM_BTN_LEFT);
    scn_tap(s, SIM_BTN_A);
    l = scn_wait_line(s, "@settings", 500);
    CHECKF(l && strstr(l, "sound=on"), "%s", l ? l : "(no @settings)");
    scn_run_ms(s, 100); /* the settings saved */
    scn_press(s, SIM_BTN_B);
    scn_run_ms(s, 20);
    scn_reset(s, SCN_RESET_POWER);
    l = scn_wait_line(s, "@settings", 1000);
    CHECKF(l && strstr(l, "sound=off"), "B held at power-up: %s", l ? l : "(no @settings)");
    scn_release(s, SIM_BTN_B);
    scn_run_ms(s, 200);
    test_click(true);
    max7219_state_t st = chip();
    CHECKF(configured(&st) && st.intensity == 8, "after the reset: intensity %u", st.intensity);
}

/* The image fits the 32256 bytes of flash the Uno's bootloader leaves (text + data, as
 * avr-size counts them). */
static void test_flash(const char *elf) {
    char cmd[512], line[256];
    unsigned long text = 0, data = 0;
    snprintf(cmd, sizeof cmd, "avr-size '%s'", elf);
    FILE *p = popen(cmd, "r");
    bool read = p && fgets(line, sizeof line, p) && fgets(line, sizeof line, p) &&
                sscanf(line, "%lu %lu", &text, &data) == 2;
    if (p) pclose(p);
    CHECKF(read, "cannot run avr-size on %s", elf);
    printf("test_matrix8: flash %lu of 32256 bytes\n", text + data);
    CHECKF(text + data <= 32256, "%lu bytes of flash", text + data);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_matrix8 build/matrix8/grundy.elf\n");
        return 2;
    }
    test_flash(argv[1]);
    char err[256];
    s = scn_open(argv[1], "matrix8", err, sizeof err);
    board = s ? matrix8_find(sim_avr(scn_sim(s))) : NULL;
    if (!board) {
        printf("test_matrix8: %s\ntest_matrix8: 0 passed, 1 failed\n", s ? "no parts" : err);
        return 1;
    }
    scn_set_bounce(s, NULL);
    test_boot();
    test_changed_rows_only();
    test_glitches();
    test_brightness();
    test_click(false);
    test_tunes();
    test_rows();
    test_glitches();
    test_menu_letters();
    test_scroll();
    test_queen();
    test_mute();
    CHECKF(scn_ok(s), "%s", scn_failure(s));
    CHECK_STACK(s);
    printf("test_matrix8: stack high water %zu bytes, RAM headroom %zu bytes\n",
           scn_stack_high_water(s), scn_ram_headroom(s));
    scn_close(s);
    printf("test_matrix8: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
