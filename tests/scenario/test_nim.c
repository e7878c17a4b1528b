/* Nim on the simulated board, played through its buttons with contact bounce on
 * every press, on any board's rows: the classic start lights every LED; a perfect player
 * wins from it (moving first when it is a first-player win, after the device otherwise);
 * against random players the device never moves illegally and wins whenever it can
 * (checked by the brute-force solver, which knows only the rules); LEDs and event lines
 * agree with the game after every move; refused confirms change nothing; bounce never
 * counts a press twice. Geometry comes from the board model and the event lines.
 * Usage: test_nim FIRMWARE.elf BOARD [GAMES] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "scenario.h"
#include "tally.h"

#define NIM_TURN_MS 5000 /* the device answers within 1.5 s; generous */
#define NIM_SETTLE_MS 1050 /* after a turn starts: a whole cursor-blip period (1 s) to judge LEDs by */

static brute_game_t nim_rules;

typedef struct {
    scn_t *s;
    uint8_t heaps[SIM_BOARD_MAX_ROWS];
    uint8_t start[SIM_BOARD_MAX_ROWS]; /* the last game's start, before any move */
    uint8_t rows;
    uint8_t cursor;
} nim_game_t;

/* Parse "<prefix> h0 h1 ..." into heaps; false if the line does not match. */
static bool nim_parse_heaps(const char *line, const char *prefix, uint8_t *heaps, uint8_t rows)
{
    if (!line || strncmp(line, prefix, strlen(prefix)) != 0) return false;
    const char *p = line + strlen(prefix);
    for (uint8_t r = 0; r < rows; r++) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 0 || v > 8) return false;
        heaps[r] = (uint8_t)v;
        p = end;
    }
    return *p == '\0' || *p == '\r';
}

static bool nim_over(const nim_game_t *g)
{
    for (uint8_t r = 0; r < g->rows; r++)
        if (g->heaps[r]) return false;
    return true;
}

static brute_pos_t nim_pos(const nim_game_t *g)
{
    brute_pos_t p = {.count = g->rows};
    memcpy(p.heap, g->heaps, g->rows);
    return p;
}

/* The LEDs show exactly the heaps: row r lit on its first heaps[r] LEDs (the cursor's short
 * blip still counts as lit over the window). */
static void nim_check_leds(nim_game_t *g)
{
    char want[SIM_BOARD_MAX_ROWS * 9 + 1], got[SIM_BOARD_MAX_ROWS * 9 + 1];
    size_t n = 0;
    for (uint8_t r = 0; r < g->rows; r++) {
        if (r) want[n++] = '|';
        for (unsigned i = 0; i < scn_row_len(g->s, r); i++) want[n++] = i < g->heaps[r] ? '#' : '.';
    }
    want[n] = '\0';
    scn_leds_pattern(g->s, 1000, got, sizeof got);
    tally_check(strcmp(want, got) == 0, "LEDs %s, expected %s (row 0 LED 0 lit %.2f over 1 s)", got,
                want, scn_led_lit(g->s, 0, 0, 1000));
}

/* Move the cursor to row `row` with UP and DOWN (they skip empty rows). */
static void nim_cursor_to(nim_game_t *g, uint8_t row)
{
    while (g->cursor != row) {
        const bool down = row > g->cursor;
        scn_tap(g->s, down ? SIM_BTN_DOWN : SIM_BTN_UP);
        int8_t r = (int8_t)g->cursor;
        do r = (int8_t)(r + (down ? 1 : -1));
        while (r >= 0 && r < g->rows && g->heaps[r] == 0);
        g->cursor = (uint8_t)r;
    }
}

/* Enter "take `take` from row `row`" with the buttons: move the cursor, mark, confirm. */
static void nim_enter(nim_game_t *g, uint8_t row, uint8_t take)
{
    nim_cursor_to(g, row);
    for (uint8_t i = 0; i < take; i++) scn_tap(g->s, SIM_BTN_RIGHT);
    scn_tap(g->s, SIM_BTN_A);
}

