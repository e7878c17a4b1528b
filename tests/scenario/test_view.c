/* The binary view (hold B, press A) on the simulated board, through its buttons and LEDs: for
 * every sum game the menu offers, random positions played through the buttons with the view on.
 * At each of the person's turns every row's LEDs read back as its Grundy value in binary (the
 * brute-force solver's, least significant bit at the row's right end), exactly the ones of the
 * odd columns blink (3 Hz), and no column blinks exactly when the solver says the player to move
 * has lost. A hint in the view: the highest odd column blinks, one row shows slowly the value it
 * must become, and that row and value are a winning move (the @hint line's too); switched off
 * during the hint, the hinted tokens blink slowly as usual. The device's move in the view: its
 * row shows the old and the new value in turn. Switching the view off gives back exactly the
 * picture it replaced. Refused with the usual flash in Wythoff and misere games; kept through
 * the menu, standby, a watchdog resume and the reset button (faults image), across games, not a
 * power cycle or a fresh game by the reset button pressed twice.
 * Usage: test_view FIRMWARE.elf FAULTS.elf BOARD [GAMES_PER_KIND] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "rows_pos.h"
#include "scenario.h"
#include "tally.h"

#define VW_ROWS ROWS_POS_MAX
#define VW_SAMPLE_MS 10 /* the LEDs are sampled this often ... */
#define VW_SAMPLES 80   /* ... over this many samples: 800 ms */

static uint64_t vw_seed = 0x9E3779B97F4A7C15ull;
static unsigned vw_rand(unsigned n)
{
    vw_seed ^= vw_seed << 13;
    vw_seed ^= vw_seed >> 7;
    vw_seed ^= vw_seed << 17;
    return (unsigned)(vw_seed % n);
}

typedef struct {
    scn_t *s;
    unsigned rows, len[VW_ROWS], line_rows;
    bool grid;
    /* the game in play */
    char name[48];
    brute_game_t rules;
    bool line, sum;
    unsigned used;
    uint8_t mask[VW_ROWS];
    brute_value_t g[16]; /* Grundy values of heaps 0..8 */
    unsigned cursor, col; /* the firmware's cursor, mirrored */
    bool marking;
    unsigned views, hints, shows, restores;
} vw_t;

/* ---- the LEDs, sampled ---- */

/* Every LED sampled every VW_SAMPLE_MS for VW_SAMPLES samples (lit at all in the last 10 ms:
 * boards that dim by PWM), classified: '.' dark, '#' lit (the cursor's wink too), 'f'
 * flashing (10 Hz), 'b' and 'B' blinking at 3 Hz in opposite phases ('b' the phase of the
 * first one in reading order), 's' blinking slowly (1 Hz); rows separated by '|'. */
static void vw_sample(vw_t *v, char *out)
{
    uint8_t lit[VW_ROWS][8][VW_SAMPLES];
    for (unsigned t = 0; t < VW_SAMPLES; t++) {
        scn_run_ms(v->s, VW_SAMPLE_MS);
        for (unsigned r = 0; r < v->rows; r++)
            for (unsigned i = 0; i < v->len[r]; i++) lit[r][i][t] = scn_led_lit(v->s, r, i, VW_SAMPLE_MS) > 0.05;
    }
    int ref_r = -1, ref_i = -1;
    size_t n = 0;
    for (unsigned r = 0; r < v->rows; r++) {
        if (r) out[n++] = '|';
        for (unsigned i = 0; i < v->len[r]; i++) {
            unsigned on = 0, edges = 0, last = 0, shortest = VW_SAMPLES;
            for (unsigned t = 0; t < VW_SAMPLES; t++) {
                on += lit[r][i][t];
                if (!t || lit[r][i][t] == lit[r][i][t - 1]) continue;
                if (edges++ && t - last < shortest) shortest = t - last; /* a whole phase */
                last = t;
            }
            /* phases: FLASH 50 ms, BLINK 167 ms, SLOW 500 ms; the cursor winks 80 ms dark every
             * 500 ms, lit 84 % of the time (at least 72 % of any window), SLOW at most 63 %,
             * FLASH and BLINK 50 % */
            unsigned dark_run = 0, shortest_dark = VW_SAMPLES; /* the shortest whole dark phase */
            for (unsigned t = 0; t < VW_SAMPLES; t++) {
                if (!lit[r][i][t]) dark_run++;
                else if (dark_run && dark_run < t && dark_run < shortest_dark) shortest_dark = dark_run, dark_run = 0;
                else dark_run = 0;
            }
            char c = on == 0 ? '.' : on == VW_SAMPLES ? '#' : shortest < 10 ? 'f' : edges >= 3 ? 'b' : 's';
            if (c != 'b' && on >= VW_SAMPLES * 72 / 100 && shortest_dark >= 70 / VW_SAMPLE_MS) c = '#';
            if (c == 'b') {
                if (ref_r < 0) ref_r = (int)r, ref_i = (int)i;
                unsigned same = 0;
                for (unsigned t = 0; t < VW_SAMPLES; t++) same += lit[r][i][t] == lit[ref_r][ref_i][t];
                c = same > VW_SAMPLES / 2 ? 'b' : 'B';
            }
            out[n++] = c;
        }
    }
    out[n] = '\0';
}

