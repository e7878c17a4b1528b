/* Every game of the device's menu, played through the buttons (with contact bounce) on
 * the simulated board: each game picked in the menu and played to the end against a
 * random player; the device's moves are legal and, at Perfect, winning whenever it can
 * win (checked by the brute-force solver, which knows only the rules); the LEDs show the
 * position after every move. Also: the menu's lines and LED patterns, two players,
 * hints, Equalizer and Casual, random, Marienbad and alternating starts. Written for any
 * board: the rows come from the board model, what the board offers (misere variants, the
 * Marienbad start, sound and brightness lines) from the rules below and the firmware's own
 * event lines, and which side a check lets begin from the brute-force solver. A board of 8
 * rows of 8 is a grid, drawn as the firmware draws grids: menu values as characters, and
 * Wythoff as Corner the Queen (the heaps are the queen's column from the left and row from
 * the bottom; LEFT and DOWN move her target; the classic start 6, 7).
 * Usage: test_games FIRMWARE.elf BOARD */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sim_avr.h>

#include "brute.h"
#include "rows_pos.h"
#include "scenario.h"
#include "tally.h"

#define GM_TURN_MS 5000 /* the device answers within 1.5 s; generous */
#define GM_ROWS ROWS_POS_MAX

/* The test's own random numbers (xorshift64), independent of the firmware's. */
static uint64_t gm_seed = 88172645463325252ull;
static unsigned gm_rand(unsigned n)
{
    gm_seed ^= gm_seed << 13;
    gm_seed ^= gm_seed >> 7;
    gm_seed ^= gm_seed << 17;
    return (unsigned)(gm_seed % n);
}

typedef enum { GM_HEAP, GM_WYTHOFF, GM_LINE } gm_entry_t;

/* The score the device should keep: wins, losses and hints per game, variant and level. */
typedef struct {
    char key[48];
    unsigned wins, losses, hints;
} gm_score_t;

static gm_score_t gm_scores[64];
static unsigned gm_score_count;

/* The score cell of a game and level: games with a parameter share one (bash:3 and bash:5). */
static gm_score_t *gm_score(const char *name, const char *level)
{
    char key[48];
    const char *base = strncmp(name, "misere:", 7) ? name : name + 7;
    const char *kind = !strncmp(base, "bash:", 5) ? "bash"
                       : !strncmp(base, "line:", 5) ? "line"
                       : !strncmp(base, "sub:", 4) && strcmp(base, "sub:1,3,4") && strcmp(base, "sub:2,5")
                           ? "custom"
                           : base;
    snprintf(key, sizeof key, "%s%s/%s", base == name ? "" : "misere:", kind, level);
    for (unsigned i = 0; i < gm_score_count; i++)
        if (!strcmp(gm_scores[i].key, key)) return &gm_scores[i];
    gm_score_t *sc = &gm_scores[gm_score_count++];
    snprintf(sc->key, sizeof sc->key, "%s", key);
    return sc;
}

typedef struct {
    scn_t *s;
    unsigned rows, len[GM_ROWS];
    unsigned line_rows;     /* rows line games use: as many as keep the runs within 16 heaps */
    unsigned tokens;        /* LEDs on the board */
    bool marienbad;         /* the board has rows for the 1-3-5-7 start */
    bool has_sound;         /* the settings (and the menu) have a sound line */
    bool has_bright;        /* ... and a brightness line */
    unsigned bright_default; /* the brightness of a blank EEPROM */
    bool device_default;    /* the device begins by default: the classic start is lost */
    bool grid;              /* 8 rows of 8: characters in the menu, Wythoff as a queen */
    /* the game in play */
    char name[64];
    brute_game_t rules;
    gm_entry_t entry;
    bool queen;             /* Wythoff on a grid: Corner the Queen */
    unsigned used;          /* rows in play */
    uint8_t mask[GM_ROWS];  /* tokens per row, bit i = LED i */
    bool two_player;
    char level[16];
    /* the firmware's cursor, mirrored */
    unsigned cursor, col;
    bool marking;
    /* what happened */
    unsigned device_moves, device_slips; /* slips: from a won position to a lost one */
    unsigned moore_k;       /* moore:k in play (0: not moore), decided by brute_moore_win */
    bool king;              /* king in play, decided by brute_king_win */
    unsigned hints;
} gm_t;

static unsigned gm_count(uint8_t m)
{
    return rows_pos_count(m);
}

static brute_pos_t gm_pos_of(const gm_t *g, const uint8_t *mask)
{
    return rows_pos_of(mask, g->len, g->used, g->entry == GM_LINE);
}

static brute_pos_t gm_pos(const gm_t *g)
{
    return gm_pos_of(g, g->mask);
}

/* Parse the position part of "@game"/"@move"/"@hint" lines into mask[] (rows_pos_parse). */
static bool gm_parse_rows(const gm_t *g, const char *p, uint8_t *mask)
{
    return rows_pos_parse(p, g->len, g->rows, g->used, g->entry == GM_LINE, g->queen, mask);
}

static const char *gm_who(const gm_t *g, int side)
{
    return g->two_player ? (side ? "p2" : "p1") : (side ? "cpu" : "human");
}

/* ---- LEDs ---- */

static void gm_rows_text(const gm_t *g, const uint8_t *mask, char *out)
{
    size_t n = 0;
    for (unsigned r = 0; r < g->rows; r++) {
        if (r) out[n++] = '|';
        for (unsigned i = 0; i < g->len[r]; i++) out[n++] = (mask[r] >> i & 1) ? '#' : '.';
    }
    out[n] = '\0';
}

/* Corner the Queen: the row and column of the queen's square for heaps (column) and
 * mask[1] (row from the bottom). */
static void gm_queen_at(const uint8_t *mask, unsigned *row, unsigned *col)
{
    *col = gm_count(mask[0]);
    *row = 7 - gm_count(mask[1]);
}

/* The LEDs show exactly the tokens, or the queen on her square (during the device's pause,
 * when nothing blinks). */
static void gm_check_leds(gm_t *g)
{
    char want[96], got[96];
    if (g->queen) {
        uint8_t dark[GM_ROWS] = {0};
        unsigned row, col;
        gm_queen_at(g->mask, &row, &col);
        dark[row] = (uint8_t)(1u << col);
        gm_rows_text(g, dark, want);
    } else {
        gm_rows_text(g, g->mask, want);
    }
    scn_leds_now(g->s, got, sizeof got);
    tally_check(strcmp(want, got) == 0, "LEDs %s, position %s", got, want);
}

/* ---- the cursor, as the firmware moves it ---- */

static void gm_seek(gm_t *g, int from, int step)
{
    for (int r = from; r >= 0 && r < (int)g->used; r += step)
        if (g->mask[r]) {
            g->cursor = (unsigned)r;
            g->marking = false;
            int best = -1;
            for (int i = 0; i < 8; i++)
                if ((g->mask[r] >> i & 1) &&
                    (best < 0 || abs(i - (int)g->col) < abs(best - (int)g->col)))
                    best = i;
            g->col = (unsigned)best;
            return;
        }
}

static void gm_turn_starts(gm_t *g)
{
    g->col = 0;
    g->marking = false;
    gm_seek(g, 0, 1);
}

static void gm_tap(gm_t *g, sim_button_t b)
{
    scn_tap(g->s, b);
    if (b == SIM_BTN_UP && g->cursor > 0) gm_seek(g, (int)g->cursor - 1, -1);
    if (b == SIM_BTN_DOWN && g->cursor + 1 < g->used) gm_seek(g, (int)g->cursor + 1, 1);
    if (g->entry == GM_LINE && (b == SIM_BTN_LEFT || b == SIM_BTN_RIGHT)) {
        const int step = b == SIM_BTN_RIGHT ? 1 : -1;
        for (int i = (int)g->col + step; i >= 0 && i < 8; i += step) {
            if (g->mask[g->cursor] >> i & 1) {
                g->col = (unsigned)i;
                break;
            }
            if (g->marking) break;
        }
    }
    if (g->entry == GM_LINE && b == SIM_BTN_A) g->marking = !g->marking;
}

static void gm_goto_row(gm_t *g, unsigned row)
{
    for (int guard = 0; g->cursor != row && guard < 16; guard++)
        gm_tap(g, row > g->cursor ? SIM_BTN_DOWN : SIM_BTN_UP);
    tally_check(g->cursor == row, "cursor cannot reach row %u", row);
}

/* ---- moves in board terms ---- */

typedef struct {
    uint8_t taken[GM_ROWS];
} gm_move_t;