/* At the start of each of the person's turns the cursor is on the topmost non-empty row. */
static void nim_turn_starts(nim_game_t *g)
{
    g->cursor = 0;
    while (g->cursor < g->rows && g->heaps[g->cursor] == 0) g->cursor++;
}

/* The device's turn: its move is legal and winning whenever the position allows; then the
 * game is over (returns "cpu") or the person's turn starts (returns NULL). */
static const char *nim_device_turn(nim_game_t *g);

/* Starts a game: waits for "@game nim ...", and when the device begins, its first move;
 * then the person's turn. */
static bool nim_new_game(nim_game_t *g)
{
    uint8_t start[SIM_BOARD_MAX_ROWS];
    const char *line = scn_wait_line(g->s, "@game ", 3000);
    tally_check(nim_parse_heaps(line, "@game nim", start, g->rows), "game line: %s",
              line ? line : "(none)");
    if (!line) return false;
    memcpy(g->heaps, start, g->rows);
    memcpy(g->start, start, g->rows);
    const char *turn = scn_wait_line(g->s, "@turn ", 1000);
    if (turn && !strcmp(turn, "@turn cpu")) return nim_device_turn(g) == NULL;
    tally_check(turn && !strcmp(turn, "@turn human"), "first turn: %s", turn ? turn : "(none)");
    nim_turn_starts(g);
    scn_run_ms(g->s, NIM_SETTLE_MS);
    nim_check_leds(g);
    return true;
}

/* The person takes `take` from `row`; then the device answers. Returns the winner once the
 * game is over ("human"/"cpu"), else NULL. */
static const char *nim_answer(nim_game_t *g, uint8_t row, uint8_t take);

/* The game is over and `who` took the last token: the event line names the winner. */
static const char *nim_expect_over(nim_game_t *g, const char *who)
{
    char want[16];
    snprintf(want, sizeof want, "@over %s", who);
    const char *line = scn_wait_line(g->s, "@over ", 1000);
    tally_check(line && !strcmp(line, want), "%s took the last: %s", who, line ? line : "(none)");
    return who;
}

static const char *nim_exchange(nim_game_t *g, uint8_t row, uint8_t take)
{
    nim_enter(g, row, take);
    return nim_answer(g, row, take);
}

/* After the person's move (take from row) was entered: its line, then the device's reply. */
static const char *nim_answer(nim_game_t *g, uint8_t row, uint8_t take)
{
    uint8_t after[SIM_BOARD_MAX_ROWS];
    g->heaps[row] = (uint8_t)(g->heaps[row] - take);
    const char *line = scn_wait_line(g->s, "@move human", NIM_TURN_MS);
    tally_check(nim_parse_heaps(line, "@move human", after, g->rows) &&
                  !memcmp(after, g->heaps, g->rows),
              "after taking %u from row %u: %s", take, row, line ? line : "(no line)");
    if (nim_over(g)) return nim_expect_over(g, "human");
    tally_check(scn_wait_line(g->s, "@turn cpu", 1000) != NULL, "no @turn cpu");
    return nim_device_turn(g);
}

static const char *nim_device_turn(nim_game_t *g)
{
    uint8_t after[SIM_BOARD_MAX_ROWS];
    const brute_pos_t before = nim_pos(g);
    const bool could_win = brute_pos_is_win(&nim_rules, &before);
    const char *line = scn_wait_line(g->s, "@move cpu", NIM_TURN_MS);
    if (!nim_parse_heaps(line, "@move cpu", after, g->rows)) {
        tally_check(false, "device move line: %s", line ? line : "(none)");
        return "error";
    }
    uint8_t changed = 0, row_moved = 0;
    for (uint8_t r = 0; r < g->rows; r++)
        if (after[r] != g->heaps[r]) changed++, row_moved = r;
    tally_check(changed == 1 && after[row_moved] < g->heaps[row_moved],
              "device move is not a Nim move: row %u %u -> %u (%u rows changed)", row_moved,
              g->heaps[row_moved], after[row_moved], changed);
    memcpy(g->heaps, after, g->rows);
    const brute_pos_t now = nim_pos(g);
    if (could_win)
        tally_check(!brute_pos_is_win(&nim_rules, &now), "device had a win and missed it");
    if (nim_over(g)) return nim_expect_over(g, "cpu");
    tally_check(scn_wait_line(g->s, "@turn human", 1000) != NULL, "no @turn human");
    nim_turn_starts(g);
    scn_run_ms(g->s, NIM_SETTLE_MS);
    nim_check_leds(g);
    return NULL;
}