/* Give the first 'b'/'B' in reading order the letter 'b' (as vw_sample does). */
static void vw_phase_norm(char *p)
{
    char first = 0;
    for (char *c = p; *c; c++)
        if (*c == 'b' || *c == 'B') {
            if (!first) first = *c;
            if (first == 'B') *c = *c == 'b' ? 'B' : 'b';
        }
}

/* ---- the game's values, by the brute-force solver ---- */

static brute_pos_t vw_pos(const vw_t *v, const uint8_t *mask)
{
    return rows_pos_of(mask, v->len, v->used, v->line);
}

/* Row r's value with tokens mask: its heap's Grundy value, or the nim-sum of its runs. */
static unsigned vw_value(const vw_t *v, unsigned r, uint8_t mask)
{
    if (!v->line) return v->g[rows_pos_count(mask)];
    unsigned x = 0, run = 0;
    for (unsigned i = 0; i <= v->len[r]; i++) {
        if (i < v->len[r] && (mask >> i & 1)) {
            run++;
        } else {
            x ^= v->g[run];
            run = 0;
        }
    }
    return x;
}

static unsigned vw_nim_sum(const vw_t *v, const uint8_t *mask)
{
    unsigned x = 0;
    for (unsigned r = 0; r < v->used; r++) x ^= vw_value(v, r, mask[r]);
    return x;
}

/* Row r's LED i as the bit it stands for: value bit len - 1 - i. */
static unsigned vw_bit(const vw_t *v, unsigned r, unsigned i)
{
    return 1u << (v->len[r] - 1 - i);
}

/* The view's picture as vw_sample writes it. hint_row/after: the hint's row and its tokens
 * after the move (-1: none); show_row/after: the device's move shown. */
static void vw_want(const vw_t *v, int hint_row, int show_row, const uint8_t *after, char *out)
{
    const unsigned x = vw_nim_sum(v, v->mask);
    unsigned top = x;
    while (top & (top - 1)) top &= top - 1;
    size_t n = 0;
    for (unsigned r = 0; r < v->rows; r++) {
        if (r) out[n++] = '|';
        const unsigned val = r < v->used ? vw_value(v, r, v->mask[r]) : 0;
        const unsigned now = (int)r == hint_row || (int)r == show_row ? vw_value(v, r, after[r]) : val;
        for (unsigned i = 0; i < v->len[r]; i++) {
            const unsigned bit = vw_bit(v, r, i);
            char c = '.';
            if ((int)r == hint_row) c = now & bit ? 's' : val & bit & top ? 'b' : '.';
            else if ((int)r == show_row) c = val & now & bit ? '#' : val & bit ? 'b' : now & bit ? 'B' : '.';
            else if (val & bit) c = show_row >= 0 ? '#' : (hint_row >= 0 ? top : x) & bit ? 'b' : '#';
            out[n++] = c;
        }
    }
    out[n] = '\0';
    vw_phase_norm(out);
}

/* ---- buttons ---- */

/* The gesture: hold B, press A, let go of both. */
static void vw_gesture(vw_t *v)
{
    scn_press(v->s, SIM_BTN_B);
    scn_run_ms(v->s, 60);
    scn_tap(v->s, SIM_BTN_A);
    scn_release(v->s, SIM_BTN_B);
    scn_run_ms(v->s, 60);
}

/* The gesture, and the @view line it must give ("on"/"off"). */
static bool vw_switch(vw_t *v, const char *want)
{
    char line[16];
    snprintf(line, sizeof line, "@view %s", want);
    const size_t at = scn_cursor(v->s);
    vw_gesture(v);
    const char *l = scn_wait_line(v->s, "@view ", 300);
    if (!l) scn_set_cursor(v->s, at);
    return tally_check(l && !strcmp(l, line), "the gesture said '%s', not '%s'", l ? l : "nothing", line);
}

static void vw_seek(vw_t *v, int from, int step)
{
    for (int r = from; r >= 0 && r < (int)v->used; r += step)
        if (v->mask[r]) {
            v->cursor = (unsigned)r;
            v->marking = false;
            int best = -1;
            for (int i = 0; i < 8; i++)
                if ((v->mask[r] >> i & 1) && (best < 0 || abs(i - (int)v->col) < abs(best - (int)v->col))) best = i;
            v->col = (unsigned)best;
            return;
        }
}