/* The board move for brute move m (line games: the gap on a random side when parts differ). */
static gm_move_t gm_board_move(const gm_t *g, const brute_move_t *m, bool random_side)
{
    gm_move_t bm = {{0}};
    if (g->entry != GM_LINE) {
        for (unsigned r = 0; r < g->used; r++) {
            if (m->heap != BRUTE_BOTH && m->heap != r) continue;
            if (m->heap == BRUTE_BOTH && r > 1) continue;
            const unsigned h = gm_count(g->mask[r]);
            bm.taken[r] = (uint8_t)(((1u << m->take) - 1) << (h - m->take));
        }
        return bm;
    }
    unsigned k = 0;
    for (unsigned r = 0; r < g->used; r++)
        for (unsigned i = 0; i < g->len[r];) {
            if (!(g->mask[r] >> i & 1)) {
                i++;
                continue;
            }
            unsigned start = i;
            while (i < g->len[r] && (g->mask[r] >> i & 1)) i++;
            if (k++ != m->heap) continue;
            const unsigned left = random_side && gm_rand(2) ? m->part[1] : m->part[0];
            bm.taken[r] = (uint8_t)(((1u << m->take) - 1) << (start + left));
        }
    return bm;
}

/* Enter a board move with the buttons. */
static void gm_enter(gm_t *g, const gm_move_t *bm)
{
    unsigned row = 0;
    while (!bm->taken[row]) row++;
    if (g->entry == GM_LINE) {
        unsigned lo = 0, hi = 7;
        while (!(bm->taken[row] >> lo & 1)) lo++;
        while (!(bm->taken[row] >> hi & 1)) hi--;
        gm_goto_row(g, row);
        for (int guard = 0; g->col != lo && guard < 16; guard++)
            gm_tap(g, lo > g->col ? SIM_BTN_RIGHT : SIM_BTN_LEFT);
        gm_tap(g, SIM_BTN_A);
        for (unsigned i = lo; i < hi; i++) gm_tap(g, SIM_BTN_RIGHT);
        gm_tap(g, SIM_BTN_A);
        return;
    }
    if (g->queen) { /* LEFT moves the target a column left, DOWN a row down */
        for (unsigned i = 0; i < gm_count(bm->taken[0]); i++) scn_tap(g->s, SIM_BTN_LEFT);
        for (unsigned i = 0; i < gm_count(bm->taken[1]); i++) scn_tap(g->s, SIM_BTN_DOWN);
        scn_tap(g->s, SIM_BTN_A);
        return;
    }
    gm_goto_row(g, row);
    for (unsigned i = 0; i < gm_count(bm->taken[row]); i++) gm_tap(g, SIM_BTN_RIGHT);
    if (g->entry == GM_WYTHOFF && row == 0 && bm->taken[1]) {
        gm_goto_row(g, 1);
        for (unsigned i = 0; i < gm_count(bm->taken[1]); i++) gm_tap(g, SIM_BTN_RIGHT);
    }
    gm_tap(g, SIM_BTN_A);
}

/* Is "before -> after" a legal move on the board? (rows_pos_legal) */
static bool gm_legal(const gm_t *g, const uint8_t *before, const uint8_t *after)
{
    return rows_pos_legal(&g->rules, before, after, g->len, g->rows, g->used, g->entry == GM_LINE,
                          g->entry == GM_WYTHOFF);
}

/* ---- king and moore:k (brute_king_win, brute_moore_win: whole-position games) ---- */

/* moore:k on up to 8 heaps of up to 8 (matrix8's rows; brute.c's brute_moore_win takes 4 heaps
 * of up to 7): an exhaustive search of its own over positions as sorted multisets (Moore's game
 * does not depend on the heaps' order), memoised per k: 0 unknown, 1 lost, 2 won. */
#define GM_MOORE_KEYS 43046721u /* 9^8 */
static uint8_t *gm_moore_memo[4];

static bool gm_moore_search(unsigned k, const uint8_t *h0)
{
    uint8_t h[8];
    memcpy(h, h0, sizeof h);
    for (unsigned i = 1; i < 8; i++) /* largest first */
        for (unsigned j = i; j > 0 && h[j] > h[j - 1]; j--) {
            const uint8_t t = h[j];
            h[j] = h[j - 1];
            h[j - 1] = t;
        }
    uint32_t key = 0;
    for (unsigned i = 0; i < 8; i++) key = key * 9 + h[i];
    if (!gm_moore_memo[k]) gm_moore_memo[k] = calloc(GM_MOORE_KEYS, 1);
    uint8_t *memo = gm_moore_memo[k];
    if (memo[key]) return memo[key] == 2;
    bool win = false;
    for (unsigned set = 1; set < 256 && !win; set++) {
        if ((unsigned)__builtin_popcount(set) > k) continue;
        bool ok = true;
        for (unsigned i = 0; i < 8; i++) ok &= !((set >> i) & 1) || h[i] > 0;
        if (!ok) continue;
        uint8_t after[8];
        memcpy(after, h, sizeof after);
        for (unsigned i = 0; i < 8; i++) if ((set >> i) & 1) after[i] = 0;
        for (;;) { /* every lowering of the heaps in set */
            if (!gm_moore_search(k, after)) {
                win = true;
                break;
            }
            unsigned i = 0;
            for (; i < 8; i++) {
                if (!((set >> i) & 1)) continue;
                if (++after[i] < h[i]) break;
                after[i] = 0;
            }
            if (i == 8) break;
        }
    }
    memo[key] = win ? 2 : 1;
    return win;
}

static bool gm_special_win(const gm_t *g, const uint8_t *mask)
{
    uint8_t h[8] = {0};
    bool small = g->used <= 4;
    for (unsigned r = 0; r < g->used; r++) {
        h[r] = (uint8_t)gm_count(mask[r]);
        small &= h[r] <= 7;
    }
    if (g->king) return brute_king_win(h[0], h[1]);
    const bool win = gm_moore_search(g->moore_k, h);
    /* within brute.c's reach, both searches agree */
    if (small) tally_check(brute_moore_win((uint8_t)g->moore_k, h, (uint8_t)g->used) == win,
                           "brute_moore_win and the 8-heap search disagree");
    return win;
}

/* Whether before -> after is a move of the rules: the king takes 1 from one row or from both,
 * moore:k takes at least one token from each of 1 to k rows (rows stay packed to the left). */
static bool gm_special_legal(const gm_t *g, const uint8_t *before, const uint8_t *after)
{
    unsigned changed = 0;
    for (unsigned r = 0; r < g->rows; r++) {
        if ((after[r] & ~before[r]) || (after[r] & (after[r] + 1))) return false;
        if (after[r] == before[r]) continue;
        changed++;
        if (g->king && gm_count(before[r]) - gm_count(after[r]) != 1) return false;
    }
    return changed >= 1 && changed <= (g->king ? 2u : g->moore_k);
}

/* A random legal move of the person (winning, when perfect and there is one) as tokens taken. */
static gm_move_t gm_special_pick(const gm_t *g, bool perfect)
{
    gm_move_t best = {{0}}, any = {{0}};
    for (int tries = 0; tries < 400; tries++) {
        gm_move_t m = {{0}};
        uint8_t after[GM_ROWS];
        for (unsigned r = 0; r < g->used; r++) {
            const unsigned h = gm_count(g->mask[r]);
            const unsigned take = h && gm_rand(2) ? (g->king ? 1 : 1 + gm_rand(h)) : 0;
            m.taken[r] = (uint8_t)(((1u << take) - 1) << (h - take));
        }
        for (unsigned r = 0; r < g->rows; r++) after[r] = (uint8_t)(g->mask[r] & ~m.taken[r]);
        if (!gm_special_legal(g, g->mask, after)) continue;
        any = m;
        if (!perfect || !gm_special_win(g, after)) return m;
        best = m;
    }
    (void)best;
    return any;
}

/* Enter a king or moore move: the marks of each row (the queen's arrows on a grid), then A. */
static void gm_special_enter(gm_t *g, const gm_move_t *bm)
{
    if (g->queen || g->king) {
        gm_enter(g, bm);
        return;
    }
    for (unsigned r = 0; r < g->used; r++) {
        if (!bm->taken[r]) continue;
        gm_goto_row(g, r);
        for (unsigned i = 0; i < gm_count(bm->taken[r]); i++) gm_tap(g, SIM_BTN_RIGHT);
    }
    gm_tap(g, SIM_BTN_A);
}

/* A king or moore game against the device (Perfect): every move of the device legal and, from a
 * won position, to a lost one; now and then first a move the rules refuse (the king's two tokens
 * from a row, moore's marks in k + 1 rows): no move is made, B clears the marks. */