/* A winning move by brute force, or NULL-like (take 0) when there is none. */
static void nim_brute_best(const nim_game_t *g, uint8_t *row, uint8_t *take)
{
    *take = 0;
    for (uint8_t r = 0; r < g->rows; r++)
        for (uint8_t t = 1; t <= g->heaps[r]; t++) {
            nim_game_t next = *g;
            next.heaps[r] = (uint8_t)(next.heaps[r] - t);
            brute_pos_t p = nim_pos(&next);
            if (!brute_pos_is_win(&nim_rules, &p)) {
                *row = r;
                *take = t;
                return;
            }
        }
}

static uint32_t nim_random_state = 12345;
static uint32_t nim_random(void)
{
    nim_random_state = nim_random_state * 1103515245u + 12345u;
    return nim_random_state >> 8;
}

static void nim_random_move(const nim_game_t *g, uint8_t *row, uint8_t *take)
{
    do *row = (uint8_t)(nim_random() % g->rows);
    while (g->heaps[*row] == 0);
    *take = (uint8_t)(1 + nim_random() % g->heaps[*row]);
}

/* Play one game to its end; after it, A starts the next. Returns the winner. */
static const char *nim_play(nim_game_t *g, bool perfect)
{
    const char *winner = NULL;
    for (int moves = 0; !winner && moves < 8 * SIM_BOARD_MAX_ROWS && scn_ok(g->s); moves++) {
        uint8_t row, take;
        if (perfect) nim_brute_best(g, &row, &take);
        if (!perfect || take == 0) nim_random_move(g, &row, &take);
        winner = nim_exchange(g, row, take);
    }
    tally_check(winner != NULL, "game did not end");
    scn_run_ms(g->s, 300);
    scn_tap(g->s, SIM_BTN_A); /* new game */
    return winner ? winner : "none";
}

/* A refused confirm (nothing marked) changes nothing; marks beyond the row are not taken. */
static void nim_test_refusals(nim_game_t *g)
{
    snprintf(tally_context, sizeof tally_context, "refused confirms");
    const size_t lines = scn_line_count(g->s);
    scn_press(g->s, SIM_BTN_A); /* nothing marked: refused with a fast flash of the row */
    scn_run_ms(g->s, 300);
    tally_check(sim_led_changes(scn_leds(g->s), 0, 0, 250) >= 4, /* 10 Hz: 5; steady 0; blink <= 2 */
              "no visible refusal: row 0 LED 0 changed %u times in 250 ms",
              sim_led_changes(scn_leds(g->s), 0, 0, 250));
    scn_release(g->s, SIM_BTN_A);
    scn_run_ms(g->s, 200);
    scn_tap(g->s, SIM_BTN_RIGHT);
    scn_tap(g->s, SIM_BTN_B); /* marks cleared */
    scn_tap(g->s, SIM_BTN_A);
    scn_run_ms(g->s, 1500);
    tally_check(scn_line_count(g->s) == lines, "a refused confirm printed %zu lines",
              scn_line_count(g->s) - lines);
    scn_run_ms(g->s, NIM_SETTLE_MS);
    nim_check_leds(g);
    /* RIGHT past the end of the bottom row marks the whole row, no more */
    const uint8_t bottom = (uint8_t)(g->rows - 1);
    for (uint8_t r = 0; r < bottom; r++) scn_tap(g->s, SIM_BTN_DOWN); /* every row is full */
    g->cursor = bottom;
    for (int i = 0; i < g->heaps[bottom] + 3; i++) scn_tap(g->s, SIM_BTN_RIGHT);
    scn_tap(g->s, SIM_BTN_A);
    nim_answer(g, bottom, g->heaps[bottom]); /* the whole row, checked against the event line */
}