static void vw_tap(vw_t *v, sim_button_t b)
{
    scn_tap(v->s, b);
    if (b == SIM_BTN_UP && v->cursor > 0) vw_seek(v, (int)v->cursor - 1, -1);
    if (b == SIM_BTN_DOWN && v->cursor + 1 < v->used) vw_seek(v, (int)v->cursor + 1, 1);
    if (v->line && (b == SIM_BTN_LEFT || b == SIM_BTN_RIGHT)) {
        const int step = b == SIM_BTN_RIGHT ? 1 : -1;
        for (int i = (int)v->col + step; i >= 0 && i < 8; i += step) {
            if (v->mask[v->cursor] >> i & 1) {
                v->col = (unsigned)i;
                break;
            }
            if (v->marking) break;
        }
    }
    if (v->line && b == SIM_BTN_A) v->marking = !v->marking;
}

/* Enter the move that takes `taken` (one row) with the buttons. */
static void vw_enter(vw_t *v, const uint8_t *taken)
{
    unsigned row = 0;
    while (!taken[row]) row++;
    for (int guard = 0; v->cursor != row && guard < 16; guard++) vw_tap(v, row > v->cursor ? SIM_BTN_DOWN : SIM_BTN_UP);
    if (!v->line) {
        for (unsigned i = 0; i < rows_pos_count(taken[row]); i++) vw_tap(v, SIM_BTN_RIGHT);
    } else {
        unsigned lo = 0, hi = 7;
        while (!(taken[row] >> lo & 1)) lo++;
        while (!(taken[row] >> hi & 1)) hi--;
        for (int guard = 0; v->col != lo && guard < 16; guard++) vw_tap(v, lo > v->col ? SIM_BTN_RIGHT : SIM_BTN_LEFT);
        vw_tap(v, SIM_BTN_A);
        for (unsigned i = lo; i < hi; i++) vw_tap(v, SIM_BTN_RIGHT);
    }
    vw_tap(v, SIM_BTN_A);
}

/* A random legal move of the position, as tokens per row. */
static void vw_pick(const vw_t *v, uint8_t *taken)
{
    const brute_pos_t p = vw_pos(v, v->mask);
    brute_move_t moves[256];
    unsigned n = 0;
    brute_iter_t it = {0};
    brute_move_t m;
    while (n < 256 && brute_next_move(&v->rules, &p, &it, &m)) moves[n++] = m;
    m = moves[vw_rand(n)];
    memset(taken, 0, VW_ROWS);
    if (!v->line) { /* a heap a row, empty or not: from its right end */
        const unsigned h = rows_pos_count(v->mask[m.heap]);
        taken[m.heap] = (uint8_t)(((1u << m.take) - 1) << (h - m.take));
        return;
    }
    unsigned k = 0; /* line games: every run a heap */
    for (unsigned r = 0; r < v->used; r++)
        for (unsigned i = 0; i < v->len[r];) {
            if (!(v->mask[r] >> i & 1)) {
                i++;
                continue;
            }
            const unsigned start = i;
            while (i < v->len[r] && (v->mask[r] >> i & 1)) i++;
            if (k++ != m.heap) continue;
            const unsigned left = vw_rand(2) ? m.part[1] : m.part[0];
            taken[r] = (uint8_t)(((1u << m.take) - 1) << (start + left));
        }
}

/* ---- the checks ---- */

/* The plain view of the position: values, odd columns, and the solver's verdict. */
static void vw_check_view(vw_t *v, const char *when)
{
    char got[96], want[96];
    vw_sample(v, got);
    vw_want(v, -1, -1, NULL, want);
    v->views++;
    tally_check(!strcmp(got, want), "%s: view %s, want %s (%s)", when, got, want, v->name);
    const brute_pos_t p = vw_pos(v, v->mask);
    tally_check(!strchr(got, 'b') == !brute_pos_is_win(&v->rules, &p),
                "%s: %s blinks %s, the solver says the position is %s", when, v->name, got,
                brute_pos_is_win(&v->rules, &p) ? "won" : "lost");
}

/* The tokens' picture (the view off): tokens lit, nothing else. */
static void vw_tokens(const vw_t *v, char *out)
{
    size_t n = 0;
    for (unsigned r = 0; r < v->rows; r++) {
        if (r) out[n++] = '|';
        for (unsigned i = 0; i < v->len[r]; i++) out[n++] = v->mask[r] >> i & 1 ? '#' : '.';
    }
    out[n] = '\0';
}