static int gm_play_special(gm_t *g, int side, unsigned *refused)
{
    for (int moves = 0; moves < 200 && scn_ok(g->s); moves++) {
        uint8_t before[GM_ROWS];
        memcpy(before, g->mask, sizeof before);
        const bool was_win = gm_special_win(g, before);
        gm_move_t want = {{0}};
        if (side == 0) {
            gm_turn_starts(g);
            gm_move_t bad = {{0}};
            unsigned rows = 0;
            for (unsigned r = 0; r < g->used; r++) {
                const unsigned h = gm_count(g->mask[r]);
                if (!h || (g->king && h < 2) || (g->king && rows)) continue;
                if (!g->king && rows == g->moore_k + 1) break;
                bad.taken[r] = (uint8_t)(((1u << (g->king ? 2 : 1)) - 1) << (h - (g->king ? 2 : 1)));
                rows++;
            }
            if (rows && (g->king || rows == g->moore_k + 1) && !g->queen && gm_rand(2)) {
                const size_t seen = scn_line_count(g->s);
                gm_special_enter(g, &bad);
                scn_run_ms(g->s, 300);
                tally_check(scn_line_count(g->s) == seen, "a refused move was answered");
                gm_tap(g, SIM_BTN_B);
                (*refused)++;
            }
            want = gm_special_pick(g, false);
            gm_special_enter(g, &want);
        }
        char prefix[32];
        snprintf(prefix, sizeof prefix, "@move %s", gm_who(g, side));
        const char *line = scn_wait_line(g->s, prefix, GM_TURN_MS);
        if (!tally_check(line != NULL, "no '%s' line (%s)", prefix, g->name)) return -1;
        uint8_t after[GM_ROWS];
        if (!tally_check(gm_parse_rows(g, line + strlen(prefix), after), "bad move line '%s'", line))
            return -1;
        if (side == 0) {
            bool same = true;
            for (unsigned r = 0; r < g->rows; r++) same &= after[r] == (uint8_t)(before[r] & ~want.taken[r]);
            if (!tally_check(same, "the entered move was not made: '%s'", line)) return -1;
        } else {
            tally_check(gm_special_legal(g, before, after), "illegal device move: '%s'", line);
            tally_check(!was_win || !gm_special_win(g, after), "the device could win but played '%s'", line);
            g->device_moves++;
        }
        memcpy(g->mask, after, sizeof after);
        side ^= 1;
        bool over = true;
        for (unsigned r = 0; r < g->used; r++) over &= g->mask[r] == 0;
        if (over) {
            char want_over[32];
            snprintf(want_over, sizeof want_over, "@over %s", gm_who(g, side ^ 1));
            const char *o = scn_wait_line(g->s, "@over ", 1000);
            tally_check(o && !strcmp(o, want_over), "game over: got '%s', want '%s'", o ? o : "nothing", want_over);
            return side ^ 1;
        }
        snprintf(prefix, sizeof prefix, "@turn %s", gm_who(g, side));
        if (!tally_check(scn_wait_line(g->s, prefix, 1000) != NULL, "no '%s'", prefix)) return -1;
    }
    tally_check(false, "game did not end");
    return -1;
}

/* ---- playing ---- */

/* Read "@game <name> <rows>" and the first turn; false when it did not come. */
static bool gm_game_line(gm_t *g, int *side)
{
    const char *line = scn_wait_line(g->s, "@game ", 3000);
    if (!tally_check(line != NULL, "no @game line")) return false;
    const char *p = line + 6;
    size_t n = strcspn(p, " ");
    snprintf(g->name, sizeof g->name, "%.*s", (int)n, p);
    const char *base = strncmp(g->name, "misere:", 7) == 0 ? g->name + 7 : g->name;
    g->entry = !strcmp(base, "wythoff")                                          ? GM_WYTHOFF
               : !strcmp(base, "kayles") || !strcmp(base, "dawson") || !strncmp(base, "line", 4) ? GM_LINE
                                                                                 : GM_HEAP;
    g->used = g->entry == GM_WYTHOFF ? 2 : g->entry == GM_LINE ? g->line_rows : g->rows;
    g->king = !strcmp(base, "king");
    g->moore_k = !strncmp(base, "moore:", 6) ? (unsigned)atoi(base + 6) : 0;
    if (g->king) g->entry = GM_WYTHOFF, g->used = 2;
    g->queen = g->grid && g->entry == GM_WYTHOFF;
    if (!g->king && !g->moore_k &&
        !tally_check(brute_parse(&g->rules, g->name), "brute solver cannot parse '%s'", g->name))
        return false;
    if (!tally_check(gm_parse_rows(g, p + n, g->mask), "bad game line '%s'", line)) return false;
    const char *turn = scn_wait_line(g->s, "@turn ", 2000);
    if (!tally_check(turn != NULL, "no first @turn")) return false;
    *side = !strcmp(turn + 6, gm_who(g, 0)) ? 0 : !strcmp(turn + 6, gm_who(g, 1)) ? 1 : -1;
    return tally_check(*side >= 0, "first turn '%s'", turn);
}

typedef enum { GM_RANDOM, GM_PERFECT } gm_player_t;

/* A person's move: random, or winning when there is one (perfect). */
static gm_move_t gm_pick(gm_t *g, gm_player_t how)
{
    brute_pos_t p = gm_pos(g);
    brute_move_t moves[256], wins[256];
    unsigned n = 0, w = 0;
    brute_iter_t it = {0};
    brute_move_t m;
    while (n < 256 && brute_next_move(&g->rules, &p, &it, &m)) {
        moves[n++] = m;
        brute_pos_t q;
        brute_apply(&g->rules, &p, &m, &q);
        if (!brute_pos_is_win(&g->rules, &q)) wins[w++] = m;
    }
    const brute_move_t *pick = how == GM_PERFECT && w ? &wins[gm_rand(w)] : &moves[gm_rand(n)];
    return gm_board_move(g, pick, true);
}

/* Hold A for a hint and check it: a winning move when there is one, "none" otherwise;
 * the hinted tokens blink slowly, the rest stay lit (or all tokens blink for none). */
static void gm_hint(gm_t *g, int side)
{
    const brute_pos_t p = gm_pos(g);
    const bool win = brute_pos_is_win(&g->rules, &p);
    scn_hold(g->s, SIM_BTN_A, 1150);
    g->marking = false; /* a hint drops what the press marked */
    char want[32];
    snprintf(want, sizeof want, "@hint %s", gm_who(g, side));
    const char *line = scn_wait_line(g->s, want, 500);
    if (!tally_check(line != NULL, "no %s line", want)) return;
    g->hints++;
    if (!g->two_player) gm_score(g->name, g->level)->hints++;
    const char *rest = line + strlen(want);
    if (!win) {
        tally_check(!strcmp(rest, " none"), "hint from a lost position: '%s'", line);
        return;
    }
    uint8_t after[GM_ROWS];
    if (!tally_check(gm_parse_rows(g, rest, after), "hint line '%s'", line)) return;
    brute_pos_t q = gm_pos_of(g, after);
    tally_check(gm_legal(g, g->mask, after) && !brute_pos_is_win(&g->rules, &q),
             "hint '%s' is not a winning move", line);
    scn_run_ms(g->s, 1000);
    unsigned qr = 0, qc = 0, tr = 0, tc = 0; /* the queen and her hinted square */
    if (g->queen) gm_queen_at(g->mask, &qr, &qc), gm_queen_at(after, &tr, &tc);
    for (unsigned r = 0; r < g->rows; r++)
        for (unsigned i = 0; i < g->len[r]; i++) {
            const double lit = scn_led_lit(g->s, r, i, 1000);
            bool token = g->mask[r] >> i & 1, hinted = token && !(after[r] >> i & 1);
            if (g->queen) token = r == qr && i == qc, hinted = r == tr && i == tc;
            tally_check(hinted ? lit > 0.3 && lit < 0.7 : token ? lit > 0.95 : lit < 0.05,
                     "hint LED %u,%u lit %.2f (token %d, hinted %d)", r, i, lit, token, hinted);
        }
}

typedef struct {
    gm_player_t person[2]; /* side 0 (and side 1 with two players) */
    unsigned hint_every;   /* hold A for a hint on about 1 in hint_every turns (0: never) */
    bool perfect_device;   /* check the device wins whenever it can */
} gm_style_t;