/* The cursor stops at the top and bottom rows (no wrap-around), and holding RIGHT repeats:
 * 650 ms held marks one token for the press and one at 400 ms and 550 ms. */
static void nim_test_cursor_and_repeat(nim_game_t *g)
{
    snprintf(tally_context, sizeof tally_context, "cursor ends and auto-repeat");
    const uint8_t bottom = (uint8_t)(g->rows - 1);
    if (!tally_check(g->heaps[0] && g->heaps[bottom] >= 3, "not a full start: top %u, bottom %u",
                     g->heaps[0], g->heaps[bottom]))
        return;
    scn_tap(g->s, SIM_BTN_UP); /* already on the top row: stays */
    for (uint8_t r = 0; r < g->rows; r++) scn_tap(g->s, SIM_BTN_DOWN); /* the last one stays */
    g->cursor = bottom;
    scn_hold(g->s, SIM_BTN_RIGHT, 650);
    scn_tap(g->s, SIM_BTN_A);
    nim_answer(g, bottom, 3); /* the move line shows which row, how many */
}

/* With heavy bounce on every press and release, k taps of RIGHT mark exactly k tokens. */
static void nim_test_bounce(nim_game_t *g)
{
    snprintf(tally_context, sizeof tally_context, "bounce");
    const sim_bounce_t heavy = {8, 20, 1200, 10000}; /* 16 extra edges within 10 ms */
    const uint8_t bottom = (uint8_t)(g->rows - 1);
    scn_set_bounce(g->s, &heavy);
    nim_exchange(g, bottom, g->heaps[bottom] < 3 ? g->heaps[bottom] : 3); /* three RIGHT taps */
    scn_set_bounce(g->s, NULL);
}

/* The cursor can be found within half a second of looking: in each of four 500 ms windows in
 * a row, exactly one LED of the board is lit 60..95 % of the window (a lit token with a
 * visible dark blip; steady tokens are lit 100 %), and it is the cursor's: the cursor row's
 * last unmarked token. A marked token blinks instead (lit 30..70 % of a window, as a 50 %
 * blink is), so the two cannot be taken for each other. At the person's turn, nothing marked. */
static void nim_check_cursor(nim_game_t *g)
{
    const uint8_t row = g->cursor;
    for (int w = 0; w < 4; w++) {
        scn_run_ms(g->s, 500);
        unsigned found = 0, at_r = 0, at_c = 0;
        for (uint8_t r = 0; r < g->rows; r++)
            for (unsigned c = 0; c < scn_row_len(g->s, r); c++) {
                const double lit = scn_led_lit(g->s, r, c, 500);
                if (lit >= 0.60 && lit < 0.95) found++, at_r = r, at_c = c;
            }
        tally_check(found == 1 && at_r == row && at_c + 1u == g->heaps[row],
                    "window %d of 500 ms: %u LEDs look like a cursor (the last at row %u LED %u), "
                    "wanted one, row %u LED %u (row %u LED %u lit %.2f)", w + 1, found, at_r,
                    at_c, row, g->heaps[row] - 1, row, g->heaps[row] - 1,
                    scn_led_lit(g->s, row, g->heaps[row] - 1u, 500));
    }
    if (g->heaps[row] < 2) return;
    scn_tap(g->s, SIM_BTN_RIGHT); /* one token marked: it blinks, the cursor moves left of it */
    scn_run_ms(g->s, 1000);
    const double marked = scn_led_lit(g->s, row, g->heaps[row] - 1u, 500);
    const double cursor = scn_led_lit(g->s, row, g->heaps[row] - 2u, 500);
    tally_check(marked >= 0.30 && marked <= 0.70 && cursor >= 0.60 && cursor < 0.95,
                "a marked token lit %.2f of 500 ms (wanted 0.30..0.70), the cursor beside it %.2f "
                "(wanted 0.60..0.95)", marked, cursor);
    scn_tap(g->s, SIM_BTN_B); /* marks cleared */
}

