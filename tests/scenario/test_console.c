/* The serial console of the real firmware, typed into its simulated UART: the classic worked
 * examples, hundreds of random positions per game checked against the brute-force solver (which
 * knows only the rules), large heaps against closed forms the test proves first, every error
 * message, overlong lines, garbage and lost input, `new`/`show` with the LEDs, and no line of a
 * reply ever mixed with an '@' event line while the device plays. `new` and `show` work on any
 * board's rows: positions are written and checked with the board model's row lengths (heap
 * games one number a row, line games one string a row; Wythoff and line games on the rows
 * they use; on a grid of 8 rows of 8, Wythoff as Corner the Queen, on squares 0..7).
 * Usage: test_console FIRMWARE.elf BOARD [VERSION] */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brute.h"
#include "scenario.h"
#include "tally.h"

#define CT_REPLY_MS 3000 /* a reply line within this (the console promises 100 ms) */
#define CT_HEAPS 18      /* heaps a position may hold: 16 and a split */
#define CT_TEXT 256      /* a line of text */
#define CT_WINS 2048     /* winning moves of one position, at most */
#define CT_LINES 4096    /* lines of one `moves` reply kept */
#define CT_TABLE 4096    /* Grundy values found by brute_grundy: heaps 0..4095 */
#define CT_BIG 65536     /* Grundy values extended by period: heaps 0..65535 */
#define CT_WYTHOFF_TOP 4294967295u

static scn_t *ct_s;
static bool ct_calc; /* the calculator (uno, grundy): every game, no new or show */
static bool ct_host; /* grundy on this computer, through a pipe */
static const char *ct_board;

/* The largest heap this image answers for game name, the calculator's being calc_top: a
 * handheld image's are docs/console.md's (16-bit heaps; fib and wythoff to 255; sets without a
 * table and line codes to 255); 0 when it leaves the game to uno and grundy (octal codes;
 * matrix8's misere variants but misere Nim, having no exact search). */
static uint32_t ct_top(const char *name, uint32_t calc_top) {
    if (ct_calc) return calc_top;
    const bool misere = !strncmp(name, "misere:", 7);
    const char *g = misere ? name + 7 : name;
    if (!strncmp(g, "octal:", 6)) return 0;
    if (misere && strcmp(g, "nim") && !strcmp(ct_board, "matrix8")) return 0;
    uint32_t top = 65535;
    if (!strcmp(g, "fib") || !strcmp(g, "wythoff") || !strncmp(g, "line:", 5)) top = 255;
    if (!strncmp(g, "sub:", 4) && strcmp(g, "sub:1,3,4") && strcmp(g, "sub:2,5")) top = 255;
    return calc_top < top ? calc_top : top;
}

/* The reply to a game this image leaves to the calculator. */
static const char *ct_elsewhere(const char *name) {
    static char want[160];
    snprintf(want, sizeof want, "err %.32s%s is answered by the uno image and grundy on a computer", name,
             strlen(name) > 32 ? "..." : "");
    return want;
}

/* The test's own random numbers (xorshift64, fixed seed), independent of the firmware's. */
static uint64_t ct_seed = 0x9E3779B97F4A7C15ull;
static uint32_t ct_rand32(void) {
    ct_seed ^= ct_seed << 13;
    ct_seed ^= ct_seed >> 7;
    ct_seed ^= ct_seed << 17;
    return (uint32_t)(ct_seed >> 16);
}

static unsigned ct_rand(unsigned n) {
    return (unsigned)(ct_rand32() % n);
}

/* A random heap of 0..top, its bit length uniform so that small and large values both occur. */
static uint32_t ct_rand_heap(uint32_t top) {
    unsigned bits = 0;
    for (uint32_t t = top; t; t >>= 1)
        bits++;
    const unsigned b = ct_rand(bits + 1);
    const uint32_t v = b == 0 ? 0 : b == 32 ? ct_rand32() : ct_rand32() % (1u << b);
    return v > top ? v % (top + 1u) : v;
}

/* ---- talking to the console ---- */