/* Play the game to its end; returns the winner's side, or -1 on failure. */
static int gm_play(gm_t *g, int side, const gm_style_t *st)
{
    for (int moves = 0; moves < 200 && scn_ok(g->s); moves++) {
        uint8_t before[GM_ROWS];
        memcpy(before, g->mask, sizeof before);
        const brute_pos_t p = gm_pos(g);
        const bool was_win = brute_pos_is_win(&g->rules, &p);
        const bool person = side == 0 || g->two_player;
        gm_move_t want = {{0}};
        if (person) {
            gm_turn_starts(g);
            if (st->hint_every && gm_rand(st->hint_every) == 0) gm_hint(g, side);
            want = gm_pick(g, st->person[side]);
            gm_enter(g, &want);
        }
        char prefix[32];
        snprintf(prefix, sizeof prefix, "@move %s", gm_who(g, side));
        const char *line = scn_wait_line(g->s, prefix, GM_TURN_MS);
        if (!tally_check(line != NULL, "no '%s' line (position %s)", prefix, g->name)) return -1;
        uint8_t after[GM_ROWS];
        if (!tally_check(gm_parse_rows(g, line + strlen(prefix), after), "bad move line '%s'", line))
            return -1;
        if (person) {
            bool same = true;
            for (unsigned r = 0; r < g->rows; r++) same &= after[r] == (uint8_t)(before[r] & ~want.taken[r]);
            if (!tally_check(same, "the entered move was not made: '%s'", line)) return -1;
        } else {
            if (!tally_check(gm_legal(g, before, after), "illegal device move: '%s'", line)) return -1;
            const brute_pos_t q = gm_pos_of(g, after);
            const bool slip = was_win && brute_pos_is_win(&g->rules, &q);
            g->device_moves++;
            g->device_slips += slip;
            if (st->perfect_device) tally_check(!slip, "the device could win but played '%s'", line);
        }
        memcpy(g->mask, after, sizeof after);
        side ^= 1;
        const brute_pos_t q = gm_pos(g);
        uint16_t wins;
        if (brute_count_moves(&g->rules, &q, &wins) == 0) {
            /* normal play: the mover won; misere: the player to move (brute_pos_is_win) */
            const int winner = brute_pos_is_win(&g->rules, &q) ? side : side ^ 1;
            char over[32];
            snprintf(over, sizeof over, "@over %s", gm_who(g, winner));
            const char *o = scn_wait_line(g->s, "@over ", 1000);
            tally_check(o && !strcmp(o, over), "game over: got '%s', want '%s'", o ? o : "nothing", over);
            if (!g->two_player) { /* the score of this game and level, as kept in EEPROM */
                gm_score_t *sc = gm_score(g->name, g->level);
                *(winner == 0 ? &sc->wins : &sc->losses) += 1;
                char want[64];
                snprintf(want, sizeof want, "@score %u %u %u", sc->wins, sc->losses, sc->hints);
                const char *got = scn_wait_line(g->s, "@score ", 500);
                tally_check(got && !strcmp(got, want), "score of %s: '%s', wanted '%s'", sc->key,
                         got ? got : "nothing", want);
            }
            return winner;
        }
        snprintf(prefix, sizeof prefix, "@turn %s", gm_who(g, side));
        if (!tally_check(scn_wait_line(g->s, prefix, 1000) != NULL, "no '%s'", prefix)) return -1;
        if (!g->two_player && side == 1) {
            scn_run_ms(g->s, 20);
            gm_check_leds(g);
        }
    }
    tally_check(false, "game did not end");
    return -1;
}

/* ---- the menu ---- */

/* Hold B to open the menu; returns the first "@menu" line. */
static bool gm_menu_open(gm_t *g)
{
    scn_hold(g->s, SIM_BTN_B, 1150);
    return tally_check(scn_wait_line(g->s, "@menu game ", 300) != NULL, "the menu did not open");
}

/* In the menu: go to line `name` (from the game line, DOWN), then press `step` until its
 * value reads `value`. */
static bool gm_menu_set(gm_t *g, const char *name, const char *value)
{
    char want[80];
    snprintf(want, sizeof want, "@menu %s ", name);
    const char *cur = scn_last_line(g->s, "@menu ");
    for (int guard = 0; cur && strncmp(cur, want, strlen(want)) && guard < 12; guard++) {
        scn_tap(g->s, SIM_BTN_DOWN);
        cur = scn_wait_line(g->s, "@menu ", 300);
    }
    if (!tally_check(cur && !strncmp(cur, want, strlen(want)), "menu line %s not reached", name)) return false;
    snprintf(want, sizeof want, "@menu %s %s", name, value);
    for (int guard = 0; strcmp(cur, want) && guard < 16; guard++) {
        scn_tap(g->s, SIM_BTN_RIGHT);
        cur = scn_wait_line(g->s, "@menu ", 300);
        if (!cur) break;
    }
    return tally_check(cur && !strcmp(cur, want), "menu: cannot set %s to %s", name, value);
}

/* Parse "@menu set 1,3,4 at 2" into members (bit k-1 = k) and the cursor (1..8). */
static bool gm_parse_set(const char *line, unsigned *bits, unsigned *at)
{
    if (!line || strncmp(line, "@menu set ", 10)) return false;
    const char *p = line + 10;
    *bits = 0;
    for (;;) {
        char *end;
        long k = strtol(p, &end, 10);
        if (end == p || k < 1 || k > 8) return false;
        *bits |= 1u << (k - 1);
        p = end;
        if (*p != ',') break;
        p++;
    }
    return sscanf(p, " at %u", at) == 1;
}

/* On the "set" line: make the custom set exactly `bits` (bit k-1 = k), member by member,
 * adding before removing (the set may never be empty). */
static bool gm_menu_custom(gm_t *g, unsigned bits)
{
    const char *cur = scn_last_line(g->s, "@menu ");
    for (int guard = 0; cur && strncmp(cur, "@menu set ", 10) && guard < 12; guard++) {
        scn_tap(g->s, SIM_BTN_DOWN);
        cur = scn_wait_line(g->s, "@menu ", 300);
    }
    unsigned have, at;
    if (!tally_check(gm_parse_set(cur, &have, &at), "menu: no set line ('%s')", cur ? cur : "")) return false;
    for (int pass = 0; pass < 2; pass++)
        for (unsigned k = 1; k <= 8; k++) {
            const bool want = bits >> (k - 1) & 1, is = have >> (k - 1) & 1;
            if (want == is || want != (pass == 0)) continue;
            while (at != k) {
                scn_tap(g->s, at < k ? SIM_BTN_RIGHT : SIM_BTN_LEFT);
                if (!gm_parse_set(scn_wait_line(g->s, "@menu set ", 300), &have, &at)) return false;
            }
            scn_tap(g->s, SIM_BTN_A);
            if (!gm_parse_set(scn_wait_line(g->s, "@menu set ", 300), &have, &at)) return false;
        }
    return tally_check(have == bits, "menu: set is %#x, wanted %#x", have, bits);
}

typedef struct {
    const char *start, *first, *level, *players;
} gm_setup_t;

static const gm_setup_t GM_CLASSIC = {"classic", "you", "perfect", "1"};

/* Whether the menu offers the misere variant of `game` (its name in the menu) on this board:
 * Nim's always, Wythoff's never, the others' when the whole board holds 16 tokens or fewer,
 * and the heap games' also on boards of at most 4 rows of at most 7 (shift595), as far as the
 * engine decides misere play exactly. */
static bool gm_misere_offered(const gm_t *g, const char *game)
{
    if (!strcmp(game, "nim")) return true;
    if (!strcmp(game, "wythoff") || !strcmp(game, "king") || !strncmp(game, "moore", 5)) return false;
    if (g->tokens <= 16) return true;
    const bool line = !strncmp(game, "kayles", 6) || !strncmp(game, "dawson", 6) ||
                      !strncmp(game, "line", 4);
    bool bounded = g->rows <= 4;
    for (unsigned r = 0; r < g->rows; r++) bounded &= g->len[r] <= 7;
    return !line && bounded;
}

/* The start `start` of the game in play, as row masks: "classic" fills the rows it uses
 * (Corner the Queen: heaps 6 and 7, the queen beside the top right corner, from where no
 * move wins at once), "marienbad" is 1, 3, 5 and 7 tokens in the first four rows. */
static void gm_start_rows(const gm_t *g, const char *start, uint8_t *mask)
{
    memset(mask, 0, GM_ROWS);
    for (unsigned r = 0; r < g->used; r++)
        mask[r] = !strcmp(start, "marienbad") ? (r < 4 ? (uint8_t)((1u << (2 * r + 1)) - 1) : 0)
                  : g->queen                  ? (uint8_t)((1u << (6 + r)) - 1)
                                              : (uint8_t)((1u << g->len[r]) - 1);
}