/* A refused confirm flashes only the tokens of the cursor row, never its empty places, so a
 * row of a few tokens does not look refilled. Plays moves until a row is neither full nor
 * empty, moves the cursor there and confirms with nothing marked. */
static void nim_test_refusal_partial(nim_game_t *g)
{
    snprintf(tally_context, sizeof tally_context, "refusal on a part-empty row");
    int row = -1;
    for (int tries = 0; row < 0 && tries < 4 && scn_ok(g->s); tries++) {
        for (uint8_t r = 0; r < g->rows && row < 0; r++)
            if (g->heaps[r] && g->heaps[r] < scn_row_len(g->s, r)) row = r;
        if (row >= 0) break;
        uint8_t r = 0;
        while (g->heaps[r] < 2) r++; /* a full row of 2 or more exists, or a row was partial */
        if (nim_exchange(g, r, 1)) { /* a game does not end in so few moves from full rows */
            tally_check(false, "the game ended before a row was part-empty");
            return;
        }
    }
    if (!tally_check(row >= 0, "no part-empty row to refuse on")) return;
    nim_cursor_to(g, (uint8_t)row);
    scn_press(g->s, SIM_BTN_A); /* nothing marked: refused */
    scn_run_ms(g->s, 300);
    unsigned empty_changes = 0;
    double empty_lit = 0;
    for (unsigned c = g->heaps[row]; c < scn_row_len(g->s, row); c++) {
        empty_changes += sim_led_changes(scn_leds(g->s), (unsigned)row, c, 300);
        empty_lit += scn_led_lit(g->s, (unsigned)row, c, 300);
    }
    const unsigned token_changes = sim_led_changes(scn_leds(g->s), (unsigned)row, 0, 250);
    tally_check(token_changes >= 4 && empty_changes == 0 && empty_lit == 0,
                "row %d of %u tokens refused: its first token changed %u times in 250 ms "
                "(wanted >= 4), its %u empty places %u times (lit %.2f; wanted dark)", row,
                g->heaps[row], token_changes, scn_row_len(g->s, row) - g->heaps[row],
                empty_changes, empty_lit);
    scn_release(g->s, SIM_BTN_A);
    scn_run_ms(g->s, 600);
    scn_tap(g->s, SIM_BTN_B); /* A held may have armed a hint: nothing more */
}