/* Off, the picture of the tokens exactly; on again, the view exactly. */
static void vw_check_restore(vw_t *v)
{
    char got[96], want[96];
    if (!vw_switch(v, "off")) return;
    vw_sample(v, got);
    vw_tokens(v, want);
    v->restores++;
    tally_check(!strcmp(got, want), "view off: %s, the tokens %s", got, want);
    if (vw_switch(v, "on")) vw_check_view(v, "view on again");
}

/* Hold A for a hint in the view: the picture, the move, and the tokens with the view off. */
static void vw_check_hint(vw_t *v)
{
    char got[96], want[96];
    scn_hold(v->s, SIM_BTN_A, 1150);
    v->marking = false;
    const char *l = scn_wait_line(v->s, "@hint ", 300);
    if (!tally_check(l != NULL, "no @hint line")) return;
    const brute_pos_t p = vw_pos(v, v->mask);
    if (!brute_pos_is_win(&v->rules, &p)) {
        tally_check(strstr(l, " none") != NULL, "hint '%s' from a lost position", l);
        return;
    }
    uint8_t after[VW_ROWS];
    const char *pos = strchr(l + 6, ' ');
    if (!tally_check(pos && rows_pos_parse(pos, v->len, v->rows, v->used, v->line, false, after), "hint '%s'", l))
        return;
    int row = -1;
    for (unsigned r = 0; r < v->used; r++)
        if (after[r] != v->mask[r]) row = (int)r;
    if (!tally_check(row >= 0, "hint '%s' moves nothing", l)) return;
    vw_sample(v, got);
    vw_want(v, row, -1, after, want);
    v->hints++;
    tally_check(!strcmp(got, want), "hint in the view: %s, want %s ('%s', %s)", got, want, l, v->name);
    /* the row and value the picture shows: a winning move by Bouton's rule */
    unsigned target = 0, x = vw_nim_sum(v, v->mask), old = vw_value(v, (unsigned)row, v->mask[row]);
    size_t at = 0; /* row's first LED in the picture */
    for (int r = 0; r < row; r++) at += v->len[r] + 1;
    for (unsigned i = 0; i < v->len[row]; i++)
        if (got[at + i] == 's') target |= vw_bit(v, (unsigned)row, i);
    const brute_pos_t q = vw_pos(v, after);
    tally_check((old ^ target) == x && target < old && !brute_pos_is_win(&v->rules, &q),
                "hint row %d from %u to %u, nim-sum %u: not a winning move", row, old, target, x);
    /* switched off while it shows: the hinted tokens blink slowly, the others stay lit */
    if (!vw_switch(v, "off")) return;
    vw_sample(v, got);
    size_t n = 0;
    for (unsigned r = 0; r < v->rows; r++) {
        if (r) want[n++] = '|';
        for (unsigned i = 0; i < v->len[r]; i++)
            want[n++] = !(v->mask[r] >> i & 1) ? '.' : after[r] >> i & 1 ? '#' : 's';
    }
    want[n] = '\0';
    tally_check(!strcmp(got, want), "the hint with the view off: %s, want %s", got, want);
    vw_switch(v, "on");
    scn_run_ms(v->s, 1200); /* the hint is over */
}

/* The device's move in the view: its row shows the old and new value in turn; then the move. */
static bool vw_device_move(vw_t *v)
{
    const char *t = scn_wait_line(v->s, "@turn cpu", 3000);
    if (!tally_check(t != NULL, "no @turn cpu")) return false;
    scn_run_ms(v->s, 530); /* the pause; the move shows for 1 s from here */
    char got[96], want[96];
    vw_sample(v, got);
    const char *l = scn_wait_line(v->s, "@move cpu", 1500);
    uint8_t after[VW_ROWS];
    if (!tally_check(l && rows_pos_parse(l + 9, v->len, v->rows, v->used, v->line, false, after),
                     "device move '%s'", l ? l : "none"))
        return false;
    int row = -1;
    for (unsigned r = 0; r < v->used; r++)
        if (after[r] != v->mask[r]) row = (int)r;
    vw_want(v, -1, row, after, want);
    v->shows++;
    tally_check(!strcmp(got, want), "the device's move in the view: %s, want %s ('%s', %s)", got, want, l, v->name);
    memcpy(v->mask, after, sizeof after);
    return true;
}

/* ---- games ---- */