/* Open the menu, pick game (its own options first, e.g. {"bash", "5", NULL}), then the
 * setup; start. Returns the side to move first, -1 on failure. */
static int gm_start(gm_t *g, const char *game, const char *const *opts, const gm_setup_t *su)
{
    if (!gm_menu_open(g)) return -1;
    bool ok = gm_menu_set(g, "game", game);
    if (ok) { /* the line after the game's: misere exactly where the board offers it */
        scn_tap(g->s, SIM_BTN_DOWN);
        const char *next = scn_wait_line(g->s, "@menu ", 300);
        const bool shown = next && !strncmp(next, "@menu misere ", 13);
        ok = tally_check(next && shown == gm_misere_offered(g, game), "after game %s the menu shows '%s'",
                         game, next ? next : "nothing");
    }
    for (; ok && opts && opts[0]; opts += 2) /* in menu order: each is found further down */
        ok = !strcmp(opts[0], "set") ? gm_menu_custom(g, (unsigned)strtoul(opts[1], NULL, 16))
                                     : gm_menu_set(g, opts[0], opts[1]);
    ok = ok && gm_menu_set(g, "start", su->start) && gm_menu_set(g, "first", su->first) &&
         gm_menu_set(g, "level", su->level) && gm_menu_set(g, "players", su->players);
    if (!ok) { /* leave the menu for the next test */
        scn_tap(g->s, SIM_BTN_B);
        return -1;
    }
    g->two_player = !strcmp(su->players, "2");
    snprintf(g->level, sizeof g->level, "%s", su->level);
    scn_tap(g->s, SIM_BTN_A);
    int side;
    if (!tally_check(scn_wait_line(g->s, "@settings ", 500) != NULL, "no @settings after A")) return -1;
    if (!gm_game_line(g, &side)) return -1;
    if (strcmp(su->start, "random")) { /* classic and Marienbad starts are fixed */
        uint8_t want[GM_ROWS];
        char a[96], b[96];
        gm_start_rows(g, su->start, want);
        gm_rows_text(g, want, a);
        gm_rows_text(g, g->mask, b);
        tally_check(!strcmp(a, b), "the %s start of %s: %s, wanted %s", su->start, g->name, b, a);
    }
    return side;
}

/* LEDs over the last second against a picture: '#' steady, '.' dark, 's' slow blink
 * (about half lit), rows separated by '|'. */
static void gm_check_picture(gm_t *g, const char *want, const char *what)
{
    scn_run_ms(g->s, 1000);
    const char *w = want;
    bool ok = true;
    for (unsigned r = 0; r < g->rows && ok; r++, w++)
        for (unsigned i = 0; i < g->len[r] && ok; i++, w++) {
            const double lit = scn_led_lit(g->s, r, i, 1000);
            ok = *w == '#' ? lit > 0.95 : *w == '.' ? lit < 0.05 : lit > 0.3 && lit < 0.7;
        }
    char got[96];
    tally_check(ok, "%s: LEDs %s, wanted %s", what, scn_leds_pattern(g->s, 1000, got, sizeof got), want);
}

/* The picture the menu draws for a line: its icon on row 0 (bit i: LED i blinks slowly) and
 * below it the value: `value` LEDs lit in reading order over rows 1.. or, binary, the number
 * `value` on row 1, most significant bit left. */
static void gm_menu_picture(const gm_t *g, unsigned icon, bool binary, unsigned value, char *out)
{
    size_t n = 0;
    unsigned k = 0;
    for (unsigned r = 0; r < g->rows; r++) {
        if (r) out[n++] = '|';
        for (unsigned i = 0; i < g->len[r]; i++)
            out[n++] = r == 0   ? (icon >> i & 1 ? 's' : '.')
                       : binary ? (r == 1 && (value >> (g->len[1] - 1 - i) & 1) ? '#' : '.')
                                : (k++ < value ? '#' : '.');
    }
    out[n] = '\0';
}

/* A menu line's picture: its icon on row 0 and the value below (gm_menu_picture); on a grid
 * the value is characters: rows 2..6 steady, some lit, rows 1 and 7 dark (gm_test_menu
 * checks that each value has its own). */
static void gm_check_menu_picture(gm_t *g, unsigned icon, bool binary, unsigned value, const char *what)
{
    char pic[160];
    gm_menu_picture(g, icon, binary, value, pic);
    if (!g->grid) {
        gm_check_picture(g, pic, what);
        return;
    }
    scn_run_ms(g->s, 1000);
    bool ok = true;
    unsigned lit_leds = 0;
    for (unsigned r = 0; r < g->rows; r++)
        for (unsigned i = 0; i < g->len[r]; i++) {
            const double lit = scn_led_lit(g->s, r, i, 1000);
            if (r == 0) ok &= pic[i] == 's' ? lit > 0.3 && lit < 0.7 : lit < 0.05;
            else if (r == 1 || r == 7) ok &= lit < 0.05;
            else ok &= lit < 0.05 || lit > 0.95, lit_leds += lit > 0.95;
        }
    char got[160];
    tally_check(ok && lit_leds >= 2, "%s: LEDs %s, wanted icon %.8s and characters on rows 2..6", what,
                scn_leds_pattern(g->s, 1000, got, sizeof got), pic);
}

/* The menu: every line, every value (LEFT/RIGHT wrap around), the pictures of a few, the
 * ends of the list; B goes back to the running game unchanged. The lines are Nim's: the
 * start line offers Marienbad where the board has the rows for it, and the sound and
 * brightness lines come exactly where the settings have them; standby is last everywhere. */
static void gm_test_menu(gm_t *g)
{
    snprintf(tally_context, sizeof tally_context, "menu");
    char before[96], after[96];
    gm_rows_text(g, g->mask, before);
    const size_t lines_before = scn_line_count(g->s);
    if (!gm_menu_open(g)) return;
    gm_check_menu_picture(g, 0x01, true, 1, "game line, Nim"); /* Nim is value 0, shown as 1 */
    typedef struct {
        const char *name;
        unsigned values;
        unsigned icon, lit; /* the picture of the value the line starts at */
    } gm_line_t;
    gm_line_t lines[9] = {{"game", 14, 0x01, 1}, {"misere", 2, 0x02, 1}, {"start", g->marienbad ? 3 : 2, 0x04, 1},
                  {"first", 3, 0x05, g->device_default ? 2 : 1}, {"level", 3, 0x06, 1},  {"players", 2, 0x07, 1}};
    size_t count = 6;
    if (g->has_sound) lines[count++] = (gm_line_t){"sound", 2, 0x09, 2}; /* on */
    if (g->has_bright) /* levels 1..4, the default the brightest: 4 LEDs */
        lines[count++] = (gm_line_t){"bright", 4, 0x0A, g->bright_default};
    /* every board: standby after 1, 2 (the default: 2 LEDs, or "2"), 5 minutes, never */
    lines[count++] = (gm_line_t){"standby", 4, 0x08, 2};
    bool marienbad_seen = false;
    for (size_t l = 0; l < count; l++) {
        if (l) {
            scn_tap(g->s, SIM_BTN_DOWN);
            const char *cur = scn_wait_line(g->s, "@menu ", 300);
            tally_check(cur && !strncmp(cur + 6, lines[l].name, strlen(lines[l].name)),
                     "DOWN to line %s gave '%s'", lines[l].name, cur ? cur : "nothing");
        }
        /* RIGHT through every value and back to the first */
        const char *first = scn_last_line(g->s, "@menu ");
        char first_copy[80];
        snprintf(first_copy, sizeof first_copy, "%s", first ? first : "");
        unsigned n = 0, same = 0;
        const char *cur;
        static char seen[20][160]; /* each value's picture below row 0, shown at once */
        do {
            scn_tap(g->s, SIM_BTN_RIGHT);
            cur = scn_wait_line(g->s, "@menu ", 300);
            marienbad_seen |= cur && !strcmp(cur, "@menu start marienbad");
            /* below row 0, each LED lit at any time of 30 ms: a board dimmed by PWM (the
             * brightness line tries each level at once) flickers, so one instant is not enough */
            scn_run_ms(g->s, 40);
            size_t k = 0;
            for (unsigned r = 1; r < scn_rows(g->s) && k + 10 < sizeof seen[n]; r++) {
                seen[n][k++] = '|';
                for (unsigned c = 0; c < scn_row_len(g->s, r); c++)
                    seen[n][k++] = scn_led_lit(g->s, r, c, 30) > 0 ? '#' : '.';
            }
            seen[n][k] = 0;
            for (unsigned k = 0; k < n; k++) same += !strcmp(seen[k], seen[n]);
            n++;
        } while (cur && strcmp(cur, first_copy) && n < 20);
        tally_check(n == lines[l].values, "line %s has %u values, wanted %u", lines[l].name, n,
                 lines[l].values);
        tally_check(!same, "line %s: %u values look like another value", lines[l].name, same);
        gm_check_menu_picture(g, lines[l].icon, l == 0, lines[l].lit, lines[l].name);
        if (!strcmp(lines[l].name, "first")) { /* LEFT from you wraps to the last value: 3 LEDs */
            scn_tap(g->s, SIM_BTN_LEFT);
            cur = scn_wait_line(g->s, "@menu ", 300);
            const char *want = g->device_default ? "@menu first you" : "@menu first alternate";
            tally_check(cur && !strcmp(cur, want), "LEFT from the default: '%s', wanted '%s'", cur ? cur : "", want);
            gm_check_menu_picture(g, 0x05, false, g->device_default ? 1 : 3, want + 6);
        }
    }
    tally_check(marienbad_seen == g->marienbad, "the start line %s Marienbad",
                marienbad_seen ? "offers" : "does not offer");
    const size_t n = scn_line_count(g->s);
    scn_tap(g->s, SIM_BTN_DOWN); /* the last line: stays */
    tally_check(scn_line_count(g->s) == n, "DOWN past the last line moved");
    /* Bash shows its M line, the custom games their set line */
    for (int i = 0; i < 12; i++) scn_tap(g->s, SIM_BTN_UP);
    scn_set_cursor(g->s, scn_line_count(g->s));
    gm_menu_set(g, "game", "bash:3");
    gm_menu_set(g, "bash", "5");
    gm_check_menu_picture(g, 0x03, false, 5, "bash M=5");
    scn_tap(g->s, SIM_BTN_B);
    tally_check(scn_wait_line(g->s, "@menu back", 300) != NULL, "B did not go back");
    scn_run_ms(g->s, 500);
    for (size_t i = lines_before; i < scn_line_count(g->s); i++)
        tally_check(strncmp(scn_line(g->s, i), "@game ", 6) != 0, "B started a game");
    scn_run_ms(g->s, 1000);
    gm_rows_text(g, g->mask, after);
    tally_check(!strcmp(before, after), "the running game changed");
}