/* In the menu, set who begins ("you", "device"); the new game starts (not yet read). */
static void nim_set_first(nim_game_t *g, const char *who)
{
    char want[48];
    snprintf(want, sizeof want, "@menu first %s", who);
    scn_hold(g->s, SIM_BTN_B, 1150);
    const char *cur = scn_wait_line(g->s, "@menu game ", 300);
    for (int guard = 0; cur && strncmp(cur, "@menu first ", 12) && guard < 12; guard++) {
        scn_tap(g->s, SIM_BTN_DOWN);
        cur = scn_wait_line(g->s, "@menu ", 300);
    }
    for (int guard = 0; cur && strcmp(cur, want) && guard < 4; guard++) {
        scn_tap(g->s, SIM_BTN_RIGHT);
        cur = scn_wait_line(g->s, "@menu ", 300);
    }
    tally_check(cur && !strcmp(cur, want), "menu: '%s', wanted '%s'", cur ? cur : "(none)", want);
    scn_tap(g->s, SIM_BTN_A);
    const char *set = scn_wait_line(g->s, "@settings ", 500);
    snprintf(want, sizeof want, " first=%s ", who);
    tally_check(set && strstr(set, want), "settings after the menu: '%s'", set ? set : "(none)");
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_nim FIRMWARE.elf BOARD [GAMES]\n");
        return 2;
    }
    const int games = argc > 3 ? atoi(argv[3]) : 200;
    char err[256];
    brute_parse(&nim_rules, "nim");
    scn_t *s = scn_open(argv[1], argv[2], err, sizeof err);
    if (!s) {
        printf("test_nim: %s\n0 passed, 1 failed\n", err);
        return 1;
    }
    if (scn_rows(s) > SIM_BOARD_MAX_ROWS || scn_rows(s) < 1) {
        printf("test_nim: %u rows\n0 passed, 1 failed\n", scn_rows(s));
        return 1;
    }
    nim_game_t g = {.s = s, .rows = (uint8_t)scn_rows(s)};
    scn_set_bounce(s, &SIM_BOUNCE_DEFAULT);

    /* the classic start lights every LED; whether it is won for the first player decides who
     * begins the perfect player's games */
    snprintf(tally_context, sizeof tally_context, "boot");
    nim_new_game(&g);
    bool full = true;
    for (uint8_t r = 0; r < g.rows; r++) full &= g.start[r] == scn_row_len(s, r);
    tally_check(full, "the classic start is not every LED of the board");
    nim_game_t start = g;
    memcpy(start.heaps, g.start, g.rows);
    const brute_pos_t classic = nim_pos(&start);
    const bool classic_won = brute_pos_is_win(&nim_rules, &classic);
    /* from the defaults, as a fresh device starts (nothing touched in the menu), a person who
     * plays perfectly wins: the device begins where the classic start is lost */
    snprintf(tally_context, sizeof tally_context, "defaults, perfect player");
    const char *defaults_winner = nim_play(&g, true);
    tally_check(!strcmp(defaults_winner, "human"), "the perfect player lost the default game "
                "(winner %s, the classic start %s for the player to move)", defaults_winner,
                classic_won ? "won" : "lost");
    /* the person begins the games below, from every row full */
    snprintf(tally_context, sizeof tally_context, "the person begins");
    nim_set_first(&g, "you");
    nim_new_game(&g);
    snprintf(tally_context, sizeof tally_context, "the cursor");
    nim_check_cursor(&g);
    /* a person who thinks for 40 s (past the 16-bit millisecond clock's half range) still
     * sees a steady position: no timer compares a stale time */
    snprintf(tally_context, sizeof tally_context, "idle 40 s");
    scn_run_ms(s, 40000);
    nim_check_leds(&g);
    nim_test_refusals(&g);
    /* finish that game at random, then bounce test in a fresh one */
    snprintf(tally_context, sizeof tally_context, "after refusals");
    nim_play(&g, false);
    nim_new_game(&g);
    nim_test_cursor_and_repeat(&g);
    nim_play(&g, false);
    nim_new_game(&g);
    nim_test_bounce(&g);
    nim_test_refusal_partial(&g);
    nim_play(&g, false);

    /* a perfect player wins the classic start: moving first when that is a first-player
     * win, else after the device's first move */
    int human_wins = 0;
    if (!classic_won) {
        snprintf(tally_context, sizeof tally_context, "the device begins");
        nim_set_first(&g, "device");
    }
    for (int i = 0; i < 3; i++) {
        snprintf(tally_context, sizeof tally_context, "perfect player, game %d", i + 1);
        nim_new_game(&g);
        const char *w = nim_play(&g, true);
        tally_check(!strcmp(w, "human"), "the perfect player lost (winner %s)", w);
        human_wins += !strcmp(w, "human");
    }
    if (!classic_won) {
        snprintf(tally_context, sizeof tally_context, "the person begins");
        nim_set_first(&g, "you");
    }
    int cpu_wins = 0;
    for (int i = 0; i < games && scn_ok(s); i++) {
        snprintf(tally_context, sizeof tally_context, "random player, game %d", i + 1);
        nim_new_game(&g);
        cpu_wins += !strcmp(nim_play(&g, false), "cpu");
    }
    tally_check(scn_ok(s), "firmware failed: %s", scn_failure(s));
    printf("nim on %s: %d random games, device won %d; perfect player won %d of 3 (moving %s "
           "from the classic start); %.0f s simulated; stack high water %zu bytes, RAM headroom "
           "%zu bytes\n",
           argv[2], games, cpu_wins, human_wins, classic_won ? "first" : "second",
           scn_now_ms(s) / 1000, scn_stack_high_water(s), scn_ram_headroom(s));
    tally_check(scn_ram_headroom(s) > 0, "stack reached the static data");
    tally_stack(s);
    scn_close(s);
    return tally_finish("nim");
}