/* Start game `name` from random heaps (one per row, none over) with the console. */
static bool vw_new(vw_t *v, const char *name)
{
    snprintf(v->name, sizeof v->name, "%s", name);
    if (!tally_check(brute_parse(&v->rules, name), "solver: '%s'", name)) return false;
    v->line = !strcmp(name, "kayles") || !strcmp(name, "dawson") || !strncmp(name, "line:", 5);
    v->sum = brute_grundy(&v->rules, 8, v->g);
    v->used = v->line ? v->line_rows : v->rows;
    if (!strcmp(name, "wythoff")) v->used = 2;
    char cmd[128];
    for (int tries = 0;; tries++) {
        size_t n = (size_t)snprintf(cmd, sizeof cmd, "new %s", name);
        for (unsigned r = 0; r < v->used; r++) {
            const unsigned h = vw_rand(v->len[r] + 1 - (v->grid && v->used == 2));
            v->mask[r] = (uint8_t)((1u << h) - 1);
            n += (size_t)snprintf(cmd + n, sizeof cmd - n, " %u", h);
        }
        for (unsigned r = v->used; r < v->rows; r++) v->mask[r] = 0;
        const brute_pos_t p = vw_pos(v, v->mask);
        uint16_t wins;
        if (brute_count_moves(&v->rules, &p, &wins) > 0 || tries > 50) break;
    }
    snprintf(cmd + strlen(cmd), sizeof cmd - strlen(cmd), "\n");
    scn_send(v->s, cmd);
    if (!tally_check(scn_wait_line(v->s, "@game ", 1000) != NULL, "'%.*s' did not start", (int)strlen(cmd) - 1, cmd))
        return false;
    const char *t = scn_wait_line(v->s, "@turn ", 500);
    scn_wait_line(v->s, "ok", 500);
    v->col = 0;
    vw_seek(v, 0, 1);
    scn_run_ms(v->s, 100);
    return tally_check(t && !strcmp(t, "@turn human"), "first turn '%s'", t ? t : "none");
}

/* Play the game on from its start with the view on: up to `rounds` of the person's turns. */
static void vw_play(vw_t *v, unsigned rounds)
{
    for (unsigned round = 0; round < rounds && scn_ok(v->s); round++) {
        snprintf(tally_context, sizeof tally_context, "%s, round %u", v->name, round);
        vw_check_view(v, "the person's turn");
        const unsigned what = vw_rand(3);
        if (what == 0) vw_check_hint(v);
        if (what == 1) vw_check_restore(v);
        uint8_t taken[VW_ROWS];
        vw_pick(v, taken);
        v->col = 0, v->marking = false;
        vw_seek(v, 0, 1);
        vw_enter(v, taken);
        const char *l = scn_wait_line(v->s, "@move human", 1000);
        if (!tally_check(l != NULL, "the move was not made")) return;
        uint8_t after[VW_ROWS], want[VW_ROWS];
        for (unsigned r = 0; r < v->rows; r++) want[r] = (uint8_t)(v->mask[r] & ~taken[r]);
        if (!tally_check(rows_pos_parse(l + 11, v->len, v->rows, v->used, v->line, false, after) &&
                             !memcmp(after, want, v->rows),
                         "'%s': not the move entered", l))
            return;
        memcpy(v->mask, after, sizeof after);
        const brute_pos_t p = vw_pos(v, v->mask);
        uint16_t wins;
        if (brute_count_moves(&v->rules, &p, &wins) == 0) return;
        if (!vw_device_move(v)) return;
        const brute_pos_t q = vw_pos(v, v->mask);
        if (brute_count_moves(&v->rules, &q, &wins) == 0) return;
        scn_wait_line(v->s, "@turn human", 500);
        v->col = 0;
        vw_seek(v, 0, 1);
        scn_run_ms(v->s, 50);
    }
}

/* A set of 1..8 for the menu's custom games, as "k,k,...", its least value at most `most`. */
static void vw_set(char *out, size_t len, unsigned most)
{
    unsigned bits = 0;
    while (!bits) {
        bits = vw_rand(256);
        if (!(bits & ((1u << most) - 1))) bits = 0;
    }
    size_t n = 0;
    for (unsigned k = 1; k <= 8; k++)
        if (bits >> (k - 1) & 1) n += (size_t)snprintf(out + n, len - n, "%s%u", n ? "," : "", k);
}

/* Whether a heap game's position (heaps[r] in row r) has, in an earlier row than Bouton's, a
 * winning move that raises that row's value: where the engine's first winning move is not the
 * one the view draws. */
static bool vw_raises_first(const vw_t *v, const unsigned *heaps)
{
    unsigned x = 0;
    for (unsigned r = 0; r < v->used; r++) x ^= v->g[heaps[r]];
    if (!x) return false;
    for (unsigned r = 0; r < v->used; r++) {
        const unsigned h = heaps[r], want = v->g[h] ^ x;
        for (unsigned t = 1; t <= h; t++)
            if (brute_allowed(&v->rules, h, t, h - t, 0) && v->g[h - t] == want) return want > v->g[h];
    }
    return false;
}