/* Two people on the same buttons: the device referees and names the winner (p1/p2); hints
 * work for either side. */
static void gm_test_two_players(gm_t *g)
{
    const gm_style_t two = {{GM_RANDOM, GM_RANDOM}, 2, false};
    static const char *const games[] = {"nim", "kayles", "wythoff"};
    gm_setup_t su = GM_CLASSIC;
    su.players = "2";
    unsigned p2_won = 0;
    for (int i = 0; i < 6; i++) {
        snprintf(tally_context, sizeof tally_context, "two players, %s game %d", games[i % 3], i + 1);
        const int first = gm_start(g, games[i % 3], NULL, &su);
        if (!tally_check(first == 0, "p1 does not begin")) continue;
        p2_won += gm_play(g, first, &two) == 1;
        scn_tap(g->s, SIM_BTN_A);
    }
    printf("two players: p2 won %u of 6\n", p2_won);
    g->two_player = false;
}

/* Whether the classic start of game (nim or kayles: every row it uses full) is won for the
 * player to move, by the brute-force solver. */
static bool gm_classic_won(const gm_t *g, const char *game)
{
    brute_game_t rules;
    brute_parse(&rules, game);
    const unsigned used = !strcmp(game, "kayles") ? g->line_rows : g->rows;
    brute_pos_t p = {0};
    for (unsigned r = 0; r < used; r++) p.heap[p.count++] = (uint8_t)g->len[r];
    return brute_pos_is_win(&rules, &p);
}

/* Who begins so that the device soon stands on a won position against a perfect person:
 * the device itself when the classic start is won for the player to move, else the person
 * (whose every move from a lost position hands the device a win). */
static const char *gm_first_for_device(const gm_t *g, const char *game)
{
    return gm_classic_won(g, game) ? "device" : "you";
}

/* Equalizer: one plain (losing) move per game where it could win, so a perfect person wins
 * even when the device begins from a won position. Casual: now and then a random move. */
static void gm_test_levels(gm_t *g)
{
    const gm_style_t perfect = {{GM_PERFECT, GM_PERFECT}, 0, false};
    gm_setup_t su = GM_CLASSIC;
    su.level = "equalizer";
    for (int i = 0; i < 3; i++) {
        snprintf(tally_context, sizeof tally_context, "equalizer, game %d", i + 1);
        const unsigned slips = g->device_slips;
        const char *game = i == 2 ? "kayles" : "nim";
        su.first = gm_first_for_device(g, game);
        const int first = gm_start(g, game, NULL, &su);
        const int w = gm_play(g, first, &perfect);
        tally_check(g->device_slips - slips == 1, "the device made %u plain moves, not one",
                 g->device_slips - slips);
        tally_check(w == 0, "a perfect person lost to Equalizer");
        scn_tap(g->s, SIM_BTN_A);
    }
    su.level = "casual";
    su.first = gm_first_for_device(g, "nim");
    const unsigned slips = g->device_slips, moves = g->device_moves;
    for (int i = 0; i < 6; i++) {
        snprintf(tally_context, sizeof tally_context, "casual, game %d", i + 1);
        const int first = gm_start(g, "nim", NULL, &su);
        gm_play(g, first, &perfect);
        scn_tap(g->s, SIM_BTN_A);
    }
    snprintf(tally_context, sizeof tally_context, "casual");
    printf("casual: %u plain moves in %u device moves\n", g->device_slips - slips,
           g->device_moves - moves);
    tally_check(g->device_slips > slips, "Casual never played a random move");
}

/* Nim from the Marienbad start (1, 3, 5 and 7 tokens in the first four rows), each side
 * beginning once, where the board has those rows; the menu test checked it is offered
 * exactly there. */
static void gm_test_marienbad(gm_t *g)
{
    if (!g->marienbad) return;
    const gm_style_t random_person = {{GM_RANDOM, GM_RANDOM}, 3, true};
    gm_setup_t su = GM_CLASSIC;
    su.start = "marienbad";
    for (int first = 0; first < 2; first++) {
        snprintf(tally_context, sizeof tally_context, "marienbad, %s first", first ? "device" : "you");
        su.first = first ? "device" : "you";
        const int side = gm_start(g, "nim", NULL, &su);
        if (!tally_check(side == first, "first side %d", side)) continue;
        gm_play(g, side, &random_person);
        scn_tap(g->s, SIM_BTN_A);
    }
}

/* Random starts lie within the board, are never over, differ, and are both won and lost
 * positions for the player to move (nothing rigged); "alternate" switches who begins. */
static void gm_test_starts(gm_t *g)
{
    gm_setup_t su = GM_CLASSIC;
    su.start = "random";
    char seen[32][96];
    unsigned n = 0, distinct = 0, won = 0;
    for (int i = 0; i < 32; i++) {
        snprintf(tally_context, sizeof tally_context, "random start %d", i + 1);
        if (gm_start(g, i % 4 == 3 ? "kayles" : "nim", NULL, &su) < 0) continue;
        const brute_pos_t p = gm_pos(g);
        uint16_t wins;
        tally_check(brute_count_moves(&g->rules, &p, &wins) > 0, "a random start is over");
        won += brute_pos_is_win(&g->rules, &p);
        char text[96];
        gm_rows_text(g, g->mask, text);
        bool again = false;
        for (unsigned k = 0; k < n; k++) again |= !strcmp(seen[k], text);
        distinct += !again;
        snprintf(seen[n++], sizeof seen[0], "%s", text);
    }
    snprintf(tally_context, sizeof tally_context, "random starts");
    printf("random starts: %u distinct of %u, %u won for the first player\n", distinct, n, won);
    tally_check(n == 32 && distinct >= 16, "only %u distinct random starts of %u", distinct, n);
    tally_check(won > 0 && won < n, "random starts: %u of %u are won", won, n);
    su.start = "classic";
    su.first = "alternate";
    int last = -1;
    for (int i = 0; i < 4; i++) {
        snprintf(tally_context, sizeof tally_context, "alternate, game %d", i + 1);
        const int first = gm_start(g, "nim", NULL, &su);
        if (i) tally_check(first == !last, "game %d: side %d begins again", i + 1, first);
        last = first;
    }
}

/* In the menu: the game line to the custom-set game (the one after fib, whatever its set is
 * now) or to the line game; true when reached. */