/* Send one command line (LF added). */
static void ct_send(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void ct_send(const char *fmt, ...) {
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    strcat(line, "\n");
    scn_send(ct_s, line);
}

/* The next line that is not an '@' event; NULL when none came in time. */
static const char *ct_reply(void) {
    for (;;) {
        const char *l = scn_wait_line(ct_s, "", CT_REPLY_MS);
        if (!l || l[0] != '@') return l;
    }
}

static const char *ct_show(const char *l) {
    return l ? l : "(nothing)";
}

/* Send cmd; check that the reply is want exactly. */
static bool ct_expect(const char *cmd, const char *want) {
    ct_send("%s", cmd);
    const char *got = ct_reply();
    return tally_check(got && !strcmp(got, want), "'%s' -> '%s', expected '%s'", cmd, ct_show(got),
                       want);
}

/* Run until the UART has been quiet for ms; then every line so far counts as read. */
static void ct_quiet(uint32_t ms) {
    uint32_t quiet = 0;
    for (int guard = 0; quiet < ms && guard < 1000; guard++) {
        const size_t before = scn_line_count(ct_s);
        if (!scn_run_ms(ct_s, 10)) break;
        quiet = scn_line_count(ct_s) == before ? quiet + 10 : 0;
    }
    scn_set_cursor(ct_s, scn_line_count(ct_s));
}

/* The console still works: `solve nim 1 2 3` is answered `P`, and by nothing else first. */
static void ct_alive(const char *after) {
    ct_send("solve nim 1 2 3");
    const char *got = ct_reply();
    tally_check(got && !strcmp(got, "P"), "after %.60s: 'solve nim 1 2 3' -> '%s'", after,
                ct_show(got));
}

/* The lines of a `moves` reply up to and including `count <k>` (or an error): lines[0..n-1]
 * are the moves; *count gets k, or -1 when the reply did not end with a count line (*last
 * then holds what it ended with). */
static const char *ct_lines[CT_LINES];
static size_t ct_list(const char *cmd, long *count, const char **last) {
    size_t n = 0;
    ct_send("%s", cmd);
    *count = -1;
    for (;;) {
        const char *l = ct_reply();
        *last = l;
        if (!l || !strncmp(l, "err ", 4)) return n;
        if (!strncmp(l, "count ", 6)) {
            char *end;
            const long k = strtol(l + 6, &end, 10);
            *count = *end || end == l + 6 ? -2 : k;
            return n;
        }
        if (n < CT_LINES) ct_lines[n] = l;
        n++;
    }
}

/* ---- positions and the console's way of writing them ---- */

typedef struct {
    unsigned n;
    uint32_t h[CT_HEAPS];
} ct_pos_t;

static void ct_pos_text(const ct_pos_t *p, char *out, size_t len) {
    size_t k = 0;
    out[0] = '\0';
    for (unsigned i = 0; i < p->n && k < len; i++)
        k += (size_t)snprintf(out + k, len - k, i ? " %u" : "%u", (unsigned)p->h[i]);
}

/* The position after taking `take` from heap i and leaving parts a <= b (0, 0: emptied), as
 * the console writes it: heaps in order, the moved heap replaced by "a b", by "b" when a is 0,
 * by "0" when both are; both heaps minus take when i is BRUTE_BOTH (Wythoff's diagonal). */
static void ct_after_text(const ct_pos_t *p, unsigned i, uint32_t take, uint32_t a, uint32_t b,
                          char *out, size_t len) {
    ct_pos_t q = {0};
    for (unsigned j = 0; j < p->n; j++) {
        if (i == BRUTE_BOTH) {
            q.h[q.n++] = p->h[j] - take;
        } else if (j != i) {
            q.h[q.n++] = p->h[j];
        } else {
            if (a) q.h[q.n++] = a;
            q.h[q.n++] = b;
        }
    }
    ct_pos_text(&q, out, len);
}

static brute_pos_t ct_brute_pos(const ct_pos_t *p) {
    brute_pos_t b = {.count = (uint8_t)p->n};
    for (unsigned i = 0; i < p->n; i++)
        b.heap[i] = (uint8_t)p->h[i];
    return b;
}

/* ---- checks against the brute-force solver ---- */

static char ct_wins[CT_WINS][CT_TEXT]; /* the winning moves of a position, as written */
static size_t ct_win_count;

/* Every winning move of p by brute force, written as the console writes them, in ct_wins. */
static void ct_brute_wins(const brute_game_t *g, const ct_pos_t *p) {
    const brute_pos_t bp = ct_brute_pos(p);
    brute_iter_t it = {0, 0, 0};
    brute_move_t m;
    ct_win_count = 0;
    while (brute_next_move(g, &bp, &it, &m)) {
        brute_pos_t after;
        brute_apply(g, &bp, &m, &after);
        if (brute_pos_is_win(g, &after) || ct_win_count == CT_WINS) continue;
        ct_after_text(p, m.heap, m.take, m.part[0], m.part[1], ct_wins[ct_win_count++], CT_TEXT);
    }
}

static bool ct_is_win_text(const char *t) {
    for (size_t i = 0; i < ct_win_count; i++)
        if (!strcmp(ct_wins[i], t)) return true;
    return false;
}

/* `solve` and `moves` of p in game name, checked against brute force: `P` exactly when p is
 * lost; otherwise `N` and one of its winning moves; `moves` lists distinct winning moves and
 * ends with `count k`, k the number of lines and of brute force's winning moves. */
static void ct_check_brute(const char *name, const brute_game_t *g, const ct_pos_t *p,
                           unsigned *lost) {
    char pos[CT_TEXT], cmd[CT_TEXT + 64];
    ct_pos_text(p, pos, sizeof pos);
    const brute_pos_t bp = ct_brute_pos(p);
    const bool win = brute_pos_is_win(g, &bp);
    *lost += !win;
    ct_brute_wins(g, p);
    snprintf(cmd, sizeof cmd, "solve %s %s", name, pos);
    ct_send("%s", cmd);
    const char *got = ct_reply();
    if (!win)
        tally_check(got && !strcmp(got, "P"), "'%s' -> '%s': the position is lost", cmd,
                    ct_show(got));
    else
        tally_check(got && !strncmp(got, "N ", 2) && ct_is_win_text(got + 2),
                    "'%s' -> '%s': not one of the %zu winning moves (such as '%s')", cmd,
                    ct_show(got), ct_win_count, ct_win_count ? ct_wins[0] : "none");
    snprintf(cmd, sizeof cmd, "moves %s %s", name, pos);
    long count;
    const char *last;
    const size_t n = ct_list(cmd, &count, &last);
    size_t bad = 0, repeated = 0;
    const char *first_bad = NULL;
    for (size_t i = 0; i < n && i < CT_LINES; i++) {
        if (!ct_is_win_text(ct_lines[i]) && !bad++) first_bad = ct_lines[i];
        for (size_t j = 0; j < i; j++)
            repeated += !strcmp(ct_lines[i], ct_lines[j]);
    }
    tally_check(!bad && !repeated,
                "'%s': %zu lines are not winning moves (such as '%s'), %zu repeat", cmd, bad,
                ct_show(first_bad), repeated);
    tally_check(count >= 0 && (size_t)count == n && n == ct_win_count,
                "'%s': '%s' after %zu lines; brute force finds %zu winning moves", cmd,
                ct_show(last), n, ct_win_count);
}

/* Grundy values of single heaps 0..n_max of a sum game by brute force (NULL: none). */
static brute_value_t *ct_grundy_table(const brute_game_t *g, unsigned n_max) {
    static brute_value_t table[CT_TABLE];
    return n_max < CT_TABLE && brute_grundy(g, (uint16_t)n_max, table) ? table : NULL;
}

/* Random position of 1..4 heaps of 0..top, or (one in six) 16 heaps of 0..3, never all empty;
 * with tokens, at most that many tokens in all. */
static ct_pos_t ct_random_pos(uint32_t top, unsigned tokens) {
    ct_pos_t p = {0};
    const bool wide = ct_rand(6) == 0;
    p.n = wide ? 16 : 1 + ct_rand(4);
    for (unsigned i = 0; i < p.n; i++)
        p.h[i] = ct_rand((wide ? 3 : top) + 1);
    unsigned sum = 0;
    for (unsigned i = 0; i < p.n; i++)
        sum += p.h[i];
    while (tokens && sum > tokens) {
        const unsigned i = ct_rand(p.n);
        if (p.h[i]) p.h[i]--, sum--;
    }
    if (!sum) p.h[ct_rand(p.n)] = 1 + ct_rand(tokens && tokens < top ? tokens : top);
    return p;
}

/* Make p lost when a last heap of 0..top can make its nim-sum of values 0 (table: values). */
static void ct_make_lost(ct_pos_t *p, const brute_value_t *table, uint32_t top) {
    unsigned x = 0;
    for (unsigned i = 0; i + 1 < p->n; i++)
        x ^= table[p->h[i]];
    const uint32_t start = ct_rand(top + 1);
    for (uint32_t k = 0; k <= top; k++) {
        const uint32_t h = (start + k) % (top + 1);
        if (table[h] == x && (h || p->n > 1)) {
            p->h[p->n - 1] = h;
            return;
        }
    }
}

/* ---- 1. the classic worked examples ---- */

/* A worked example: brute force must find `wins` winning moves, and the console's solve and
 * moves must agree with it (ct_check_brute). */
static void ct_classic(const char *name, const ct_pos_t *p, size_t wins) {
    brute_game_t g;
    brute_parse(&g, name);
    ct_brute_wins(&g, p);
    char pos[CT_TEXT];
    ct_pos_text(p, pos, sizeof pos);
    tally_check(ct_win_count == wins, "brute force finds %zu winning moves in %s %s, not %zu",
                ct_win_count, name, pos, wins);
    unsigned lost = 0;
    ct_check_brute(name, &g, p, &lost);
}

static void ct_test_classics(void) {
    snprintf(tally_context, sizeof tally_context, "worked examples");
    ct_expect("solve nim 3 4 5", "N 1 4 5"); /* help's example */
    ct_expect("solve nim 14 21 39", "N 14 21 27");
    ct_expect("moves nim 5 7 9", "5 7 2");
    const char *l = ct_reply();
    tally_check(l && !strcmp(l, "count 1"), "'moves nim 5 7 9' ends '%s', expected 'count 1'",
                ct_show(l));
    /* (55,81,121) has a nim-sum of 31 and three winning moves: 40 81 121, 55 78 121, 55 81 102
     * (not "55 81 100": 55 ^ 81 = 102) */
    ct_classic("nim", &(ct_pos_t){3, {55, 81, 121}}, 3);
    ct_classic("nim", &(ct_pos_t){3, {29, 45, 58}}, 3);
    ct_classic("nim", &(ct_pos_t){3, {14, 21, 39}}, 1);
    ct_classic("nim", &(ct_pos_t){3, {5, 7, 9}}, 1);
    ct_expect("solve misere 3 5 1",
              "N 3 2 1"); /* the one winning move: nim-sum 0, a heap > 1 left */
    ct_classic("misere", &(ct_pos_t){3, {3, 5, 1}}, 1);
    ct_expect("solve misere 1", "P");
    ct_expect("solve fib 1 4 1", "P");
    ct_classic("fib", &(ct_pos_t){3, {1, 1, 1}}, 3);
    ct_expect("solve bash:2 23", "N 21"); /* leave a multiple of 3 */
    ct_expect("solve bash:3 4", "P");
    static const char *const cold[] = {"1 2", "2 1", "3 5", "5 3", "4 7", "6 10", "8 13", "0 0"};
    for (size_t i = 0; i < sizeof cold / sizeof cold[0]; i++) {
        char cmd[64];
        snprintf(cmd, sizeof cmd, "solve wythoff %s", cold[i]);
        ct_expect(cmd, "P");
    }
}

/* ---- 2. random positions of every game against brute force ---- */

typedef struct {
    const char *name;
    unsigned positions;
    uint32_t top;    /* largest heap */
    unsigned tokens; /* misere variants: tokens in all */
} ct_game_t;

/* Positions of one game: solve and moves against brute force; grundy of heaps 0..grundy_max. */
static void ct_test_game(const ct_game_t *game, unsigned grundy_max) {
    brute_game_t g;
    snprintf(tally_context, sizeof tally_context, "random positions of %s", game->name);
    if (!tally_check(brute_parse(&g, game->name), "brute force cannot parse %s", game->name))
        return;
    if (!ct_top(game->name, game->top)) { /* the calculator's: the handheld says where */
        char cmd[96];
        snprintf(cmd, sizeof cmd, "solve %s 1 2", game->name);
        ct_expect(cmd, ct_elsewhere(game->name));
        printf("  %-20s answered by uno and grundy\n", game->name);
        return;
    }
    const bool wythoff = g.kind == BRUTE_WYTHOFF;
    const brute_value_t *table = g.misere || wythoff ? NULL : ct_grundy_table(&g, 255);
    brute_value_t values[256];
    if (table) memcpy(values, table, sizeof values);
    unsigned lost = 0;
    for (unsigned k = 0; k < game->positions && scn_ok(ct_s); k++) {
        ct_pos_t p;
        if (wythoff) {
            p.n = 2;
            p.h[0] = ct_rand(game->top + 1);
            p.h[1] = ct_rand(game->top + 1);
            if (!p.h[0] && !p.h[1]) p.h[1] = 1;
        } else {
            p = ct_random_pos(game->top, game->tokens);
            if (table && ct_rand(3) == 0) ct_make_lost(&p, values, p.n == 16 ? 3 : game->top);
        }
        const brute_pos_t bp = ct_brute_pos(&p);
        uint16_t wins;
        if (g.misere && !brute_count_moves(&g, &bp, &wins)) { /* the end: see ct_test_ends */
            k--;
            continue;
        }
        ct_check_brute(game->name, &g, &p, &lost);
    }
    if (table) {
        snprintf(tally_context, sizeof tally_context, "grundy of %s", game->name);
        for (unsigned n = 0; n <= grundy_max; n++) {
            char cmd[96], want[16];
            snprintf(cmd, sizeof cmd, "grundy %s %u", game->name, n);
            snprintf(want, sizeof want, "%u", (unsigned)values[n]);
            ct_expect(cmd, want);
        }
    }
    printf("  %-20s %u positions (%u lost)\n", game->name, game->positions, lost);
}

/* A random sub:S (1..4 values of 1..10), octal:0.D (1..4 digits) or line:S (1..3 of 1..6). */
static void ct_random_name(const char *kind, char *out, size_t len) {
    size_t k = (size_t)snprintf(out, len, "%s", kind);
    if (!strcmp(kind, "octal:0.")) {
        const unsigned digits = 1 + ct_rand(4);
        for (unsigned i = 0; i < digits && k + 1 < len; i++)
            out[k++] = (char)('0' + (i + 1 == digits ? 1 + ct_rand(7) : ct_rand(8)));
        out[k] = '\0';
        return;
    }
    const bool line = strstr(kind, "line:") != NULL;
    const unsigned top = line ? 6 : 10, want = 1 + ct_rand(line ? 3 : 4);
    unsigned set = 0;
    for (unsigned i = 0; i < want; i++)
        set |= 1u << (1 + ct_rand(top));
    for (unsigned v = 1; v <= top && k < len; v++)
        if (set >> v & 1)
            k += (size_t)snprintf(out + k, len - k, "%s%u", out[k - 1] == ':' ? "" : ",", v);
}

static void ct_test_random_games(void) {
    static const ct_game_t games[] = {
        {"nim", 200, 12, 0},
        {"misere", 200, 12, 0},
        {"bash:1", 200, 12, 0},
        {"bash:2", 200, 12, 0},
        {"bash:3", 200, 12, 0},
        {"bash:5", 200, 12, 0},
        {"sub:1,3,4", 200, 12, 0},
        {"sub:2,5", 200, 12, 0},
        {"fib", 200, 12, 0},
        {"pow2", 200, 12, 0},
        {"wythoff", 200, 40, 0},
        {"kayles", 200, 12, 0},
        {"dawson", 200, 12, 0},
        {"octal:0.137", 200, 12, 0},
        {"misere:nim", 100, 12, 0},
        {"misere:kayles", 200, 12, 16},
        {"misere:dawson", 200, 12, 16},
        {"misere:bash:3", 200, 12, 16},
        {"misere:sub:1,3,4", 200, 12, 16},
        {"misere:fib", 200, 12, 16},
        {"misere:pow2", 200, 12, 16},
        {"misere:octal:0.137", 200, 12, 16},
        {"misere:line:1,2", 200, 12, 16},
    };
    printf("random positions:\n");
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        ct_test_game(&games[i], 40);
    /* random rules: four of each family, sixty positions each */
    static const char *const kinds[] = {"sub:", "octal:0.", "line:", "misere:sub:", "misere:line:"};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (int i = 0; i < 4; i++) {
            char name[64];
            ct_random_name(kinds[k], name, sizeof name);
            const ct_game_t game = {name, 60, 12, strncmp(name, "misere:", 7) ? 0 : 16};
            ct_test_game(&game, 30);
        }
}

/* Positions with no move left (the random positions leave out those of misere games). */
static void ct_test_ends(void) {
    snprintf(tally_context, sizeof tally_context, "no move left");
    /* normal play: the player to move has lost */
    static const char *const over[] = {"nim 0",       "nim 0 0 0",  "kayles 0 0",   "sub:5 3 4",
                                       "wythoff 0 0", "dawson 1 1", "line:3 2 2 1", "fib 0"};
    for (size_t i = 0; i < sizeof over / sizeof over[0]; i++) {
        char cmd[64];
        snprintf(cmd, sizeof cmd, "solve %s", over[i]);
        ct_expect(cmd, "P");
        snprintf(cmd, sizeof cmd, "moves %s", over[i]);
        ct_expect(cmd, "count 0");
    }
    /* misere play: the player to move has won, the opponent having made the last move; there
     * is no move to show, and solve says so. */
    static const char *const won[] = {"misere 0",          "misere 0 0 0",
                                      "misere:kayles 0 0", "misere:sub:5 3 4",
                                      "misere:dawson 1 1", "misere:line:3 2 2 1"};
    for (size_t i = 0; i < sizeof won / sizeof won[0]; i++) {
        char cmd[64], name[32];
        sscanf(won[i], "%31s", name);
        if (!ct_top(name, 1)) {
            snprintf(cmd, sizeof cmd, "solve %s", won[i]);
            ct_expect(cmd, ct_elsewhere(name));
            continue;
        }
        snprintf(cmd, sizeof cmd, "solve %s", won[i]);
        ct_send("%s", cmd);
        const char *got = ct_reply();
        tally_check(got && !strcmp(got, "err that position has no move left"),
                    "'%s' -> '%s': the player to move has already won", cmd, ct_show(got));
        snprintf(cmd, sizeof cmd, "moves %s", won[i]);
        ct_expect(cmd, "count 0");
    }
}

/* ---- 3. large heaps against closed forms ---- */

typedef enum {
    CT_RULE_NIM,
    CT_RULE_MISERE,
    CT_RULE_MOD,
    CT_RULE_TABLE,
    CT_RULE_MISERE_BASH
} ct_rule_t;

/* A game with heaps up to top whose positions the test decides without search: by the nim-sum
 * of heap values (n itself, n mod m, or a table found by brute force and extended by its
 * period), by the misere Nim rule, or for misere Bash on one heap by n mod (M + 1) == 1. */
typedef struct {
    const char *name;
    uint32_t top;
    ct_rule_t rule;
    uint32_t mod;
    brute_game_t rules; /* the legal moves, by brute_allowed */
} ct_big_t;

static uint16_t ct_big_values[CT_BIG]; /* CT_RULE_TABLE: the values of the game under test */

static uint32_t ct_big_g(const ct_big_t *b, uint32_t n) {
    return b->rule == CT_RULE_MOD ? n % b->mod : b->rule == CT_RULE_TABLE ? ct_big_values[n] : n;
}

/* Whether the player to move at p loses. */
static bool ct_big_lost(const ct_big_t *b, const ct_pos_t *p) {
    uint32_t x = 0, ones = 0, nonempty = 0, large = 0;
    for (unsigned i = 0; i < p->n; i++) {
        x ^= ct_big_g(b, p->h[i]);
        ones += p->h[i] == 1;
        large += p->h[i] > 1;
        nonempty += p->h[i] > 0;
    }
    if (b->rule == CT_RULE_MISERE) return large ? x == 0 : (ones & 1) != 0;
    if (b->rule == CT_RULE_MISERE_BASH) { /* one non-empty heap at most */
        for (unsigned i = 0; i < p->n; i++)
            if (p->h[i]) return p->h[i] % (b->rules.bash_max + 1u) == 1;
        return false; /* nothing left: the opponent made the last move */
    }
    return x == 0;
}

/* p with heap i replaced by the parts a <= b (a = 0: one part). */
static ct_pos_t ct_replace(const ct_pos_t *p, unsigned i, uint32_t a, uint32_t b) {
    ct_pos_t q = *p;
    q.h[i] = b;
    if (a && q.n < CT_HEAPS) q.h[q.n++] = a;
    return q;
}

/* The next take to try on a heap of h after `take` (0: the first), 0 when there is none. */
static uint32_t ct_next_take(const ct_big_t *b, uint32_t h, uint32_t take) {
    uint64_t next = take + 1ull;
    if (b->rules.kind == BRUTE_POW2) {
        next = take ? 2ull * take : 1;
    } else if (b->rules.kind == BRUTE_FIB) {
        uint64_t f = 1, g = 2;
        while (f <= take) {
            g += f;
            f = g - f;
        }
        next = f;
    } else if (b->rules.kind == BRUTE_BASH && next > b->rules.bash_max) {
        return 0;
    } else if (b->rules.kind == BRUTE_SUB && next > 255) {
        return 0;
    } else if (b->rules.kind == BRUTE_OCTAL && next > b->rules.code_len) {
        return 0;
    }
    return next <= h ? (uint32_t)next : 0;
}

/* Count the winning moves of p: legal by brute_allowed, to a lost position. */
static size_t ct_big_wins(const ct_big_t *b, const ct_pos_t *p) {
    uint32_t x = 0;
    for (unsigned i = 0; i < p->n; i++)
        x ^= ct_big_g(b, p->h[i]);
    size_t wins = 0;
    for (unsigned i = 0; i < p->n; i++) {
        const uint32_t h = p->h[i];
        if (b->rule == CT_RULE_NIM || b->rule == CT_RULE_MISERE) { /* the only candidates */
            const uint32_t cand[3] = {h ^ x, 0, 1};
            for (int c = 0; c < 3; c++) {
                bool again = false;
                for (int d = 0; d < c; d++)
                    again |= cand[d] == cand[c];
                if (again || cand[c] >= h) continue;
                const ct_pos_t q = ct_replace(p, i, 0, cand[c]);
                wins += ct_big_lost(b, &q);
            }
            continue;
        }
        const bool splits = b->rules.kind == BRUTE_OCTAL;
        for (uint32_t t = ct_next_take(b, h, 0); t; t = ct_next_take(b, h, t))
            for (uint32_t a = 0; a <= (splits ? (h - t) / 2 : 0); a++) {
                if (!brute_allowed(&b->rules, h, t, a, h - t - a)) continue;
                if (b->rule == CT_RULE_MISERE_BASH) {
                    const ct_pos_t q = ct_replace(p, i, a, h - t - a);
                    wins += ct_big_lost(b, &q);
                } else {
                    wins += (x ^ ct_big_g(b, h) ^ ct_big_g(b, a) ^ ct_big_g(b, h - t - a)) == 0;
                }
            }
    }
    return wins;
}

/* Read "h h h ..." (decimal, single spaces) into q; false if malformed. */
static bool ct_parse_pos(const char *text, ct_pos_t *q) {
    q->n = 0;
    for (const char *s = text; *s;) {
        if (q->n == CT_HEAPS || *s < '0' || *s > '9') return false;
        char *end;
        const unsigned long long v = strtoull(s, &end, 10);
        if (v > 4294967295ull) return false;
        q->h[q->n++] = (uint32_t)v;
        s = end;
        if (*s == ' ')
            s++;
        else if (*s)
            return false;
    }
    return q->n > 0;
}

/* Whether text is a legal move of p, written as the console writes it, to a lost position. */
static bool ct_big_line_ok(const ct_big_t *b, const ct_pos_t *p, const char *text) {
    ct_pos_t q;
    if (!ct_parse_pos(text, &q) || q.n < p->n || q.n > p->n + 1) return false;
    unsigned i = 0;
    while (i < p->n && q.h[i] == p->h[i])
        i++;
    if (i == p->n) return false;
    const uint32_t a = q.n > p->n ? q.h[i] : 0, c = q.n > p->n ? q.h[i + 1] : q.h[i];
    if ((uint64_t)a + c >= p->h[i]) return false;
    const uint32_t take = p->h[i] - a - c;
    char again[CT_TEXT];
    ct_after_text(p, i, take, a, c, again, sizeof again);
    if (strcmp(again, text) || !brute_allowed(&b->rules, p->h[i], take, a, c)) return false;
    const ct_pos_t after = ct_replace(p, i, a, c);
    return ct_big_lost(b, &after);
}

/* solve (and with list, moves) of p in big game b. */
static void ct_check_big(const ct_big_t *b, const ct_pos_t *p, bool list, unsigned *lost_count) {
    char pos[CT_TEXT], cmd[CT_TEXT + 80];
    ct_pos_text(p, pos, sizeof pos);
    const bool lost = ct_big_lost(b, p);
    *lost_count += lost;
    snprintf(cmd, sizeof cmd, "solve %s %s", b->name, pos);
    ct_send("%s", cmd);
    const char *got = ct_reply();
    if (lost)
        tally_check(got && !strcmp(got, "P"), "'%s' -> '%s': the position is lost", cmd,
                    ct_show(got));
    else
        tally_check(got && !strncmp(got, "N ", 2) && ct_big_line_ok(b, p, got + 2),
                    "'%s' -> '%s': not a winning move", cmd, ct_show(got));
    if (!list) return;
    snprintf(cmd, sizeof cmd, "moves %s %s", b->name, pos);
    long count;
    const char *last;
    const size_t n = ct_list(cmd, &count, &last), wins = ct_big_wins(b, p);
    size_t bad = 0, repeated = 0;
    const char *first_bad = NULL;
    for (size_t i = 0; i < n && i < CT_LINES; i++) {
        if (!ct_big_line_ok(b, p, ct_lines[i]) && !bad++) first_bad = ct_lines[i];
        for (size_t j = 0; j < i && n < 200; j++)
            repeated += !strcmp(ct_lines[i], ct_lines[j]);
    }
    tally_check(!bad && !repeated,
                "'%s': %zu lines are not winning moves (such as '%s'), %zu repeat", cmd, bad,
                ct_show(first_bad), repeated);
    tally_check(count >= 0 && (size_t)count == n && n == wins,
                "'%s': '%s' after %zu lines; there are %zu winning moves", cmd, ct_show(last), n,
                wins);
}

/* A random position of 1..max_heaps heaps of 0..b->top, not all empty; lost one time in two
 * when a last heap can make it so. */
static ct_pos_t ct_big_pos(const ct_big_t *b, unsigned max_heaps, uint32_t top) {
    ct_pos_t p = {.n = 1 + ct_rand(max_heaps)};
    for (unsigned i = 0; i < p.n; i++)
        p.h[i] = ct_rand_heap(top);
    if (ct_rand(2) && b->rule != CT_RULE_MISERE_BASH) {
        uint32_t x = 0;
        for (unsigned i = 0; i + 1 < p.n; i++)
            x ^= ct_big_g(b, p.h[i]);
        if (b->rule == CT_RULE_NIM || b->rule == CT_RULE_MISERE) {
            p.h[p.n - 1] = x;
        } else if (b->rule == CT_RULE_MOD && x < b->mod) {
            p.h[p.n - 1] = x + b->mod * (ct_rand32() % ((top - x) / b->mod + 1));
        } else if (b->rule == CT_RULE_TABLE) {
            const uint32_t start = ct_rand(top + 1);
            for (uint32_t k = 0; k <= top; k++)
                if (ct_big_g(b, (start + k) % (top + 1)) == x) {
                    p.h[p.n - 1] = (start + k) % (top + 1);
                    break;
                }
        }
    }
    bool empty = true;
    for (unsigned i = 0; i < p.n; i++)
        empty &= !p.h[i];
    if (empty) p.h[p.n - 1] = 1 + ct_rand(top);
    return p;
}

/* brute_grundy's values of heaps 0..4095 of game name into table; false if it has none. */
static bool ct_brute_values(const char *name, brute_game_t *g, brute_value_t *table) {
    return tally_check(brute_parse(g, name) && brute_grundy(g, CT_TABLE - 1, table),
                       "brute force has no Grundy values for %s", name);
}

/* The values of subtraction game name up to 65535 in ct_big_values: brute force up to 4095,
 * then its period. A window of max(S) values that repeats p later repeats forever, since each
 * value is the mex of the max(S) values before it. */
static bool ct_sub_values(const char *name) {
    static brute_value_t v[CT_TABLE];
    brute_game_t g;
    if (!ct_brute_values(name, &g, v)) return false;
    unsigned smax = 0;
    for (unsigned s = 1; s < 256; s++)
        if (g.sub[s >> 3] >> (s & 7) & 1) smax = s;
    for (unsigned per = 1; per + smax < CT_TABLE; per++)
        for (unsigned s = 0; s + per + smax <= CT_TABLE; s++)
            if (!memcmp(v + s, v + s + per, smax * sizeof *v)) {
                for (unsigned n = 0; n < CT_BIG; n++)
                    ct_big_values[n] = n < CT_TABLE ? v[n] : ct_big_values[n - per];
                printf("  %s: values periodic with period %u from heap %u\n", name, per, s);
                return true;
            }
    return tally_check(false, "%s: no period within 4095 heaps", name);
}

/* The values of octal game name up to 65535: brute force up to 4095, then the known period,
 * checked on that data. By the periodicity theorem for octal games (Guy and Smith) values that
 * repeat with period p from n0 until 2 n0 + p + (code length) repeat forever. */
static bool ct_octal_values(const char *name, unsigned period) {
    static brute_value_t v[CT_TABLE];
    brute_game_t g;
    if (!ct_brute_values(name, &g, v)) return false;
    unsigned n0 = CT_TABLE - period;
    while (n0 > 0 && v[n0 - 1] == v[n0 - 1 + period])
        n0--;
    printf("  %s: values periodic with period %u from heap %u\n", name, period, n0);
    if (!tally_check(2 * n0 + period + g.code_len < CT_TABLE - period,
                     "%s: period %u from %u is not proved by 4095 heaps", name, period, n0))
        return false;
    for (unsigned n = 0; n < CT_BIG; n++)
        ct_big_values[n] = n < CT_TABLE ? v[n] : ct_big_values[n - period];
    return true;
}

/* Values n mod m (m = 0: n itself) for game name match brute force up to 4095. */
static void ct_check_mod(const char *name, uint32_t m) {
    static brute_value_t v[CT_TABLE];
    brute_game_t g;
    if (!ct_brute_values(name, &g, v)) return;
    unsigned bad = CT_TABLE;
    for (unsigned n = CT_TABLE; n-- > 0;)
        if (v[n] != (m ? n % m : n)) bad = n;
    tally_check(bad == CT_TABLE, "%s: value of heap %u is %u, not %u", name, bad,
                bad < CT_TABLE ? (unsigned)v[bad] : 0, bad < CT_TABLE && m ? bad % m : bad);
}

static void ct_test_big_game(ct_big_t *b, unsigned solves, unsigned lists, unsigned list_heaps,
                             uint32_t list_top) {
    snprintf(tally_context, sizeof tally_context, "large heaps of %s", b->name);
    const uint32_t top = ct_top(b->name, b->top);
    if (!top) return; /* the calculator's (random positions checked the refusal) */
    b->top = top;
    if (list_top > top) list_top = top;
    brute_parse(&b->rules, b->name);
    unsigned lost = 0;
    for (unsigned k = 0; k < solves + lists && scn_ok(ct_s); k++) {
        const bool list = k >= solves;
        const ct_pos_t p = b->rule == CT_RULE_MISERE_BASH
                               ? (ct_pos_t){1 + ct_rand(3), {1 + ct_rand_heap(b->top - 1), 0, 0}}
                               : ct_big_pos(b, list ? list_heaps : 16, list ? list_top : b->top);
        ct_check_big(b, &p, list, &lost);
    }
    if (b->rule == CT_RULE_MOD || b->rule == CT_RULE_TABLE || b->rule == CT_RULE_NIM) {
        snprintf(tally_context, sizeof tally_context, "grundy of large heaps of %s", b->name);
        for (unsigned k = 0; k < 20; k++) {
            const uint32_t n = k ? ct_rand_heap(b->top) : b->top;
            char cmd[96], want[16];
            snprintf(cmd, sizeof cmd, "grundy %s %u", b->name, (unsigned)n);
            snprintf(want, sizeof want, "%u", (unsigned)ct_big_g(b, n));
            ct_expect(cmd, want);
        }
    }
    printf("  %-20s %u positions up to %u (%u lost), %u of them listed\n", b->name, solves + lists,
           (unsigned)b->top, lost, lists);
}

/* ---- Wythoff, exactly: the k-th cold pair is (a_k, a_k + k), a_k = floor(k phi) ---- */

static uint64_t ct_isqrt(unsigned __int128 x) {
    uint64_t lo = 0, hi = 1ull << 40; /* enough for x < 2^80 */
    while (lo < hi) {
        const uint64_t mid = lo + (hi - lo + 1) / 2;
        if ((unsigned __int128)mid * mid <= x)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* floor(k phi) = floor((k + sqrt(5 k^2)) / 2) = (k + isqrt(5 k^2)) / 2, sqrt(5) k irrational. */
static uint64_t ct_wy_a(uint64_t k) {
    return (k + ct_isqrt((unsigned __int128)5 * k * k)) / 2;
}

static bool ct_wy_cold(uint64_t x, uint64_t y) {
    return x <= y ? ct_wy_a(y - x) == x : ct_wy_a(x - y) == y;
}

/* The heap that makes y cold: b_k for y = a_k, a_k for y = b_k (every y > 0 is one of them). */
static uint64_t ct_wy_partner(uint64_t y) {
    if (y == 0) return 0;
    const uint64_t r = ct_isqrt((unsigned __int128)5 * y * y);
    const uint64_t ka = (r - y) / 2, kb = (3 * y - r) / 2; /* about y / phi and y / phi^2 */
    for (uint64_t k = ka > 2 ? ka - 2 : 0; k <= ka + 2; k++)
        if (ct_wy_a(k) == y) return y + k;
    for (uint64_t k = kb > 2 ? kb - 2 : 0; k <= kb + 2; k++)
        if (ct_wy_a(k) + k == y) return ct_wy_a(k);
    tally_check(false, "no Wythoff partner found for %llu", (unsigned long long)y);
    return y;
}

/* Winning moves of (x, y): x down to y's partner, y down to x's, or both down to the cold
 * pair of their difference. */
static size_t ct_wy_wins(uint64_t x, uint64_t y) {
    const uint64_t lo = x < y ? x : y, d = x < y ? y - x : x - y;
    return (ct_wy_partner(y) < x) + (ct_wy_partner(x) < y) + (ct_wy_a(d) < lo);
}

/* Whether text is a legal Wythoff move from (x, y), written "x' y'", to a cold pair. */
static bool ct_wy_line_ok(uint32_t x, uint32_t y, const char *text) {
    ct_pos_t q;
    if (!ct_parse_pos(text, &q) || q.n != 2) return false;
    char again[32];
    snprintf(again, sizeof again, "%u %u", (unsigned)q.h[0], (unsigned)q.h[1]);
    const bool legal = (q.h[0] < x && q.h[1] == y) || (q.h[0] == x && q.h[1] < y) ||
                       (q.h[0] < x && q.h[1] < y && x - q.h[0] == y - q.h[1]);
    return legal && !strcmp(again, text) && ct_wy_cold(q.h[0], q.h[1]);
}

static void ct_check_wythoff(uint32_t x, uint32_t y, bool list, unsigned *lost) {
    char cmd[80];
    const bool cold = ct_wy_cold(x, y);
    *lost += cold;
    snprintf(cmd, sizeof cmd, "solve wythoff %u %u", (unsigned)x, (unsigned)y);
    ct_send("%s", cmd);
    const char *got = ct_reply();
    if (cold)
        tally_check(got && !strcmp(got, "P"), "'%s' -> '%s': a cold pair", cmd, ct_show(got));
    else
        tally_check(got && !strncmp(got, "N ", 2) && ct_wy_line_ok(x, y, got + 2),
                    "'%s' -> '%s': not a move to a cold pair", cmd, ct_show(got));
    if (!list) return;
    snprintf(cmd, sizeof cmd, "moves wythoff %u %u", (unsigned)x, (unsigned)y);
    long count;
    const char *last;
    const size_t n = ct_list(cmd, &count, &last), wins = ct_wy_wins(x, y);
    size_t bad = 0;
    for (size_t i = 0; i < n && i < CT_LINES; i++) {
        bad += !ct_wy_line_ok(x, y, ct_lines[i]);
        for (size_t j = 0; j < i; j++)
            bad += !strcmp(ct_lines[i], ct_lines[j]);
    }
    tally_check(!bad && count >= 0 && (size_t)count == n && n == wins,
                "'%s': %zu bad lines, then '%s' after %zu lines; there are %zu winning moves", cmd,
                bad, ct_show(last), n, wins);
}

static void ct_test_wythoff(void) {
    snprintf(tally_context, sizeof tally_context, "wythoff: the test's formulas");
    /* the definition: a_k is the least number not yet in a pair, b_k = a_k + k */
    static uint8_t used[8192];
    uint64_t bad = 0, a = 0;
    for (uint64_t k = 0; a + k < sizeof used; k++) {
        while (used[a])
            a++;
        if (a + k >= sizeof used) break;
        used[a] = used[a + k] = 1;
        bad += ct_wy_a(k) != a || ct_wy_partner(a) != a + k || ct_wy_partner(a + k) != a;
    }
    tally_check(!bad, "%llu cold pairs up to 8191 differ from floor(k phi)",
                (unsigned long long)bad);
    brute_game_t g;
    brute_parse(&g, "wythoff");
    bad = 0;
    for (uint8_t x = 0; x <= 40; x++)
        for (uint8_t y = 0; y <= 40; y++) {
            const brute_pos_t p = {2, {x, y}};
            bad += brute_pos_is_win(&g, &p) == ct_wy_cold(x, y);
            uint16_t wins;
            brute_count_moves(&g, &p, &wins);
            bad += wins != ct_wy_wins(x, y);
        }
    tally_check(!bad, "%llu pairs up to 40 decided differently by brute force",
                (unsigned long long)bad);

    unsigned lost = 0, positions = 0;
    const uint64_t top = ct_top("wythoff", CT_WYTHOFF_TOP); /* the handheld's: 255 */
    const uint32_t small = top < 2000 ? (uint32_t)top : 2000;
    const uint32_t spread = top < 4000 ? (uint32_t)(top / 8 + 1) : 1000;
    const uint32_t wide = top < (1u << 26) ? (uint32_t)(top / 4 + 1) : 1u << 24;
    snprintf(tally_context, sizeof tally_context, "wythoff: every cold pair up to 2000");
    for (uint64_t k = 0; ct_wy_a(k) + k <= small && scn_ok(ct_s); k++, positions++) {
        const uint32_t x = (uint32_t)ct_wy_a(k), y = (uint32_t)(x + k);
        if (ct_rand(2))
            ct_check_wythoff(x, y, false, &lost);
        else
            ct_check_wythoff(y, x, false, &lost);
    }
    snprintf(tally_context, sizeof tally_context, "wythoff: random pairs up to 2000");
    for (int i = 0; i < 200 && scn_ok(ct_s); i++, positions++)
        ct_check_wythoff(ct_rand(small + 1), ct_rand(small + 1), true, &lost);

    /* the last cold pairs below 2^32 */
    uint64_t kmax =
        (3ull * top - ct_isqrt((unsigned __int128)5 * top * top)) /
        2;
    while (ct_wy_a(kmax + 1) + kmax + 1 <= top)
        kmax++;
    while (ct_wy_a(kmax) + kmax > top)
        kmax--;
    snprintf(tally_context, sizeof tally_context, "wythoff: cold pairs near 2^32");
    for (int i = 0; i < 80 && scn_ok(ct_s); i++, positions++) {
        const uint64_t k = i < 40 ? kmax - (uint64_t)i : kmax - ct_rand32() % (kmax / 2);
        const uint32_t x = (uint32_t)ct_wy_a(k), y = (uint32_t)(x + k);
        if (i & 1)
            ct_check_wythoff(x, y, false, &lost);
        else
            ct_check_wythoff(y, x, false, &lost);
    }
    snprintf(tally_context, sizeof tally_context, "wythoff: pairs near 2^32");
    for (int i = 0; i < 120 && scn_ok(ct_s); i++, positions++) {
        const uint64_t k = kmax - ct_rand32() % spread;
        uint64_t x = ct_wy_a(k), y = x + k;
        const uint64_t d = 1 + ct_rand(spread);
        switch (i % 4) {
        case 0:
            x = x + d > top ? x - d : x + d;
            break;
        case 1:
            y = y + d > top ? y - d : y + d;
            break;
        case 2:
            x += d, y = y + d > top ? y : y + d;
            break;
        default:
            x = top - ct_rand32() % wide, y = top - ct_rand32() % wide;
        }
        if (ct_rand(2)) {
            const uint64_t t = x;
            x = y, y = t;
        }
        ct_check_wythoff((uint32_t)x, (uint32_t)y, true, &lost);
    }
    ct_check_wythoff(top, top, true, &lost);
    printf("  %-20s %u positions (%u cold), the last cold pair up to the limit is (%llu, %llu)\n",
           "wythoff", positions + 1, lost, (unsigned long long)ct_wy_a(kmax),
           (unsigned long long)(ct_wy_a(kmax) + kmax));
}

static void ct_test_big(void) {
    printf("large heaps:\n");
    snprintf(tally_context, sizeof tally_context, "closed forms against brute force");
    ct_check_mod("nim", 0);
    ct_check_mod("pow2", 3);
    ct_check_mod("bash:2", 3);
    ct_check_mod("bash:7", 8);
    ct_check_mod("bash:1000", 1001);
    ct_check_mod("bash:65535", 65536);
    static ct_big_t fixed[] = {
        {"nim", 4294967295u, CT_RULE_NIM, 0, {0}},
        {"misere", 4294967295u, CT_RULE_MISERE, 0, {0}},
        {"misere:nim", 4294967295u, CT_RULE_MISERE, 0, {0}},
        {"pow2", 4294967295u, CT_RULE_MOD, 3, {0}},
        {"bash:2", 4294967295u, CT_RULE_MOD, 3, {0}},
        {"bash:7", 4294967295u, CT_RULE_MOD, 8, {0}},
        {"bash:1000", 4294967295u, CT_RULE_MOD, 1001, {0}},
        {"bash:65535", 4294967295u, CT_RULE_MOD, 65536, {0}},
        {"misere:bash:3", 4294967295u, CT_RULE_MISERE_BASH, 0, {0}},
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        ct_test_big_game(&fixed[i], 80, 40, 16, fixed[i].top);

    ct_big_t fib = {"fib", 4095, CT_RULE_TABLE, 0, {0}};
    static brute_value_t v[CT_TABLE];
    brute_game_t g;
    snprintf(tally_context, sizeof tally_context, "fib values");
    if (ct_brute_values("fib", &g, v)) {
        for (unsigned n = 0; n < CT_TABLE; n++)
            ct_big_values[n] = v[n];
        ct_test_big_game(&fib, 80, 40, 16, fib.top);
    }

    char names[4][64] = {"sub:1,3,4", "sub:2,5"};
    for (int i = 2; i < 4; i++) { /* random sets: 1..4 values of 1..20 */
        unsigned set = 0, want = 1 + ct_rand(4);
        for (unsigned k = 0; k < want; k++)
            set |= 1u << (1 + ct_rand(20));
        size_t len = (size_t)snprintf(names[i], sizeof names[i], "sub:");
        for (unsigned s = 1; s <= 20; s++)
            if (set >> s & 1)
                len += (size_t)snprintf(names[i] + len, sizeof names[i] - len, "%s%u",
                                        names[i][len - 1] == ':' ? "" : ",", s);
    }
    for (int i = 0; i < 4; i++) {
        snprintf(tally_context, sizeof tally_context, "%.60s values", names[i]);
        ct_big_t b = {names[i], 65535, CT_RULE_TABLE, 0, {0}};
        if (ct_sub_values(names[i])) ct_test_big_game(&b, 60, 30, 16, b.top);
    }
    static const struct {
        const char *name;
        unsigned period;
    } octal[] = {{"kayles", 12}, {"dawson", 34}};
    for (int i = 0; i < 2; i++) {
        snprintf(tally_context, sizeof tally_context, "%s values", octal[i].name);
        ct_big_t b = {octal[i].name, 65535, CT_RULE_TABLE, 0, {0}};
        if (ct_octal_values(octal[i].name, octal[i].period)) ct_test_big_game(&b, 80, 30, 3, 1000);
    }
    ct_test_wythoff();
}

/* ---- 4. errors ---- */

/* Send cmd: the reply must start with want (and end with tail when given), and then
 * `solve nim 1 2 3` must still be answered `P`. */
static void ct_expect_err(const char *cmd, const char *want, const char *tail) {
    ct_send("%s", cmd);
    const char *got = ct_reply();
    const size_t gl = got ? strlen(got) : 0, tl = tail ? strlen(tail) : 0;
    tally_check(
        got && (tail ? !strncmp(got, want, strlen(want)) && gl >= tl && !strcmp(got + gl - tl, tail)
                     : !strcmp(got, want)),
        "'%.60s%s' -> '%s', expected '%s%s%s'", cmd, strlen(cmd) > 60 ? "..." : "", ct_show(got),
        want, tail ? "..." : "", tail ? tail : "");
    ct_alive(cmd);
}

/* A NUL byte anywhere in a line is refused with one err line, on every home, and the
 * words around it are never read as a command (`help`, NUL, `version` was once help; a word
 * of `version` and a NUL read past the table of command names). */
static void ct_test_nul(void) {
    snprintf(tally_context, sizeof tally_context, "NUL bytes");
    static const struct {
        const char *bytes;
        size_t n;
    } lines[] = {
#define CT_BYTES(text) {text, sizeof text - 1}
        CT_BYTES("version\0\n"),         CT_BYTES("help\0\0\0\0version\n"), CT_BYTES("\0\n"),
        CT_BYTES("solve nim 1 2\0 3\n"), CT_BYTES("\0solve nim 1 2 3\n"),     CT_BYTES("explain nim 3\0\n"),
        CT_BYTES("grundy kayles\0 5\n"), CT_BYTES("show\0\n"),                CT_BYTES("SOLVE NIM 1 2 3\0\n"),
#undef CT_BYTES
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        char shown[64];
        size_t k = 0;
        for (size_t j = 0; j + 1 < lines[i].n && k + 5 < sizeof shown; j++)
            k += (size_t)snprintf(shown + k, sizeof shown - k, "%s", lines[i].bytes[j] ? (char[2]){lines[i].bytes[j], 0} : "\\0");
        scn_send_bytes(ct_s, lines[i].bytes, lines[i].n);
        const char *got = ct_reply();
        if (!tally_check(got && !strcmp(got, "err NUL byte in the line"),
                         "'%s' -> '%s', expected 'err NUL byte in the line'", shown, ct_show(got)))
            ct_quiet(300); /* the rest of a reply to what was not a command */
        ct_alive(shown); /* and nothing else came first */
    }
}

static void ct_test_errors(void) {
    snprintf(tally_context, sizeof tally_context, "errors");
#define HERE "here; the uno image and grundy on a computer answer it"
#define ELSE " is answered by the uno image and grundy on a computer"
    static const struct {
        const char *cmd, *reply;
        const char *device, *matrix8; /* the handheld's reply where it differs (matrix8's apart) */
    } errs[] = {
        {"frobnicate 1 2", "err unknown command 'frobnicate' (type help)", NULL, NULL},
        {"FROBNICATE 1 2", "err unknown command 'frobnicate' (type help)", NULL, NULL}, /* any letter case */
        {"solve chess 1 2", "err unknown game 'chess' (type help)", NULL, NULL},
        {"solve", "err solve needs a game, then heaps (type help)", NULL, NULL},
        {"moves", "err moves needs a game, then heaps (type help)", NULL, NULL},
        {"solve nim", "err solve needs heaps after the game", NULL, NULL},
        {"grundy kayles", "err grundy needs heaps after the game", NULL, NULL},
        {"solve nim 4294967296", "err heap 4294967296 is larger than 4294967295", "err heap 4294967296 is larger than 65535", NULL},
        {"solve nim 1 99999999999999999999",
         "err heap 99999999999999999999 is larger than 4294967295",
         "err heap 99999999999999999999 is larger than 65535", NULL},
        {"solve nim 3 65536", NULL, "err heap 65536 is larger than 65535 " HERE, NULL},
        {"solve wythoff 3 4294967296", "err heap 4294967296 is larger than 4294967295", "err heap 4294967296 is larger than 255", NULL},
        {"solve wythoff 3 256", NULL, "err heap 256 is larger than 255 " HERE, NULL},
        {"solve fib 4096", "err heap 4096 is larger than 4095", "err heap 4096 is larger than 255 " HERE, NULL},
        {"solve kayles 65536", "err heap 65536 is larger than 65535", NULL, NULL},
        {"solve sub:1,2 65536", "err heap 65536 is larger than 65535", "err heap 65536 is larger than 255 " HERE, NULL},
        {"solve sub:1,3,4 65536", "err heap 65536 is larger than 65535", NULL, NULL},
        {"solve octal:0.137 256", "err heap 256 is larger than 255", "err octal:0.137" ELSE, NULL},
        {"solve line:1,2 256", "err heap 256 is larger than 255", NULL, NULL},
        {"solve nim 3 x4", "err heap 'x4' is not a number", NULL, NULL},
        {"solve nim 3 -4", "err heap '-4' is not a number", NULL, NULL},
        {"solve nim 3 4.5", "err heap '4.5' is not a number", NULL, NULL},
        {"solve nim 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17", "err more than 16 heaps", NULL, NULL},
        {"solve wythoff 3", "err wythoff needs 2 heaps", NULL, NULL},
        {"solve wythoff 3 4 5", "err wythoff needs 2 heaps", NULL, NULL},
        {"moves wythoff 3", "err wythoff needs 2 heaps", NULL, NULL},
        {"grundy misere 3", "err misere is not a sum of heaps with Grundy values (try solve)", NULL, NULL},
        {"grundy misere:kayles 3", "err misere:kayles is not a sum of heaps with Grundy values (try solve)", NULL, "err misere:kayles" ELSE},
        {"grundy wythoff 3", "err wythoff is not a sum of heaps with Grundy values (try solve)", NULL, NULL},
        {"grundy nim 3 4", "err grundy takes one heap", NULL, NULL},
        {"solve bash:0 3", "err bad game 'bash:0': bash:M needs M from 1 to 65535", NULL, NULL},
        {"solve bash:65536 3", "err bad game 'bash:65536': bash:M needs M from 1 to 65535", NULL, NULL},
        {"solve bash 3", "err bad game 'bash': bash:M needs M from 1 to 65535", NULL, NULL},
        {"solve sub:0 3", "err bad game 'sub:0': up to 32 values 1..255, like sub:1,3,4 or line:1,2", NULL, NULL},
        {"solve sub:256 3", "err bad game 'sub:256': up to 32 values 1..255, like sub:1,3,4 or line:1,2", NULL, NULL},
        {"solve line:256 3", "err bad game 'line:256': up to 32 values 1..255, like sub:1,3,4 or line:1,2", NULL, NULL},
        {"solve octal:0.8 3", "err bad game 'octal:0.8': up to 255 octal digits, like octal:0.137", "err octal:0.8" ELSE, NULL},
        {"solve nim:3 1", "err bad game 'nim:3': this game takes no parameter", NULL, NULL},
        {"solve misere:wythoff 1 2",
         "err bad game 'misere:wythoff': this game has no misere variant", NULL, NULL},
        {"solve misere:kayles 5 6 6", "err misere:kayles is decided for at most 16 tokens in all, or 4 heaps up to 7 without splits", NULL, "err misere:kayles" ELSE},
        {"moves misere:fib 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1", "err more than 16 heaps", NULL, "err misere:fib" ELSE},
        {"solve misere:pow2 9 8", "err misere:pow2 is decided for at most 16 tokens in all, or 4 heaps up to 7 without splits", NULL, "err misere:pow2" ELSE},
        {"show x", "err show takes no arguments", NULL, NULL},
        {"help me", "err help takes no arguments", NULL, NULL},
        {"version 2", "err version takes no arguments", NULL, NULL},
    };
    const bool m8 = !strcmp(ct_board, "matrix8");
    for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++) {
        const char *want = ct_calc               ? errs[i].reply
                           : m8 && errs[i].matrix8 ? errs[i].matrix8
                           : errs[i].device        ? errs[i].device
                                                   : errs[i].reply;
        if (want) ct_expect_err(errs[i].cmd, want, NULL);
    }
#undef HERE
#undef ELSE

    /* a game word of more than 32 characters is echoed cut short */
    char cmd[300], want[300];
    size_t n = (size_t)snprintf(cmd, sizeof cmd, "solve sub:");
    for (int v = 1; v <= 33; v++)
        n += (size_t)snprintf(cmd + n, sizeof cmd - n, v > 1 ? ",%d" : "%d", v);
    snprintf(cmd + n, sizeof cmd - n, " 5");
    snprintf(want, sizeof want, "err bad game '%.32s...'", cmd + 6);
    ct_expect_err(cmd, want, ": up to 32 values 1..255, like sub:1,3,4 or line:1,2");
    /* sub: with 32 values is fine */
    n = (size_t)snprintf(cmd, sizeof cmd, "solve sub:");
    for (int v = 1; v <= 32; v++)
        n += (size_t)snprintf(cmd + n, sizeof cmd - n, v > 1 ? ",%d" : "%d", v);
    snprintf(cmd + n, sizeof cmd - n, " 33");
    ct_expect(cmd, "P");
    /* 239 octal digits fill a 255-character line; 256 digits cannot fit in one */
    n = (size_t)snprintf(cmd, sizeof cmd, "solve octal:0.");
    for (int d = 0; d < 238; d++)
        cmd[n++] = '0';
    snprintf(cmd + n, sizeof cmd - n, "7 1");
    tally_check(strlen(cmd) == 255, "the octal line is %zu characters", strlen(cmd));
    if (ct_calc) {
        ct_expect(cmd, "P");
    } else {
        char word[260];
        sscanf(cmd + 6, "%259s", word);
        ct_expect(cmd, ct_elsewhere(word));
    }
    n = (size_t)snprintf(cmd, sizeof cmd, "grundy octal:0.");
    for (int d = 0; d < 256; d++)
        cmd[n++] = '3';
    snprintf(cmd + n, sizeof cmd - n, " 1");
    ct_expect_err(cmd, "err line longer than 255 characters", NULL);
    /* commands in any letter case */
    ct_expect("Solve NIM 3 4 5", "N 1 4 5");
    ct_expect("GRUNDY Kayles 3", "3");
    /* misere Nim and misere Bash on one heap have no token limit */
    ct_expect("solve misere 1000 1000 1", "N 1000 1000 0");
    ct_expect("solve misere:bash:3 4294967293",
              ct_calc ? "P" : !strcmp(ct_board, "matrix8") ? ct_elsewhere("misere:bash:3")
                      : "err heap 4294967293 is larger than 65535 here; the uno image and grundy on a computer answer it");
}

/* ---- 5. line ends, blank lines and overlong lines ---- */

static void ct_test_lines(void) {
    snprintf(tally_context, sizeof tally_context, "line ends");
    scn_send(ct_s, "solve nim 1 2 3\r");
    const char *l = ct_reply();
    tally_check(l && !strcmp(l, "P"), "CR: '%s'", ct_show(l));
    scn_send(ct_s, "solve nim 1 2 2\r\n");
    l = ct_reply();
    tally_check(l && !strcmp(l, "N 0 2 2"), "CR LF: '%s'", ct_show(l));
    scn_send(ct_s, "\n\r\n   \n\t\n\r");
    ct_alive("blank lines"); /* nothing answered the blank lines */
    scn_send(ct_s, "  solve\tnim  1 \t 2   3  \n");
    l = ct_reply();
    tally_check(l && !strcmp(l, "P"), "spaces and tabs: '%s'", ct_show(l));

    snprintf(tally_context, sizeof tally_context, "overlong lines");
    char line[1100];
    for (size_t len = 254; len <= 256; len++) {
        memset(line, ' ', sizeof line);
        memcpy(line, "solve nim 1 2 2", 15);
        line[len - 1] = len == 256 ? 'x' : ' ';
        strcpy(line + len, "\n");
        scn_send(ct_s, line);
        ct_send("solve nim 1 2 3");
        const char *a = ct_reply();
        const char *b = ct_reply();
        const char *want = len == 256 ? "err line longer than 255 characters" : "N 0 2 2";
        tally_check(a && b && !strcmp(a, want) && !strcmp(b, "P"),
                    "a line of %zu characters: '%s' then '%s', expected '%s' then 'P'", len,
                    ct_show(a), ct_show(b), want);
    }
    memset(line, 'a', 1000);
    strcpy(line + 1000, "\r\n");
    scn_send(ct_s, line);
    const char *a = ct_reply();
    ct_send("solve nim 1 2 3");
    const char *b = ct_reply();
    tally_check(a && b && !strcmp(a, "err line longer than 255 characters") && !strcmp(b, "P"),
                "1000 characters: '%s' then '%s'", ct_show(a), ct_show(b));
    /* an overlong command is not run, even when its start makes sense */
    memset(line, ' ', 400);
    memcpy(line, "new nim 1 1 1", 13);
    strcpy(line + 399, "1\n");
    scn_send(ct_s, line);
    a = ct_reply();
    tally_check(a && !strcmp(a, "err line longer than 255 characters"), "400 characters: '%s'",
                ct_show(a));
    ct_send("show");
    a = ct_reply();
    tally_check(a && strncmp(a, "nim 1 1 1 ", 10), "the overlong 'new' was run: show says '%s'",
                ct_show(a));
    ct_alive("the overlong lines");
}

/* ---- 6. garbage and lost input ---- */

static bool ct_printable(const char *l) {
    for (; *l; l++)
        if (*l < 0x20 || *l > 0x7E) return false;
    return true;
}

/* The lines an `err input lost, N line(s) dropped (send a line at a time)` reports; 0 for any
 * other line. */
static unsigned ct_lost_count(const char *l) {
    unsigned k = 0;
    char tail[64];
    if (sscanf(l, "err input lost, %u line(s) dropped %63[^\n]", &k, tail) != 2 ||
        strcmp(tail, "(send a line at a time)"))
        return 0;
    return k;
}

/* grundy only: graphs past dag:E's 64 nodes, up to 1,000, on the line and from a file, checked
 * against values found here by the mex rule over each node's successors. */
#define CT_DAG_NODES 1000
static unsigned ct_big_succ[CT_DAG_NODES][8], ct_big_deg[CT_DAG_NODES];
static int ct_big_memo[CT_DAG_NODES];
static void ct_explain_file(const char *path);
static unsigned ct_dag_value(unsigned (*succ)[8], const unsigned *deg, int *memo, unsigned v) {
    if (memo[v] >= 0) return (unsigned)memo[v];
    bool seen[9] = {false};
    for (unsigned e = 0; e < deg[v]; e++) {
        const unsigned g = ct_dag_value(succ, deg, memo, succ[v][e]);
        if (g < 9) seen[g] = true;
    }
    unsigned m = 0;
    while (seen[m]) m++;
    return (unsigned)(memo[v] = (int)m);
}

static void ct_test_big_dag(void) {
    snprintf(tally_context, sizeof tally_context, "dag past 64 nodes (grundy)");
    unsigned (*succ)[8] = ct_big_succ, *deg = ct_big_deg;
    int *memo = ct_big_memo;
    char path[] = "/tmp/grundy-dag-XXXXXX";
    const int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!tally_check(f != NULL, "cannot write a graph file")) return;
    fprintf(f, "# a random graph of 1000 nodes, edges from a node to smaller ones\n");
    for (unsigned v = 0; v < CT_DAG_NODES; v++) {
        deg[v] = v ? ct_rand(9) : 0;
        memo[v] = -1;
        for (unsigned e = 0; e < deg[v]; e++) {
            succ[v][e] = v - 1 - ct_rand(v < 50 ? v : 50);
            for (unsigned d = 0; d < e; d++)
                if (succ[v][d] == succ[v][e]) succ[v][e] = v - 1; /* a duplicate: 1 below */
            fprintf(f, "%u>%u%s", v, succ[v][e], e + 1 < deg[v] ? "," : "\n");
        }
        for (unsigned d = 0; d < deg[v]; d++) /* keep them distinct after the fix above */
            for (unsigned e = d + 1; e < deg[v]; e++)
                if (succ[v][d] == succ[v][e]) succ[v][e] = succ[v][--deg[v]], e--;
    }
    fclose(f);
    unsigned checked = 0;
    for (unsigned t = 0; t < 200; t++) {
        const unsigned n = 1 + ct_rand(4);
        unsigned piece[4], x = 0;
        char pos[64] = "";
        size_t len = 0;
        for (unsigned i = 0; i < n; i++) {
            piece[i] = ct_rand(CT_DAG_NODES);
            x ^= ct_dag_value(succ, deg, memo, piece[i]);
            len += (size_t)snprintf(pos + len, sizeof pos - len, " %u", piece[i]);
        }
        char cmd[CT_TEXT];
        snprintf(cmd, sizeof cmd, "moves dag:@%s%s", path, pos);
        long count;
        const char *last;
        const size_t lines = ct_list(cmd, &count, &last);
        unsigned wins = 0;
        for (unsigned i = 0; i < n; i++)
            for (unsigned e = 0; e < deg[piece[i]]; e++)
                wins += x && ct_dag_value(succ, deg, memo, succ[piece[i]][e]) ==
                                 (ct_dag_value(succ, deg, memo, piece[i]) ^ x);
        bool moves_ok = lines == wins && count == (long)wins;
        for (size_t l = 0; l < lines && moves_ok; l++) { /* each line a position of value 0 */
            unsigned y = 0, k = 0, v;
            int used;
            for (const char *c = ct_lines[l]; sscanf(c, "%u%n", &v, &used) == 1; c += used, k++)
                y ^= v < CT_DAG_NODES ? ct_dag_value(succ, deg, memo, v) : 99;
            moves_ok = k == n && y == 0;
        }
        checked += tally_check(moves_ok, "'%s': %zu lines, count %ld, expected %u winning moves", cmd,
                               lines, count, wins);
        snprintf(cmd, sizeof cmd, "solve dag:@%s%s", path, pos);
        ct_send("%s", cmd);
        const char *got = ct_reply();
        tally_check(got && (x ? !strncmp(got, "N ", 2) : !strcmp(got, "P")), "'%s' -> '%s'", cmd,
                    ct_show(got));
    }
    char cmd[CT_TEXT], want[32];
    snprintf(cmd, sizeof cmd, "grundy dag:@%s 999", path);
    snprintf(want, sizeof want, "%u", ct_dag_value(succ, deg, memo, 999));
    ct_expect(cmd, want);
    ct_explain_file(path);
    unlink(path);
    /* on the line: nodes past 63 */
    ct_expect("solve dag:0>1,1>2,100>0 100 1", "P");
    long count;
    const char *last;
    const size_t lines = ct_list("moves dag:0>1,1>2,100>0,100>2,0>2 100 2", &count, &last);
    tally_check(lines == 1 && count == 1 && !strcmp(ct_lines[0], "2 2"),
                "'moves dag:0>1,1>2,100>0,100>2,0>2 100 2': %zu lines, count %ld", lines, count);
    ct_expect_err("solve dag:0>1,1>0,100>1 1", "err the graph has a cycle through node '0'", NULL);
    ct_expect_err("solve dag:0>1,1000>2 1",
                  "err not an edge a>b of nodes 0..999 (at most 200000 edges): '1000>2'", NULL);
    ct_expect_err("solve dag:@/nonexistent/graph 1",
                  "err cannot read the graph file '/nonexistent/graph': No such file or directory", NULL);
    printf("dag past 64 nodes: %u positions of a 1000-node graph listed and solved\n", checked);
}

/* The calculator plays no game: new and show are refused, saying why. */
static void ct_test_calculator(void) {
    snprintf(tally_context, sizeof tally_context, "the calculator");
    ct_expect_err("new nim 1 2 3", "err new plays on a device's LEDs: this is the calculator", NULL);
    ct_expect_err("show", "err show plays on a device's LEDs: this is the calculator", NULL);
}

static void ct_test_garbage(void) {
    snprintf(tally_context, sizeof tally_context, "garbage");
    char before[CT_TEXT];
    ct_send(ct_calc ? "version" : "show");
    snprintf(before, sizeof before, "%s", ct_show(ct_reply()));
    const size_t from = scn_cursor(ct_s);
    static uint8_t junk[10000];
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = ct_rand(40) ? (uint8_t)ct_rand(256) : '\n';
    for (size_t at = 0; at < sizeof junk && scn_ok(ct_s);) {
        const size_t piece =
            1 + ct_rand(300) < sizeof junk - at ? 1 + ct_rand(300) : sizeof junk - at;
        sim_uart_send(scn_sim(ct_s), junk + at, piece);
        at += piece;
        scn_run_ms(ct_s, 1 + ct_rand(40));
    }
    scn_send(ct_s, "\n");
    ct_quiet(500);
    scn_send(ct_s, "\n"); /* the first line end may have been lost with the garbage before it */
    ct_quiet(200);
    size_t errs = 0, events = 0, lost = 0, other = 0;
    const char *odd = NULL;
    for (size_t i = from; i < scn_line_count(ct_s); i++) {
        const char *l = scn_line(ct_s, i);
        const bool err = !strncmp(l, "err ", 4), event = l[0] == '@';
        errs += err;
        lost += ct_lost_count(l) > 0;
        events += event;
        if ((!err && !event) || !ct_printable(l)) {
            if (!other++) odd = l;
        }
    }
    printf("garbage: 10000 bytes answered by %zu err lines (%zu for lost input), %zu event lines\n",
           errs, lost, events);
    tally_check(scn_ok(ct_s), "the firmware failed: %s", scn_failure(ct_s));
    tally_check(!other, "%zu lines are neither an error nor an event, such as '%s'", other,
                ct_show(odd));
    tally_check(errs > 100, "only %zu err lines for about 300 lines of garbage", errs);
    ct_expect(ct_calc ? "version" : "show", before);
    ct_alive("the garbage");
}

/* A Nim position of 16 ten-digit heaps, an odd number `wins` of them of 2^31 or more: these
 * are its winning moves, each a line of about 176 characters. */
static ct_pos_t ct_long_nim(unsigned wins) {
    ct_pos_t p = {16, {0}};
    const bool wide = ct_top("nim", 4294967295u) > 65535; /* the handheld's heaps are 16 bits */
    for (unsigned i = 0; i < 16; i++)
        p.h[i] = wide ? (i < wins ? 0xC0000000u : 0x40000000u) | (ct_rand32() >> 2)
                      : (i < wins ? 0xC000u : 0x4000u) | (ct_rand32() & 0x3FFFu);
    return p;
}

/* Check the `moves` reply to nim position p in lines[at..]; returns the index after it. */
static size_t ct_check_long_list(const ct_pos_t *p, const char **lines, size_t at, size_t n) {
    static ct_big_t nim = {"nim", 4294967295u, CT_RULE_NIM, 0, {0}};
    brute_parse(&nim.rules, "nim");
    size_t k = 0, bad = 0;
    const char *odd = NULL;
    for (; at < n && strncmp(lines[at], "count ", 6); at++, k++)
        if (!ct_big_line_ok(&nim, p, lines[at]) && !bad++) odd = lines[at];
    const size_t wins = ct_big_wins(&nim, p);
    char want[32];
    snprintf(want, sizeof want, "count %zu", wins);
    tally_check(
        !bad && k == wins && at < n && !strcmp(lines[at], want),
        "a long moves reply: %zu of %zu lines wrong (such as '%.80s'), then '%s', expected %zu "
        "lines and '%s'",
        bad, k, ct_show(odd), at < n ? lines[at] : "(nothing)", wins, want);
    return at + 1;
}

/* How the replies to `grundy nim first`, `grundy nim first + 1`, ... (count commands) in
 * lines[at..n-1] fit: each is the right number, in order, or counted by a lost-input error;
 * the errors before an answer count exactly the commands skipped since the last one. */
typedef struct {
    unsigned answered, errs, bad, tail, tail_errs; /* tail: unanswered commands at the end */
    const char *wrong;
} ct_seq_t;

static ct_seq_t ct_check_seq(const char **lines, size_t at, size_t n, unsigned first,
                             unsigned count) {
    ct_seq_t q = {0, 0, 0, 0, 0, NULL};
    unsigned next = first, errs_here = 0;
    for (; at < n; at++) {
        const unsigned lost = ct_lost_count(lines[at]);
        if (lost) {
            q.errs += lost, errs_here += lost;
            continue;
        }
        char *end;
        const unsigned long v = strtoul(lines[at], &end, 10);
        const unsigned skipped = v >= next ? (unsigned)v - next : 0;
        if (*end || end == lines[at] || v < next || v >= first + count || errs_here != skipped) {
            if (!q.bad++) q.wrong = lines[at];
            continue;
        }
        q.answered++;
        next = (unsigned)v + 1;
        errs_here = 0;
    }
    q.tail = first + count - next;
    q.tail_errs = errs_here;
    return q;
}

/* Send a `moves` command with a long reply and count commands right behind it in one go; the
 * 64-byte receive queue overflows while the reply holds up reading. Returns the replies to
 * the commands after the moves reply (checked) in lines[], their number in *n. */
static void ct_flood(unsigned wins, unsigned first, unsigned count, const char **lines, size_t *n,
                     size_t *at) {
    const ct_pos_t p = ct_long_nim(wins);
    static char batch[8192];
    char pos[CT_TEXT];
    ct_pos_text(&p, pos, sizeof pos);
    size_t len = (size_t)snprintf(batch, sizeof batch, "moves nim %s\n", pos);
    for (unsigned k = 0; k < count; k++)
        len += (size_t)snprintf(batch + len, sizeof batch - len, "grundy nim %u\n", first + k);
    const size_t from = scn_cursor(ct_s);
    scn_send(ct_s, batch);
    ct_quiet(500);
    *n = 0;
    for (size_t i = from; i < scn_line_count(ct_s) && *n < 400; i++)
        if (scn_line(ct_s, i)[0] != '@') lines[(*n)++] = scn_line(ct_s, i);
    *at = ct_check_long_list(&p, lines, 0, *n);
}

static void ct_test_lost_input(void) {
    static const char *lines[400];
    size_t n, at;
    /* a reply of 7 long lines, 100 commands behind it: input is lost at the start, and the
     * commands after the loss are answered */
    snprintf(tally_context, sizeof tally_context, "lost input in the middle");
    ct_flood(7, 1000, 100, lines, &n, &at);
    ct_seq_t q = ct_check_seq(lines, at, n, 1000, 100);
    printf("lost input: %u of 100 commands answered, %u lost-input errors\n", q.answered, q.errs);
    tally_check(!q.bad && q.tail == q.tail_errs,
                "%u replies do not fit (such as '%s'), %u unanswered at the end; %u "
                "answered, %u lost",
                q.bad, ct_show(q.wrong), q.tail, q.answered, q.errs);
    tally_check(q.errs > 0 && q.answered < 100, "%u of 100 answered, %u errors: no input was lost",
                q.answered, q.errs);
    tally_check(q.answered >= 5, "only %u of 100 answered", q.answered);
    ct_alive("input lost in the middle");

    /* a reply of 15 long lines, 40 commands behind it: everything after the loss is lost */
    snprintf(tally_context, sizeof tally_context, "lost input at the end");
    ct_flood(15, 100, 40, lines, &n, &at);
    q = ct_check_seq(lines, at, n, 100, 40);
    printf("lost input: %u of 40 commands answered, %u lost-input errors\n", q.answered, q.errs);
    tally_check(!q.bad && q.answered > 0 && q.answered < 40,
                "%u replies do not fit (such as '%s'); %u of 40 answered", q.bad, ct_show(q.wrong),
                q.answered);
    /* every command after the last answer is counted as lost, at once (no line end needed) */
    tally_check(q.tail_errs == q.tail, "the last %u commands were dropped, %u of them reported",
                q.tail, q.tail_errs);
    ct_alive("input lost at the end (and 500 ms of quiet)");
    scn_send(ct_s, "\n");
    ct_quiet(200);
}

/* ---- 7. new and show ---- */

/* Send cmd, wait for its `ok` or `err` line; true when every line before it is an event, want
 * (if given) among them, and the reply is reply. */
static void ct_expect_new(const char *cmd, const char *reply, const char *want1,
                          const char *want2) {
    const size_t from = scn_cursor(ct_s);
    ct_send("%s", cmd);
    const char *got = ct_reply();
    bool seen1 = !want1, seen2 = !want2;
    for (size_t i = from; i + 1 < scn_cursor(ct_s); i++) {
        seen1 |= want1 && !strcmp(scn_line(ct_s, i), want1);
        seen2 |= want2 && !strcmp(scn_line(ct_s, i), want2);
    }
    tally_check(got && !strcmp(got, reply) && seen1 && seen2, "'%s' -> '%s'%s%s%s%s, expected '%s'",
                cmd, ct_show(got), seen1 ? "" : " without ", seen1 ? "" : want1,
                seen2 ? "" : " without ", seen2 ? "" : want2, reply);
}

/* The board's rows, and the rows line games use: as many as keep the runs of pins (up to
 * (n + 1) / 2 in a row of n) within the engine's 16 heaps. */
static unsigned ct_rows, ct_len[SIM_BOARD_MAX_ROWS], ct_line_rows;

/* A position of n heaps, one a row from the top, the other rows empty: as a heap game's
 * event lines and `show` write it (" 1 2 3 0 0", a number for every row), and as a line
 * game's event lines do (" ###..... ####.... ........", a string for every row). */
static void ct_rows_text(const unsigned *h, unsigned n, char *out, size_t len) {
    size_t k = 0;
    out[0] = '\0';
    for (unsigned r = 0; r < ct_rows && k < len; r++)
        k += (size_t)snprintf(out + k, len - k, " %u", r < n ? h[r] : 0);
}

static void ct_line_text(const unsigned *h, unsigned n, char *out, size_t len) {
    size_t k = 0;
    for (unsigned r = 0; r < ct_rows && k + ct_len[r] + 2 < len; r++) {
        out[k++] = ' ';
        for (unsigned i = 0; i < ct_len[r]; i++)
            out[k++] = r < n && i < h[r] ? '#' : '.';
    }
    out[k] = '\0';
}

/* The LEDs over the last second show rows of h[] tokens from the left (n heaps, the other
 * rows dark; kayles too). */
static void ct_check_leds(const unsigned *h, unsigned n) {
    char want[SIM_BOARD_MAX_ROWS * 9 + 1], got[SIM_BOARD_MAX_ROWS * 9 + 1];
    size_t k = 0;
    for (unsigned r = 0; r < ct_rows; r++) {
        if (r) want[k++] = '|';
        for (unsigned i = 0; i < ct_len[r]; i++)
            want[k++] = r < n && i < h[r] ? '#' : '.';
    }
    want[k] = '\0';
    scn_run_ms(ct_s, 1050);
    scn_leds_pattern(ct_s, 1000, got, sizeof got);
    tally_check(!strcmp(got, want), "LEDs %s, expected %s", got, want);
}

/* `new <game> <h...>` on a heap game: ok, its @game line has the heaps a row each (the rows
 * below them empty), the person's turn, `show` tells the heaps, the LEDs show them. */
static void ct_new_heaps(const char *game, const unsigned *h, unsigned n, const char *turn) {
    char pos[CT_TEXT], rows[CT_TEXT], cmd[CT_TEXT + 64], event[CT_TEXT + 64], show[CT_TEXT + 64];
    ct_pos_t p = {n, {0}};
    for (unsigned i = 0; i < n; i++)
        p.h[i] = h[i];
    ct_pos_text(&p, pos, sizeof pos);
    ct_rows_text(h, n, rows, sizeof rows);
    snprintf(cmd, sizeof cmd, "new %s %s", game, pos);
    snprintf(event, sizeof event, "@game %s%s", game, rows);
    ct_expect_new(cmd, "ok", event, turn);
    snprintf(show, sizeof show, "%s%s turn human", game, rows);
    ct_expect("show", show);
    ct_check_leds(h, n);
}

/* The error `new` gives for heaps that do not fit rows 0..rows-1, each heap at most its row's
 * length less `less`. */
static void ct_fit_error(unsigned rows, unsigned less, char *out, size_t len) {
    size_t k = (size_t)snprintf(out, len, "err the heaps do not fit the board: at most");
    for (unsigned r = 0; r < rows && k < len; r++)
        k += (size_t)snprintf(out + k, len - k, "%c%u", r ? ',' : ' ', ct_len[r] - less);
}

/* A grid (8 rows of 8) shows Wythoff as Corner the Queen: the heaps are a square, 0..7. */
static bool ct_grid(void) {
    bool grid = ct_rows == 8;
    for (unsigned r = 0; r < ct_rows; r++)
        grid &= ct_len[r] == 8;
    return grid;
}

static void ct_test_new(void) {
    snprintf(tally_context, sizeof tally_context, "new and show");
    if (!tally_check(ct_rows >= 3 && ct_line_rows >= 3 && ct_len[0] >= 3 && ct_len[1] >= 4 &&
                         ct_len[2] >= 5,
                     "the board is too small for these positions: %u rows", ct_rows))
        return;
    ct_new_heaps("nim", (const unsigned[]){1, 2, 3}, 3, "@turn human");
    char line[CT_TEXT], cmd[CT_TEXT + 64], fit[CT_TEXT];
    ct_line_text((const unsigned[]){3, 4, 5}, 3, line, sizeof line);
    snprintf(cmd, sizeof cmd, "@game kayles%s", line);
    ct_expect_new("new kayles 3 4 5", "ok", cmd, "@turn human");
    ct_expect("show", "kayles 3 4 5 turn human");
    ct_check_leds((const unsigned[]){3, 4, 5}, 3);
    /* heaps that do not fit: too long for row 0 or for the last row, one heap too many, a
     * huge one; line games on their rows, Wythoff on two */
    ct_fit_error(ct_rows, 0, fit, sizeof fit);
    snprintf(cmd, sizeof cmd, "new nim %u", ct_len[0] + 1);
    ct_expect(cmd, fit);
    size_t k = (size_t)snprintf(cmd, sizeof cmd, "new nim");
    for (unsigned r = 0; r < ct_rows; r++)
        k += (size_t)snprintf(cmd + k, sizeof cmd - k, " %u", r + 1 < ct_rows ? 1 : ct_len[r] + 1);
    ct_expect(cmd, fit);
    k = (size_t)snprintf(cmd, sizeof cmd, "new nim");
    for (unsigned r = 0; r <= ct_rows; r++)
        k += (size_t)snprintf(cmd + k, sizeof cmd - k, " 1");
    ct_expect(cmd, fit);
    ct_expect("new nim 1 2 3 65535", fit);
    ct_fit_error(ct_line_rows, 0, fit, sizeof fit);
    k = (size_t)snprintf(cmd, sizeof cmd, "new kayles");
    for (unsigned r = 0; r <= ct_line_rows; r++)
        k += (size_t)snprintf(cmd + k, sizeof cmd - k, " 1");
    ct_expect(cmd, fit);
    ct_fit_error(2, ct_grid(), fit, sizeof fit);
    snprintf(cmd, sizeof cmd, "new wythoff 1 %u", ct_len[1] + !ct_grid());
    ct_expect(cmd, fit);
    ct_expect("new octal:0.137 1 2", ct_elsewhere("octal:0.137"));
    ct_expect("new bash:9 1 2", "err bash:9 is not in the device's menu");
    ct_expect("new misere:wythoff 1 2",
              "err bad game 'misere:wythoff': this game has no misere variant");
    ct_expect("new nim 0 0 0", "err that position has no move left");
    ct_expect("new kayles 0", "err that position has no move left");
    ct_expect("show", "kayles 3 4 5 turn human"); /* none of them changed the game */
    ct_check_leds((const unsigned[]){3, 4, 5}, 3);
    char rows[CT_TEXT], want[CT_TEXT + 64];
    ct_rows_text((const unsigned[]){2, 0, 1}, 3, rows, sizeof rows);
    snprintf(want, sizeof want, "@game misere%s", rows);
    ct_expect_new("new misere 2 0 1", "ok", want, NULL);
    snprintf(want, sizeof want, "misere%s turn human", rows);
    ct_expect("show", want);
    ct_expect_new("new wythoff 3 2", "ok", NULL, "@turn human");
    ct_expect("show", "wythoff 3 2 turn human");
    /* from the menu: `new` leaves it */
    scn_hold(ct_s, SIM_BTN_B, 1200);
    tally_check(scn_wait_line(ct_s, "@menu game ", 300) != NULL, "holding B did not open the menu");
    ct_rows_text((const unsigned[]){2, 2, 1}, 3, rows, sizeof rows);
    snprintf(want, sizeof want, "@game nim%s", rows);
    ct_expect_new("new nim 2 2 1", "ok", "@menu back", want);
    snprintf(want, sizeof want, "nim%s turn human", rows);
    ct_expect("show", want);
    ct_check_leds((const unsigned[]){2, 2, 1}, 3);
}

/* `new <game> <heaps>` with a game of every family the menu offers (the fixed sets, a custom
 * set, line games with theirs, and misere variants where the board offers them): `ok`, and the
 * game's @game line names it as the menu does (a set sorted); a family the board leaves out is
 * "not in the device's menu". Sets larger than every heap leave no move: one `err` line. */
static void ct_new_family(const char *game, const char *name, const char *heaps, bool offered) {
    char cmd[CT_TEXT], want[CT_TEXT + 64];
    snprintf(cmd, sizeof cmd, "new %s %s", game, heaps);
    const size_t from = scn_cursor(ct_s);
    ct_send("%s", cmd);
    const char *got = ct_reply();
    if (!offered) {
        if (ct_top(game, 1)) snprintf(want, sizeof want, "err %s is not in the device's menu", game);
        else snprintf(want, sizeof want, "%s", ct_elsewhere(game)); /* no misere search here */
        tally_check(got && !strcmp(got, want), "'%s' -> '%s', expected '%s'", cmd, ct_show(got), want);
        return;
    }
    snprintf(want, sizeof want, "@game %s ", name);
    bool seen = false;
    for (size_t i = from; i + 1 < scn_cursor(ct_s); i++)
        seen |= !strncmp(scn_line(ct_s, i), want, strlen(want));
    tally_check(got && !strcmp(got, "ok") && seen, "'%s' -> '%s'%s, expected 'ok' after '%s...'", cmd,
                ct_show(got), seen ? "" : " (no such @game line)", want);
}

static void ct_test_new_families(void) {
    snprintf(tally_context, sizeof tally_context, "new with every game family");
    unsigned tokens = 0;
    for (unsigned r = 0; r < ct_rows; r++)
        tokens += ct_len[r];
    const bool small = tokens <= 16; /* misere variants beyond Nim only on boards this small */
    bool bounded = ct_rows <= 4;     /* ... or, for the heap games, of at most 4 rows of 7 */
    for (unsigned r = 0; r < ct_rows; r++)
        bounded &= ct_len[r] <= 7;
    static const struct {
        const char *game, *name, *heaps;
        bool misere; /* offered only on small boards */
    } families[] = {
        {"nim", "nim", "1 2 3", false},
        {"misere", "misere", "1 2 3", false},
        {"bash:3", "bash:3", "1 2 3", false},
        {"misere:bash:3", "misere:bash:3", "1 2 3", true},
        {"sub:1,3,4", "sub:1,3,4", "1 2 3", false},
        {"sub:5,2", "sub:2,5", "1 2 3", false},
        {"misere:sub:2,5", "misere:sub:2,5", "1 2 3", true},
        {"pow2", "pow2", "1 2 3", false},
        {"fib", "fib", "1 2 3", false},
        {"sub:5,1,2", "sub:1,2,5", "1 2 3", false}, /* the custom set */
        {"misere:sub:3,8", "misere:sub:3,8", "1 2 3", true},
        {"wythoff", "wythoff", "1 2", false},
        {"kayles", "kayles", "3 4 5", false},
        {"misere:kayles", "misere:kayles", "3 4 5", true},
        {"dawson", "dawson", "3 4 5", false},
        {"misere:dawson", "misere:dawson", "3 4 5", true},
        {"line:3,1", "line:1,3", "3 4 5", false},
        {"line:2", "line:2", "3 4 5", false},
        {"line:8,1,5", "line:1,5,8", "3 4 5", false},
        {"misere:line:1,3", "misere:line:1,3", "3 4 5", true},
    };
    char last[CT_TEXT] = "";
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
        const bool heap_game = !strncmp(families[i].game, "misere:bash", 11) ||
                               !strncmp(families[i].game, "misere:sub", 10);
        const bool offered = !families[i].misere || small || (heap_game && bounded);
        ct_new_family(families[i].game, families[i].name, families[i].heaps, offered);
        if (offered) snprintf(last, sizeof last, "%s %s turn human", families[i].name, families[i].heaps);
    }
    /* sets whose smallest value exceeds every heap: no move, so no game */
    static const char *const no_move[] = {"new sub:6 3 4 5", "new sub:6,7,8 3 4 5", "new line:6 3 4 5",
                                          "new line:7,8 3 4 5", "new misere:line:6 1 2"};
    for (size_t i = 0; i < sizeof no_move / sizeof no_move[0]; i++)
        if (small || strncmp(no_move[i], "new misere:", 11))
            ct_expect(no_move[i], "err that position has no move left");
    ct_expect("show", last); /* none of them changed the game */
}

/* ---- 8. replies and events never share a line ---- */

/* Whether l is a complete event line of a Nim game on the board (a move line: a heap a row,
 * none longer than its row). */
static bool ct_event_ok(const char *l) {
    if (!ct_printable(l) || strchr(l + 1, '@')) return false;
    char who[8];
    int end = 0;
    if (!strncmp(l, "@move ", 6)) {
        if (sscanf(l, "@move %7s%n", who, &end) != 1 ||
            (strcmp(who, "human") && strcmp(who, "cpu")))
            return false;
        const char *p = l + end;
        for (unsigned r = 0; r < ct_rows; r++) {
            char *after;
            const unsigned long h = strtoul(p, &after, 10);
            if (after == p || *p != ' ' || h > ct_len[r]) return false;
            p = after;
        }
        return !*p;
    }
    return !strcmp(l, "@turn human") || !strcmp(l, "@turn cpu") || !strcmp(l, "@over cpu") ||
           !strcmp(l, "@over human") || !strcmp(l, "@saved") || !strncmp(l, "@score ", 7);
}

static void ct_test_interleave(void) {
    snprintf(tally_context, sizeof tally_context, "no interleaving");
    char rows[CT_TEXT], want[CT_TEXT + 64];
    ct_rows_text((const unsigned[]){1, 2, 3}, 3, rows, sizeof rows);
    snprintf(want, sizeof want, "@game nim%s", rows);
    ct_expect_new("new nim 1 2 3", "ok", want, NULL);
    const size_t from = scn_cursor(ct_s);
    const ct_pos_t p = ct_long_nim(15);
    char pos[CT_TEXT];
    ct_pos_text(&p, pos, sizeof pos);
    /* take one from the topmost row three times (the cursor starts there): the device answers
     * 1 2 3 -> 0 2 3 with 0 2 2, 0 1 2 with 0 1 1, and takes the last from 0 0 1 */
    unsigned replies = 0;
    for (int turn = 0; turn < 3; turn++) {
        scn_tap(ct_s, SIM_BTN_RIGHT);
        scn_tap(ct_s, SIM_BTN_A);
        /* replies one after another (each holds up reading) until the device has moved */
        const size_t moved = scn_line_count(ct_s);
        for (bool answered = false; !answered && replies < 40 && scn_ok(ct_s); replies++) {
            ct_send("moves nim %s", pos);
            scn_wait_line(ct_s, "count ", CT_REPLY_MS);
            for (size_t i = moved; i < scn_line_count(ct_s); i++)
                answered |= !strcmp(scn_line(ct_s, i), "@turn human") ||
                            !strncmp(scn_line(ct_s, i), "@over ", 6);
        }
    }
    ct_quiet(300);
    static const char *lines[800];
    size_t n = 0, events = 0, bad_events = 0, inside = 0;
    const char *odd = NULL;
    bool replying = false; /* between the first line of a reply and its count line */
    for (size_t i = from; i < scn_line_count(ct_s); i++) {
        const char *l = scn_line(ct_s, i);
        if (l[0] != '@') {
            if (n < 800) lines[n++] = l;
            replying = strncmp(l, "count ", 6) != 0;
            continue;
        }
        events++;
        inside += replying;
        if (!ct_event_ok(l) && !bad_events++) odd = l;
    }
    printf("no interleaving: %zu event lines, %zu of them between lines of a reply\n", events,
           inside);
    tally_check(!bad_events && events >= 9, "%zu of %zu event lines are not whole (such as '%s')",
                bad_events, events, ct_show(odd));
    tally_check(inside > 0, "no event came while a reply was being written: nothing was tested");
    size_t at = 0;
    for (unsigned k = 0; k < replies && at < n; k++)
        at = ct_check_long_list(&p, lines, at, n);
    tally_check(at == n, "%zu reply lines, %zu of them in %u replies", n, at, replies);
    ct_rows_text(NULL, 0, rows, sizeof rows);
    snprintf(want, sizeof want, "nim%s over cpu", rows);
    ct_expect("show", want);
    tally_check(scn_last_line(ct_s, "@over ") &&
                    !strcmp(scn_last_line(ct_s, "@over "), "@over cpu"),
                "the game did not end with '@over cpu'");
}

/* ---- the run ---- */

/* ---- the games past line (issue 15): those the board's image holds ---- */

static char ct_more[CT_TEXT]; /* help's "more:" line: the games past line on this board */

/* ---- explain: Bouton's rule line by line, and the mex of one heap's options ---- */

static unsigned ct_digits(uint32_t v) {
    unsigned d = 1;
    while (v >= 10)
        v /= 10, d++;
    return d;
}

/* v in `bits` binary digits. */
static void ct_binary(uint32_t v, unsigned bits, char *out) {
    for (unsigned b = 0; b < bits; b++)
        out[b] = (char)('0' + (v >> (bits - 1 - b) & 1));
    out[bits] = '\0';
}

/* Whether text is the whole of fmt, each '#' in fmt a decimal number below 2^32 (no sign, no
 * leading zero) stored in v[0], v[1], ... */
static bool ct_match(const char *text, const char *fmt, uint32_t *v) {
    for (; *fmt; fmt++) {
        if (*fmt != '#') {
            if (*text++ != *fmt) return false;
            continue;
        }
        if (*text < '0' || *text > '9' || (text[0] == '0' && text[1] >= '0' && text[1] <= '9'))
            return false;
        uint64_t x = 0;
        while (*text >= '0' && *text <= '9' && x <= 0xFFFFFFFFu)
            x = x * 10 + (uint64_t)(*text++ - '0');
        if (x > 0xFFFFFFFFu) return false;
        *v++ = (uint32_t)x;
    }
    return *text == 0;
}

/* A game explain answers, known to the test by its rules alone: a heap game brute force plays
 * (g), Lasker's Nim (take from a heap, or split it in two without taking), or pieces on a
 * directed graph (edge); Grundy values found by brute force's mex (gof). */
typedef struct {
    const char *name;                     /* the game word sent */
    const brute_game_t *g;                /* the heap games brute force plays; NULL: lasker, dag */
    bool lasker;
    bool (*edge)(uint32_t a, uint32_t b); /* dag: whether a>b is an edge; NULL: heaps */
    uint32_t (*options)(uint32_t n);      /* lasker, dag: how many options n has */
    uint32_t (*gof)(uint32_t n);          /* the Grundy value of a heap (of a node) */
} ct_xgame_t;

/* The value explain must give the move of heap (node) n that `words` names, in the words of
 * G's rules: "take <t>, leave <p>" (t > 0; p may be 0), "take <t>, leave <a> and <b>" (t > 0,
 * 0 < a <= b), Lasker's "split into <a> and <b>" (0 < a <= b), and on a graph "from node <n>
 * to node <b>". False when the words are not those, or the move is not legal in G. */
static bool ct_move_value(const ct_xgame_t *G, uint32_t n, const char *words, uint32_t *value) {
    uint32_t v[3] = {0};
    if (G->edge) {
        if (!ct_match(words, "from node # to node #", v) || v[0] != n || !G->edge(n, v[1])) return false;
        *value = G->gof(v[1]);
        return true;
    }
    uint32_t take, a, b;
    if (ct_match(words, "split into # and #", v)) {
        take = 0, a = v[0], b = v[1];
        if (!a || a > b) return false;
    } else if (ct_match(words, "take #, leave # and #", v)) {
        take = v[0], a = v[1], b = v[2];
        if (!take || !a || a > b) return false;
    } else if (ct_match(words, "take #, leave #", v)) {
        take = v[0], a = 0, b = v[1];
        if (!take) return false;
    } else {
        return false;
    }
    if ((uint64_t)take + a + b != n) return false;
    const bool legal = G->lasker ? (take ? a == 0 : a > 0) : brute_allowed(G->g, n, take, a, b);
    *value = G->gof(a) ^ G->gof(b);
    return legal;
}

/* `explain <name> <p>`, values[i] the Grundy value of heap i by brute force (or closed form):
 * the heap lines and the nim-sum line exactly as docs/console.md defines them (a graph's
 * "piece <i>: node <n>"), the verdict, and for a won position the move: from the first heap
 * holding the nim-sum's highest one, from its value to value ^ nim-sum, a legal move in the
 * game's own words (ct_move_value) whose value is that, so that the nim-sum after it is 0; P
 * or N as brute force finds (heap games, heaps <= 255). */
static void ct_check_explain(const ct_xgame_t *G, const ct_pos_t *p, const uint32_t *values) {
    char pos[CT_TEXT], cmd[CT_TEXT + 64], want[CT_TEXT];
    ct_pos_text(p, pos, sizeof pos);
    snprintf(cmd, sizeof cmd, "explain %s %s", G->name, pos);
    ct_send("%s", cmd);
    const char *unit = G->edge ? "piece" : "heap";
    uint32_t x = 0, top = 0;
    unsigned wn = 1, bits = 1;
    bool small = G->g != NULL; /* positions brute force searches at once: heaps <= 255, ... */
    uint64_t tokens = 0;
    for (unsigned i = 0; i < p->n; i++) {
        small &= p->h[i] <= 255;
        tokens += p->h[i];
        x ^= values[i];
        if (values[i] > top) top = values[i];
        if (ct_digits(p->h[i]) > wn) wn = ct_digits(p->h[i]);
    }
    small &= tokens <= 64; /* ... and few tokens in all */
    if (x > top) top = x;
    const unsigned wg = ct_digits(top), wi = ct_digits(p->n);
    while (bits < 32 && top >> bits)
        bits++;
    char bin[40];
    for (unsigned i = 0; i <= p->n; i++) {
        if (i < p->n) {
            ct_binary(values[i], bits, bin);
            snprintf(want, sizeof want, "%s %*u: %s%*lu value %*lu = %s", unit, (int)wi, i + 1,
                     G->edge ? "node " : "", (int)wn, (unsigned long)p->h[i], (int)wg,
                     (unsigned long)values[i], bin);
        } else {
            ct_binary(x, bits, bin);
            snprintf(want, sizeof want, "nim-sum%*s%*lu = %s", (int)(wi + wn + (G->edge ? 13 : 7)),
                     "", (int)wg, (unsigned long)x, bin);
        }
        const char *got = ct_reply();
        if (!tally_check(got && !strcmp(got, want), "'%s' line %u: '%s', expected '%s'", cmd,
                         i + 1, ct_show(got), want)) {
            ct_quiet(300); /* the rest of the reply, unread */
            return;
        }
    }
    const char *got = ct_reply();
    if (!x) {
        tally_check(got && !strcmp(got, "P: lost for the player to move"),
                    "'%s': '%s', expected P (nim-sum 0)", cmd, ct_show(got));
        if (small) {
            const brute_pos_t bp = ct_brute_pos(p);
            tally_check(!brute_pos_is_win(G->g, &bp), "'%s': brute force finds the position won", cmd);
        }
        return;
    }
    uint32_t bit = x;
    while (bit & (bit - 1))
        bit &= bit - 1;
    unsigned mover = 0;
    while (!(values[mover] & bit))
        mover++;
    snprintf(want, sizeof want, "N: won; the nim-sum's highest one, %lu, is in %s %u",
             (unsigned long)bit, unit, mover + 1);
    tally_check(got && !strcmp(got, want), "'%s': '%s', expected '%s'", cmd, ct_show(got), want);
    if (small) {
        const brute_pos_t bp = ct_brute_pos(p);
        tally_check(brute_pos_is_win(G->g, &bp), "'%s': brute force finds the position lost", cmd);
    }
    got = ct_reply();
    const uint32_t to = values[mover] ^ x;
    ct_binary(to, bits, bin);
    snprintf(want, sizeof want, "move %s %u: value %lu to %lu = %s, ", unit, mover + 1,
             (unsigned long)values[mover], (unsigned long)to, bin);
    uint32_t v = 0;
    const bool legal = got && !strncmp(got, want, strlen(want)) &&
                       ct_move_value(G, p->h[mover], got + strlen(want), &v);
    if (!tally_check(legal && v == to,
                "'%s': '%s' is not a legal move of %s %u from value %lu to %lu in %s's words "
                "(expected '%s...'; the move's value %lu)",
                cmd, ct_show(got), unit, mover + 1, (unsigned long)values[mover], (unsigned long)to,
                G->name, want, (unsigned long)v))
        ct_quiet(300);
}

/* `explain grundy <name> <n>`: each option of n once, legal and in the game's words, with its
 * value by brute force; as many as brute force finds; then `mex = g(n) = m`, m the mex of
 * those values and g(n). */
static void ct_check_mex(const ct_xgame_t *G, uint32_t n, uint32_t g_n) {
    char cmd[CT_TEXT + 64], want[64];
    snprintf(cmd, sizeof cmd, "explain grundy %s %lu", G->name, (unsigned long)n);
    ct_send("%s", cmd);
    static uint8_t seen[CT_TEXT * 8];
    static char listed[1024][64];
    memset(seen, 0, sizeof seen);
    size_t options = 0, bad = 0, repeated = 0;
    const char *first_bad = NULL, *got;
    while ((got = ct_reply()) && strncmp(got, "mex = ", 6) && strncmp(got, "err ", 4)) {
        const char *colon = strstr(got, ": value ");
        char words[64] = "";
        uint32_t v = 0, mv = 0;
        if (colon && (size_t)(colon - got) < sizeof words)
            memcpy(words, got, (size_t)(colon - got)), words[colon - got] = '\0';
        const bool ok = colon && ct_match(colon + 8, "#", &v) && ct_move_value(G, n, words, &mv) &&
                        v == mv;
        if (!ok && !bad++) first_bad = got;
        if (ok && v < sizeof seen) seen[v] = 1;
        for (size_t i = 0; ok && i < options && i < 1024; i++)
            repeated += !strcmp(listed[i], words);
        if (options < 1024) snprintf(listed[options], sizeof listed[0], "%s", words);
        options++;
    }
    tally_check(!bad && !repeated, "'%s': %zu options wrong (such as '%s'), %zu repeated", cmd, bad,
                ct_show(first_bad), repeated);
    if (G->options) {
        tally_check(options == G->options(n), "'%s': %zu options listed, the rules give %lu", cmd,
                    options, (unsigned long)G->options(n));
    } else if (n <= 255) { /* brute force's options of a heap of n (brute_pos_t heaps are bytes) */
        const brute_pos_t bp = {.count = 1, .heap = {(uint8_t)n}};
        uint16_t wins;
        const uint16_t moves = brute_count_moves(G->g, &bp, &wins);
        tally_check(options == moves, "'%s': %zu options listed, brute force finds %u", cmd, options,
                    moves);
    }
    uint32_t mex = 0;
    while (mex < sizeof seen && seen[mex])
        mex++;
    snprintf(want, sizeof want, "mex = g(%lu) = %lu", (unsigned long)n, (unsigned long)mex);
    if (!tally_check(got && !strcmp(got, want) && mex == g_n, "'%s' ends '%s', expected '%s' (g = %lu)",
                     cmd, ct_show(got), want, (unsigned long)g_n))
        ct_quiet(300);
}

static const brute_value_t *ct_ex_table; /* the game under test's values, for ct_ex_g */
static uint32_t ct_ex_g(uint32_t n) {
    return n < 256 ? ct_ex_table[n] : 0xFFFFFFFFu;
}
static uint32_t ct_nim_g(uint32_t n) {
    return n;
}
static uint32_t ct_lasker_g(uint32_t n) { /* g(4q+1) = 4q+1, g(4q+2) = 4q+2, g(4q+3) = 4q+4, g(4q+4) = 4q+3 */
    return n == 0 ? 0 : n % 4 == 3 ? n + 1 : n % 4 == 0 ? n - 1 : n;
}
static uint32_t ct_lasker_options(uint32_t n) {
    return n + n / 2; /* take 1..n; split into a + (n - a), a = 1..n/2 */
}

/* The graph under test (dag:E on the line): its edges and brute force's values of its nodes. */
static uint8_t ct_graph[64][2], ct_graph_edges;
static bool ct_graph_edge(uint32_t a, uint32_t b) {
    for (unsigned e = 0; e < ct_graph_edges; e++)
        if (ct_graph[e][0] == a && ct_graph[e][1] == b) return true;
    return false;
}
static uint32_t ct_graph_options(uint32_t n) {
    uint32_t k = 0;
    for (unsigned e = 0; e < ct_graph_edges; e++)
        k += ct_graph[e][0] == n;
    return k;
}

/* A random graph without cycles on nodes 0..nodes-1 (edges from a later node to an earlier one
 * of a random order), its word ("dag:a>b,...") at most `chars` long, into ct_graph and name. */
static void ct_random_graph(unsigned nodes, size_t chars, char *name, size_t len) {
    uint8_t order[64];
    for (unsigned i = 0; i < nodes; i++)
        order[i] = (uint8_t)i;
    for (unsigned i = nodes; i > 1; i--) {
        const unsigned j = ct_rand(i);
        const uint8_t t = order[i - 1];
        order[i - 1] = order[j], order[j] = t;
    }
    size_t k = (size_t)snprintf(name, len, "dag:");
    ct_graph_edges = 0;
    for (unsigned tries = 0; tries < 400 && ct_graph_edges < 64; tries++) {
        const unsigned i = ct_rand(nodes), j = ct_rand(nodes);
        if (i <= j) continue;
        const uint8_t a = order[i], b = order[j];
        char edge[16];
        const int n = snprintf(edge, sizeof edge, "%s%u>%u", ct_graph_edges ? "," : "", a, b);
        if (ct_graph_edge(a, b) || k + (size_t)n > chars || k + (size_t)n >= len) continue;
        memcpy(name + k, edge, (size_t)n + 1);
        k += (size_t)n;
        ct_graph[ct_graph_edges][0] = a, ct_graph[ct_graph_edges][1] = b;
        ct_graph_edges++;
    }
    if (!ct_graph_edges) { /* at least one edge */
        snprintf(name + k, len - k, "%u>%u", order[1], order[0]);
        ct_graph[0][0] = order[1], ct_graph[0][1] = order[0], ct_graph_edges = 1;
    }
}

/* Lines of a reply that must be want[] exactly, in order. */
static void ct_expect_lines(const char *cmd, const char *const *want, size_t n) {
    ct_send("%s", cmd);
    for (size_t i = 0; i < n; i++) {
        const char *l = ct_reply();
        if (!tally_check(l && !strcmp(l, want[i]), "%s: line %zu '%s', expected '%s'", cmd, i + 1,
                         ct_show(l), want[i])) {
            ct_quiet(300); /* the rest of the reply, unread */
            return;
        }
    }
}

/* explain on the calculator: random positions of every sum game the image answers (the heap
 * games, lasker, dag) against brute force, explain grundy against the mex of the options, and
 * the refusals; a device image refuses explain (it leaves it to uno and grundy: flash). */
static void ct_test_explain(void) {
    snprintf(tally_context, sizeof tally_context, "explain");
    if (!ct_calc) {
        ct_expect("explain nim 3 4 5", "err explain is answered by the uno image and grundy on a computer");
        ct_expect("  EXPLAIN grundy kayles 5", "err explain is answered by the uno image and grundy on a computer");
        ct_alive("explain");
        return;
    }
    /* the worked examples of docs/console.md, word for word */
    static const char *const example[] = {"heap 1:  3 value 3 = 011", "heap 2:  4 value 1 = 001",
                                          "heap 3: 12 value 4 = 100", "nim-sum          6 = 110",
                                          "N: won; the nim-sum's highest one, 4, is in heap 3",
                                          "move heap 3: value 4 to 2 = 010, take 1, leave 3 and 8"};
    ct_expect_lines("explain kayles 3 4 12", example, 6);
    static const char *const kayles5[] = {"take 1, leave 4: value 1",       "take 1, leave 1 and 3: value 2",
                                          "take 1, leave 2 and 2: value 0", "take 2, leave 3: value 3",
                                          "take 2, leave 1 and 2: value 3", "mex = g(5) = 4"};
    ct_expect_lines("explain grundy kayles 5", kayles5, 6);
    static const char *const lasker4[] = {"take 1, leave 3: value 4",     "take 2, leave 2: value 2",
                                          "take 3, leave 1: value 1",     "take 4, leave 0: value 0",
                                          "split into 1 and 3: value 5",  "split into 2 and 2: value 0",
                                          "mex = g(4) = 3"};
    ct_expect_lines("explain grundy lasker 4", lasker4, 7);
    static const char *const dag0[] = {"from node 0 to node 1: value 1", "from node 0 to node 2: value 0",
                                       "mex = g(0) = 2"};
    ct_expect_lines("explain grundy dag:0>1,1>2,0>2 0", dag0, 3);
    static const char *const dag01[] = {"piece 1: node 0 value 2 = 10", "piece 2: node 1 value 1 = 01",
                                        "nim-sum               3 = 11",
                                        "N: won; the nim-sum's highest one, 2, is in piece 1",
                                        "move piece 1: value 2 to 1 = 01, from node 0 to node 1"};
    ct_expect_lines("explain dag:0>1,1>2,0>2 0 1", dag01, 5);

    static const char *const names[] = {"nim",   "bash:1", "bash:3",      "bash:5",   "sub:1,3,4",
                                        "sub:2,5", "fib",  "pow2",        "kayles",   "dawson",
                                        "octal:0.137", "line:1,2", "octal:0.6", "line:2,3", "lasker"};
    const size_t named = sizeof names / sizeof names[0];
    const unsigned per_game = ct_host ? 60 : 25, graphs = ct_host ? 16 : 6;
    char name[CT_TEXT];
    for (size_t k = 0; k < named + 6 + graphs; k++) {
        static brute_value_t values[256];
        brute_game_t g;
        ct_xgame_t G = {name, &g, false, NULL, NULL, ct_ex_g};
        uint32_t top = 12; /* the heaps of random positions */
        if (k < named) snprintf(name, sizeof name, "%s", names[k]);
        else if (k < named + 6) ct_random_name(k % 3 == 0 ? "sub:" : k % 3 == 1 ? "octal:0." : "line:", name, sizeof name);
        if (k >= named + 6) { /* pieces on a random graph of up to 64 nodes */
            const unsigned nodes = 2 + ct_rand(63);
            ct_random_graph(nodes, 150, name, sizeof name);
            uint8_t v[64];
            if (!tally_check(brute_dag_grundy((const uint8_t(*)[2])ct_graph, ct_graph_edges, v),
                             "brute force finds a cycle in %s", name))
                continue;
            for (unsigned i = 0; i < 256; i++)
                values[i] = i < 64 ? v[i] : 0;
            G = (ct_xgame_t){name, NULL, false, ct_graph_edge, ct_graph_options, ct_ex_g};
            top = nodes - 1;
        } else if (!strcmp(name, "lasker")) {
            static uint16_t lv[256];
            brute_lasker_grundy(255, lv);
            for (unsigned i = 0; i < 256; i++)
                values[i] = (brute_value_t)lv[i];
            G = (ct_xgame_t){name, NULL, true, NULL, ct_lasker_options, ct_ex_g};
            top = 255;
        } else {
            if (!tally_check(brute_parse(&g, name), "brute force cannot parse %s", name)) continue;
            const brute_value_t *table = ct_grundy_table(&g, 255);
            if (!tally_check(table != NULL, "brute force has no values for %s", name)) continue;
            memcpy(values, table, sizeof values);
        }
        ct_ex_table = values;
        unsigned lost = 0;
        for (unsigned t = 0; t < per_game && scn_ok(ct_s); t++) {
            ct_pos_t p = ct_random_pos(top, 0);
            if (ct_rand(3) == 0) ct_make_lost(&p, values, p.n == 16 ? 3 : top);
            uint32_t v[CT_HEAPS];
            uint32_t x = 0;
            for (unsigned i = 0; i < p.n; i++)
                x ^= v[i] = values[p.h[i]];
            lost += x == 0;
            ct_check_explain(&G, &p, v);
        }
        for (unsigned t = 0; t < 6 && scn_ok(ct_s); t++) {
            uint32_t n = t ? ct_rand(t < 3 ? 13 : 41) : 0;
            if (G.edge) n = ct_rand(top + 1);
            ct_check_mex(&G, n, values[n]);
        }
        if (G.edge) { /* every node that has an option */
            for (uint32_t n = 0; n <= top && scn_ok(ct_s); n++)
                if (ct_graph_options(n)) ct_check_mex(&G, n, values[n]);
        }
        printf("  explain %-16.16s %u positions (%u lost), %s options\n", name, per_game, lost,
               G.edge ? "every node's" : "6 heaps'");
    }
    /* large heaps: Nim's values are the heaps themselves, 32 binary digits */
    brute_game_t nim;
    brute_parse(&nim, "nim");
    const ct_xgame_t N = {"nim", &nim, false, NULL, NULL, ct_nim_g};
    for (unsigned t = 0; t < 20 && scn_ok(ct_s); t++) {
        ct_pos_t p = {.n = 1 + ct_rand(4)};
        uint32_t x = 0;
        for (unsigned i = 0; i < p.n; i++)
            x ^= p.h[i] = ct_rand_heap(CT_WYTHOFF_TOP);
        if (t % 4 == 0 && p.n > 1) p.h[p.n - 1] ^= x; /* lost */
        ct_check_explain(&N, &p, p.h);
    }
    ct_check_explain(&N, &(ct_pos_t){3, {4294967295u, 7, 1000}}, (uint32_t[]){4294967295u, 7, 1000});
    /* 16 heaps, the most a line takes: the move is in the last one */
    ct_pos_t sixteen = {16, {0}};
    for (unsigned i = 0; i < 16; i++)
        sixteen.h[i] = i + 1; /* nim-sum 16: heap 16 moves */
    ct_check_explain(&N, &sixteen, sixteen.h);
    /* Lasker's Nim past brute force's heaps, its values by the closed form the engine suite
     * checks against the mex (ct_lasker_g) */
    const ct_xgame_t L = {"lasker", NULL, true, NULL, ct_lasker_options, ct_lasker_g};
    for (unsigned t = 0; t < 12 && scn_ok(ct_s); t++) {
        ct_pos_t p = {.n = 1 + ct_rand(4)};
        uint32_t v[CT_HEAPS], x = 0;
        for (unsigned i = 0; i < p.n; i++)
            x ^= v[i] = ct_lasker_g(p.h[i] = ct_rand_heap(4000000000u));
        ct_check_explain(&L, &p, v);
    }
    /* options past the cap: listed up to it, refused beyond */
    const unsigned cap = ct_host ? 1000 : 64;
    ct_check_mex(&N, cap, cap);
    char cmd[64], want[160];
    snprintf(cmd, sizeof cmd, "explain grundy nim %u", cap + 1);
    if (ct_host)
        snprintf(want, sizeof want, "err more than %u options to list: the grundy command gives the value", cap);
    else
        snprintf(want, sizeof want,
                 "err more than %u options to list: the grundy command gives the value; grundy on a "
                 "computer lists 1000",
                 cap);
    ct_expect(cmd, want);
    /* few options of a big heap: sub:7's values are floor(n / 7) mod 2 */
    ct_expect("explain grundy sub:7 1000", "take 7, leave 993: value 1");
    const char *l = ct_reply();
    tally_check(l && !strcmp(l, "mex = g(1000) = 0"), "explain grundy sub:7 1000 ends '%s'", ct_show(l));
    /* not sums, and malformed */
    static const char *const refused[][2] = {
        {"explain wythoff 3 4", "err wythoff is not a sum of heaps with Grundy values (try solve)"},
        {"explain misere 3 4", "err misere is not a sum of heaps with Grundy values (try solve)"},
        {"explain misere:kayles 3", "err misere:kayles is not a sum of heaps with Grundy values (try solve)"},
        {"explain misere:lasker 3", "err bad game 'misere:lasker': this game has no misere variant"},
        {"explain misere:dag:0>1 1", "err bad game 'misere:dag:0>1': this game has no misere variant"},
        {"explain grundy wythoff 3", "err wythoff is not a sum of heaps with Grundy values (try solve)"},
        {"explain grundy misere:nim 3", "err misere:nim is not a sum of heaps with Grundy values (try solve)"},
        {"explain grundy nim 3 4", "err grundy takes one heap"},
        {"explain grundy dag:0>1 0 1", "err grundy takes one heap"},
        {"explain grundy", "err explain needs a game, then heaps (type help)"},
        {"explain", "err explain needs a game, then heaps (type help)"},
        {"explain nim", "err explain needs heaps after the game"},
        {"explain chess 3", "err unknown game 'chess' (type help)"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        ct_expect(refused[i][0], refused[i][1]);
    if (ct_more[0]) { /* the games past line this image holds that are not sums */
        static const char *const more[][2] = {{" king", "explain king 3 4"},
                                              {" moore", "explain moore:2 3 4"},
                                              {" mult", "explain mult:10 3"},
                                              {" calendar", "explain calendar 2000 1 1"},
                                              {" king", "explain grundy king 3"},
                                              {" mult", "explain grundy mult:10 3"}};
        for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
            if (!strstr(ct_more, more[i][0])) continue;
            char w[96];
            const char *word = more[i][1] + 8 + (strncmp(more[i][1] + 8, "grundy ", 7) ? 0 : 7);
            snprintf(w, sizeof w, "err %.*s is not a sum of heaps with Grundy values (try solve)", (int)strcspn(word, " "),
                     word);
            ct_expect(more[i][1], w);
        }
    }
    ct_alive("explain");
}

/* grundy: explain and explain grundy of pieces on the 1000-node graph of ct_test_big_dag, read
 * from its file (dag:@path), checked as on the line: values by the mex rule here. */
static bool ct_big_edge(uint32_t a, uint32_t b) {
    for (unsigned e = 0; a < CT_DAG_NODES && e < ct_big_deg[a]; e++)
        if (ct_big_succ[a][e] == b) return true;
    return false;
}
static uint32_t ct_big_options(uint32_t n) {
    return n < CT_DAG_NODES ? ct_big_deg[n] : 0;
}
static uint32_t ct_file_g(uint32_t n) {
    return n < CT_DAG_NODES ? ct_dag_value(ct_big_succ, ct_big_deg, ct_big_memo, n) : 0xFFFFFFFFu;
}
static void ct_explain_file(const char *path) {
    char name[CT_TEXT];
    snprintf(name, sizeof name, "dag:@%s", path);
    const ct_xgame_t G = {name, NULL, false, ct_big_edge, ct_big_options, ct_file_g};
    unsigned lost = 0;
    for (unsigned t = 0; t < 120 && scn_ok(ct_s); t++) {
        ct_pos_t p = {.n = t % 10 == 0 ? 16 : 1 + ct_rand(4)};
        uint32_t v[CT_HEAPS], x = 0;
        for (unsigned i = 0; i < p.n; i++)
            x ^= v[i] = ct_file_g(p.h[i] = ct_rand(CT_DAG_NODES));
        if (t % 3 == 0) { /* lost: the last piece on a node of the nim-sum of the others */
            const uint32_t want = x ^ v[p.n - 1];
            for (uint32_t k = 0, s = ct_rand(CT_DAG_NODES); k < CT_DAG_NODES; k++)
                if (ct_file_g((s + k) % CT_DAG_NODES) == want) {
                    p.h[p.n - 1] = (s + k) % CT_DAG_NODES, v[p.n - 1] = want, x = 0;
                    break;
                }
        }
        lost += x == 0;
        ct_check_explain(&G, &p, v);
    }
    for (unsigned t = 0; t < 60 && scn_ok(ct_s); t++) {
        const uint32_t n = t ? ct_rand(CT_DAG_NODES) : 999;
        ct_check_mex(&G, n, ct_file_g(n));
    }
    printf("  explain dag:@file (1000 nodes): 120 positions (%u lost), 60 nodes' options\n", lost);
}


/* Whether help names the game (" king", " mult:N", ...). */
static bool ct_has(const char *name) {
    char word[32];
    snprintf(word, sizeof word, " %s", name);
    const char *at = strstr(ct_more, word);
    return at && (at[strlen(word)] == 0 || at[strlen(word)] == ' ' || at[strlen(word)] == ':');
}

/* The calendar's answers by backward search, day numbers from 1900-01-01. */
static bool ct_cal_win[37198];
static unsigned ct_cal_days;
static uint16_t ct_cal_y[37198];
static uint8_t ct_cal_m[37198], ct_cal_d[37198];
static void ct_cal_date(void *ctx, uint16_t y, uint8_t m, uint8_t d, bool win) {
    (void)ctx;
    const unsigned i = 37197 - ct_cal_days++; /* backwards from the last */
    ct_cal_win[i] = win;
    ct_cal_y[i] = y;
    ct_cal_m[i] = m;
    ct_cal_d[i] = d;
}

static int ct_cal_index(unsigned y, unsigned m, unsigned d) {
    for (unsigned i = 0; i < 37198; i++)
        if (ct_cal_y[i] == y && ct_cal_m[i] == m && ct_cal_d[i] == d) return (int)i;
    return -1;
}

/* solve and moves of a calendar date against the search. */
static void ct_calendar_date(unsigned i) {
    char cmd[64];
    snprintf(cmd, sizeof cmd, "solve calendar %u %u %u", ct_cal_y[i], ct_cal_m[i], ct_cal_d[i]);
    ct_send("%s", cmd);
    const char *got = ct_reply();
    unsigned y, m, d;
    if (!ct_cal_win[i]) {
        tally_check(got && !strcmp(got, "P"), "'%s' -> '%s', expected P", cmd, ct_show(got));
        return;
    }
    const int j = got && sscanf(got, "N %u %u %u", &y, &m, &d) == 3 ? ct_cal_index(y, m, d) : -1;
    tally_check(j > (int)i && !ct_cal_win[j] &&
                    (j == (int)i + 1 || (d == ct_cal_d[i] && m == ct_cal_m[i] % 12 + 1u)),
                "'%s' -> '%s', not a winning move", cmd, ct_show(got));
    long count;
    const char *last;
    cmd[0] = 'm', memcpy(cmd, "moves", 5);
    const size_t n = ct_list(cmd, &count, &last);
    unsigned wins = 0; /* the search's: next day and same day next month, to lost dates */
    for (unsigned k = i + 1; k < 37198 && k <= i + 31; k++)
        if (!ct_cal_win[k] && (k == i + 1 || (ct_cal_d[k] == ct_cal_d[i] &&
                                                ct_cal_m[k] == ct_cal_m[i] % 12 + 1)))
            wins++;
    tally_check(count == (long)wins && n == wins, "'%s': %zu lines, count %ld, the search %u", cmd,
                n, count, wins);
}

/* solve and moves of mult:N from p against the memoised search (brute_mult_table(n) done). */
static void ct_mult(uint32_t n, uint32_t p) {
    char cmd[64];
    snprintf(cmd, sizeof cmd, "solve mult:%u %u", n, p);
    ct_send("%s", cmd);
    const char *got = ct_reply();
    unsigned q = 0;
    if (!brute_mult_won(p)) {
        tally_check(got && !strcmp(got, "P"), "'%s' -> '%s', expected P", cmd, ct_show(got));
        return;
    }
    const bool ok = got && sscanf(got, "N %u", &q) == 1 &&
                    (q == n ? (uint64_t)9 * p >= n
                            : q % p == 0 && q / p >= 2 && q / p <= 9 && q < n && !brute_mult_won(q));
    tally_check(ok, "'%s' -> '%s', not a winning move", cmd, ct_show(got));
    unsigned wins = 0;
    bool to_n = false;
    for (uint64_t c = 2; c <= 9; c++)
        if (c * p >= n) wins += !to_n, to_n = true;
        else wins += !brute_mult_won((uint32_t)(c * p));
    long count;
    const char *last;
    memcpy(cmd, "moves", 5);
    const size_t lines = ct_list(cmd, &count, &last);
    tally_check(count == (long)wins && lines == wins, "'%s': %zu lines, count %ld, the search %u",
                cmd, lines, count, wins);
}

static void ct_test_more_games(void) {
    snprintf(tally_context, sizeof tally_context, "the games past line");
    /* the calculator (uno, grundy) holds every game; a device image king and moore (where its
     * menu offers it), and names the homes of the others */
    tally_check(ct_has("king") && ct_has("calendar") == ct_calc && ct_has("mult") == ct_calc &&
                    ct_has("lasker") == ct_calc && ct_has("dag") == ct_calc &&
                    (ct_calc ? ct_has("moore") : true),
                "help lists '%s' on %s", ct_more, ct_board);
    static const char *const all[] = {"moore:2 1 2", "lasker 3", "dag:0>1 0", "mult:17 1",
                                      "calendar 2001 11 3", "king 1 1"};
    for (unsigned i = 0; i < 6; i++) {
        char name[32], cmd[64], want[128];
        sscanf(all[i], "%31[^ ]", name);
        char *colon = strchr(name, ':');
        const bool has = ct_has(name) || (colon && (*colon = 0, ct_has(name)));
        if (has) continue;
        sscanf(all[i], "%31[^ ]", name);
        snprintf(cmd, sizeof cmd, "solve %s", all[i]);
        snprintf(want, sizeof want, "err %s is answered by the uno image and grundy on a computer",
                 name);
        ct_expect_err(cmd, want, NULL);
    }
    /* king: the classic board of 8 x 8 from its far corner, then random squares, any size up to
     * the image's limit */
    const uint32_t kt = ct_top("king", 4294967295u);
    char kcmd[64], kwant[96];
    ct_expect("solve king 7 7", "N 6 6");
    ct_expect("solve king 6 6", "P");
    snprintf(kcmd, sizeof kcmd, "solve king %u 0", kt);
    snprintf(kwant, sizeof kwant, "N %u 0", kt - 1);
    ct_expect(kcmd, kwant);
    for (unsigned i = 0; i < 60; i++) {
        const uint32_t x = ct_rand_heap(kt), y = ct_rand_heap(kt);
        char cmd[64], want[64];
        const bool win = (x | y) & 1;
        snprintf(cmd, sizeof cmd, "moves king %u %u", x, y);
        snprintf(want, sizeof want, "%u %u", x - (x & 1), y - (y & 1));
        long count;
        const char *last;
        const size_t n = ct_list(cmd, &count, &last);
        tally_check(count == win && n == (size_t)win && (!win || !strcmp(ct_lines[0], want)),
                    "'%s': %zu lines, count %ld, expected %s", cmd, n, count, win ? want : "none");
    }
    ct_expect_err("solve king 1", "err king needs 2 heaps", NULL);
    ct_expect_err("solve king 1 2 3", "err king needs 2 heaps", NULL);
    ct_expect_err("grundy king 3", "err king is not a sum of heaps with Grundy values (try solve)", NULL);
    ct_expect_err("solve king:2 1 1", "err bad game 'king:2': this game takes no parameter", NULL);
    ct_expect_err("solve misere:king 1 1", "err bad game 'misere:king': this game has no misere variant",
                  NULL);
    snprintf(kwant, sizeof kwant, "err heap 4294967296 is larger than %u", kt);
    ct_expect_err("solve king 4294967296 1", kwant, NULL);
    if (!ct_calc)
        ct_expect_err("solve king 65536 1",
                      "err heap 65536 is larger than 65535 here; the uno image and grundy on a computer answer it",
                      NULL);

    if (ct_has("calendar")) {
        brute_calendar(ct_cal_date, NULL);
        ct_expect("solve calendar 2001 11 3", "N 2001 11 4");
        ct_expect("solve calendar 2001 11 2", "P");
        ct_expect("solve calendar 1999 12 31", "P");
        for (unsigned i = 0; i < 80; i++) ct_calendar_date(i < 10 ? 37197 - i : ct_rand(37198));
        const char *bad = "err not a position of calendar: a date from 1900 1 1 to 2001 11 4";
        ct_expect_err("solve calendar 2001 11 5", bad, NULL);
        ct_expect_err("solve calendar 1899 12 31", bad, NULL);
        ct_expect_err("solve calendar 1900 2 29", bad, NULL);
        ct_expect_err("solve calendar 2000 4 31", bad, NULL);
        ct_expect_err("solve calendar 2000 13 1", bad, NULL);
        ct_expect_err("moves calendar 2000 0 1", bad, NULL);
        ct_expect("solve calendar 2000 2 29", ct_cal_win[ct_cal_index(2000, 2, 29)] ? "N 2000 3 1" : "P");
        ct_expect_err("solve calendar 2000 1", "err calendar needs 3 heaps", NULL);
        ct_expect_err("grundy calendar 2000", "err calendar is not a sum of heaps with Grundy values (try solve)", NULL);
        ct_expect_err("new calendar 2000 1 1", "err new plays on a device's LEDs: this is the calculator", NULL);
    }
    if (ct_has("mult")) {
        brute_mult_table(162);
        ct_mult(162, 1);
        brute_mult_table(17);
        ct_mult(17, 1);
        ct_expect("solve mult:17 1", "P");
        for (unsigned i = 0; i < 40; i++) {
            const uint32_t n = 2 + ct_rand(4999);
            brute_mult_table(n);
            ct_mult(n, 1);
            ct_mult(n, 1 + ct_rand(n - 1));
        }
        ct_expect("solve mult:4294967295 4294967294", "N 4294967295");
        ct_expect_err("solve mult:17 0", "err not a position of mult:17: p from 1 to N - 1", NULL);
        ct_expect_err("solve mult:17 17", "err heap 17 is larger than 16", NULL);
        ct_expect_err("solve mult:17 1 2", "err mult:17 needs 1 heaps", NULL);
        ct_expect_err("solve mult:1 1", "err bad game 'mult:1': mult:N needs N from 2 to 4294967295",
                      NULL);
        ct_expect_err("solve mult:4294967296 1",
                      "err bad game 'mult:4294967296': mult:N needs N from 2 to 4294967295", NULL);
        ct_expect_err("solve mult 1", "err bad game 'mult': mult:N needs N from 2 to 4294967295",
                      NULL);
        ct_expect_err("grundy mult:9 3", "err mult:9 is not a sum of heaps with Grundy values (try solve)", NULL);
    }
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: test_console FIRMWARE.elf BOARD [VERSION]\n");
        return 2;
    }
    char err[256];
    ct_s = scn_open(argv[1], argv[2], err, sizeof err);
    if (!ct_s) {
        printf("test_console: %s\n0 passed, 1 failed\n", err);
        return 1;
    }
    ct_rows = scn_rows(ct_s) < SIM_BOARD_MAX_ROWS ? scn_rows(ct_s) : SIM_BOARD_MAX_ROWS;
    for (unsigned r = 0, runs = 0; r < ct_rows; r++) {
        ct_len[r] = scn_row_len(ct_s, r);
        if (ct_line_rows == r && runs + (ct_len[r] + 1) / 2 <= 16)
            ct_line_rows++, runs += (ct_len[r] + 1) / 2;
    }
    scn_set_seed(ct_s, 5);
    ct_host = !strcmp(argv[2], "host");
    ct_calc = ct_rows == 0;
    snprintf(tally_context, sizeof tally_context, "boot");
    const char *boot_set = ct_calc ? NULL : scn_wait_line(ct_s, "@settings ", 2000);
    const bool device_first = boot_set && strstr(boot_set, " first=device ");
    if (!ct_host)
        tally_check(scn_wait_line(ct_s, ct_calc ? "@ready " : "@turn ", 2000) != NULL,
                    "the firmware did not start %s", ct_calc ? "its console" : "a game");
    ct_quiet(200);
    if (device_first) { /* the default where the classic start is lost: `new` games below are
                         * the person's to begin, so the menu's "first" goes to you */
        scn_hold(ct_s, SIM_BTN_B, 1200);
        for (int i = 0; i < 3; i++) scn_tap(ct_s, SIM_BTN_DOWN);  /* game, misere, start, first */
        for (int i = 0; i < 2; i++) scn_tap(ct_s, SIM_BTN_RIGHT); /* device, alternate, you */
        scn_tap(ct_s, SIM_BTN_A);
        const char *set = scn_wait_line(ct_s, "@settings ", 1000);
        tally_check(set && strstr(set, " first=you "), "the menu set '%s', wanted first=you", ct_show(set));
        ct_quiet(2000); /* the game it started, and the save */
    }

    snprintf(tally_context, sizeof tally_context, "help and version");
    char want[128];
    if (ct_host) snprintf(want, sizeof want, "grundy %s on a computer", argc > 3 ? argv[3] : "");
    else snprintf(want, sizeof want, "grundy %s board %s", argc > 3 ? argv[3] : "", argv[2]);
    ct_send("version");
    const char *l = ct_reply();
    tally_check(l && (argc > 3 ? !strcmp(l, want) : !strncmp(l, "grundy ", 7)), "version: '%s'",
                ct_show(l));
    const size_t from = scn_cursor(ct_s);
    ct_send("help");
    ct_quiet(300);
    size_t help = 0, verbs = 0;
    static const char *const verb[] = {"solve", "moves", "grundy", "new", "show", "version"};
    for (size_t v = 0; v < 6; v++) {
        bool named = false;
        for (size_t i = from; i < scn_line_count(ct_s); i++)
            named |= strstr(scn_line(ct_s, i), verb[v]) != NULL;
        verbs += named;
    }
    for (size_t i = from; i < scn_line_count(ct_s); i++) {
        help += scn_line(ct_s, i)[0] != '@';
        if (!strncmp(scn_line(ct_s, i), "more:", 5)) /* every "more:" line, one after another */
            snprintf(ct_more + strlen(ct_more), sizeof ct_more - strlen(ct_more), "%s",
                     scn_line(ct_s, i) + 5);
    }
    ct_board = argv[2];
    tally_check(help >= 3 && verbs == (ct_calc ? 4u : 6u),
                "help: %zu lines naming %zu of the 6 other commands", help, verbs);
    size_t widest = 0; /* every line of help fits an 80-column terminal */
    for (size_t i = from; i < scn_line_count(ct_s); i++)
        if (strlen(scn_line(ct_s, i)) > widest) widest = strlen(scn_line(ct_s, i));
    tally_check(widest < 80, "help's widest line: %zu columns", widest);

    ct_test_classics();
    ct_test_more_games();
    ct_test_random_games();
    ct_test_ends();
    ct_test_big();
    ct_test_errors();
    ct_test_nul();
    ct_test_explain();
    ct_test_lines();
    if (ct_calc) {
        ct_test_calculator();
        if (ct_host) ct_test_big_dag();
    } else {
        ct_test_new();
        ct_test_new_families();
        ct_test_interleave();
    }
    if (!ct_host) { /* the UART's: garbage at wire speed, and a queue that runs over */
        ct_test_garbage();
        ct_test_lost_input();
    }

    snprintf(tally_context, sizeof tally_context, "the end");
    tally_check(scn_ok(ct_s), "the firmware failed: %s", scn_failure(ct_s));
    if (!ct_host) {
        printf("console on %s: %.0f s simulated; stack high water %zu bytes, RAM headroom %zu bytes\n",
               argv[2], scn_now_ms(ct_s) / 1000, scn_stack_high_water(ct_s), scn_ram_headroom(ct_s));
        tally_check(scn_ram_headroom(ct_s) > 0, "the stack reached the static data");
        tally_stack(ct_s);
    }
    scn_close(ct_s);
    return tally_finish("console");
}