/* Hints from positions where a winning move that raises a row comes first: the view's hint
 * is still Bouton's (a row whose value drops). Returns how many were found and checked. */
static unsigned vw_bouton(vw_t *v)
{
    static const char *const games[] = {"sub:2,5", "sub:1,3,4", "pow2", "fib", "sub:1,4", "sub:2,3,7", "sub:1,4,5"};
    unsigned found = 0;
    for (unsigned k = 0; k < sizeof games / sizeof games[0] && found < 4; k++) {
        if (!brute_parse(&v->rules, games[k]) || !brute_grundy(&v->rules, 8, v->g)) continue;
        v->line = false;
        v->used = v->rows;
        unsigned heaps[VW_ROWS];
        for (unsigned tries = 0; tries < 5000; tries++) {
            for (unsigned r = 0; r < v->used; r++) heaps[r] = vw_rand(v->len[r] + 1);
            if (!vw_raises_first(v, heaps)) continue;
            char cmd[80];
            size_t n = (size_t)snprintf(cmd, sizeof cmd, "new %s", games[k]);
            for (unsigned r = 0; r < v->used; r++) n += (size_t)snprintf(cmd + n, sizeof cmd - n, " %u", heaps[r]);
            snprintf(tally_context, sizeof tally_context, "Bouton's hint: %s", cmd);
            snprintf(cmd + n, sizeof cmd - n, "\n");
            scn_send(v->s, cmd);
            if (!tally_check(scn_wait_line(v->s, "@turn human", 1000) != NULL, "did not start")) break;
            scn_wait_line(v->s, "ok", 300);
            snprintf(v->name, sizeof v->name, "%s", games[k]);
            for (unsigned r = 0; r < v->used; r++) v->mask[r] = (uint8_t)((1u << heaps[r]) - 1);
            scn_run_ms(v->s, 100);
            vw_check_hint(v);
            found++;
            break;
        }
    }
    return found;
}

/* The gesture in a game that is not a sum: the usual flash, no @view, the picture unchanged. */
static void vw_refused(vw_t *v, const char *name)
{
    snprintf(tally_context, sizeof tally_context, "%s: the gesture refused", name);
    if (!vw_new(v, name)) return;
    const size_t at = scn_cursor(v->s);
    scn_press(v->s, SIM_BTN_B);
    scn_run_ms(v->s, 60);
    scn_press(v->s, SIM_BTN_A);
    char got[96];
    vw_sample(v, got); /* the flash (0.4 s) within these 0.7 s */
    scn_release(v->s, SIM_BTN_A);
    scn_release(v->s, SIM_BTN_B);
    tally_check(strchr(got, 'f') != NULL, "no flash: %s", got);
    scn_run_ms(v->s, 300);
    tally_check(scn_wait_line(v->s, "@view", 10) == NULL, "%s switched the view", name);
    scn_set_cursor(v->s, at);
    if (v->grid && v->used == 2) return; /* Corner the Queen: her own picture */
    char want[96];
    vw_sample(v, got);
    vw_tokens(v, want);
    tally_check(!strcmp(got, want), "after the refusal %s, the tokens %s", got, want);
}

/* Kept through the menu (B held, B back) and standby (a button wakes it). */
static void vw_menu_standby(vw_t *v)
{
    snprintf(tally_context, sizeof tally_context, "the view through the menu");
    if (!vw_new(v, "nim")) return;
    vw_check_view(v, "before the menu");
    scn_hold(v->s, SIM_BTN_B, 1200);
    tally_check(scn_wait_line(v->s, "@menu ", 300) != NULL, "the menu did not open");
    scn_run_ms(v->s, 300);
    scn_tap(v->s, SIM_BTN_B);
    tally_check(scn_wait_line(v->s, "@menu back", 300) != NULL, "the menu did not close");
    vw_check_view(v, "back from the menu");
    snprintf(tally_context, sizeof tally_context, "the view through standby");
    tally_check(scn_wait_line(v->s, "@sleep", 125000) != NULL, "no standby within 2 minutes");
    scn_run_ms(v->s, 200);
    scn_tap(v->s, SIM_BTN_UP); /* wakes; does nothing else */
    tally_check(scn_wait_line(v->s, "@wake", 300) != NULL, "no @wake");
    scn_run_ms(v->s, 100);
    vw_check_view(v, "after standby");
}