static bool gm_menu_set_game(gm_t *g, bool line)
{
    if (!gm_menu_set(g, "game", "fib")) return false;
    const char *cur = NULL;
    for (int guard = 0; guard < (line ? 5 : 1); guard++) {
        scn_tap(g->s, SIM_BTN_RIGHT);
        cur = scn_wait_line(g->s, "@menu game ", 300);
        if (!cur || !line || !strncmp(cur, "@menu game line:", 16)) break;
    }
    return tally_check(cur && !strncmp(cur, line ? "@menu game line:" : "@menu game sub:", line ? 16 : 15),
                       "menu: no %s game after fib ('%s')", line ? "line" : "custom-set", cur ? cur : "");
}

/* A is refused where the start has no move: "@menu set <k> at <k> refused: no move from the
 * start" (the set line, its cursor on the smallest value), the usual flash over rows 1.. (the
 * LED of value 1, not in the set, lights), no game; B goes back to the game that ran. */
static void gm_expect_refused(gm_t *g, unsigned least)
{
    const size_t from = scn_line_count(g->s);
    scn_tap(g->s, SIM_BTN_A);
    char want[80];
    snprintf(want, sizeof want, "@menu set %u at %u refused: no move from the start", least, least);
    const char *l = scn_wait_line(g->s, "@menu set ", 300); /* after "@menu game" if it opened */
    tally_check(l && !strcmp(l, want), "A gave '%s', wanted '%s'", l ? l : "nothing", want);
    tally_check(scn_led_lit(g->s, 1, 0, 150) > 0, "no flash: the LED of value 1 stayed dark");
    scn_run_ms(g->s, 1700); /* past the device's pause and show, had it begun */
    for (size_t i = from; i < scn_line_count(g->s); i++)
        tally_check(strncmp(scn_line(g->s, i), "@game ", 6) && strncmp(scn_line(g->s, i), "@settings ", 10) &&
                        strncmp(scn_line(g->s, i), "@move ", 6),
                    "a start without a move went on: '%s'", scn_line(g->s, i));
    scn_tap(g->s, SIM_BTN_B);
    tally_check(scn_wait_line(g->s, "@menu back", 300) != NULL, "B did not go back");
}

/* Custom sets (the subtraction game's and the line game's) whose smallest value exceeds every
 * row of the start, with each first player, from the classic and the random start (and the
 * Marienbad start's 1, 3, 5, 7 on boards that offer it): never a game without a move. A
 * console game may keep such a set with a start it does not fit: the next game opens the menu
 * refusing instead. */
static void gm_test_no_move_starts(gm_t *g)
{
    unsigned longest = 0, line_longest = 0;
    for (unsigned r = 0; r < g->rows; r++) {
        if (g->len[r] > longest) longest = g->len[r];
        if (r < g->line_rows && g->len[r] > line_longest) line_longest = g->len[r];
    }
    static const char *const starts[] = {"classic", "random", "marienbad"};
    for (int line = 0; line < 2; line++)
        for (int st = 0; st < 3; st++)
            for (int first = 0; first < 2; first++) {
                const unsigned least = st == 2 ? 8 : (line ? line_longest : longest) + 1;
                if (least > 8 || (st == 2 && !g->marienbad)) continue;
                snprintf(tally_context, sizeof tally_context, "%s set {%u}, %s start, %s first",
                         line ? "line" : "custom", least, starts[st], first ? "device" : "you");
                if (!gm_menu_open(g)) continue;
                bool ok = gm_menu_set_game(g, line) && gm_menu_custom(g, 1u << (least - 1)) &&
                          gm_menu_set(g, "start", starts[st]) && gm_menu_set(g, "first", first ? "device" : "you");
                if (!ok) {
                    scn_tap(g->s, SIM_BTN_B);
                    continue;
                }
                gm_expect_refused(g, least);
            }
    if (!g->marienbad || longest < 8) return;
    /* a console game of sub:8 keeps the set; the settings' Marienbad start has no 8 */
    snprintf(tally_context, sizeof tally_context, "kept set {8}, Marienbad start");
    gm_setup_t su = GM_CLASSIC;
    su.start = "marienbad";
    if (gm_start(g, "nim", NULL, &su) != 0) return;
    scn_send(g->s, "new sub:8 8\n");
    tally_check(scn_wait_line(g->s, "@game sub:8 ", 1000) != NULL, "'new sub:8 8' did not start");
    scn_run_ms(g->s, 300);
    for (int i = 0; i < 8; i++) scn_tap(g->s, SIM_BTN_RIGHT);
    scn_tap(g->s, SIM_BTN_A);
    tally_check(scn_wait_line(g->s, "@over human", 1000) != NULL, "taking 8 of 8 did not end the game");
    scn_run_ms(g->s, 300);
    gm_expect_refused(g, 8);
    /* after a power cycle the kept settings open the menu the same way, and B has no game to
     * go back to: refused again */
    snprintf(tally_context, sizeof tally_context, "kept set {8}, Marienbad start, power cycle");
    scn_run_ms(g->s, 2000); /* the saves are done */
    scn_reset(g->s, SCN_RESET_POWER);
    const size_t from = scn_line_count(g->s);
    tally_check(scn_wait_line(g->s, "@eeprom loaded", 1000) != NULL, "no '@eeprom loaded' after the power cycle");
    const char *l = scn_wait_line(g->s, "@menu set ", 500);
    tally_check(l && !strcmp(l, "@menu set 8 at 8 refused: no move from the start"), "boot gave '%s'", l ? l : "nothing");
    scn_tap(g->s, SIM_BTN_B);
    l = scn_wait_line(g->s, "@menu ", 300);
    tally_check(l && !strcmp(l, "@menu set 8 at 8 refused: no move from the start"), "B at boot gave '%s'",
                l ? l : "nothing");
    scn_run_ms(g->s, 1700);
    for (size_t i = from; i < scn_line_count(g->s); i++)
        tally_check(strncmp(scn_line(g->s, i), "@game ", 6) && strncmp(scn_line(g->s, i), "@move ", 6),
                    "a start without a move went on: '%s'", scn_line(g->s, i));
    /* a set that fits starts again: up to the game line, the custom-set game, {1,2,3} */
    for (const char *cur = l; cur && strncmp(cur, "@menu game ", 11);) {
        scn_tap(g->s, SIM_BTN_UP);
        cur = scn_wait_line(g->s, "@menu ", 300);
    }
    if (gm_menu_set_game(g, false) && gm_menu_custom(g, 0x07) && gm_menu_set(g, "start", "classic")) {
        scn_tap(g->s, SIM_BTN_A);
        tally_check(scn_wait_line(g->s, "@game sub:1,2,3 ", 1000) != NULL, "set {1,2,3} did not start");
    } else {
        scn_tap(g->s, SIM_BTN_B);
    }
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_games FIRMWARE.elf BOARD\n");
        return 2;
    }
    char err[256];
    scn_t *s = scn_open(argv[1], argv[2], err, sizeof err);
    if (!s) {
        printf("test_games: %s\n0 passed, 1 failed\n", err);
        return 1;
    }
    gm_t g = {.s = s, .rows = scn_rows(s), .level = "perfect"};
    if (g.rows < 2 || g.rows > GM_ROWS) {
        printf("test_games: a board of %u rows\n0 passed, 1 failed\n", g.rows);
        return 1;
    }
    /* the board's geometry, and what it offers by the device's rules: line games use the
     * rows whose runs of pins (up to (n + 1) / 2 in a row of n) fit the engine's 16 heaps;
     * the Marienbad start needs four rows of at least 1, 3, 5 and 7 */
    unsigned runs = 0;
    g.marienbad = g.rows >= 4;
    g.grid = g.rows == 8;
    for (unsigned r = 0; r < g.rows; r++) {
        g.len[r] = scn_row_len(s, r);
        g.grid &= g.len[r] == 8;
        g.tokens += g.len[r];
        if (g.line_rows == r && runs + (g.len[r] + 1) / 2 <= 16) g.line_rows++, runs += (g.len[r] + 1) / 2;
        if (r < 4 && g.len[r] < 2 * r + 1) g.marienbad = false;
    }
    printf("board %s: %u rows, %u LEDs%s; line games on %u rows; misere variants %s; "
           "Marienbad start %s\n",
           argv[2], g.rows, g.tokens, g.grid ? " (a grid)" : "", g.line_rows,
           g.tokens <= 16                     ? "of every game but Wythoff"
           : gm_misere_offered(&g, "bash:3") ? "of Nim and the heap games"
                                              : "of Nim only",
           g.marienbad ? "offered" : "not offered");
    scn_set_bounce(s, &SIM_BOUNCE_DEFAULT);

    /* a fresh (blank) EEPROM boots to the defaults: Nim from the classic start, you first
     * where that start is won for the player to move, else the device (a person who plays
     * perfectly can win the default game on every board); boards with a buzzer add sound on,
     * boards that dim a brightness */
    snprintf(tally_context, sizeof tally_context, "boot");
    unsigned nim_sum = 0;
    for (unsigned r = 0; r < scn_rows(s); r++) nim_sum ^= scn_row_len(s, r);
    g.device_default = nim_sum == 0;
    tally_check(scn_wait_line(s, "@eeprom blank", 500) != NULL, "no '@eeprom blank'");
    const char *set = scn_wait_line(s, "@settings ", 100);
    char base[80];
    snprintf(base, sizeof base, "@settings nim start=classic first=%s level=perfect players=1",
             g.device_default ? "device" : "you");
    const size_t base_len = strlen(base);
    const char *rest = set && !strncmp(set, base, base_len) ? set + base_len : NULL;
    if (rest && !strncmp(rest, " sound=on", 9)) g.has_sound = true, rest += 9;
    int end = 0;
    if (rest && sscanf(rest, " bright=%u%n", &g.bright_default, &end) == 1 && end > 0)
        g.has_bright = true, rest += end;
    tally_check(rest && !strcmp(rest, " standby=2"), "default settings: '%s'", set ? set : "none");
    /* brightness counted 1..4 everywhere (menu, LEDs, README): the default is the brightest */
    tally_check(!g.has_bright || g.bright_default == 4, "default brightness %u, wanted 4 (of 1..4)", g.bright_default);
    int side;
    if (gm_game_line(&g, &side))
        tally_check(side == g.device_default && !strcmp(g.name, "nim"), "first game %s, side %d begins", g.name, side);

    /* every pin the board leaves unused is pulled up or driven, never floating (a floating
     * CMOS input draws current on the chip): D2..D13 and A0..A5 are each an output or an input
     * with its pull-up; INT0/INT1 in an edge mode, not the low-level reset default (simavr
     * polls a low D2/D3 every cycle in that mode: 30 times slower) */
    snprintf(tally_context, sizeof tally_context, "pins");
    {
        const avr_t *avr = sim_avr(scn_sim(s));
        static const struct {
            char port;
            uint8_t ddr, mask;
        } ports[] = {{'B', 0x24, 0x3F}, {'C', 0x27, 0x3F}, {'D', 0x2A, 0xFC}};
        for (size_t i = 0; i < 3; i++) {
            const uint8_t ddr = avr->data[ports[i].ddr], port = avr->data[ports[i].ddr + 1];
            const uint8_t floating = (uint8_t)(ports[i].mask & ~ddr & ~port);
            tally_check(!floating, "port %c: pins %#x float (DDR %#x, PORT %#x)", ports[i].port, floating, ddr, port);
        }
        const uint8_t eicra = avr->data[0x69];
        tally_check((eicra & 0x0A) == 0x0A, "EICRA %#x: INT0/INT1 in the low-level mode", eicra);
    }

    gm_test_menu(&g);

    /* every game from the menu, against a random player who asks for hints */
    static const struct {
        const char *game[2]; /* its name in the menu the first and the second time */
        const char *opts[3]; /* the game's own option (bash's M, the custom set) */
        const char *misere;  /* "on" for the misere variant */
    } games[] = {
        {{"nim", "nim"}, {NULL}, "off"},
        {{"nim", "nim"}, {NULL}, "on"},
        {{"bash:3", "bash:5"}, {"bash", "5", NULL}, "off"},
        {{"bash:5", "bash:5"}, {NULL}, "on"},
        {{"sub:1,3,4", "sub:1,3,4"}, {NULL}, "off"},
        {{"sub:1,3,4", "sub:1,3,4"}, {NULL}, "on"},
        {{"sub:2,5", "sub:2,5"}, {NULL}, "off"},
        {{"sub:2,5", "sub:2,5"}, {NULL}, "on"},
        {{"pow2", "pow2"}, {NULL}, "off"},
        {{"pow2", "pow2"}, {NULL}, "on"},
        {{"fib", "fib"}, {NULL}, "off"},
        {{"fib", "fib"}, {NULL}, "on"},
        {{"sub:1,2,5", "sub:2,3,7"}, {"set", "46", NULL}, "off"}, /* the custom set */
        {{"sub:2,3,7", "sub:2,3,7"}, {NULL}, "on"},
        {{"wythoff", "wythoff"}, {NULL}, NULL},
        {{"kayles", "kayles"}, {NULL}, "off"},
        {{"kayles", "kayles"}, {NULL}, "on"},
        {{"dawson", "dawson"}, {NULL}, "off"},
        {{"dawson", "dawson"}, {NULL}, "on"},
        {{"line:2,3,7", "line:1,3"}, {"set", "5", NULL}, "off"},
        {{"line:1,3", "line:1,3"}, {NULL}, "on"},
    };
    const gm_style_t random_person = {{GM_RANDOM, GM_RANDOM}, 3, true};
    unsigned played = 0, device_won = 0, not_offered = 0;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        for (int first = 0; first < 2; first++) {
            const char *game = games[i].game[first];
            const bool misere = games[i].misere && !strcmp(games[i].misere, "on");
            snprintf(tally_context, sizeof tally_context, "%s%s, %s first", misere ? "misere " : "", game, first ? "device" : "you");
            /* where the board does not offer a misere variant, gm_start checks the menu
             * leaves out its line (for the normal game); there is nothing to play */
            const bool offered = gm_misere_offered(&g, game);
            if (misere && !offered) {
                not_offered++;
                continue;
            }
            const char *opts[8] = {NULL};
            size_t n = 0;
            if (games[i].misere && offered) opts[n++] = "misere", opts[n++] = games[i].misere;
            for (size_t k = 0; games[i].opts[k]; k++) opts[n++] = games[i].opts[k];
            gm_setup_t su = GM_CLASSIC;
            su.first = first ? "device" : "you";
            const int start = gm_start(&g, game, opts, &su);
            if (!tally_check(start == first, "first side %d", start)) continue;
            tally_check(!strncmp(g.name, "misere", 6) == misere, "game %s", g.name);
            const int w = gm_play(&g, start, &random_person);
            played++;
            device_won += w == 1;
            scn_tap(s, SIM_BTN_A);
        }

    /* king and moore:2, moore:3 (whole-position games: their own checks), both sides first */
    static const char *const specials[] = {"king", "moore:2", "moore:3"};
    unsigned refused = 0;
    for (size_t i = 0; i < 3; i++)
        for (int first = 0; first < 2; first++) {
            snprintf(tally_context, sizeof tally_context, "%s, %s first", specials[i], first ? "device" : "you");
            gm_setup_t su = GM_CLASSIC;
            su.first = first ? "device" : "you";
            const int start = gm_start(&g, specials[i], NULL, &su);
            if (!tally_check(start == first, "first side %d", start)) continue;
            device_won += gm_play_special(&g, start, &refused) == 1;
            played++;
            scn_tap(s, SIM_BTN_A);
        }
    printf("king and moore on %s: 6 games, %u refused moves\n", argv[2], refused);
    tally_check(refused > 0, "no refused king or moore move was tried");

    gm_test_marienbad(&g);
    gm_test_two_players(&g);
    gm_test_levels(&g);
    gm_test_starts(&g);
    gm_test_no_move_starts(&g);

    tally_check(scn_ok(s), "firmware failed: %s", scn_failure(s));
    printf("games on %s: %u games played (%u misere games not offered on this board), device won "
           "%u; %u hints; %.0f s simulated; stack high water %zu bytes, RAM headroom %zu bytes\n",
           argv[2], played, not_offered, device_won, g.hints, scn_now_ms(s) / 1000,
           scn_stack_high_water(s), scn_ram_headroom(s));
    tally_check(scn_ram_headroom(s) > 0, "stack reached the static data");
    /* every device move, hint and menu of every game: the watchdog (0.26 s a stage) is fed */
    const double gap_ms = (double)sim_wdr_gap(scn_sim(s), false) * 1000.0 / sim_frequency(scn_sim(s));
    printf("games on %s: longest gap between watchdog feeds %.2f ms\n", argv[2], gap_ms);
    tally_check(gap_ms > 0 && gap_ms < 128, "a gap of %.2f ms between watchdog feeds", gap_ms);
    tally_stack(s);
    scn_close(s);
    return tally_finish("games");
}