/* The menu's line `name` set to `value` (DOWN to the line, RIGHT to the value). */
static bool vw_menu_set(vw_t *v, const char *name, const char *value)
{
    char want[40];
    snprintf(want, sizeof want, "@menu %s ", name);
    const char *cur = scn_last_line(v->s, "@menu ");
    for (int guard = 0; cur && strncmp(cur, want, strlen(want)) && guard < 12; guard++) {
        scn_tap(v->s, SIM_BTN_DOWN);
        cur = scn_wait_line(v->s, "@menu ", 300);
    }
    snprintf(want, sizeof want, "@menu %s %s", name, value);
    for (int guard = 0; cur && strcmp(cur, want) && guard < 8; guard++) {
        scn_tap(v->s, SIM_BTN_RIGHT);
        cur = scn_wait_line(v->s, "@menu ", 300);
    }
    return tally_check(cur && !strcmp(cur, want), "menu: cannot set %s to %s", name, value);
}

/* Two players: the view at either side's turn, a hint in it for p2, moves through the buttons. */
static void vw_two_players(vw_t *v)
{
    snprintf(tally_context, sizeof tally_context, "two players");
    if (!vw_new(v, "nim")) return;
    scn_hold(v->s, SIM_BTN_B, 1200);
    if (!tally_check(scn_wait_line(v->s, "@menu ", 300) != NULL, "the menu did not open") ||
        !vw_menu_set(v, "players", "2"))
        return;
    scn_tap(v->s, SIM_BTN_A);
    const char *g = scn_wait_line(v->s, "@game ", 1000);
    const char *pos = g ? strchr(g + 6, ' ') : NULL;
    if (!tally_check(pos && rows_pos_parse(pos, v->len, v->rows, v->used, false, false, v->mask), "'%s'", g ? g : ""))
        return;
    for (unsigned turn = 0; turn < 4 && scn_ok(v->s); turn++) {
        const char *who = turn & 1 ? "p2" : "p1";
        char want[16];
        snprintf(want, sizeof want, "@turn %s", who);
        snprintf(tally_context, sizeof tally_context, "two players, %s's turn", who);
        if (!tally_check(scn_wait_line(v->s, "@turn ", 1500) != NULL, "no %s", want)) return;
        scn_run_ms(v->s, 50);
        vw_check_view(v, who);
        if (turn & 1) vw_check_hint(v);
        uint8_t taken[VW_ROWS];
        vw_pick(v, taken);
        v->col = 0, v->marking = false;
        vw_seek(v, 0, 1);
        vw_enter(v, taken);
        snprintf(want, sizeof want, "@move %s", who);
        if (!tally_check(scn_wait_line(v->s, want, 1000) != NULL, "no %s", want)) return;
        for (unsigned r = 0; r < v->rows; r++) v->mask[r] &= (uint8_t)~taken[r];
        const brute_pos_t p = vw_pos(v, v->mask);
        uint16_t wins;
        if (brute_count_moves(&v->rules, &p, &wins) == 0) return;
    }
}

/* Kept through a watchdog reset (the faults image's hang), not through a power cycle. */
static void vw_watchdog(vw_t *v)
{
    snprintf(tally_context, sizeof tally_context, "the view through a watchdog resume");
    if (!vw_new(v, "kayles")) return;
    if (!vw_switch(v, "on")) return;
    vw_check_view(v, "before the hang");
    scn_send(v->s, "fault loop\n");
    tally_check(scn_wait_line(v->s, "@reset watchdog", 1500) != NULL, "no watchdog reset");
    tally_check(scn_wait_line(v->s, "@resume ", 500) != NULL, "no @resume");
    scn_run_ms(v->s, 100);
    vw_check_view(v, "resumed");
    /* the reset button gives back the game as it was, the view included (docs/playing.md) */
    snprintf(tally_context, sizeof tally_context, "the view after the reset button");
    scn_run_ms(v->s, 4300); /* a boot this old: one press resumes */
    scn_reset(v->s, SCN_RESET_BUTTON);
    tally_check(scn_wait_line(v->s, "@reset external", 500) != NULL, "no @reset external");
    if (!tally_check(scn_wait_line(v->s, "@resume ", 500) != NULL, "no @resume after the reset button")) return;
    scn_run_ms(v->s, 100);
    vw_check_view(v, "resumed by the reset button");
    /* a fresh game (the button again within 4 s) and a power cycle: the plain picture */
    for (unsigned how = 0; how < 2; how++) {
        snprintf(tally_context, sizeof tally_context, "the view after %s",
                 how ? "a power cycle" : "the reset button twice (a fresh game)");
        scn_reset(v->s, how ? SCN_RESET_POWER : SCN_RESET_BUTTON);
        const char *g = scn_wait_line(v->s, "@game ", 1000);
        if (!tally_check(g != NULL, "no game after the reset")) return;
        uint8_t mask[VW_ROWS];
        const char *pos = strchr(g + 6, ' ');
        if (!tally_check(pos && rows_pos_parse(pos, v->len, v->rows, v->used, v->line, false, mask), "'%s'", g)) return;
        memcpy(v->mask, mask, sizeof mask);
        scn_run_ms(v->s, 300);
        char got[96], want[96];
        vw_sample(v, got);
        vw_tokens(v, want);
        tally_check(!strcmp(got, want), "after the reset %s, want the tokens %s", got, want);
        if (!how) vw_switch(v, "on");
    }
}

static scn_t *vw_open(vw_t *v, const char *elf, const char *board)
{
    char err[256];
    scn_t *s = scn_open(elf, board, err, sizeof err);
    if (!tally_check(s != NULL, "cannot open %s: %s", elf, err)) return NULL;
    scn_set_bounce(s, &SIM_BOUNCE_DEFAULT);
    v->s = s;
    const char *set = scn_wait_line(s, "@settings ", 1000);
    const bool device_first = set && strstr(set, " first=device ");
    tally_check(scn_wait_line(s, "@game ", 1000) != NULL, "no first game");
    scn_run_ms(s, 100);
    if (device_first) { /* the default where the classic start is lost (matrix8, shift595): the
                         * games below are the person's to begin, so the menu's "first" goes to you */
        scn_hold(s, SIM_BTN_B, 1200);
        for (int i = 0; i < 3; i++) scn_tap(s, SIM_BTN_DOWN);  /* game, misere, start, first */
        for (int i = 0; i < 2; i++) scn_tap(s, SIM_BTN_RIGHT); /* device, alternate, you */
        scn_tap(s, SIM_BTN_A);
        set = scn_wait_line(s, "@settings ", 1000);
        tally_check(set && strstr(set, " first=you "), "the menu set '%s', wanted first=you",
                    set ? set : "nothing");
        scn_run_ms(s, 2000); /* the game it started, and the save */
        scn_set_cursor(s, scn_line_count(s));
    }
    return s;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: test_view FIRMWARE.elf FAULTS.elf BOARD [GAMES_PER_KIND]\n");
        return 2;
    }
    const unsigned per_kind = argc > 4 ? (unsigned)atoi(argv[4]) : 3;
    vw_t v = {0};
    if (!vw_open(&v, argv[1], argv[3])) return tally_finish("test_view");
    v.rows = scn_rows(v.s);
    unsigned runs = 0, tokens = 0;
    v.grid = v.rows == 8;
    for (unsigned r = 0; r < v.rows; r++) {
        v.len[r] = scn_row_len(v.s, r);
        tokens += v.len[r];
        v.grid &= v.len[r] == 8;
        if (v.line_rows == r && runs + (v.len[r] + 1) / 2 <= 16) v.line_rows++, runs += (v.len[r] + 1) / 2;
    }
    /* the sum games of the menu: Nim, Bash 1..7, {1,3,4}, {2,5}, powers of two, Fibonacci,
     * custom sets, Kayles, Dawson's Kayles, line with a custom set */
    snprintf(tally_context, sizeof tally_context, "switching the view on");
    if (!vw_new(&v, "nim") || !vw_switch(&v, "on")) return tally_finish("test_view");
    for (unsigned k = 0; k < per_kind; k++) {
        char name[40], set[24];
        static const char *const fixed[] = {"nim", "sub:1,3,4", "sub:2,5", "pow2", "fib", "kayles", "dawson"};
        for (unsigned i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
            if (vw_new(&v, fixed[i])) vw_play(&v, 3);
        snprintf(name, sizeof name, "bash:%u", 1 + vw_rand(7));
        if (vw_new(&v, name)) vw_play(&v, 3);
        vw_set(set, sizeof set, 3);
        snprintf(name, sizeof name, "sub:%s", set);
        if (vw_new(&v, name)) vw_play(&v, 3);
        vw_set(set, sizeof set, 3);
        snprintf(name, sizeof name, "line:%s", set);
        if (vw_new(&v, name)) vw_play(&v, 3);
    }
    const unsigned bouton = vw_bouton(&v);
    printf("view: %u positions whose first winning move raises a row: Bouton's hint\n", bouton);
    vw_refused(&v, "wythoff");
    vw_refused(&v, "misere");
    if (tokens <= 16) vw_refused(&v, "misere:kayles");
    vw_menu_standby(&v);
    vw_two_players(&v);
    tally_stack(v.s);
    scn_close(v.s);
    printf("view: %u pictures of positions, %u hints, %u device moves shown, %u switched off and on\n",
           v.views, v.hints, v.shows, v.restores);
    /* the faults image: a hang and its watchdog resume */
    vw_t w = {0};
    memcpy(&w, &v, sizeof w);
    if (vw_open(&w, argv[2], argv[3])) {
        scn_expect_watchdog(w.s, true);
        vw_watchdog(&w);
        scn_close(w.s);
    }
    return tally_finish("test_view");
}
