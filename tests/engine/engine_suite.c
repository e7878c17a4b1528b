/* The engine's test suite: every game's Grundy values, wins and moves checked against the
 * brute-force solver (brute.c), then classic positions, rules parsing, move validation,
 * Wythoff's exact arithmetic, huge heaps and the misere variants. The same code runs natively
 * and, scaled down by the sizes below, on the ATmega328P under simavr. */
#include "engine_suite.h"

#include <stdio.h>
#include <string.h>

#include "brute.h"
#include "check.h"
#include "engine.h"
#include "engine_internal.h" /* engine_exact_index: the misere memo's numbering */
#include "engine_tables.h"   /* ENGINE_TABLE_NONE: whether rules are answered from a table */

#ifdef __AVR__
#include <avr/pgmspace.h>
#else
#define PROGMEM
#define pgm_read_byte(p) (*(const uint8_t *)(p))
#define pgm_read_word(p) (*(const uint16_t *)(p))
#define pgm_read_dword(p) (*(const uint32_t *)(p))
#define memcpy_P memcpy
#endif

/* The AVR's flash holds the engine and only a part of the suite: its build makes six
 * firmwares, with ENGINE_SUITE_PART 1 (every game's values and huge heaps), 2 (rules parsing,
 * move validation), 3 (classic cases, regressions), 4 (Wythoff), 5 (misere variants) and
 * 6 (every game's small positions), 7 (king, lasker, calendar, mult, dag), 8 (moore, which
 * the device images ship).
 * 0: everything. */
#ifndef ENGINE_SUITE_PART
#define ENGINE_SUITE_PART 0
#endif
#define SUITE_PART1 (ENGINE_SUITE_PART == 0 || ENGINE_SUITE_PART == 1)
#define SUITE_PART2 (ENGINE_SUITE_PART == 0 || ENGINE_SUITE_PART == 2)
#define SUITE_PART3 (ENGINE_SUITE_PART == 0 || ENGINE_SUITE_PART == 3)
#define SUITE_PART4 (ENGINE_SUITE_PART == 0 || ENGINE_SUITE_PART == 4)
#define SUITE_PART5 (ENGINE_SUITE_PART == 0 || ENGINE_SUITE_PART == 5)
#define SUITE_PART6 (ENGINE_SUITE_PART == 0 || ENGINE_SUITE_PART == 6)
#define SUITE_PART7 (ENGINE_SUITE_PART == 0 || ENGINE_SUITE_PART == 7)
#define SUITE_PART8 (ENGINE_SUITE_PART == 0 || ENGINE_SUITE_PART == 8)

/* Sizes. The host runs everything the brief asks for in about 5 s. The AVR has 2 KB of RAM
 * (engine ~370 B, brute memo 480 B, the brute search's recursion ~30 B per token) and a
 * budget of ~1e9 cycles, so its ranges shrink: mex tables of 128-256 values, positions of
 * 3 heaps <= 5 and 4 heaps <= 2, Wythoff to 16, fewer and smaller huge heaps. Every kind of
 * check and every classic case still runs. ENGINE_SUITE_SMALL gives the AVR sizes on the host. */
#if defined(__AVR__) || defined(ENGINE_SUITE_SMALL)
#define SUITE_SMALL 1
#define SUITE_MEX_SHORT 127      /* nim, bash, pow2, menu sub sets: heaps checked by brute mex */
#define SUITE_MEX_LONG 255       /* kayles, dawson, run-time sub sets: enough to prove periods */
#define SUITE_MEX_FIB 255        /* fib */
#define SUITE_MEX_OCTAL 127      /* octal and line codes (engine limit 255) */
#define SUITE_POS_HEAPS 3        /* positions of up to this many heaps ... */
#define SUITE_POS_MAX 5          /* ... each at most this */
#define SUITE_POS2_HEAPS 4       /* and more heaps ... */
#define SUITE_POS2_MAX 2         /* ... each at most this */
#define SUITE_BOTH_ORDERS 0      /* also check each position with its heaps reversed */
#define SUITE_RND_COUNT 3        /* rnd values given to engine_random_move */
#define SUITE_RANDOM_CODES 4     /* random octal codes of up to 5 digits */
#define SUITE_EXTEND_STEP 61u    /* table games beyond the brute range: every n-th heap */
#define SUITE_BIG_COUNT 4        /* huge heaps combined into positions */
#define SUITE_BIG_RUNTIME 2      /* ... for run-time subtraction sets (each value is O(n)) */
#define SUITE_BIG_TRIPLES 0      /* positions of three huge heaps, not just one or two */
#define SUITE_WYTHOFF_MAX 16     /* all Wythoff positions x, y <= this against brute */
#define SUITE_WYTHOFF_K 1000u    /* engine_wythoff_lower(k) for k <= this */
#define SUITE_WYTHOFF_WINDOW 20u /* k around 2^32/phi^2 and 2^32/phi */
#define SUITE_WYTHOFF_BIG 4u     /* of those, how many get full position checks */
#if ENGINE_SUITE_PART == 3 || ENGINE_SUITE_PART == 4
#define SUITE_MAX_MOVES 48 /* moves of one position remembered to find duplicates */
#else
#define SUITE_MAX_MOVES 24 /* (Wythoff needs 3 per token; other parts search deeper) */
#endif
#define SUITE_BRUTE_TOKENS 15 /* classic cases get brute checks up to this many tokens */
#else
#define SUITE_SMALL 0
#define SUITE_MEX_SHORT 1023
#define SUITE_MEX_LONG 4095
#define SUITE_MEX_FIB 4095
#define SUITE_MEX_OCTAL 255
#define SUITE_POS_HEAPS 4
#define SUITE_POS_MAX 10
#define SUITE_POS2_HEAPS 8
#define SUITE_POS2_MAX 3
#define SUITE_BOTH_ORDERS 1
#define SUITE_RND_COUNT 8
#define SUITE_RANDOM_CODES 8
#define SUITE_EXTEND_STEP 1u
#define SUITE_BIG_COUNT 12
#define SUITE_BIG_RUNTIME 5
#define SUITE_BIG_TRIPLES 1
#define SUITE_WYTHOFF_MAX 60
#define SUITE_WYTHOFF_K 2000u
#define SUITE_WYTHOFF_WINDOW 2000u
#define SUITE_WYTHOFF_BIG 200u
#define SUITE_MAX_MOVES 512
#define SUITE_BRUTE_TOKENS 400
#endif

#define SUITE_HEAP_MAX ENGINE_HEAP_MAX
#define SUITE_SHARED __attribute__((unused)) /* used by some of the parts */
#define SUITE_NAME_MAX 32

/* ------------------------------------------------------------------------------------------ */
/* Context for failure messages: the game and the position under test. */

static char suite_name[SUITE_NAME_MAX];
static const engine_position_t *suite_pos;

static void suite_print_context(void) {
    check_puts(suite_name);
    if (!suite_pos) return;
    check_puts_P(CHECK_STR(" ("));
    for (uint8_t i = 0; i < suite_pos->count && i < ENGINE_MAX_HEAPS; i++) {
        if (i) putchar(' ');
        check_put_u32(suite_pos->heap[i]);
    }
    putchar(')');
}

/* Copy a string from flash (at most 31 characters) with its 0; returns its length. */
static uint8_t suite_copy_P(char *dst, const char *src_P) {
    uint8_t n = 0;
    while (n < 31 && (dst[n] = (char)pgm_read_byte(src_P + n)) != 0)
        n++;
    dst[n] = 0;
    return n;
}

static void suite_set_name_P(const char *name_P) {
    suite_copy_P(suite_name, name_P);
    suite_pos = 0;
}

/* ------------------------------------------------------------------------------------------ */
/* The game under test, for the engine and for the brute-force solver. */

static engine_rules_t suite_rules;
static brute_game_t suite_game;

/* Parse suite_name for both; false (after a failed check) if either refuses it. */
/* Whether name (in flash) is an octal: code that this profile leaves to the calculator (the device
 * profile's engine_rules_parse answers ENGINE_ERR_ELSEWHERE for it). */
static bool suite_elsewhere(const char *name) {
    if (ENGINE_HAS(ENGINE_GAME_OCTAL)) return false;
    const char *t = strncmp(name, "misere:", 7) ? name : name + 7;
    return !strncmp(t, "octal", 5) && (t[5] == 0 || t[5] == ':');
}

SUITE_SHARED static bool suite_elsewhere_P(const char *name_P) {
    char buf[SUITE_NAME_MAX];
    if (ENGINE_HAS(ENGINE_GAME_OCTAL)) return false;
    suite_copy_P(buf, name_P);
    return suite_elsewhere(buf);
}

static bool suite_parse_both(void) {
    const engine_status_t s =
        engine_rules_parse(&suite_rules, suite_name, (uint8_t)strlen(suite_name));
    if (suite_elsewhere(suite_name)) {
        /* the device profile leaves octal: codes to the calculator */
        CHECK(s == ENGINE_ERR_ELSEWHERE, "engine_rules_parse: status %u, not elsewhere", (unsigned)s);
        return false;
    }
    CHECK(s == ENGINE_OK, "engine_rules_parse refuses a valid game: status %u", (unsigned)s);
    const bool ok = brute_parse(&suite_game, suite_name);
    CHECK(ok, "brute_parse refuses the game");
    return s == ENGINE_OK && ok;
}

/* Set up p from a list of heaps. */
SUITE_SHARED static void suite_set(engine_position_t *p, uint8_t count,
                                   const engine_heap_t *heaps) {
    memset(p, 0, sizeof *p);
    p->count = count;
    memcpy(p->heap, heaps, count * sizeof heaps[0]);
}

/* engine_rules_parse of text (flash) into r. */
SUITE_SHARED static engine_status_t suite_parse_P(engine_rules_t *r, const char *text_P) {
    char buf[40];
    return engine_rules_parse(r, buf, suite_copy_P(buf, text_P));
}

/* Parse a game name from flash into suite_rules (and suite_game); false after a failed check. */
SUITE_SHARED static bool suite_use_P(const char *name_P) {
    suite_set_name_P(name_P);
    return suite_parse_both();
}

/* Order-free fingerprint of a move (heap, take, parts in either order) for set comparison. */
SUITE_SHARED static uint32_t suite_move_hash(uint8_t heap, engine_heap_t take, engine_heap_t a,
                                             engine_heap_t b) {
    const engine_heap_t lo = a < b ? a : b, hi = a < b ? b : a;
    uint32_t h = 2166136261ul ^ heap;
    h = (h ^ take) * 16777619ul;
    h = (h ^ (h >> 15) ^ lo) * 16777619ul;
    h = (h ^ (h >> 13) ^ hi) * 16777619ul;
    return h ^ (h >> 16);
}

/* ------------------------------------------------------------------------------------------ */
/* The games every check runs on, and Wythoff's first cold positions. */

#define SUITE_F_PERIODIC 1 /* prove a period from brute values, check the engine beyond them */
#define SUITE_F_BIG 2      /* positions of huge heaps against a reference */
#if SUITE_SMALL
#define SUITE_F_HOST(f) 0 /* too big for the AVR's ranges */
#else
#define SUITE_F_HOST(f) (f)
#endif

typedef struct {
    char name[14];
    uint16_t mex_max; /* single heaps 0..mex_max against brute mex (within the engine's limit) */
    uint8_t flags;
} suite_spec_t;

SUITE_SHARED static const suite_spec_t suite_specs[] PROGMEM = {
    {"nim", SUITE_MEX_SHORT, SUITE_F_BIG},
    {"misere", 0, SUITE_F_BIG},
    {"bash:1", SUITE_MEX_SHORT, SUITE_F_BIG},
    {"bash:2", SUITE_MEX_SHORT, SUITE_F_BIG},
    {"bash:3", SUITE_MEX_SHORT, SUITE_F_BIG},
    {"bash:7", SUITE_MEX_SHORT, SUITE_F_BIG},
    {"bash:65535", SUITE_MEX_SHORT, SUITE_F_HOST(SUITE_F_BIG)}, /* AVR: 1e9 cycles of reference */
    {"sub:1,3,4", SUITE_MEX_SHORT, SUITE_F_PERIODIC | SUITE_F_BIG},
    {"sub:2,5", SUITE_MEX_SHORT, SUITE_F_PERIODIC | SUITE_F_BIG},
    {"sub:1,2,4,8", SUITE_MEX_LONG, SUITE_F_PERIODIC | SUITE_F_BIG},
    {"sub:3,7,9", SUITE_MEX_LONG, SUITE_F_PERIODIC | SUITE_F_BIG},
    {"sub:1,200", SUITE_MEX_LONG, SUITE_F_HOST(SUITE_F_PERIODIC | SUITE_F_BIG)},
    {"fib", SUITE_MEX_FIB, 0},
    {"pow2", SUITE_MEX_SHORT, SUITE_F_BIG},
    {"kayles", SUITE_MEX_LONG, SUITE_F_PERIODIC | SUITE_F_BIG},
    {"dawson", SUITE_MEX_LONG, SUITE_F_PERIODIC | SUITE_F_BIG},
    {"line:1,2", SUITE_MEX_OCTAL, 0},
    {"line:2,3", SUITE_MEX_OCTAL, 0},
    {"line:1,3,5", SUITE_MEX_OCTAL, 0},
    {"octal:0.137", SUITE_MEX_OCTAL, 0},
    {"octal:0.6", SUITE_MEX_OCTAL, 0},
    {"octal:0.4", SUITE_MEX_OCTAL, 0},
    {"octal:0.51", SUITE_MEX_OCTAL, 0},
    {"octal:0.007", SUITE_MEX_OCTAL, 0},
};

SUITE_SHARED static const uint8_t suite_cold_pairs[][2] PROGMEM = {{0, 0}, {1, 2},  {3, 5},
                                                                   {4, 7}, {6, 10}, {8, 13}};

/* ------------------------------------------------------------------------------------------ */
/* Small positions against the brute-force solver. */

static brute_move_t suite_moves[SUITE_MAX_MOVES];
static engine_position_t suite_after; /* the position a move leads to */

/* p as a brute-force position; false if a heap is over 255 or there are too many. */
static bool suite_to_brute(const engine_position_t *p, brute_pos_t *b) {
    if (p->count > BRUTE_MAX_HEAPS) return false;
    b->count = p->count;
    for (uint8_t i = 0; i < p->count; i++) {
        if (p->heap[i] > 255) return false;
        b->heap[i] = (uint8_t)p->heap[i];
    }
    return true;
}

/* An engine move of p in brute form (parts sorted); false if it does not even fit the heap. */
static bool suite_to_brute_move(const engine_position_t *p, const engine_move_t *m,
                                brute_move_t *b) {
    b->heap = m->heap;
    b->take = (uint8_t)m->take;
    if (m->heap == ENGINE_HEAP_BOTH) {
        b->heap = BRUTE_BOTH;
        b->part[0] = b->part[1] = (uint8_t)m->left;
        return m->take <= 255 && m->left == 0;
    }
    if (m->heap >= p->count) return false;
    const engine_heap_t h = p->heap[m->heap];
    if (m->take > h || m->left > h - m->take) return false;
    const engine_heap_t right = h - m->take - m->left;
    b->part[0] = (uint8_t)(m->left < right ? m->left : right);
    b->part[1] = (uint8_t)(m->left < right ? right : m->left);
    return true;
}

/* Whether the engine's result of a move is the position the rules give (Wythoff: in order). */
static bool suite_same_result(const brute_pos_t *expected, const engine_position_t *got) {
    brute_pos_t b;
    if (!suite_to_brute(got, &b)) return false;
    if (suite_game.kind == BRUTE_WYTHOFF)
        return b.count == 2 && b.heap[0] == expected->heap[0] && b.heap[1] == expected->heap[1];
    return brute_same(&suite_game, expected, &b);
}

/* Whether `got` is p after m as engine.h lays it out: the heap keeps its place with what is
 * left of it; a split puts `left` there and inserts the right part after it. */
static bool suite_same_layout(const engine_position_t *p, const engine_move_t *m,
                              const engine_position_t *got) {
    if (m->heap == ENGINE_HEAP_BOTH)
        return got->count == 2 && got->heap[0] == p->heap[0] - m->take &&
               got->heap[1] == p->heap[1] - m->take;
    const engine_heap_t right = p->heap[m->heap] - m->take - m->left;
    const uint8_t split = m->left && right;
    if (got->count != p->count + split) return false;
    for (uint8_t i = 0, j = 0; i < p->count; i++, j++) {
        if (i != m->heap) {
            if (got->heap[j] != p->heap[i]) return false;
        } else if (split) {
            if (got->heap[j] != m->left || got->heap[++j] != right) return false;
        } else if (got->heap[j] != m->left + right) {
            return false;
        }
    }
    return true;
}

/* Check move m of p (whose brute form is bp): legal for the engine and the rules, applied as
 * the rules say, and leading to a lost position when must_win. `what` names the source (flash). */
static bool suite_expect_move(const engine_position_t *p, const brute_pos_t *bp,
                              const engine_move_t *m, bool must_win, const char *what,
                              brute_move_t *out) {
    brute_move_t b;
    brute_pos_t after;
    const engine_status_t s = engine_check_move(&suite_rules, p, m);
    CHECK(s == ENGINE_OK, "%s: engine_check_move refuses heap %u take %lu left %lu: %u", what,
          (unsigned)m->heap, (unsigned long)m->take, (unsigned long)m->left, (unsigned)s);
    const bool legal = suite_to_brute_move(p, m, &b) && brute_is_move(&suite_game, bp, &b);
    CHECK(legal, "%s: illegal move heap %u take %lu left %lu", what, (unsigned)m->heap,
          (unsigned long)m->take, (unsigned long)m->left);
    if (!legal || s != ENGINE_OK) return false;
    brute_apply(&suite_game, bp, &b, &after);
    suite_after = *p;
    const engine_status_t a = engine_apply_move(&suite_rules, &suite_after, m);
    CHECK(a == ENGINE_OK && suite_same_result(&after, &suite_after) &&
              suite_same_layout(p, m, &suite_after),
          "%s: engine_apply_move of heap %u take %lu left %lu gives the wrong position", what,
          (unsigned)m->heap, (unsigned long)m->take, (unsigned long)m->left);
    if (must_win)
        CHECK(!brute_pos_is_win(&suite_game, &after), "%s: heap %u take %lu left %lu does not win",
              what, (unsigned)m->heap, (unsigned long)m->take, (unsigned long)m->left);
    if (out) *out = b;
    return true;
}

/* Walk engine_next_move (or engine_next_winning_move) over p, checking every move and that
 * none repeats; returns how many moves it gave. */
static uint16_t suite_walk(const engine_position_t *p, const brute_pos_t *bp, bool winning,
                           uint16_t expected) {
    engine_iter_t it;
    engine_move_t m;
    uint16_t n = 0;
    memset(&it, 0, sizeof it);
    while (winning ? engine_next_winning_move(&suite_rules, p, &it, &m)
                   : engine_next_move(&suite_rules, p, &it, &m)) {
        brute_move_t b;
        if (n >= SUITE_MAX_MOVES || n > expected) { /* runaway, or more than the test can hold */
            CHECK(0, "%s gives more than %u moves", winning ? "winning" : "legal", (unsigned)n);
            break;
        }
        if (suite_expect_move(p, bp, &m, winning,
                              winning ? CHECK_STR("engine_next_winning_move")
                                      : CHECK_STR("engine_next_move"),
                              &b)) {
            bool repeat = false;
            for (uint16_t i = 0; i < n && !repeat; i++)
                repeat = !memcmp(&suite_moves[i], &b, sizeof b);
            CHECK(!repeat, "%s move heap %u take %u parts %u+%u given twice",
                  winning ? "winning" : "legal", b.heap, b.take, b.part[0], b.part[1]);
            suite_moves[n] = b;
        } else {
            memset(&suite_moves[n], 0xEE, sizeof suite_moves[n]);
        }
        n++;
    }
    return n;
}

static const uint16_t suite_rnd[8] PROGMEM = {1, 0, 2, 3, 65535, 12345, 7, 100};

/* Every check of one small position against the brute-force solver. */
SUITE_SHARED static void suite_position(const engine_position_t *p) {
    brute_pos_t bp;
    engine_move_t m;
    uint16_t wins;
    suite_pos = p;
    if (!suite_to_brute(p, &bp)) {
        CHECK(0, "position too large for the brute-force solver");
        return;
    }
    const engine_status_t s = engine_check_position(&suite_rules, p);
    CHECK(s == ENGINE_OK, "engine_check_position refuses a valid position: %u", (unsigned)s);
    const uint16_t moves = brute_count_moves(&suite_game, &bp, &wins);
    const bool win = brute_pos_is_win(&suite_game, &bp);
    CHECK(engine_is_win(&suite_rules, p) == win, "engine_is_win says %u, brute %u", !win, win);
    CHECK(engine_is_over(&suite_rules, p) == (moves == 0), "engine_is_over wrong, %u moves", moves);
    uint16_t n = suite_walk(p, &bp, false, moves);
    CHECK(n == moves, "engine_next_move gives %u moves, brute %u", n, moves);
    n = suite_walk(p, &bp, true, wins);
    CHECK(n == wins, "engine_next_winning_move gives %u moves, brute %u", n, wins);
    bool got = engine_best_move(&suite_rules, p, &m);
    CHECK(got == (moves > 0), "engine_best_move returns %u with %u moves", got, moves);
    if (got) suite_expect_move(p, &bp, &m, win, CHECK_STR("engine_best_move"), 0);
    for (uint8_t i = 0; i < SUITE_RND_COUNT; i++) {
        const uint16_t rnd = pgm_read_word(&suite_rnd[i]);
        got = engine_random_move(&suite_rules, p, rnd, &m);
        CHECK(got == (moves > 0), "engine_random_move returns %u with %u moves", got, moves);
        if (got) suite_expect_move(p, &bp, &m, false, CHECK_STR("engine_random_move"), 0);
    }
    suite_pos = 0;
}

SUITE_SHARED static engine_position_t suite_tuple;

/* Every position of `count` heaps 0..max with at most `total` tokens as a sorted tuple (and,
 * on the host, reversed). */
SUITE_SHARED static void suite_tuples(uint8_t count, uint8_t max, uint8_t total) {
    memset(&suite_tuple, 0, sizeof suite_tuple);
    suite_tuple.count = count;
    for (;;) {
        uint16_t tokens = 0;
        for (uint8_t i = 0; i < count; i++)
            tokens += (uint16_t)suite_tuple.heap[i];
        if (tokens <= total) {
            suite_position(&suite_tuple);
#if SUITE_BOTH_ORDERS
            if (suite_tuple.heap[0] != suite_tuple.heap[count - 1]) {
                engine_position_t rev = suite_tuple;
                for (uint8_t i = 0; i < count; i++)
                    rev.heap[i] = suite_tuple.heap[count - 1 - i];
                suite_position(&rev);
            }
#endif
        }
        int8_t i = (int8_t)(count - 1);
        while (i >= 0 && suite_tuple.heap[i] == max)
            i--;
        if (i < 0) break;
        suite_tuple.heap[i]++;
        for (uint8_t j = (uint8_t)(i + 1); j < count; j++)
            suite_tuple.heap[j] = suite_tuple.heap[i];
    }
}

/* ------------------------------------------------------------------------------------------ */
#if SUITE_PART6
static void suite_positions(void) {
    for (uint8_t c = 1; c <= SUITE_POS_HEAPS; c++)
        suite_tuples(c, SUITE_POS_MAX, 255);
    for (uint8_t c = SUITE_POS_HEAPS + 1; c <= SUITE_POS2_HEAPS; c++)
        suite_tuples(c, SUITE_POS2_MAX, 255);
}
#endif

#if SUITE_PART1
/* Single heaps, periods, huge heaps. */

static bool suite_is_sum(void) {
    return !suite_game.misere && suite_game.kind != BRUTE_WYTHOFF;
}

/* Reference Grundy values: brute values up to n_max, then the proven period (if any). */
typedef struct {
    const brute_value_t *vals;
    uint16_t n_max;
    uint16_t start, period; /* g(n + period) == g(n) for n >= start; period 0: unknown */
} suite_ref_t;

/* Closed forms, valid for any heap: Nim n, Bash n mod (M + 1), powers of two n mod 3 (every
 * power of two is 1 or 2 mod 3 and both 1 and 2 are powers). Checked against brute values. */
static bool suite_closed_form(uint32_t n, uint32_t *g) {
    switch (suite_game.kind) {
    case BRUTE_NIM:
        *g = n;
        return true;
    case BRUTE_BASH:
        *g = n % ((uint32_t)suite_game.bash_max + 1);
        return true;
    case BRUTE_POW2:
        *g = n % 3;
        return true;
    default:
        return false;
    }
}

static bool suite_ref_value(const suite_ref_t *ref, uint32_t n, uint32_t *g) {
    if (suite_closed_form(n, g)) return true;
    if (n <= ref->n_max) {
        *g = ref->vals[n];
        return true;
    }
    if (!ref->period) return false;
    *g = ref->vals[ref->start + (uint16_t)((n - ref->start) % ref->period)];
    return true;
}

/* Smallest period of vals[] that covers at least its upper half, and where it starts; then
 * whether it is proven for ever: a subtraction game's future depends on its last max(S)
 * values; an octal game's period holds for ever once it holds for start <= n < 2 start + p + t
 * (Guy and Smith), t the code's length. */
static bool suite_period(suite_ref_t *ref) {
    const brute_value_t *v = ref->vals;
    const uint16_t n_max = ref->n_max;
    ref->period = 0;
    for (uint16_t p = 1; p <= n_max / 4 && !ref->period; p++) {
        uint16_t start = (uint16_t)(n_max - p + 1);
        while (start > 0 && v[start - 1] == v[start - 1 + p])
            start--;
        if (start + p <= n_max / 2) {
            ref->start = start;
            ref->period = p;
        }
    }
    if (!ref->period) return false;
    const uint16_t pairs = (uint16_t)(n_max - ref->period - ref->start + 1); /* v[n] == v[n+p] */
    if (suite_game.kind == BRUTE_SUB) {
        uint16_t max_s = 255;
        while (!(suite_game.sub[max_s >> 3] & (1u << (max_s & 7))))
            max_s--;
        return pairs >= max_s;
    }
    if (suite_game.kind == BRUTE_OCTAL)
        return ref->start + pairs >= 2u * ref->start + ref->period + suite_game.code_len;
    return false;
}

/* engine_heap_grundy(n), or 0xFFFFFFFF after a failed check. */
static engine_heap_t suite_grundy(engine_heap_t n) {
    engine_heap_t g = 0;
    const engine_status_t s = engine_heap_grundy(&suite_rules, n, &g);
    CHECK(s == ENGINE_OK, "engine_heap_grundy(%lu) fails: %u", (unsigned long)n, (unsigned)s);
    return s == ENGINE_OK ? g : 0xFFFFFFFFul;
}

/* Heap sizes beyond 4095 for run-time subtraction sets: every value costs the engine O(n). */
static const uint16_t suite_far[] PROGMEM = {65535, 65534, 65533, 40961, 32768, 12345, 8191, 4097};

/* The engine's values beyond the brute range follow the proven period; for run-time sets also
 * g(n) == mex of g(n - s) over the engine's own values. */
static void suite_extend(const suite_ref_t *ref) {
    const engine_heap_t limit = engine_heap_limit(&suite_rules);
    const uint32_t last = limit < 65535 ? limit : 65535;
    const bool table = suite_rules.table != ENGINE_TABLE_NONE;
    uint32_t g;
    if (table) {
        for (uint32_t n = ref->n_max + 1; n <= last; n += SUITE_EXTEND_STEP)
            if (suite_ref_value(ref, n, &g))
                CHECK(suite_grundy(n) == g, "g(%lu) off the period %u", (unsigned long)n,
                      ref->period);
        return;
    }
    for (uint8_t i = 0; i < sizeof suite_far / sizeof suite_far[0]; i++) {
        const uint32_t n = pgm_read_word(&suite_far[i]);
        if (n > last || n <= ref->n_max) continue;
        if (suite_ref_value(ref, n, &g))
            CHECK(suite_grundy(n) == g, "g(%lu) off the period %u", (unsigned long)n, ref->period);
#if !SUITE_SMALL
        uint8_t seen[8] = {0};
        for (uint16_t s = 1; s <= 255; s++) {
            if (!brute_allowed(&suite_game, n, s, 0, n - s)) continue;
            const engine_heap_t v = suite_grundy(n - s);
            if (v < 64) seen[v >> 3] |= (uint8_t)(1u << (v & 7));
        }
        uint8_t mex = 0;
        while (mex < 64 && (seen[mex >> 3] & (1u << (mex & 7))))
            mex++;
        CHECK(suite_grundy(n) == mex, "g(%lu) is not the mex of its options' values",
              (unsigned long)n);
#endif
    }
}

/* Misere Nim by Bouton's rule: with a heap of 2 or more, lost iff the nim-sum is 0; with only
 * 0/1 heaps, lost iff the number of 1-heaps is odd. (Brute search checks this on small heaps.) */
static bool suite_misere_win(const engine_position_t *p) {
    engine_heap_t x = 0;
    bool big = false;
    for (uint8_t i = 0; i < p->count; i++) {
        x ^= p->heap[i];
        big |= p->heap[i] > 1;
    }
    return big ? x != 0 : x == 0;
}

/* Whether position p is won by the reference (nim-sum of reference values, or Bouton's rule). */
static bool suite_ref_win(const suite_ref_t *ref, const engine_position_t *p, uint32_t *x) {
    *x = 0;
    if (suite_game.kind == BRUTE_MISERE) return suite_misere_win(p);
    for (uint8_t i = 0; i < p->count; i++) {
        uint32_t g;
        if (!suite_ref_value(ref, p->heap[i], &g)) return false;
        *x ^= g;
    }
    return *x != 0;
}

/* The next take worth trying from heap h after t (0: none); the rules then judge it. */
static uint32_t suite_next_take(uint32_t h, uint32_t t) {
    uint32_t max = h;
    if (suite_game.kind == BRUTE_POW2) {
        t = t ? t << 1 : 1;
        return t && t <= h ? t : 0;
    }
    if (suite_game.kind == BRUTE_BASH && max > suite_game.bash_max) max = suite_game.bash_max;
    if (suite_game.kind == BRUTE_SUB && max > 255) max = 255;
    if (suite_game.kind == BRUTE_OCTAL && max > suite_game.code_len) max = suite_game.code_len;
    return t < max ? t + 1 : 0;
}

/* Count the reference's winning moves of p and fingerprint them. */
static uint32_t suite_ref_wins(const suite_ref_t *ref, const engine_position_t *p, uint32_t x,
                               uint32_t *hash) {
    uint32_t count = 0;
    *hash = 0;
    for (uint8_t i = 0; i < p->count; i++) {
        const engine_heap_t h = p->heap[i];
        if (suite_game.kind == BRUTE_MISERE || suite_game.kind == BRUTE_NIM) {
            /* Nim: only h ^ x; misere: also 0 or 1 when that leaves only 0/1 heaps (Bouton) */
            engine_heap_t to[3] = {h ^ x, 0, 1};
            if (suite_game.kind == BRUTE_MISERE) {
                engine_heap_t y = 0;
                for (uint8_t j = 0; j < p->count; j++)
                    y ^= p->heap[j];
                to[0] = h ^ y;
            }
            for (uint8_t k = 0; k < (suite_game.kind == BRUTE_NIM ? 1 : 3); k++) {
                if (to[k] >= h || (k > 0 && to[k] == to[0])) continue;
                suite_after = *p;
                suite_after.heap[i] = to[k];
                uint32_t y;
                if (suite_ref_win(ref, &suite_after, &y)) continue;
                count++;
                *hash += suite_move_hash(i, h - to[k], to[k], 0);
            }
            continue;
        }
        uint32_t gh;
        suite_ref_value(ref, h, &gh);
        for (uint32_t t = suite_next_take(h, 0); t; t = suite_next_take(h, t)) {
            const uint32_t rest = h - t;
            const uint32_t splits = suite_game.kind == BRUTE_OCTAL ? rest / 2 : 0;
            for (uint32_t a = 0; a <= splits; a++) {
                uint32_t ga = 0, gb = 0;
                if (!brute_allowed(&suite_game, h, t, a, rest - a)) continue;
                suite_ref_value(ref, a, &ga);
                suite_ref_value(ref, rest - a, &gb);
                if ((ga ^ gb) != (gh ^ x)) continue;
                count++;
                *hash += suite_move_hash(i, t, a, rest - a);
            }
        }
    }
    return count;
}

/* A position of huge heaps: win/loss, every winning move (legal by the rules, leading to a
 * position the reference and the engine's own values call lost), their number and identity. */
static void suite_big_position(const suite_ref_t *ref, const engine_position_t *p, bool random) {
    uint32_t x, hash = 0, engine_hash = 0;
    engine_iter_t it;
    engine_move_t m;
    suite_pos = p;
    CHECK(engine_check_position(&suite_rules, p) == ENGINE_OK, "engine_check_position refuses");
    const bool win = suite_ref_win(ref, p, &x);
    CHECK(engine_is_win(&suite_rules, p) == win, "engine_is_win says %u, reference %u", !win, win);
    const uint32_t wins = win ? suite_ref_wins(ref, p, x, &hash) : 0;
    uint32_t n = 0;
    memset(&it, 0, sizeof it);
    while (engine_next_winning_move(&suite_rules, p, &it, &m)) {
        if (n++ > wins) {
            CHECK(0, "engine_next_winning_move gives more than %lu moves", (unsigned long)wins);
            break;
        }
        const engine_heap_t h = m.heap < p->count ? p->heap[m.heap] : 0;
        const bool legal = m.heap < p->count && m.take <= h && m.left <= h - m.take &&
                           brute_allowed(&suite_game, h, m.take, m.left, h - m.take - m.left);
        CHECK(legal, "winning move heap %u take %lu left %lu is illegal", m.heap,
              (unsigned long)m.take, (unsigned long)m.left);
        CHECK(engine_check_move(&suite_rules, p, &m) == ENGINE_OK,
              "engine_check_move refuses winning move heap %u take %lu left %lu", m.heap,
              (unsigned long)m.take, (unsigned long)m.left);
        if (!legal) continue;
        engine_hash += suite_move_hash(m.heap, m.take, m.left, h - m.take - m.left);
        suite_after = *p;
        if (engine_apply_move(&suite_rules, &suite_after, &m) != ENGINE_OK) continue;
        uint32_t y;
        CHECK(!suite_ref_win(ref, &suite_after, &y),
              "move heap %u take %lu left %lu: reference "
              "says the result is won",
              m.heap, (unsigned long)m.take, (unsigned long)m.left);
        CHECK(!engine_is_win(&suite_rules, &suite_after),
              "move heap %u take %lu: engine says the "
              "result is won",
              m.heap, (unsigned long)m.take);
        if (suite_is_sum()) {
            engine_heap_t z = 0;
            for (uint8_t i = 0; i < suite_after.count; i++)
                z ^= suite_grundy(suite_after.heap[i]);
            CHECK(z == 0, "move heap %u take %lu: engine_heap_grundy nim-sum after it is %lu",
                  m.heap, (unsigned long)m.take, (unsigned long)z);
        }
    }
    CHECK(n == wins, "engine gives %lu winning moves, reference %lu", (unsigned long)n,
          (unsigned long)wins);
    CHECK(!win || engine_hash == hash, "the engine's winning moves differ from the reference's");
    const bool got = engine_best_move(&suite_rules, p, &m);
    CHECK(got, "engine_best_move finds no move");
    if (got) {
        suite_after = *p;
        CHECK(engine_apply_move(&suite_rules, &suite_after, &m) == ENGINE_OK,
              "engine_best_move is illegal");
        CHECK(!win || !suite_ref_win(ref, &suite_after, &x), "engine_best_move does not win");
    }
    if (random) {
        CHECK(engine_random_move(&suite_rules, p, 4242, &m) &&
                  engine_check_move(&suite_rules, p, &m) == ENGINE_OK,
              "engine_random_move gives no legal move");
    }
    suite_pos = 0;
}

static const uint32_t suite_big32[] PROGMEM = {
    0xFFFFFFFFul, 0xFFFFFFFEul, 0x80000000ul, 0xDEADBEEFul, 0x7FFFFFFFul, 0xFFFFFFFDul,
    0xFFFF0000ul, 0x12345678ul, 1000000007ul, 65537ul,      65535ul,      3ul};
/* Heaps for games answered up to 255 (the device profile's run-time subtraction sets). */
static const uint32_t suite_big8[] PROGMEM = {255, 254, 200, 129, 128, 127, 100, 77, 64, 33, 7, 3};
#if SUITE_SMALL
static const uint32_t suite_big16[] PROGMEM = {4096, 1000, 300, 71};
#else
static const uint32_t suite_big16[] PROGMEM = {65535, 65534, 40000, 4097, 65533, 54321,
                                               32768, 32767, 12345, 4096, 71,    7};
#endif

/* Positions of one, two (and on the host three) huge heaps. */
static void suite_big(const suite_ref_t *ref) {
    const uint32_t limit = engine_heap_limit(&suite_rules);
    const uint32_t *list = limit == 0xFFFFFFFFul ? suite_big32 : limit >= 65535 ? suite_big16 : suite_big8;
    uint8_t count = SUITE_BIG_COUNT;
    if (suite_game.kind == BRUTE_SUB && suite_rules.table == ENGINE_TABLE_NONE)
        count = SUITE_BIG_RUNTIME;
    engine_position_t *const p = &suite_tuple;
    memset(p, 0, sizeof *p);
    for (uint8_t i = 0; i < count; i++) {
        p->heap[0] = pgm_read_dword(&list[i]);
        p->count = 1;
        suite_big_position(ref, p, i == 0);
        for (uint8_t j = (uint8_t)(i + 1); j < count; j++) {
            p->heap[1] = pgm_read_dword(&list[j]);
            p->count = 2;
            suite_big_position(ref, p, false);
            for (uint8_t k = (uint8_t)(j + 1); SUITE_BIG_TRIPLES && k < count; k++) {
                p->heap[2] = pgm_read_dword(&list[k]);
                p->count = 3;
                suite_big_position(ref, p, false);
            }
        }
    }
}

/* Single heaps against brute mex, then periods and huge heaps. */
_Static_assert((SUITE_MEX_LONG + 1) * sizeof(brute_value_t) <= BRUTE_SCRATCH_BYTES,
               "the brute values fit in the brute memo's storage");

static __attribute__((noinline)) void suite_theory(uint16_t mex_max, uint8_t flags) {
    brute_value_t *const vals = brute_scratch(); /* no searches until the positions */
    suite_ref_t ref = {vals, 0, 0, 0};
    const engine_heap_t limit = engine_heap_limit(&suite_rules);
    engine_heap_t g;
    if (!suite_is_sum()) {
        CHECK(engine_heap_grundy(&suite_rules, 3, &g) == ENGINE_ERR_NOT_A_SUM,
              "engine_heap_grundy gives a value");
        if (flags & SUITE_F_BIG) suite_big(&ref);
        return;
    }
    ref.n_max = mex_max < limit ? mex_max : (uint16_t)limit;
    const bool ok = brute_grundy(&suite_game, ref.n_max, vals);
    CHECK(ok, "brute_grundy fails");
    if (!ok) return;
    for (uint16_t n = 0; n <= ref.n_max; n++) {
        uint32_t c;
        g = suite_grundy(n);
        CHECK(g == vals[n], "g(%u) is %lu, brute mex %u", n, (unsigned long)g, vals[n]);
        if (suite_closed_form(n, &c))
            CHECK(c == vals[n], "closed form g(%u) = %lu, brute mex %u", n, (unsigned long)c,
                  vals[n]);
    }
    if (limit < SUITE_HEAP_MAX)
        CHECK(engine_heap_grundy(&suite_rules, limit + 1, &g) == ENGINE_ERR_HEAP_LIMIT,
              "engine_heap_grundy(limit + 1) is not refused");
    for (uint8_t i = 0; i < sizeof suite_big32 / sizeof suite_big32[0]; i++) {
        const uint32_t n = pgm_read_dword(&suite_big32[i]);
        uint32_t c;
        if (n <= limit && suite_closed_form(n, &c))
            CHECK(suite_grundy(n) == c, "g(%lu) = %lu, closed form %lu", (unsigned long)n,
                  (unsigned long)suite_grundy(n), (unsigned long)c);
    }
    /* a period is needed past the limit only (the device profile's run-time sets stop at 255) */
    if ((flags & SUITE_F_PERIODIC) && limit > ref.n_max) {
        const bool proven = suite_period(&ref);
        CHECK(proven, "no period proven within %u values", ref.n_max);
        if (!proven) return;
        suite_extend(&ref);
    }
    if (flags & SUITE_F_BIG) suite_big(&ref);
}

/* All checks of one game. */
#endif

#if SUITE_PART1 || SUITE_PART6
static void suite_one_game(uint16_t mex_max, uint8_t flags) {
    if (!suite_parse_both()) return;
#if SUITE_PART1
    suite_theory(mex_max, flags);
#else
    (void)mex_max;
    (void)flags;
#endif
#if SUITE_PART6
    suite_positions();
#endif
    CHECK(!brute_overflow, "a position outgrew the brute-force solver");
    brute_overflow = false;
}

static void suite_games(void) {
    for (uint8_t i = 0; i < sizeof suite_specs / sizeof suite_specs[0]; i++) {
        suite_set_name_P(suite_specs[i].name);
        suite_one_game(pgm_read_word(&suite_specs[i].mex_max),
                       pgm_read_byte(&suite_specs[i].flags));
    }
    /* random octal codes of 1 to 5 digits, the last one nonzero */
    uint32_t seed = 20240601ul;
    for (uint8_t i = 0; i < SUITE_RANDOM_CODES; i++) {
        suite_copy_P(suite_name, CHECK_STR("octal:0."));
        seed = seed * 1103515245ul + 12345ul;
        const uint8_t len = (uint8_t)(1 + (seed >> 16) % 5);
        for (uint8_t k = 0; k < len; k++) {
            seed = seed * 1103515245ul + 12345ul;
            uint8_t d = (uint8_t)((seed >> 16) % 8);
            if (k == len - 1 && d == 0) d = (uint8_t)(1 + (seed >> 20) % 7);
            suite_name[8 + k] = (char)('0' + d);
        }
        suite_name[8 + len] = 0;
        suite_pos = 0;
        suite_one_game(SUITE_MEX_OCTAL, 0);
    }
}
#endif

/* ------------------------------------------------------------------------------------------ */
#if SUITE_PART4
/* Wythoff: floor(k * phi) exactly with integers only, then positions small and huge. The
 * exact arithmetic uses numbers of 80 bits as little-endian bytes: slow, small, and the same
 * on both machines (no 64-bit code on the AVR, whose flash could not hold it). */

#define SUITE_BN_BYTES 10

typedef struct {
    uint8_t d[SUITE_BN_BYTES];
} suite_bn_t;

static void suite_bn_set(suite_bn_t *x, uint32_t v) {
    memset(x, 0, sizeof *x);
    for (uint8_t i = 0; i < 4; i++, v >>= 8)
        x->d[i] = (uint8_t)v;
}

/* x < 2^32: its value into *v. */
static bool suite_bn_u32(const suite_bn_t *x, uint32_t *v) {
    for (uint8_t i = 4; i < SUITE_BN_BYTES; i++)
        if (x->d[i]) return false;
    *v = x->d[0] | (uint32_t)x->d[1] << 8 | (uint32_t)x->d[2] << 16 | (uint32_t)x->d[3] << 24;
    return true;
}

/* r = a + b; r may be a or b. */
static void suite_bn_add(suite_bn_t *r, const suite_bn_t *a, const suite_bn_t *b) {
    uint16_t c = 0;
    for (uint8_t i = 0; i < SUITE_BN_BYTES; i++) {
        c = (uint16_t)(c + a->d[i] + b->d[i]);
        r->d[i] = (uint8_t)c;
        c >>= 8;
    }
}

/* r = a - b; false (r meaningless) when b > a. */
static bool suite_bn_sub(suite_bn_t *r, const suite_bn_t *a, const suite_bn_t *b) {
    uint8_t borrow = 0;
    for (uint8_t i = 0; i < SUITE_BN_BYTES; i++) {
        const uint16_t v = (uint16_t)(a->d[i] - b->d[i] - borrow);
        r->d[i] = (uint8_t)v;
        borrow = (uint8_t)((v >> 8) & 1);
    }
    return !borrow;
}

/* r = a * b (the products here stay below 2^76). */
static void suite_bn_mul(suite_bn_t *r, const suite_bn_t *a, const suite_bn_t *b) {
    suite_bn_t t;
    memset(&t, 0, sizeof t);
    for (uint8_t i = 0; i < SUITE_BN_BYTES; i++) {
        uint16_t c = 0;
        for (uint8_t j = 0; i + j < SUITE_BN_BYTES; j++) {
            c = (uint16_t)(c + t.d[i + j] + (uint16_t)a->d[i] * b->d[j]);
            t.d[i + j] = (uint8_t)c;
            c >>= 8;
        }
    }
    *r = t;
}

static int8_t suite_bn_cmp(const suite_bn_t *a, const suite_bn_t *b) {
    for (uint8_t i = SUITE_BN_BYTES; i-- > 0;)
        if (a->d[i] != b->d[i]) return a->d[i] < b->d[i] ? -1 : 1;
    return 0;
}

/* k * phi > a, for k >= 1 (never equal: k * phi is irrational), as k * sqrt(5) > 2a - k. */
static bool suite_kphi_above(const suite_bn_t *k, const suite_bn_t *a) {
    suite_bn_t u, five_k;
    suite_bn_add(&u, a, a);
    if (!suite_bn_sub(&u, &u, k)) return true; /* 2a - k < 0 */
    suite_bn_mul(&u, &u, &u);
    suite_bn_add(&five_k, k, k);
    suite_bn_add(&five_k, &five_k, &five_k);
    suite_bn_add(&five_k, &five_k, k);
    suite_bn_mul(&five_k, &five_k, k);
    return suite_bn_cmp(&u, &five_k) < 0;
}

/* floor(k * phi) for k < 2^32 into *a; false when it is 2^32 or more. Bisection between k and
 * 2k on the exact comparison above. */
static bool suite_phi_floor(uint32_t k, uint32_t *a) {
    suite_bn_t kb, lo, hi, mid, one;
    suite_bn_set(&kb, k);
    suite_bn_set(&one, 1);
    lo = kb;                     /* k * phi > lo */
    suite_bn_add(&hi, &kb, &kb); /* k * phi < hi, or k = 0 */
    for (;;) {
        if (!suite_bn_sub(&mid, &hi, &lo) || suite_bn_cmp(&mid, &one) <= 0) break;
        suite_bn_add(&mid, &lo, &hi);
        for (uint8_t i = 0; i < SUITE_BN_BYTES; i++) /* halve */
            mid.d[i] = (uint8_t)(mid.d[i] >> 1 | (i + 1 < SUITE_BN_BYTES ? mid.d[i + 1] << 7 : 0));
        if (suite_kphi_above(&kb, &mid))
            lo = mid;
        else
            hi = mid;
    }
    return suite_bn_u32(&lo, a);
}

/* Whether k * phi > n, for 32-bit k >= 1 and n. */
static bool suite_kphi_above32(uint32_t k, uint32_t n) {
    suite_bn_t kb, nb;
    suite_bn_set(&kb, k);
    suite_bn_set(&nb, n);
    return suite_kphi_above(&kb, &nb);
}

/* The other coordinate of the cold position holding n into *partner; false when it is 2^32
 * or more. Every n >= 1 is exactly one of a_k = floor(k phi) or b_k = a_k + k (Beatty). */
static bool suite_partner(uint32_t n, uint32_t *partner) {
    uint32_t lo = 1, hi = n, a;
    *partner = 0;
    if (n == 0) return true;
    while (lo < hi) { /* smallest k with k * phi > n, that is a_k >= n */
        const uint32_t mid = lo + (hi - lo) / 2;
        if (suite_kphi_above32(mid, n))
            hi = mid;
        else
            lo = mid + 1;
    }
    if (suite_phi_floor(lo, &a) && a == n) {
        *partner = n + lo;
        return *partner > n;
    }
    lo = 1;
    hi = n;
    while (lo < hi) { /* smallest k with b_k >= n: k >= n or k * phi > n - k */
        const uint32_t mid = lo + (hi - lo) / 2;
        if (mid >= n || suite_kphi_above32(mid, n - mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    const bool ok = suite_phi_floor(lo, &a) && a + lo == n;
    CHECK(ok, "%lu is neither a_k nor b_k", (unsigned long)n);
    *partner = a;
    return ok;
}

/* (x, y) is cold when the smaller is floor(d * phi), d the difference. */
static bool suite_cold(uint32_t x, uint32_t y) {
    uint32_t f;
    const uint32_t low = x < y ? x : y;
    return suite_phi_floor(x < y ? y - x : x - y, &f) && f == low;
}

/* A Wythoff position with huge heaps against the exact reference. */
static void suite_wythoff_big(engine_heap_t x, engine_heap_t y) {
    engine_position_t *const p = &suite_tuple;
    engine_iter_t it;
    engine_move_t m;
    uint32_t count = 0, hash = 0, engine_hash = 0, n = 0, to;
    memset(p, 0, sizeof *p);
    p->count = 2;
    p->heap[0] = x;
    p->heap[1] = y;
    suite_pos = p;
    const bool cold = suite_cold(x, y);
    CHECK(engine_is_win(&suite_rules, p) == !cold, "engine_is_win wrong");
    if (!cold) { /* at most one move per heap and one diagonal reach a cold position */
        const uint32_t low = x < y ? x : y;
        if (suite_partner(y, &to) && to < x) {
            count++;
            hash += suite_move_hash(0, x - to, to, 0);
        }
        if (suite_partner(x, &to) && to < y) {
            count++;
            hash += suite_move_hash(1, y - to, to, 0);
        }
        if (suite_phi_floor(x < y ? y - x : x - y, &to) && to < low) {
            count++;
            hash += suite_move_hash(ENGINE_HEAP_BOTH, low - to, 0, 0);
        }
    }
    memset(&it, 0, sizeof it);
    while (engine_next_winning_move(&suite_rules, p, &it, &m)) {
        if (n++ > count) {
            CHECK(0, "more than %lu winning moves", (unsigned long)count);
            break;
        }
        CHECK(engine_check_move(&suite_rules, p, &m) == ENGINE_OK, "winning move illegal");
        engine_hash += suite_move_hash(m.heap, m.take, m.left,
                                       m.heap < 2 ? p->heap[m.heap] - m.take - m.left : 0);
        suite_after = *p;
        if (engine_apply_move(&suite_rules, &suite_after, &m) == ENGINE_OK)
            CHECK(suite_cold(suite_after.heap[0], suite_after.heap[1]),
                  "winning move heap %u take %lu does not reach a cold position", m.heap,
                  (unsigned long)m.take);
    }
    CHECK(n == count, "%lu winning moves, reference %lu", (unsigned long)n, (unsigned long)count);
    CHECK(engine_hash == hash, "winning moves differ from the reference's");
    suite_pos = 0;
}

/* Centres of the windows near 2^32 (the device profile: 2^16): b_k crosses it near 2^32/phi^2, a_k
 * near 2^32/phi. */
#if ENGINE_DEVICE /* the helpers answer k, n <= 255 (ENGINE_WYTHOFF_MAX): windows across it */
static const uint32_t suite_wythoff_edges[2] PROGMEM = {2000ul, 4000ul};
#else
static const uint32_t suite_wythoff_edges[2] PROGMEM = {1640531527ul, 2654435769ul};
#endif

#if !SUITE_SMALL
/* floor(sqrt(v)), bit by bit (host only: the brief's reference formula). */
static uint64_t suite_isqrt(uint64_t v) {
    uint64_t r = 0, bit = (uint64_t)1 << 62;
    while (bit > v)
        bit >>= 2;
    while (bit) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return r;
}
#endif

/* engine_wythoff_lower / _partner at k, against the reference ref = floor(k phi). */
/* ENGINE_WYTHOFF_MAX in a variable: compared with 32-bit numbers without type-limits warnings. */
static const uint32_t suite_wythoff_max = ENGINE_WYTHOFF_MAX;

static void suite_wythoff_k(uint32_t k, bool big) {
    engine_heap_t a, b;
    uint32_t ref;
    const bool fits = suite_phi_floor(k, &ref) && (engine_heap_t)ref == ref && k <= suite_wythoff_max;
    const bool ok = engine_wythoff_lower((engine_heap_t)k, &a);
    CHECK(ok == fits, "engine_wythoff_lower(%lu) says %u, exact floor(k phi) fits a heap: %u",
          (unsigned long)k, ok, fits);
    if (!ok || !fits) return;
    CHECK(a == ref, "engine_wythoff_lower(%lu) = %lu, exact %lu", (unsigned long)k,
          (unsigned long)a, (unsigned long)ref);
    if (k == 0) return;
    const uint32_t bk = ref + k; /* b_k; wraps when over 32 bits */
    const bool pok = engine_wythoff_partner(ref, &b);
    CHECK(pok == (bk > ref && (engine_heap_t)bk == bk && ref <= suite_wythoff_max) && (!pok || b == bk),
          "engine_wythoff_partner(a_%lu = %lu)", (unsigned long)k, (unsigned long)ref);
    if (bk < ref || (engine_heap_t)bk != bk || bk > suite_wythoff_max) return;
    CHECK(engine_wythoff_partner(bk, &b) && b == ref, "engine_wythoff_partner(b_%lu = %lu)",
          (unsigned long)k, (unsigned long)bk);
    if (!big || bk > engine_heap_limit(&suite_rules)) return;
    suite_wythoff_big(ref, bk);
    suite_wythoff_big(bk, ref);
    suite_wythoff_big(ref + 1, bk);
    suite_wythoff_big(ref, bk - 1);
    suite_wythoff_big(ref - 7, bk - 3);
    suite_wythoff_big(bk, bk);
}

static __attribute__((noinline)) void suite_wythoff(void) {
    engine_heap_t a;
    suite_set_name_P(CHECK_STR("wythoff"));
    if (!suite_parse_both()) return;
    for (uint8_t x = 0; x <= SUITE_WYTHOFF_MAX; x++)
        for (uint8_t y = 0; y <= SUITE_WYTHOFF_MAX; y++) {
            const engine_heap_t heaps[2] = {x, y};
            suite_set(&suite_tuple, 2, heaps);
            suite_position(&suite_tuple);
        }
    CHECK(!brute_overflow, "a position outgrew the brute-force solver");
    for (uint8_t i = 0; i < sizeof suite_cold_pairs / sizeof suite_cold_pairs[0]; i++) {
        const engine_heap_t x = pgm_read_byte(&suite_cold_pairs[i][0]);
        const engine_heap_t y = pgm_read_byte(&suite_cold_pairs[i][1]);
        engine_heap_t px = 1, py = 1;
        CHECK(engine_wythoff_partner(x, &px) && px == y && engine_wythoff_partner(y, &py) &&
                  py == x,
              "partners of (%lu, %lu)", (unsigned long)x, (unsigned long)y);
    }
    for (uint32_t k = 0; k <= SUITE_WYTHOFF_K; k++) {
#if !SUITE_SMALL
        /* the brief's reference: floor(k phi) = (k + isqrt(5 k^2)) / 2 */
        const uint64_t ref = (k + suite_isqrt(5ull * k * k)) / 2;
        CHECK(k > suite_wythoff_max || (engine_wythoff_lower(k, &a) && a == ref),
              "engine_wythoff_lower(%lu) = %lu, "
              "(k + isqrt(5k^2)) / 2 = %lu",
              (unsigned long)k, (unsigned long)a, (unsigned long)ref);
#endif
        suite_wythoff_k(k, false);
    }
    /* the last cold positions below 2^32 (device profile: 2^16), worked out with 60-digit decimals */
#if ENGINE_DEVICE
    CHECK(engine_wythoff_lower(255u, &a) && a == 412u, "a_255 = 412");
    CHECK(!engine_wythoff_lower(256u, &a), "a_256 is past the device's 255");
    CHECK(engine_wythoff_partner(255u, &a) && a == 413u, "b_158 = 413");
    CHECK(engine_wythoff_partner(253u, &a) && a == 156u, "a_97 = 156");
    CHECK(!engine_wythoff_partner(256u, &a), "256 is past the device's 255");
#else
    CHECK(engine_wythoff_lower(2654435769ul, &a) && a == 4294967295ul, "a_2654435769 = 2^32-1");
    CHECK(!engine_wythoff_lower(2654435770ul, &a), "a_2654435770 = 2^32 overflows");
    CHECK(engine_wythoff_lower(1640531526ul, &a) && a == 2654435768ul, "a_1640531526");
    CHECK(engine_wythoff_partner(2654435768ul, &a) && a == 4294967294ul, "b_1640531526");
    CHECK(!engine_wythoff_partner(2654435770ul, &a), "b_1640531527 = 2^32 + 1 overflows");
#endif
    for (uint8_t e = 0; e < 2; e++) {
        const uint32_t centre = pgm_read_dword(&suite_wythoff_edges[e]);
        for (uint32_t k = centre - SUITE_WYTHOFF_WINDOW; k <= centre + SUITE_WYTHOFF_WINDOW; k++) {
            suite_wythoff_k(k, k % (2 * SUITE_WYTHOFF_WINDOW / SUITE_WYTHOFF_BIG + 1) == 0);
#if !SUITE_SMALL && defined(__SIZEOF_INT128__)
            /* the brief's formula in 128 bits */
            const unsigned __int128 v = (unsigned __int128)5 * k * k;
            unsigned __int128 r = (unsigned __int128)suite_isqrt((uint64_t)(v >> 2)) * 2;
            while ((r + 1) * (r + 1) <= v)
                r++;
            while (r * r > v)
                r--;
            const uint64_t ref = (uint64_t)((k + r) / 2);
            const bool ok = engine_wythoff_lower(k, &a);
            CHECK(ok == (ref <= SUITE_HEAP_MAX && k <= suite_wythoff_max) && (!ok || a == ref),
                  "engine_wythoff_lower(%lu), 128-bit reference %llu", (unsigned long)k,
                  (unsigned long long)ref);
#endif
        }
    }
    const engine_heap_t top = engine_heap_limit(&suite_rules); /* the device: 255 */
    suite_wythoff_big(top, top);
    suite_wythoff_big(top, top - 15);
    suite_wythoff_big(0, top);
    suite_wythoff_big(ENGINE_DEVICE ? 123u : 1234567ul, top - 1);
}
#endif

/* ------------------------------------------------------------------------------------------ */
#if SUITE_PART3
/* Classic cases. */

/* Brute-force checks of a classic position when its game tree is small enough. */
static void suite_classic_brute(const engine_position_t *p) {
    uint32_t tokens = 0;
    for (uint8_t i = 0; i < p->count; i++)
        tokens += p->heap[i];
    if (tokens <= SUITE_BRUTE_TOKENS) suite_position(p);
}

/* engine_is_win of a small position, checked against the expectation and against brute. */
static void suite_classic_win(uint8_t count, engine_heap_t h0, engine_heap_t h1, engine_heap_t h2,
                              bool win) {
    const engine_heap_t heaps[3] = {h0, h1, h2};
    engine_position_t *const p = &suite_tuple;
    suite_set(p, count, heaps);
    suite_pos = p;
    CHECK(engine_is_win(&suite_rules, p) == win, "expected %s", win ? "a win" : "a loss");
    suite_classic_brute(p);
    suite_pos = 0;
}

/* The winning moves of Nim (a, b, c): how many, and whether the given one is among them. */
static void suite_classic_moves(engine_heap_t a, engine_heap_t b, engine_heap_t c,
                                uint16_t expect_count, uint8_t heap, engine_heap_t take,
                                engine_heap_t left) {
    engine_position_t *const p = &suite_tuple;
    engine_iter_t it;
    engine_move_t m;
    uint16_t n = 0;
    bool found = heap == 0xFF;
    const engine_heap_t heaps[3] = {a, b, c};
    suite_set(p, 3, heaps);
    suite_pos = p;
    memset(&it, 0, sizeof it);
    while (engine_next_winning_move(&suite_rules, p, &it, &m) && n < 100) {
        n++;
        found |= m.heap == heap && m.take == take && m.left == left;
    }
    CHECK(n == expect_count, "%u winning moves, expected %u", n, expect_count);
    CHECK(found, "winning move heap %u take %lu left %lu not found", heap, (unsigned long)take,
          (unsigned long)left);
    suite_classic_brute(p); /* everything else against brute */
    suite_pos = 0;
}

static __attribute__((noinline)) void suite_classics(void) {
    if (suite_use_P(CHECK_STR("nim"))) {
        suite_classic_moves(14, 21, 39, 1, 2, 12, 27);   /* the only move: 39 -> 27 */
        suite_classic_moves(55, 81, 121, 3, 2, 19, 102); /* nim-sum 31: 121 -> 102, also 55, 81 */
        suite_classic_moves(29, 45, 58, 3, 0xFF, 0, 0);  /* nim-sum 10: every heap has a move */
        suite_classic_moves(5, 7, 9, 1, 2, 7, 2);        /* 9 -> 2 only */
    }
    if (suite_use_P(CHECK_STR("bash:2"))) suite_classic_win(1, 23, 0, 0, true);
    if (suite_use_P(CHECK_STR("bash:3"))) suite_classic_win(1, 4, 0, 0, false);
    if (suite_use_P(CHECK_STR("misere"))) {
        suite_classic_win(3, 3, 5, 1, true);
        suite_classic_win(1, 1, 0, 0, false);
        suite_classic_win(2, 1, 1, 0, true);
        suite_classic_win(2, 2, 2, 0, false);
        suite_classic_win(3, 1, 1, 1, false);
        suite_classic_win(1, 0, 0, 0, true); /* the opponent took the last token */
    }
    if (suite_use_P(CHECK_STR("fib"))) {
        suite_classic_win(3, 1, 1, 1, true);
        suite_classic_win(3, 1, 4, 1, false);
    }
    if (suite_use_P(CHECK_STR("wythoff"))) {
        for (uint8_t i = 1; i < sizeof suite_cold_pairs / sizeof suite_cold_pairs[0]; i++) {
            suite_classic_win(2, pgm_read_byte(&suite_cold_pairs[i][0]),
                              pgm_read_byte(&suite_cold_pairs[i][1]), 0, false);
            suite_classic_win(2, pgm_read_byte(&suite_cold_pairs[i][1]),
                              pgm_read_byte(&suite_cold_pairs[i][0]), 0, false);
        }
        suite_classic_win(2, 2, 2, 0, true);
    }
    if (suite_use_P(CHECK_STR("kayles"))) {
        suite_classic_win(1, 3, 0, 0, true);
        suite_classic_win(2, 1, 1, 0, false);
    }
}
#endif

/* ------------------------------------------------------------------------------------------ */
#if SUITE_PART2
/* Rules parsing. */

typedef struct {
    char text[20];
    uint8_t status;
} suite_parse_case_t;

static const suite_parse_case_t suite_parse_cases[] PROGMEM = {
    {"chess", ENGINE_ERR_UNKNOWN_GAME},
    {"", ENGINE_ERR_UNKNOWN_GAME},
    {"ni", ENGINE_ERR_UNKNOWN_GAME},
    {"nimm", ENGINE_ERR_UNKNOWN_GAME},
    {"kayle", ENGINE_ERR_UNKNOWN_GAME},
    {":3", ENGINE_ERR_UNKNOWN_GAME},
    {"subtract:1", ENGINE_ERR_UNKNOWN_GAME},
    {"nim:1", ENGINE_ERR_BAD_PARAMETER},
    {"kayles:", ENGINE_ERR_BAD_PARAMETER},
    {"wythoff:2", ENGINE_ERR_BAD_PARAMETER},
    {"bash", ENGINE_ERR_BAD_PARAMETER},
    {"bash:", ENGINE_ERR_BAD_PARAMETER},
    {"bash:0", ENGINE_ERR_BAD_PARAMETER},
    {"bash:65536", ENGINE_ERR_BAD_PARAMETER},
    {"bash:99999999999", ENGINE_ERR_BAD_PARAMETER},
    {"bash:3x", ENGINE_ERR_BAD_PARAMETER},
    {"bash:-3", ENGINE_ERR_BAD_PARAMETER},
    {"bash: 3", ENGINE_ERR_BAD_PARAMETER},
    {"bash:3,4", ENGINE_ERR_BAD_PARAMETER},
    {"sub", ENGINE_ERR_BAD_PARAMETER},
    {"sub:", ENGINE_ERR_BAD_PARAMETER},
    {"sub:0", ENGINE_ERR_BAD_PARAMETER},
    {"sub:256", ENGINE_ERR_BAD_PARAMETER},
    {"sub:1,,2", ENGINE_ERR_BAD_PARAMETER},
    {"sub:1,", ENGINE_ERR_BAD_PARAMETER},
    {"sub:,1", ENGINE_ERR_BAD_PARAMETER},
    {"sub:1;2", ENGINE_ERR_BAD_PARAMETER},
    {"sub:1,0", ENGINE_ERR_BAD_PARAMETER},
    {"octal", ENGINE_ERR_BAD_PARAMETER},
    {"octal:", ENGINE_ERR_BAD_PARAMETER},
    {"octal:0", ENGINE_ERR_BAD_PARAMETER},
    {"octal:0.", ENGINE_ERR_BAD_PARAMETER},
    {"octal:0.8", ENGINE_ERR_BAD_PARAMETER},
    {"octal:0.78", ENGINE_ERR_BAD_PARAMETER},
    {"octal:1.07", ENGINE_ERR_BAD_PARAMETER},
    {"octal:00.7", ENGINE_ERR_BAD_PARAMETER},
    {"octal:07", ENGINE_ERR_BAD_PARAMETER},
    {"octal:0.07x", ENGINE_ERR_BAD_PARAMETER},
    {"octal:0,7", ENGINE_ERR_BAD_PARAMETER},
    {"line", ENGINE_ERR_BAD_PARAMETER},
    {"line:", ENGINE_ERR_BAD_PARAMETER},
    {"line:0", ENGINE_ERR_BAD_PARAMETER},
    {"line:256", ENGINE_ERR_BAD_PARAMETER},
    {"line:1,,2", ENGINE_ERR_BAD_PARAMETER},
    {"misere:", ENGINE_ERR_BAD_PARAMETER},
    {"misere:wythoff", ENGINE_ERR_BAD_PARAMETER},
    {"misere:misere", ENGINE_ERR_BAD_PARAMETER},
    {"misere:misere:nim", ENGINE_ERR_BAD_PARAMETER},
    {"misere:nim:1", ENGINE_ERR_BAD_PARAMETER},
    {"misere:bash", ENGINE_ERR_BAD_PARAMETER},
    {"misere:bash:0", ENGINE_ERR_BAD_PARAMETER},
    {"misere:kayles:", ENGINE_ERR_BAD_PARAMETER},
    {"misere:chess", ENGINE_ERR_UNKNOWN_GAME},
    {"misere::kayles", ENGINE_ERR_UNKNOWN_GAME},
    {"miser:nim", ENGINE_ERR_UNKNOWN_GAME},
    {"misere;kayles", ENGINE_ERR_UNKNOWN_GAME},
};

/* Names the engine accepts, and the game the brute-force solver knows them as. */
static const char suite_alias[][2][14] PROGMEM = {
    {"octal:0.77", "kayles"},     {"octal:0.07", "dawson"},     {"octal:.07", "dawson"},
    {"line:2", "dawson"},         {"line:1,2", "kayles"},       {"octal:0.770", "kayles"},
    {"sub:5,1,5,3", "sub:1,3,5"}, {"sub:4,3,1,1", "sub:1,3,4"}, {"bash:065535", "bash:65535"},
    {"sub:255", "sub:255"},       {"line:15", "line:15"},       {"octal:0.0", "octal:0.0"},
};

/* The engine's values of r (n <= 60 and within its limit) equal brute's for game `name_P`. */
static void suite_same_values(const engine_rules_t *r, const char *name_P) {
    brute_value_t vals[61];
    brute_game_t *g = &suite_game;
    suite_set_name_P(name_P);
    CHECK(brute_parse(g, suite_name) && brute_grundy(g, 60, vals), "brute refuses");
    for (uint8_t n = 0; n <= 60; n++) {
        engine_heap_t v = 0;
        CHECK(engine_heap_grundy(r, n, &v) == ENGINE_OK && v == vals[n], "g(%u) = %lu, brute %u", n,
              (unsigned long)v, vals[n]);
    }
}

static __attribute__((noinline)) void suite_parsing(void) {
    engine_rules_t r;
    char text[256];
    suite_set_name_P(CHECK_STR("parsing"));
    for (uint8_t i = 0; i < sizeof suite_parse_cases / sizeof suite_parse_cases[0]; i++) {
        const engine_status_t s = suite_parse_P(&r, suite_parse_cases[i].text);
        uint8_t want = pgm_read_byte(&suite_parse_cases[i].status);
        if (suite_elsewhere_P(suite_parse_cases[i].text)) want = ENGINE_ERR_ELSEWHERE;
        CHECK(s == want, "engine_rules_parse(\"%s\") = %u, expected %u", suite_parse_cases[i].text,
              (unsigned)s, want);
    }
    for (uint8_t i = 0; i < sizeof suite_specs / sizeof suite_specs[0]; i++)
        CHECK(suite_parse_P(&r, suite_specs[i].name) ==
                  (suite_elsewhere_P(suite_specs[i].name) ? ENGINE_ERR_ELSEWHERE : ENGINE_OK),
              "\"%s\" refused", suite_specs[i].name);
    for (uint8_t i = 0; i < sizeof suite_alias / sizeof suite_alias[0]; i++) {
        if (suite_elsewhere_P(suite_alias[i][0])) continue;
        const engine_status_t s = suite_parse_P(&r, suite_alias[i][0]);
        CHECK(s == ENGINE_OK, "\"%s\" refused: %u", suite_alias[i][0], (unsigned)s);
        if (s == ENGINE_OK) suite_same_values(&r, suite_alias[i][1]);
    }
    suite_set_name_P(CHECK_STR("parsing"));
    /* exact fields of a few */
    CHECK(suite_parse_P(&r, CHECK_STR("sub:5,1,5,3,1")) == ENGINE_OK && r.game == ENGINE_GAME_SUB &&
              r.size == 3 && r.u.set[0] == 1 && r.u.set[1] == 3 && r.u.set[2] == 5,
          "sub:5,1,5,3,1 is not {1, 3, 5}");
    CHECK(suite_parse_P(&r, CHECK_STR("bash:65535")) == ENGINE_OK && r.bash_max == 65535,
          "bash:65535");
    CHECK(suite_parse_P(&r, CHECK_STR("kayles")) == ENGINE_OK && engine_octal_digit(&r, 0) == 0 &&
              engine_octal_digit(&r, 1) == 7 && engine_octal_digit(&r, 2) == 7 &&
              engine_octal_digit(&r, 3) == 0 && engine_octal_digit(&r, 300) == 0,
          "kayles digits");
    CHECK(suite_parse_P(&r, CHECK_STR("dawson")) == ENGINE_OK && engine_octal_digit(&r, 1) == 0 &&
              engine_octal_digit(&r, 2) == 7,
          "dawson digits");
    CHECK(suite_parse_P(&r, CHECK_STR("nim")) == ENGINE_OK && r.misere == 0, "nim is misere");
    CHECK(suite_parse_P(&r, CHECK_STR("misere")) == ENGINE_OK && r.game == ENGINE_GAME_MISERE &&
              r.misere == 1,
          "misere is not misere Nim");
    CHECK(suite_parse_P(&r, CHECK_STR("misere:nim")) == ENGINE_OK && r.game == ENGINE_GAME_MISERE &&
              r.misere == 1,
          "misere:nim is not misere Nim");
    CHECK(suite_parse_P(&r, CHECK_STR("misere:kayles")) == ENGINE_OK &&
              r.game == ENGINE_GAME_KAYLES && r.misere == 1 && engine_octal_digit(&r, 1) == 7 &&
              engine_octal_digit(&r, 2) == 7 && engine_octal_digit(&r, 3) == 0,
          "misere:kayles");
    CHECK(suite_parse_P(&r, CHECK_STR("misere:sub:5,1,3")) == ENGINE_OK &&
              r.game == ENGINE_GAME_SUB && r.misere == 1 && r.size == 3 && r.u.set[0] == 1 &&
              r.u.set[2] == 5,
          "misere:sub:5,1,3");
    CHECK(suite_parse_P(&r, CHECK_STR("misere:bash:3")) == ENGINE_OK &&
              r.game == ENGINE_GAME_BASH && r.misere == 1 && r.bash_max == 3,
          "misere:bash:3");
    CHECK(suite_parse_P(&r, CHECK_STR("misere:line:2,3")) == ENGINE_OK &&
              r.game == ENGINE_GAME_LINE && r.misere == 1 && engine_octal_digit(&r, 1) == 0 &&
              engine_octal_digit(&r, 3) == 7,
          "misere:line:2,3");
    if (ENGINE_HAS(ENGINE_GAME_OCTAL)) {
        /* engine_rules_misere: a fresh serial (the work buffer may hold the normal game's values),
         * nim becomes misere Nim, wythoff has no misere variant */
        uint32_t serial = 0;
        const bool ok = suite_parse_P(&r, CHECK_STR("octal:0.6")) == ENGINE_OK;
        serial = r.serial;
        CHECK(ok && engine_rules_misere(&r) == ENGINE_OK && r.misere == 1 &&
                  r.game == ENGINE_GAME_OCTAL && r.serial != serial,
              "engine_rules_misere(octal:0.6)");
        CHECK(engine_rules_init(&r, ENGINE_GAME_NIM) == ENGINE_OK &&
                  engine_rules_misere(&r) == ENGINE_OK && r.game == ENGINE_GAME_MISERE &&
                  r.misere == 1,
              "engine_rules_misere(nim)");
        CHECK(engine_rules_init(&r, ENGINE_GAME_WYTHOFF) == ENGINE_OK &&
                  engine_rules_misere(&r) == ENGINE_ERR_BAD_PARAMETER,
              "engine_rules_misere(wythoff) is accepted");
    }
    CHECK(!ENGINE_HAS(ENGINE_GAME_OCTAL) || (suite_parse_P(&r, CHECK_STR("octal:0.1234567")) == ENGINE_OK &&
              engine_octal_digit(&r, 1) == 1 && engine_octal_digit(&r, 4) == 4 &&
              engine_octal_digit(&r, 7) == 7 && engine_octal_digit(&r, 8) == 0),
          "octal:0.1234567 digits");
    /* 32 distinct values fit, 33 do not, duplicates collapse */
    char *end = text + suite_copy_P(text, CHECK_STR("sub:1"));
    for (uint8_t v = 2; v <= 33; v++) {
        *end++ = ',';
        if (v >= 10) *end++ = (char)('0' + v / 10);
        *end++ = (char)('0' + v % 10);
    }
    CHECK(engine_rules_parse(&r, text, (uint8_t)(end - text)) == ENGINE_ERR_BAD_PARAMETER,
          "33 distinct values accepted");
    CHECK(engine_rules_parse(&r, text, (uint8_t)(end - text - 3)) == ENGINE_OK && r.size == 32,
          "32 distinct values refused");
    end = text + suite_copy_P(text, CHECK_STR("sub:9"));
    for (uint8_t i = 0; i < 60; i++)
        end += suite_copy_P(end, CHECK_STR(",9,4"));
    CHECK(engine_rules_parse(&r, text, (uint8_t)(end - text)) == ENGINE_OK && r.size == 2 &&
              r.u.set[0] == 4 && r.u.set[1] == 9,
          "duplicates do not collapse");
    /* the longest code a uint8_t length can carry: "octal:0." and 247 digits */
    suite_copy_P(text, CHECK_STR("octal:0."));
    if (ENGINE_HAS(ENGINE_GAME_OCTAL)) {
    for (uint8_t i = 0; i < 247; i++)
        text[8 + i] = (char)('0' + (i * 5 + 3) % 8);
    text[255] = 0;
    CHECK(engine_rules_parse(&r, text, 255) == ENGINE_OK && r.size == 247 &&
              engine_octal_digit(&r, 247) == (246 * 5 + 3) % 8 &&
              engine_octal_digit(&r, 100) == (99 * 5 + 3) % 8,
          "247-digit code");
    text[254] = '9';
    CHECK(engine_rules_parse(&r, text, 255) == ENGINE_ERR_BAD_PARAMETER, "bad 247th digit");
    }
    /* the other constructors */
    CHECK(engine_rules_init(&r, ENGINE_GAME_BASH) == ENGINE_ERR_UNKNOWN_GAME, "init(bash)");
    CHECK(engine_rules_init(&r, ENGINE_GAME_SUB) == ENGINE_ERR_UNKNOWN_GAME, "init(sub)");
    CHECK(engine_rules_init(&r, ENGINE_GAME_COUNT) == ENGINE_ERR_UNKNOWN_GAME, "init(count)");
    CHECK(engine_rules_init(&r, ENGINE_GAME_KAYLES) == ENGINE_OK && r.game == ENGINE_GAME_KAYLES,
          "init(kayles)");
    CHECK(engine_rules_bash(&r, 0) == ENGINE_ERR_BAD_PARAMETER, "bash(0)");
    CHECK(engine_rules_bash(&r, 65535) == ENGINE_OK && r.bash_max == 65535, "bash(65535)");
    {
        uint8_t v[40];
        for (uint8_t i = 0; i < 40; i++)
            v[i] = (uint8_t)(i + 1);
        CHECK(engine_rules_set(&r, ENGINE_GAME_SUB, v, 0) == ENGINE_ERR_BAD_PARAMETER, "set 0");
        CHECK(engine_rules_set(&r, ENGINE_GAME_SUB, v, 33) == ENGINE_ERR_BAD_PARAMETER, "set 33");
        CHECK(engine_rules_set(&r, ENGINE_GAME_SUB, v, 32) == ENGINE_OK, "set 32");
        CHECK(engine_rules_set(&r, ENGINE_GAME_NIM, v, 3) == ENGINE_ERR_UNKNOWN_GAME, "set nim");
        CHECK(engine_rules_set(&r, ENGINE_GAME_LINE, v, 40) == ENGINE_OK && r.size == 40,
              "line 1..40");
        v[1] = 0;
        CHECK(engine_rules_set(&r, ENGINE_GAME_SUB, v, 3) == ENGINE_ERR_BAD_PARAMETER, "set 0 in");
        v[0] = 4;
        v[1] = 1;
        v[2] = 4;
        v[3] = 3;
        CHECK(engine_rules_set(&r, ENGINE_GAME_SUB, v, 4) == ENGINE_OK, "set 4,1,4,3");
        suite_same_values(&r, CHECK_STR("sub:1,3,4"));
    }
    suite_set_name_P(CHECK_STR("parsing"));
    for (uint8_t s = 0; s < ENGINE_STATUS_COUNT; s++)
        CHECK(engine_status_text((engine_status_t)s) != 0, "no text for status %u", s);
}
#endif

/* ------------------------------------------------------------------------------------------ */
#if SUITE_PART2
/* Move and position validation, as a table: a position, a move, the status expected. */

static const char suite_vgames[][16] PROGMEM = {
    "nim",     "bash:3", "sub:1,3,4",     "sub:1,200",     "fib",
    "pow2",    "kayles", "dawson",        "octal:0.4",     "octal:0.1",
    "wythoff", "misere", "misere:kayles", "misere:bash:3", "misere:sub:2,5",
};
enum {
    V_NIM,
    V_BASH3,
    V_SUB134,
    V_SUB1_200,
    V_FIB,
    V_POW2,
    V_KAYLES,
    V_DAWSON,
    V_O4,
    V_O1,
    V_WYT,
    V_MIS,
    V_MKAYLES,
    V_MBASH3,
    V_MSUB25
};

#define V_POSITION 0xFE /* suite_vcase_t.heap: check the position, not a move */
#define V_MAX 0xFFFFFFFFul

typedef struct {
    uint8_t game;  /* index into suite_vgames */
    uint8_t count; /* heaps: h0, h1, then heaps of 5 */
    uint32_t h0, h1;
    uint8_t heap; /* the move, or V_POSITION */
    uint32_t take, left;
    uint8_t want; /* engine_status_t expected */
} suite_vcase_t;

static const suite_vcase_t suite_vcases[] PROGMEM = {
    {V_NIM, 3, 3, 4, 3, 1, 0, ENGINE_ERR_NO_SUCH_HEAP},
    {V_NIM, 3, 3, 4, 200, 1, 0, ENGINE_ERR_NO_SUCH_HEAP},
    {V_NIM, 3, 3, 4, ENGINE_HEAP_BOTH, 1, 0, ENGINE_ERR_NO_SUCH_HEAP},
    {V_NIM, 3, 3, 4, 0, 0, 3, ENGINE_ERR_EMPTY_MOVE},
    {V_NIM, 3, 3, 4, 2, 6, 0, ENGINE_ERR_TOO_MANY},
    {V_NIM, 3, 3, 4, 2, V_MAX, 0, ENGINE_ERR_TOO_MANY},
    {V_NIM, 3, 3, 4, 2, 1, 5, ENGINE_ERR_BAD_SPLIT}, /* leaves more than there is */
    {V_NIM, 3, 3, 4, 2, 1, 1, ENGINE_ERR_BAD_SPLIT}, /* Nim does not split heaps */
    {V_NIM, 3, 3, 4, 2, 5, 0, ENGINE_OK},
    {V_NIM, 3, 3, 4, 2, 2, 3, ENGINE_OK},
    /* engine.h: a move leaves "left and heap - take - left (either may be 0)": left 0 with
     * 3 on the right leaves one heap of 3, the same move as left 3 */
    {V_NIM, 3, 3, 4, 2, 2, 0, ENGINE_OK},
    {V_NIM, 0, 3, 4, V_POSITION, 0, 0, ENGINE_ERR_HEAP_COUNT},
    {V_NIM, ENGINE_MAX_HEAPS + 1, 3, 4, V_POSITION, 0, 0, ENGINE_ERR_HEAP_COUNT},
    {V_NIM, ENGINE_MAX_HEAPS, V_MAX, 0, V_POSITION, 0, 0, ENGINE_OK},
    {V_MIS, 2, 3, 4, 1, 2, 1, ENGINE_ERR_BAD_SPLIT},
    {V_MIS, 2, 3, 4, 1, 4, 0, ENGINE_OK},
    {V_BASH3, 2, 10, 7, 0, 4, 6, ENGINE_ERR_NOT_ALLOWED},
    {V_BASH3, 2, 10, 7, 0, 3, 7, ENGINE_OK},
    {V_BASH3, 2, 10, 7, 1, 8, 0, ENGINE_ERR_TOO_MANY},
    {V_BASH3, 2, 10, 7, 0, 3, 0, ENGINE_OK}, /* left 0, right 7: one heap of 7 */
    {V_SUB134, 2, 10, 7, 0, 2, 8, ENGINE_ERR_NOT_ALLOWED},
    {V_SUB134, 2, 10, 7, 0, 5, 5, ENGINE_ERR_NOT_ALLOWED},
    {V_SUB134, 2, 10, 7, 0, 4, 6, ENGINE_OK},
    {V_SUB134, 2, 10, 7, 0, 3, 3, ENGINE_ERR_BAD_SPLIT},
    {V_SUB1_200, 2, 65535, 7, 0, 199, 65535 - 199, ENGINE_ERR_NOT_ALLOWED},
    {V_SUB1_200, 2, 65535, 7, 0, 200, 65535 - 200, ENGINE_OK},
    {V_SUB1_200, 2, 65536, 7, V_POSITION, 0, 0, ENGINE_ERR_HEAP_LIMIT},
    {V_SUB1_200, 2, 65535, 7, V_POSITION, 0, 0, ENGINE_OK},
    {V_FIB, 2, 10, 7, 0, 4, 6, ENGINE_ERR_NOT_ALLOWED},
    {V_FIB, 2, 10, 7, 0, 8, 2, ENGINE_OK},
    {V_FIB, 2, 10, 4096, V_POSITION, 0, 0, ENGINE_ERR_HEAP_LIMIT},
    {V_FIB, 2, 10, 4095, V_POSITION, 0, 0, ENGINE_OK},
    {V_POW2, 2, 10, 7, 0, 3, 7, ENGINE_ERR_NOT_ALLOWED},
    {V_POW2, 2, 10, 7, 0, 8, 2, ENGINE_OK},
    {V_POW2, 2, V_MAX, 7, 0, 0x80000000ul, 0x7FFFFFFFul, ENGINE_OK},
    {V_POW2, 2, V_MAX, 7, 0, 0xC0000000ul, 0x3FFFFFFFul, ENGINE_ERR_NOT_ALLOWED},
    {V_KAYLES, 2, 10, 7, 0, 3, 2, ENGINE_ERR_NOT_ALLOWED},
    {V_KAYLES, 2, 10, 7, 0, 2, 4, ENGINE_OK},
    {V_KAYLES, 2, 10, 7, 0, 2, 0, ENGINE_OK},
    {V_KAYLES, 2, 10, 7, 0, 2, 8, ENGINE_OK},
    {V_KAYLES, 2, 10, 7, 0, 2, 9, ENGINE_ERR_BAD_SPLIT},
    {V_KAYLES, 2, 65536, 7, V_POSITION, 0, 0, ENGINE_ERR_HEAP_LIMIT},
    {V_KAYLES, 2, 65535, 7, V_POSITION, 0, 0, ENGINE_OK},
    {V_DAWSON, 2, 10, 7, 0, 1, 9, ENGINE_ERR_NOT_ALLOWED},
    {V_DAWSON, 2, 10, 7, 0, 2, 3, ENGINE_OK},
    {V_O4, 2, 10, 7, 0, 1, 9, ENGINE_ERR_BAD_SPLIT}, /* 0.4: take 1, leave exactly two heaps */
    {V_O4, 2, 10, 7, 0, 1, 0, ENGINE_ERR_BAD_SPLIT},
    {V_O4, 2, 10, 7, 0, 1, 4, ENGINE_OK},
    {V_O4, 2, 10, 7, 0, 2, 4, ENGINE_ERR_NOT_ALLOWED},
    {V_O4, 2, 1, 7, 0, 1, 0, ENGINE_ERR_BAD_SPLIT},
    {V_O1, 2, 10, 7, 0, 1, 9, ENGINE_ERR_BAD_SPLIT}, /* 0.1: take a whole heap of 1 only */
    {V_O1, 2, 1, 7, 0, 1, 0, ENGINE_OK},
    {V_O1, 2, 1, 256, V_POSITION, 0, 0, ENGINE_ERR_HEAP_LIMIT},
    {V_O1, 2, 1, 255, V_POSITION, 0, 0, ENGINE_OK},
    {V_WYT, 2, 3, 5, ENGINE_HEAP_BOTH, 4, 0, ENGINE_ERR_TOO_MANY},
    {V_WYT, 2, 3, 5, ENGINE_HEAP_BOTH, 0, 0, ENGINE_ERR_EMPTY_MOVE},
    {V_WYT, 2, 3, 5, ENGINE_HEAP_BOTH, 2, 1, ENGINE_ERR_BAD_SPLIT},
    {V_WYT, 2, 3, 5, ENGINE_HEAP_BOTH, 3, 0, ENGINE_OK},
    {V_WYT, 2, 3, 5, 2, 1, 0, ENGINE_ERR_NO_SUCH_HEAP},
    {V_WYT, 2, 3, 5, 1, 5, 0, ENGINE_OK},
    {V_WYT, 2, 3, 5, 1, 6, 0, ENGINE_ERR_TOO_MANY},
    {V_WYT, 2, 3, 5, V_POSITION, 0, 0, ENGINE_OK},
    {V_WYT, 1, 3, 5, V_POSITION, 0, 0, ENGINE_ERR_HEAP_COUNT},
    {V_WYT, 3, 3, 5, V_POSITION, 0, 0, ENGINE_ERR_HEAP_COUNT},
    {V_WYT, 2, V_MAX, V_MAX, V_POSITION, 0, 0, ENGINE_OK},
    /* misere variants: exact up to ENGINE_MISERE_TOKENS tokens; misere Nim at any size, and
     * misere Bash on one non-empty heap */
    {V_MIS, 2, V_MAX, V_MAX, V_POSITION, 0, 0, ENGINE_OK},
    {V_MIS, ENGINE_MAX_HEAPS, V_MAX, 0, V_POSITION, 0, 0, ENGINE_OK},
    {V_MKAYLES, 3, 6, 5, V_POSITION, 0, 0, ENGINE_OK},          /* 16 tokens */
    {V_MKAYLES, 3, 6, 6, V_POSITION, 0, 0, ENGINE_ERR_TOO_BIG}, /* 17 */
    {V_MKAYLES, 1, 17, 0, V_POSITION, 0, 0, ENGINE_ERR_TOO_BIG},
    {V_MKAYLES, 1, 65535, 0, V_POSITION, 0, 0, ENGINE_ERR_TOO_BIG},
    {V_MKAYLES, 1, 65536, 0, V_POSITION, 0, 0, ENGINE_ERR_HEAP_LIMIT},
    {V_MKAYLES, 4, 1, 1, V_POSITION, 0, 0, ENGINE_OK},          /* 1 + 1 + 5 + 5 */
    {V_MKAYLES, 5, 1, 0, V_POSITION, 0, 0, ENGINE_OK},          /* 1 + 5 + 5 + 5: 16 */
    {V_MKAYLES, 5, 1, 1, V_POSITION, 0, 0, ENGINE_ERR_TOO_BIG}, /* 17 */
    {V_MKAYLES, 2, 10, 7, 0, 2, 4, ENGINE_OK},                  /* moves are not limited */
    {V_MKAYLES, 2, 10, 7, 0, 3, 2, ENGINE_ERR_NOT_ALLOWED},
    {V_MBASH3, 1, V_MAX, 0, V_POSITION, 0, 0, ENGINE_OK}, /* one heap: closed form */
    {V_MBASH3, 2, 0, V_MAX, V_POSITION, 0, 0, ENGINE_OK},
    {V_MBASH3, 3, 0, 0, V_POSITION, 0, 0, ENGINE_OK},          /* 0, 0, 5 */
    {V_MBASH3, 4, 0, 9, V_POSITION, 0, 0, ENGINE_ERR_TOO_BIG}, /* 0, 9, 5, 5 */
    {V_MBASH3, 2, 9, 7, V_POSITION, 0, 0, ENGINE_OK},
    {V_MBASH3, 2, 10, 7, V_POSITION, 0, 0, ENGINE_ERR_TOO_BIG},
    {V_MBASH3, 2, V_MAX, 1, V_POSITION, 0, 0, ENGINE_ERR_TOO_BIG},
    {V_MBASH3, 2, 10, 7, 0, 4, 6, ENGINE_ERR_NOT_ALLOWED},
    {V_MSUB25, 1, 17, 0, V_POSITION, 0, 0, ENGINE_ERR_TOO_BIG}, /* the closed form is Bash's */
    {V_MSUB25, 1, 16, 0, V_POSITION, 0, 0, ENGINE_OK},
};

static __attribute__((noinline)) void suite_validation(void) {
    engine_position_t p;
    uint8_t game = 0xFF;
    bool ok = false;
    for (uint8_t i = 0; i < sizeof suite_vcases / sizeof suite_vcases[0]; i++) {
        suite_vcase_t c;
        memcpy_P(&c, &suite_vcases[i], sizeof c);
        if (c.game != game) {
            game = c.game;
            ok = suite_use_P(suite_vgames[game]);
        }
        if (!ok) continue;
        /* the device profile's limits are its own (255 for run-time sets and fib): only the cases
         * whose numbers are all within 255 hold in both profiles */
        if (ENGINE_DEVICE && (c.h0 > 255 || c.h1 > 255 || c.take > 255 || c.left > 255)) continue;
        memset(&p, 0, sizeof p);
        p.count = c.count;
        for (uint8_t h = 0; h < ENGINE_MAX_HEAPS; h++)
            p.heap[h] = h == 0 ? c.h0 : h == 1 ? c.h1 : 5;
        suite_pos = &p;
        if (c.heap == V_POSITION) {
            const engine_status_t s = engine_check_position(&suite_rules, &p);
            CHECK(s == c.want, "engine_check_position = %u, expected %u", (unsigned)s, c.want);
            continue;
        }
        engine_move_t m;
        memset(&m, 0, sizeof m);
        m.heap = c.heap;
        m.take = c.take;
        m.left = c.left;
        const engine_status_t s = engine_check_move(&suite_rules, &p, &m);
        CHECK(s == c.want, "engine_check_move(heap %u take %lu left %lu) = %u, expected %u", c.heap,
              (unsigned long)c.take, (unsigned long)c.left, (unsigned)s, c.want);
        suite_after = p;
        const engine_status_t a = engine_apply_move(&suite_rules, &suite_after, &m);
        CHECK(a == c.want, "engine_apply_move(heap %u take %lu left %lu) = %u, expected %u", c.heap,
              (unsigned long)c.take, (unsigned long)c.left, (unsigned)a, c.want);
        if (c.want != ENGINE_OK)
            CHECK(!memcmp(&suite_after, &p, sizeof p), "a refused move changed the position");
    }
    suite_pos = 0;
}
#endif

/* ------------------------------------------------------------------------------------------ */
#if SUITE_PART5
/* Misere variants, decided exactly by the engine's search: every position of up to 4 heaps and
 * ENGINE_MISERE_TOKENS tokens against the brute-force solver (the AVR: a sample of the games on
 * smaller positions), a position where Grundy values with Bouton's rule go wrong, the size
 * limit, misere Bash's closed form, and the work buffer shared with other rules. */

#if SUITE_SMALL
#define SUITE_MISERE_HEAPS 3  /* positions of up to this many heaps ... */
#define SUITE_MISERE_TOKENS 9 /* ... and tokens */
#define SUITE_MISERE_BASH 15  /* misere Bash on one heap against brute up to this */
#define SUITE_MISERE_PAIRS 6  /* two heaps of this many tokens for the shared buffer */
#else
#define SUITE_MISERE_HEAPS 4
#define SUITE_MISERE_TOKENS ENGINE_MISERE_TOKENS
#define SUITE_MISERE_BASH 255
#define SUITE_MISERE_PAIRS 14
#endif

typedef struct {
    char name[20];
    uint8_t avr; /* 1: in the AVR's sample too */
} suite_misere_t;

static const suite_misere_t suite_misere_games[] PROGMEM = {
    {"misere:bash:1", 0},      {"misere:bash:2", 0},      {"misere:bash:3", 1},
    {"misere:bash:4", 0},      {"misere:bash:5", 0},      {"misere:bash:6", 0},
    {"misere:bash:7", 0},      {"misere:sub:1,3,4", 1},   {"misere:sub:2,5", 0},
    {"misere:sub:1,2,4,8", 0}, {"misere:sub:3,5,8", 0},   {"misere:sub:2,7,8", 1},
    {"misere:fib", 0},         {"misere:pow2", 0},        {"misere:kayles", 1},
    {"misere:dawson", 1},      {"misere:octal:0.137", 1}, {"misere:octal:0.6", 0},
    {"misere:octal:0.51", 0},  {"misere:line:1,2", 0},    {"misere:line:2,3", 1},
};

/* Every position of up to SUITE_MISERE_HEAPS heaps and SUITE_MISERE_TOKENS tokens. */
static void suite_misere_positions(void) {
    engine_heap_t g;
    CHECK(suite_rules.misere == 1 && suite_game.misere == 1, "not parsed as misere");
    CHECK(engine_heap_grundy(&suite_rules, 3, &g) == ENGINE_ERR_NOT_A_SUM,
          "engine_heap_grundy gives a value");
    for (uint8_t c = 1; c <= SUITE_MISERE_HEAPS; c++)
        suite_tuples(c, SUITE_MISERE_TOKENS, SUITE_MISERE_TOKENS);
#if !SUITE_SMALL
    /* games that never split: board-bounded positions too, 4 heaps of up to 7 (up to 28 tokens) */
    if (suite_rules.game < ENGINE_GAME_KAYLES)
        for (uint8_t c = 2; c <= 4; c++) suite_tuples(c, 7, 28);
#endif
    {
        /* past 16 tokens: bounded positions are decided in games without splits only (the
         * positions in suite_tuple: the AVR's stack has no room for them) */
        engine_position_t *q = &suite_tuple;
        const bool splits = suite_rules.game >= ENGINE_GAME_KAYLES;
        suite_set(q, 4, (const engine_heap_t[]){7, 7, 7, 7});
        CHECK(engine_check_position(&suite_rules, q) == (splits ? ENGINE_ERR_TOO_BIG : ENGINE_OK),
              "4 heaps of 7");
        suite_set(q, 5, (const engine_heap_t[]){4, 4, 4, 4, 4});
        CHECK(engine_check_position(&suite_rules, q) == ENGINE_ERR_TOO_BIG, "5 heaps of 4");
        suite_set(q, 3, (const engine_heap_t[]){8, 8, 1});
        CHECK(engine_check_position(&suite_rules, q) == ENGINE_ERR_TOO_BIG, "heaps of 8");
    }
    CHECK(!brute_overflow, "a position outgrew the brute-force solver");
    brute_overflow = false;
}

/* Misere Kayles (1, 5): g(1) = 1 and g(5) = 4, so Bouton's misere rule on Grundy values (a
 * value of 2 or more, nonzero nim-sum) calls it a win; exactly, it is lost. Past 16 tokens the
 * engine gives no answer, but still a legal move. */
static void suite_misere_kayles(void) {
    engine_position_t *const p = &suite_tuple;
    engine_iter_t it;
    engine_move_t m;
    if (!suite_use_P(CHECK_STR("misere:kayles"))) return;
    memset(p, 0, sizeof *p);
    p->count = 2;
    p->heap[0] = 1;
    p->heap[1] = 5;
    suite_pos = p;
    CHECK(!engine_is_win(&suite_rules, p), "misere Kayles (1, 5) is called a win");
    CHECK(!brute_pos_is_win(&suite_game, &(brute_pos_t){2, {1, 5}}), "brute: (1, 5) is a win");
    memset(&it, 0, sizeof it);
    CHECK(!engine_next_winning_move(&suite_rules, p, &it, &m), "a winning move from (1, 5)");
    suite_position(p);
    p->count = 3;
    p->heap[0] = 5;
    p->heap[1] = p->heap[2] = 6;
    suite_pos = p;
    CHECK(engine_check_position(&suite_rules, p) == ENGINE_ERR_TOO_BIG, "17 tokens accepted");
    CHECK(!engine_is_win(&suite_rules, p), "17 tokens: called a win");
    memset(&it, 0, sizeof it);
    CHECK(!engine_next_winning_move(&suite_rules, p, &it, &m), "17 tokens: a winning move");
    CHECK(engine_best_move(&suite_rules, p, &m) &&
              engine_check_move(&suite_rules, p, &m) == ENGINE_OK,
          "17 tokens: no legal move from engine_best_move");
    p->heap[0] = 4;
    CHECK(engine_check_position(&suite_rules, p) == ENGINE_OK, "16 tokens refused");
    suite_pos = 0;
}

/* A heap near 2^32 in misere Bash: won unless n mod (M + 1) == 1, and then by the one move
 * that leaves such a heap. */
static void suite_misere_bash_big(engine_heap_t n, uint8_t m_max) {
    engine_position_t *const p = &suite_tuple;
    engine_iter_t it;
    engine_move_t m;
    const bool win = n % (m_max + 1u) != 1;
    memset(p, 0, sizeof *p);
    p->count = 1;
    p->heap[0] = n;
    suite_pos = p;
    CHECK(engine_check_position(&suite_rules, p) == ENGINE_OK, "one huge heap refused");
    CHECK(engine_is_win(&suite_rules, p) == win, "engine_is_win says %u", !win);
    memset(&it, 0, sizeof it);
    uint8_t count = 0;
    while (count < 3 && engine_next_winning_move(&suite_rules, p, &it, &m)) {
        count++;
        CHECK(m.heap == 0 && m.take >= 1 && m.take <= m_max && m.left == n - m.take &&
                  m.left % (m_max + 1u) == 1,
              "winning move take %lu left %lu", (unsigned long)m.take, (unsigned long)m.left);
    }
    CHECK(count == win, "%u winning moves", count);
    CHECK(engine_best_move(&suite_rules, p, &m) &&
              engine_check_move(&suite_rules, p, &m) == ENGINE_OK &&
              (!win || (n - m.take) % (m_max + 1u) == 1),
          "engine_best_move");
    suite_pos = 0;
}

static const uint32_t suite_misere_big[] PROGMEM = {0xFFFFFFFFul, 0xFFFFFFFEul, 0xFFFFFFFDul,
                                                    0x80000001ul, 1000000007ul, 65537ul};

/* Misere Bash on one non-empty heap, decided at any size by its closed form: lost iff
 * n mod (M + 1) == 1. Against brute (on one heap and beside an empty one) and near 2^32. */
static void suite_misere_bash(void) {
    engine_position_t *const p = &suite_tuple;
    for (uint8_t m_max = 1; m_max <= 7; m_max++) {
        suite_copy_P(suite_name, CHECK_STR("misere:bash:"));
        suite_name[12] = (char)('0' + m_max);
        suite_name[13] = 0;
        suite_pos = 0;
        if (!suite_parse_both()) continue;
        for (uint16_t n = 0; n <= SUITE_MISERE_BASH; n++) {
            const uint8_t heap = (uint8_t)n;
            const bool win = brute_is_win(&suite_game, &heap, 1);
            CHECK(win == (n % (m_max + 1u) != 1), "closed form wrong at %u: brute %u", n, win);
            memset(p, 0, sizeof *p);
            p->count = 1;
            p->heap[0] = n;
            suite_position(p);
            p->count = 2;
            p->heap[0] = 0;
            p->heap[1] = n;
            suite_position(p);
        }
        for (uint8_t i = 0; i < sizeof suite_misere_big / sizeof suite_misere_big[0]; i++)
            suite_misere_bash_big(pgm_read_dword(&suite_misere_big[i]), m_max);
    }
}

/* The work buffer holds one rules' values or memo at a time, keyed by their serial. Answers asked
 * in turn must all be right: of octal:0.137 (its Grundy values are computed into the buffer) and
 * its misere variant made by engine_rules_misere; then of misere:dawson and misere:octal:0.137. */
static engine_rules_t suite_other_rules; /* the AVR has no room for more */

/* The best move of r from suite_tuple, straight after other rules used the work buffer, must
 * win when the position is won (and has a move: misere games are also won without one). */
static void suite_misere_best(const engine_rules_t *r, bool win) {
    engine_move_t m;
    if (!win || engine_is_over(r, &suite_tuple)) return;
    const bool got = engine_best_move(r, &suite_tuple, &m);
    suite_after = suite_tuple;
    CHECK(got && engine_apply_move(r, &suite_after, &m) == ENGINE_OK &&
              !engine_is_win(r, &suite_after),
          "engine_best_move heap %u take %lu left %lu does not win", m.heap, (unsigned long)m.take,
          (unsigned long)m.left);
}

/* Each position of two heaps with at most SUITE_MISERE_PAIRS tokens, asked of rules a and b in
 * turn: whether it is won, and the best move of the other rules just after. */
static void suite_misere_turns(const engine_rules_t *a, const engine_rules_t *b,
                               const uint8_t *wins, uint8_t bit_a, uint8_t bit_b) {
    for (uint8_t round = 0; round < 2; round++) {
        uint8_t i = 0;
        for (uint8_t x = 0; x <= SUITE_MISERE_PAIRS; x++)
            for (uint8_t y = x; x + y <= SUITE_MISERE_PAIRS; y++, i++) {
                const engine_heap_t heaps[2] = {y, x};
                const bool win_a = (wins[i] >> bit_a) & 1, win_b = (wins[i] >> bit_b) & 1;
                suite_set(&suite_tuple, 2, heaps);
                suite_pos = &suite_tuple;
                CHECK(engine_is_win(a, &suite_tuple) == win_a, "first rules: engine_is_win wrong");
                suite_misere_best(b, win_b);
                CHECK(engine_is_win(b, &suite_tuple) == win_b, "second rules: engine_is_win wrong");
                suite_misere_best(a, win_a);
            }
    }
    suite_pos = 0;
}

static void suite_misere_sharing(void) {
    static const char names[3][20] PROGMEM = {"octal:0.137", "misere:octal:0.137", "misere:dawson"};
    /* brute answers first, one brute game at a time: bit k of wins[i] for names[k] */
    uint8_t wins[(SUITE_MISERE_PAIRS + 2) * (SUITE_MISERE_PAIRS + 2) / 4 + 1];
    memset(wins, 0, sizeof wins);
    for (uint8_t k = 0; k < 3; k++) {
        suite_set_name_P(names[k]);
        if (!suite_parse_both()) return;
        uint8_t i = 0;
        for (uint8_t x = 0; x <= SUITE_MISERE_PAIRS; x++)
            for (uint8_t y = x; x + y <= SUITE_MISERE_PAIRS; y++, i++) {
                const uint8_t heaps[2] = {x, y};
                wins[i] |= (uint8_t)(brute_is_win(&suite_game, heaps, 2) << k);
            }
    }
    suite_set_name_P(CHECK_STR("octal:0.137 and engine_rules_misere of it, in turn"));
    if (suite_parse_P(&suite_other_rules, names[0]) != ENGINE_OK) return;
    suite_rules = suite_other_rules;
    CHECK(engine_rules_misere(&suite_rules) == ENGINE_OK &&
              suite_rules.serial != suite_other_rules.serial,
          "engine_rules_misere keeps the serial");
    suite_misere_turns(&suite_other_rules, &suite_rules, wins, 0, 1);
    suite_set_name_P(CHECK_STR("misere:dawson and misere:octal:0.137, in turn"));
    if (suite_parse_P(&suite_other_rules, names[2]) != ENGINE_OK ||
        suite_parse_P(&suite_rules, names[1]) != ENGINE_OK)
        return;
    suite_misere_turns(&suite_other_rules, &suite_rules, wins, 2, 1);
}

/* The misere memo numbers each multiset of heaps with at most 16 tokens once, in 0..914: every
 * partition of 0..16 (made here largest part first, and given in a shuffled order with empty
 * heaps) gets its own slot; 17 tokens get none. */
static void suite_misere_index(void) {
    uint8_t *const seen = brute_scratch(); /* 915 bits */
    engine_position_t *const p = &suite_tuple;
    uint8_t part[ENGINE_MISERE_TOKENS + 1];
    uint16_t count = 0, bad = 0;
    _Static_assert(BRUTE_SCRATCH_BYTES >= 115, "a bit per slot fits");
    memset(seen, 0, 115);
    suite_set_name_P(CHECK_STR("misere memo slots"));
    for (uint8_t total = 0; total <= ENGINE_MISERE_TOKENS; total++) {
        uint8_t n = 0;
        if (total) part[n++] = total;
        for (;;) {
            memset(p, 0, sizeof *p);
            /* an empty heap first (while there is room: 16 ones fill every slot), then the parts
             * reversed */
            const uint8_t gap = n < ENGINE_MAX_HEAPS;
            p->count = (uint8_t)(n + gap);
            for (uint8_t i = 0; i < n; i++)
                p->heap[n - 1 + gap - i] = part[i];
            const uint16_t slot = engine_exact_index(p);
            count++;
            if (slot >= 915 || (seen[slot >> 3] & (1u << (slot & 7))))
                bad++;
            else
                seen[slot >> 3] |= (uint8_t)(1u << (slot & 7));
            /* the next partition: lower the last part above the 1s, spread the rest */
            uint8_t ones = 0;
            while (n && part[n - 1] == 1) {
                n--;
                ones++;
            }
            if (n == 0) break;
            const uint8_t v = --part[n - 1];
            uint8_t rest = (uint8_t)(ones + 1);
            for (; rest > v; rest = (uint8_t)(rest - v))
                part[n++] = v;
            part[n++] = rest;
        }
    }
    CHECK(count == 915 && bad == 0, "%u partitions, %u without a slot of their own", count, bad);
    memset(p, 0, sizeof *p);
    p->count = 3;
    p->heap[0] = 5;
    p->heap[1] = p->heap[2] = 6;
    CHECK(engine_exact_index(p) == 0xFFFF, "17 tokens get a slot");
}

static __attribute__((noinline)) void suite_misere(void) {
    suite_misere_index();
    for (uint8_t i = 0; i < sizeof suite_misere_games / sizeof suite_misere_games[0]; i++) {
        if (SUITE_SMALL && !pgm_read_byte(&suite_misere_games[i].avr)) continue;
        if (suite_use_P(suite_misere_games[i].name)) suite_misere_positions();
    }
    suite_misere_kayles();
    suite_misere_bash();
    suite_misere_sharing();
}
#endif

/* ------------------------------------------------------------------------------------------ */
#if SUITE_PART3
/* Regressions: each names the contract it checks. */

/* A split needs a free heap slot: with ENGINE_MAX_HEAPS heaps an empty heap's slot is reused,
 * so moves the engine offers are legal; with none empty, splits are refused (ENGINE_ERR_FULL). */
static __attribute__((noinline)) void suite_full(void) {
    engine_position_t *const p = &suite_tuple;
    engine_iter_t it;
    engine_move_t m;
    if (suite_use_P(CHECK_STR("kayles"))) {
        memset(p, 0, sizeof *p);
        p->count = ENGINE_MAX_HEAPS;
        p->heap[0] = 5; /* g(5) = 4: the only winning move splits 5 into 2 + 2 */
        suite_pos = p;
        memset(&it, 0, sizeof it);
        while (engine_next_winning_move(&suite_rules, p, &it, &m)) {
            const engine_status_t s = engine_check_move(&suite_rules, p, &m);
            CHECK(s == ENGINE_OK,
                  "engine_next_winning_move offers heap %u take %lu left %lu, "
                  "which engine_check_move refuses: %u",
                  m.heap, (unsigned long)m.take, (unsigned long)m.left, (unsigned)s);
        }
        if (engine_best_move(&suite_rules, p, &m))
            CHECK(engine_check_move(&suite_rules, p, &m) == ENGINE_OK,
                  "engine_best_move offers a move engine_check_move refuses");
        memset(&it, 0, sizeof it);
        uint8_t bad = 0;
        while (engine_next_move(&suite_rules, p, &it, &m))
            bad += engine_check_move(&suite_rules, p, &m) != ENGINE_OK;
        CHECK(bad == 0, "engine_next_move offers %u moves engine_check_move refuses", bad);
    }
    if (suite_use_P(CHECK_STR("octal:0.4"))) { /* every move splits */
        memset(p, 0, sizeof *p);
        p->count = ENGINE_MAX_HEAPS;
        for (uint8_t i = 0; i < ENGINE_MAX_HEAPS; i++)
            p->heap[i] = 3;
        suite_pos = p;
        /* the rules still allow moves (the game is not over), but none fits the position:
         * each is refused with ENGINE_ERR_FULL and leaves it unchanged */
        CHECK(!engine_is_over(&suite_rules, p), "engine_is_over: splits are still moves");
        memset(&it, 0, sizeof it);
        uint8_t offered = 0, refused = 0;
        while (engine_next_move(&suite_rules, p, &it, &m)) {
            suite_after = *p;
            offered++;
            refused += engine_apply_move(&suite_rules, &suite_after, &m) == ENGINE_ERR_FULL &&
                       memcmp(&suite_after, p, sizeof *p) == 0;
        }
        CHECK(offered > 0 && refused == offered,
              "%u of %u split moves refused with ENGINE_ERR_FULL", refused, offered);
    }
    suite_pos = 0;
}

/* Rules made long ago must not find their work-buffer values reused by newer rules once the
 * serial that keys the buffer wraps (it did after 65536 rules while it had 16 bits; with more
 * bits the loop below cannot reach the wrap and only the final check runs). */
SUITE_SHARED static __attribute__((noinline)) void suite_serial_wrap(void) {
    engine_heap_t g = 0;
    uint32_t tries = 0;
    suite_set_name_P(CHECK_STR("octal:0.4 after 65536 rules"));
    if (suite_parse_P(&suite_rules, CHECK_STR("octal:0.6")) != ENGINE_OK) return;
    const __typeof__(suite_rules.serial) serial = suite_rules.serial;
    engine_heap_grundy(&suite_rules, 20, &g); /* fills the work buffer for that serial */
    do { /* the rules themselves are not needed: the buffer is keyed by the serial alone */
        suite_parse_P(&suite_rules, CHECK_STR("octal:0.4"));
    } while (sizeof serial <= 2 && suite_rules.serial != serial && ++tries < 200000ul);
    /* octal 0.4: a heap of 2 cannot be split, so g(2) = 0; octal 0.6 has g(2) = 1 */
    CHECK(engine_heap_grundy(&suite_rules, 2, &g) == ENGINE_OK && g == 0,
          "g(2) = %lu: values of octal:0.6 made %lu rules earlier were reused", (unsigned long)g,
          (unsigned long)tries);
}

/* line:255 has a 255-digit code; its heap of 255 must get a value (1: take all 255). A hang
 * is the failure once seen (a uint8_t loop counter wrapping): the host runs it in a child
 * process with a time limit; the AVR runs it directly, under avr-run's cycle limit. */
#if !defined(__AVR__) && defined(__unix__)
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static void suite_line255(void) {
    suite_set_name_P("line:255");
    fflush(stdout);
    const pid_t pid = fork();
    if (pid == 0) {
        engine_rules_t r;
        engine_heap_t g = 0;
        alarm(5);
        if (engine_rules_parse(&r, "line:255", 8) != ENGINE_OK) _exit(2);
        _exit(engine_heap_grundy(&r, 255, &g) == ENGINE_OK && g == 1 ? 0 : 1);
    }
    int status = 0;
    if (pid > 0) waitpid(pid, &status, 0);
    CHECK(pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0, "engine_heap_grundy(255) %s",
          WIFSIGNALED(status) ? "hangs (killed after 5 s)" : "gives the wrong answer");
}
#else
static void suite_line255(void) {
    engine_heap_t g = 0;
    suite_set_name_P(CHECK_STR("line:255")); /* the engine's game only: brute has 15 digits */
    CHECK(suite_parse_P(&suite_rules, CHECK_STR("line:255")) == ENGINE_OK &&
              engine_heap_grundy(&suite_rules, 255, &g) == ENGINE_OK && g == 1,
          "engine_heap_grundy(255) = %lu, expected 1", (unsigned long)g);
}
#endif

static __attribute__((noinline)) void suite_regressions(void) {
    suite_full();
#if !SUITE_SMALL /* with a 16-bit serial, 21845 rule creations: 1.3e9 cycles on the AVR */
    suite_serial_wrap();
#endif
    suite_line255();
    suite_pos = 0;
}

#endif

#if SUITE_PART7 || SUITE_PART8
/* ------------------------------------------------------------------------------------------ */
/* The games of issue 15 against their brute-force searches. */

#if SUITE_SMALL
#define SUITE_MOORE_HEAPS 3   /* moore: all positions of up to this many heaps <= 7 */
#define SUITE_MOORE_K 2       /* ... for k from this to 3 (the device's: 2e9 cycles hold no more) */
#define SUITE_LASKER_MEX 120  /* lasker: heaps checked against the mex */
#define SUITE_LASKER_POS 12   /* lasker: two-heap positions up to this, every winning move */
#define SUITE_MULT_MAX 200    /* mult:N for every N up to this, every p */
#define SUITE_DAG_COUNT 6     /* random graphs */
#define SUITE_RANDOM_BIG 8    /* random positions of huge heaps */
#else
#define SUITE_MOORE_HEAPS 4
#define SUITE_MOORE_K 1
#define SUITE_LASKER_MEX 1500
#define SUITE_LASKER_POS 60
#define SUITE_MULT_MAX 5000
#define SUITE_DAG_COUNT 300
#define SUITE_RANDOM_BIG 400
#endif

static uint32_t suite_rand_state = 12345;
static uint32_t suite_rand(void) {
    suite_rand_state ^= suite_rand_state << 13;
    suite_rand_state ^= suite_rand_state >> 17;
    suite_rand_state ^= suite_rand_state << 5;
    return suite_rand_state;
}

/* Parse a game from flash into suite_rules; false after a failed check. */
static bool suite_rules_P(const char *name_P) {
    suite_set_name_P(name_P);
    const engine_status_t s = suite_parse_P(&suite_rules, name_P);
    CHECK(s == ENGINE_OK, "the engine refuses %s: %u", suite_name, (unsigned)s);
    return s == ENGINE_OK;
}

/* The heaps of p after move m (a split's parts in the heap's place, as the console writes them)
 * into q; false when there are more than ENGINE_MAX_HEAPS. */
static void suite_after_move(const engine_position_t *p, const engine_move_t *m,
                             engine_position_t *q) {
    q->count = 0;
    for (uint8_t i = 0; i < p->count; i++) {
        const engine_heap_t h = p->heap[i];
        if (m->heap == ENGINE_HEAP_ALL) {
            q->heap[q->count++] = engine_after_heap(&suite_rules, p, m, i);
        } else if (m->heap == ENGINE_HEAP_BOTH) {
            q->heap[q->count++] = h - m->take;
        } else if (i != m->heap) {
            q->heap[q->count++] = h;
        } else {
            const engine_heap_t right = h - m->take - m->left;
            if (m->left && right) q->heap[q->count++] = m->left;
            q->heap[q->count++] = m->left && !right ? m->left : right;
        }
    }
}

/* King: every square below 32 x 32 against the search; the one winning move. */
static void suite_king(void) {
    engine_position_t p = {2, {0}};
    if (!suite_rules_P(CHECK_STR("king"))) return;
    suite_pos = &p;
    for (uint8_t x = 0; x < 32; x++)
        for (uint8_t y = 0; y < 32; y++) {
            p.heap[0] = x;
            p.heap[1] = y;
            const bool win = brute_king_win(x, y);
            CHECK(engine_is_win(&suite_rules, &p) == win, "king: the engine says %d",
                  !win);
            engine_iter_t it = {0};
            engine_move_t m;
            uint8_t wins = 0;
            while (engine_next_winning_move(&suite_rules, &p, &it, &m)) {
                engine_position_t q = p;
                CHECK(engine_apply_move(&suite_rules, &q, &m) == ENGINE_OK, "king: illegal move");
                CHECK(!brute_king_win((uint8_t)q.heap[0], (uint8_t)q.heap[1]),
                      "king: the move does not win");
                wins++;
            }
            uint8_t expected = 0; /* the brute's winning steps */
            if (x && !brute_king_win((uint8_t)(x - 1), y)) expected++;
            if (y && !brute_king_win(x, (uint8_t)(y - 1))) expected++;
            if (x && y && !brute_king_win((uint8_t)(x - 1), (uint8_t)(y - 1))) expected++;
            CHECK(wins == expected, "king: %u winning moves, brute %u", wins, expected);
            uint8_t moves = 0;
            engine_iter_t all = {0};
            while (engine_next_move(&suite_rules, &p, &all, &m)) moves++;
            CHECK(moves == (x > 0) + (y > 0) + (x && y), "king: %u moves", moves);
        }
    static const uint32_t big[][2] PROGMEM = {{4294967295ul, 4294967295ul}, {4294967294ul, 7},
                                              {0, 4294967295ul}, {4294967294ul, 2}};
    for (uint8_t i = 0; i < 4; i++) {
        p.heap[0] = pgm_read_dword(&big[i][0]);
        p.heap[1] = pgm_read_dword(&big[i][1]);
        engine_move_t m;
        const bool win = engine_is_win(&suite_rules, &p);
        CHECK(win == ((p.heap[0] | p.heap[1]) & 1), "king: huge heaps");
        CHECK(engine_best_move(&suite_rules, &p, &m), "king: no move");
        if (win) {
            engine_apply_move(&suite_rules, &p, &m);
            CHECK(!engine_is_win(&suite_rules, &p), "king: the move leaves a win");
        }
    }
    suite_pos = 0;
}

/* Moore: the engine's winning moves as a set, against the brute's. */
static uint32_t suite_moore_set[64];
static uint16_t suite_moore_found;
static bool suite_moore_collect(void *ctx, const uint8_t *after) {
    const uint8_t count = *(const uint8_t *)ctx;
    uint32_t key = 0;
    for (uint8_t i = 0; i < count; i++) key = key << 3 | after[i];
    if (suite_moore_found < 64) suite_moore_set[suite_moore_found] = key;
    suite_moore_found++;
    return true;
}

static void suite_moore_position(const uint8_t *h, uint8_t count, uint8_t k) {
    engine_position_t p = {count, {0}};
    for (uint8_t i = 0; i < count; i++) p.heap[i] = h[i];
    suite_pos = &p;
    const bool win = brute_moore_win(k, h, count);
    CHECK(engine_is_win(&suite_rules, &p) == win, "moore: the engine says %d", !win);
    suite_moore_found = 0;
    const uint16_t wins = brute_moore_wins(k, h, count, suite_moore_collect, &count);
    engine_iter_t it = {0};
    engine_move_t m;
    uint16_t listed = 0;
    while (engine_next_winning_move(&suite_rules, &p, &it, &m)) {
        uint32_t key = 0;
        for (uint8_t i = 0; i < count; i++) key = key << 3 | engine_after_heap(&suite_rules, &p, &m, i);
        bool known = false;
        for (uint16_t j = 0; j < suite_moore_found && j < 64; j++) known |= suite_moore_set[j] == key;
        CHECK(known || suite_moore_found > 64, "moore: a winning move the brute does not have");
        listed++;
    }
    CHECK(listed == wins, "moore: %u winning moves listed, brute %u", listed, wins);
    CHECK(engine_count_winning(&suite_rules, &p, 1001) == (wins < 1001 ? wins : 1001),
          "moore: counted wrong");
}

/* Whether q is lost in moore:k (Moore's rule, written out) and a move of at most k heaps from p. */
static bool suite_moore_lost_move(const engine_position_t *p, const engine_position_t *q, uint8_t k) {
    uint8_t changed = 0;
    for (uint8_t i = 0; i < p->count; i++) {
        if (q->heap[i] > p->heap[i]) return false;
        changed += q->heap[i] != p->heap[i];
    }
    if (changed == 0 || changed > k) return false;
    for (uint8_t j = 0; j < 32; j++) {
        uint8_t ones = 0;
        for (uint8_t i = 0; i < q->count; i++) ones += (q->heap[i] >> j) & 1;
        if (ones % (k + 1)) return false;
    }
    return true;
}

static void suite_moore(void) {
    static const char names[4][8] PROGMEM = {"moore:1", "moore:2", "moore:3", "moore:4"};
    for (uint8_t k = SUITE_MOORE_K; k <= 5 - SUITE_MOORE_K; k++) {
        if (!suite_rules_P(names[k - 1])) continue;
        for (uint8_t count = 1; count <= SUITE_MOORE_HEAPS; count++) {
            uint8_t h[4] = {0, 0, 0, 0};
            for (;;) {
                suite_moore_position(h, count, k);
                uint8_t i = 0;
                while (i < count && h[i] == 7) h[i++] = 0;
                if (i == count) break;
                h[i]++;
            }
        }
        /* huge heaps: the first moves are distinct, legal and to lost positions */
        for (uint16_t n = 0; n < SUITE_RANDOM_BIG / 4; n++) {
            engine_position_t p = {(uint8_t)(1 + suite_rand() % 16), {0}}, q;
            for (uint8_t i = 0; i < p.count; i++) p.heap[i] = suite_rand() >> (suite_rand() % 32);
            suite_pos = &p;
            engine_iter_t it = {0};
            engine_move_t m;
            uint32_t first[8];
            uint8_t listed = 0;
            const bool win = engine_is_win(&suite_rules, &p);
            while (listed < 8 && engine_next_winning_move(&suite_rules, &p, &it, &m)) {
                suite_after_move(&p, &m, &q);
                CHECK(suite_moore_lost_move(&p, &q, k), "moore: not a winning move");
                uint32_t key = 0;
                for (uint8_t i = 0; i < q.count; i++) key = key * 2654435761ul + q.heap[i];
                for (uint8_t j = 0; j < listed; j++) CHECK(first[j] != key, "moore: a move twice");
                first[listed++] = key;
            }
            CHECK(win == (listed > 0), "moore: win %d but %u moves", win, listed);
            const uint16_t counted = engine_count_winning(&suite_rules, &p, 1001);
            CHECK(win == (counted > 0), "moore: counted %u", counted);
        }
    }
    suite_pos = 0;
}

/* Lasker: values against the mex; winning moves of small positions from the brute values; the
 * count without listing against the list for huge heaps. */
static void suite_lasker(void) {
    uint16_t *g = brute_scratch(); /* SUITE_LASKER_MEX + 1 values */
    if (!suite_rules_P(CHECK_STR("lasker"))) return;
    brute_lasker_grundy(SUITE_LASKER_MEX, g);
    for (uint16_t n = 0; n <= SUITE_LASKER_MEX; n++) {
        engine_heap_t v = 0;
        CHECK(engine_heap_grundy(&suite_rules, n, &v) == ENGINE_OK && v == g[n],
              "lasker: g(%u) = %lu, mex %u", n, (unsigned long)v, g[n]);
    }
    engine_position_t p = {2, {0}};
    suite_pos = &p;
    for (uint16_t a = 0; a <= SUITE_LASKER_POS; a++)
        for (uint16_t b = 0; b <= SUITE_LASKER_POS; b++) {
            p.heap[0] = a;
            p.heap[1] = b;
            CHECK(engine_is_win(&suite_rules, &p) == ((g[a] ^ g[b]) != 0), "lasker: win");
            /* the brute's winning options: takes to t, splits x + y, with value g(other) */
            uint16_t wins = 0;
            for (uint8_t i = 0; i < 2; i++) {
                const uint16_t h = i ? b : a, other = g[i ? a : b];
                for (uint16_t t = 0; t < h; t++) wins += g[t] == other;
                for (uint16_t x = 1; x <= h / 2; x++) wins += (g[x] ^ g[h - x]) == other;
            }
            engine_iter_t it = {0};
            engine_move_t m;
            uint16_t listed = 0;
            while (engine_next_winning_move(&suite_rules, &p, &it, &m)) {
                engine_position_t q = p;
                CHECK(engine_apply_move(&suite_rules, &q, &m) == ENGINE_OK, "lasker: illegal");
                uint16_t x = 0;
                for (uint8_t i = 0; i < q.count; i++) x ^= g[q.heap[i]];
                CHECK(x == 0, "lasker: the move leaves a win");
                listed++;
            }
            CHECK(listed == wins, "lasker: %u winning moves, brute %u", listed, wins);
            CHECK(engine_count_winning(&suite_rules, &p, 1001) == wins, "lasker: count");
        }
    /* huge heaps: the count without listing against the list, up to 1001 */
    for (uint16_t n = 0; n < SUITE_RANDOM_BIG; n++) {
        p.count = (uint8_t)(1 + suite_rand() % 4);
        for (uint8_t i = 0; i < p.count; i++)
            p.heap[i] = (suite_rand() >> (suite_rand() % 32)) % 0xFFFFFFFFul;
        engine_iter_t it = {0};
        engine_move_t m;
        uint16_t listed = 0;
        while (listed < 1001 && engine_next_winning_move(&suite_rules, &p, &it, &m)) {
            if (listed < 20) {
                engine_position_t q = p;
                CHECK(engine_apply_move(&suite_rules, &q, &m) == ENGINE_OK, "lasker: illegal");
                CHECK(!engine_is_win(&suite_rules, &q), "lasker: the move leaves a win");
            }
            listed++;
        }
        CHECK(engine_count_winning(&suite_rules, &p, 1001) == listed, "lasker: count %u",
              engine_count_winning(&suite_rules, &p, 1001));
    }
    suite_pos = 0;
}

/* Calendar: every date against the backward search. */
static uint32_t suite_dates_wrong;
static void suite_calendar_date(void *ctx, uint16_t y, uint8_t m, uint8_t d, bool win) {
    (void)ctx;
    engine_position_t p = {3, {y, m, d}};
    bool ok = engine_check_position(&suite_rules, &p) == ENGINE_OK &&
              engine_is_win(&suite_rules, &p) == win;
    engine_iter_t it = {0};
    engine_move_t mv;
    uint8_t wins = 0;
    while (engine_next_winning_move(&suite_rules, &p, &it, &mv)) {
        engine_position_t q = p;
        ok &= engine_apply_move(&suite_rules, &q, &mv) == ENGINE_OK &&
              !engine_is_win(&suite_rules, &q) &&
              engine_check_position(&suite_rules, &q) == ENGINE_OK;
        wins++;
    }
    ok &= (wins > 0) == win;
    if (!ok) {
        suite_dates_wrong++;
        suite_pos = 0;
        CHECK(0, "calendar: %u-%u-%u, the search says %d", y, m, d, win);
    }
}

static void suite_calendar(void) {
    if (!suite_rules_P(CHECK_STR("calendar"))) return;
    suite_dates_wrong = 0;
    const uint32_t dates = brute_calendar(suite_calendar_date, 0);
    CHECK(dates == 37198, "calendar: %lu dates", (unsigned long)dates);
    CHECK(suite_dates_wrong == 0, "calendar: %lu dates wrong", (unsigned long)suite_dates_wrong);
    static const uint16_t bad[][3] PROGMEM = {{1900, 2, 29}, {2001, 11, 5}, {1899, 12, 31},
                                              {2001, 13, 1}, {2001, 4, 31}, {2002, 1, 1},
                                              {1999, 0, 1}, {1999, 1, 0}, {2001, 12, 1}};
    for (uint8_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        engine_position_t p = {3, {pgm_read_word(&bad[i][0]), pgm_read_word(&bad[i][1]),
                                   pgm_read_word(&bad[i][2])}};
        CHECK(engine_check_position(&suite_rules, &p) == ENGINE_ERR_POSITION, "calendar: %u %u %u",
              (unsigned)p.heap[0], (unsigned)p.heap[1], (unsigned)p.heap[2]);
    }
    engine_position_t leap = {3, {2000, 2, 29}}, two = {2, {2000, 1}};
    CHECK(engine_check_position(&suite_rules, &leap) == ENGINE_OK, "calendar: 2000-02-29");
    CHECK(engine_check_position(&suite_rules, &two) == ENGINE_ERR_HEAP_COUNT, "calendar: 2 heaps");
}

/* mult:N: every N up to SUITE_MULT_MAX and every p against the memoised search. */
static void suite_mult_check(uint32_t n, uint32_t p, bool win) {
    engine_position_t pos = {1, {p}};
    suite_pos = &pos;
    CHECK(engine_is_win(&suite_rules, &pos) == win, "mult:%lu: the engine says %d",
          (unsigned long)n, !win);
    engine_iter_t it = {0};
    engine_move_t m;
    uint8_t listed = 0, expected = 0;
    bool to_n = false;
    for (uint32_t c = 2; c <= 9; c++) {
        if (c * p >= n) expected += !to_n, to_n = true;
        else expected += !brute_mult_won(c * p);
    }
    while (engine_next_winning_move(&suite_rules, &pos, &it, &m)) {
        const uint32_t q = p - m.take;
        CHECK(m.left == 0 && (q == n || (q % p == 0 && q / p >= 2 && q / p <= 9 && q < n &&
                                         !brute_mult_won(q))),
              "mult:%lu: bad move to %lu", (unsigned long)n, (unsigned long)q);
        listed++;
    }
    CHECK(listed == expected, "mult:%lu: %u winning moves, brute %u", (unsigned long)n, listed,
          expected);
}

static void suite_mult_rules(uint32_t n) {
    char text[20] = "mult:";
    uint8_t len = 5, digits[10], nd = 0;
    for (uint32_t v = n; v || !nd; v /= 10) digits[nd++] = (uint8_t)(v % 10);
    while (nd) text[len++] = (char)('0' + digits[--nd]);
    CHECK(engine_rules_parse(&suite_rules, text, len) == ENGINE_OK, "mult:%lu refused",
          (unsigned long)n);
    memcpy(suite_name, text, len);
    suite_name[len] = 0;
}

#if !SUITE_SMALL
/* For huge N: won(p) by memoised search over p's 7-smooth multiples below N (a hash table). */
#define SUITE_MULT_SLOTS (1u << 18)
static uint32_t suite_mult_keys[SUITE_MULT_SLOTS];
static uint8_t suite_mult_vals[SUITE_MULT_SLOTS];
static bool suite_mult_search(uint32_t n, uint32_t p) {
    uint32_t slot = (p * 2654435761u) >> 14;
    while (suite_mult_keys[slot] && suite_mult_keys[slot] != p) slot = (slot + 1) % SUITE_MULT_SLOTS;
    if (suite_mult_keys[slot] == p) return suite_mult_vals[slot];
    bool win = false;
    for (uint64_t c = 2; c <= 9 && !win; c++) win = c * p >= n || !suite_mult_search(n, (uint32_t)(c * p));
    while (suite_mult_keys[slot] && suite_mult_keys[slot] != p) slot = (slot + 1) % SUITE_MULT_SLOTS;
    suite_mult_keys[slot] = p;
    suite_mult_vals[slot] = win;
    return win;
}
#endif

static void suite_mult(void) {
    for (uint32_t n = 2; n <= SUITE_MULT_MAX; n++) {
        suite_mult_rules(n);
        brute_mult_table(n);
        for (uint32_t p = 1; p < n; p++) suite_mult_check(n, p, brute_mult_won(p));
    }
    suite_mult_rules(162);
    engine_position_t one = {1, {1}};
    CHECK(engine_is_win(&suite_rules, &one), "mult:162 from 1 is won");
    suite_mult_rules(17);
    CHECK(!engine_is_win(&suite_rules, &one), "mult:17 from 1 is lost");
#if !SUITE_SMALL
    for (uint16_t i = 0; i < 60; i++) {
        const uint32_t n = i < 4 ? 0xFFFFFFFFu - i : suite_rand() | 2;
        memset(suite_mult_keys, 0, sizeof suite_mult_keys);
        suite_mult_rules(n);
        for (uint8_t j = 0; j < 6; j++) {
            const uint32_t p = j == 0 ? 1 : 1 + suite_rand() % (j < 3 ? 1000 : n - 1);
            engine_position_t pos = {1, {p}};
            suite_pos = &pos;
            CHECK(engine_is_win(&suite_rules, &pos) == suite_mult_search(n, p), "mult: huge N");
        }
    }
    suite_pos = 0;
#endif
}

/* dag: random graphs (acyclic by construction: edges from a higher rank to a lower), their text
 * parsed, values against the brute's recursion, positions against the sum of values; the same
 * graph with a back edge is a cycle. */
static void suite_dag(void) {
    static uint8_t edges[ENGINE_DAG_EDGES + 1][2];
    static char text[300];
    for (uint16_t round = 0; round < SUITE_DAG_COUNT; round++) {
        const uint8_t nodes = (uint8_t)(2 + suite_rand() % 63), count = (uint8_t)(1 + suite_rand() % 60);
        uint8_t rank[64];
        for (uint8_t v = 0; v < 64; v++) rank[v] = v;
        for (uint8_t v = 63; v; v--) { /* shuffle the node numbers */
            const uint8_t j = (uint8_t)(suite_rand() % (v + 1)), t = rank[v];
            rank[v] = rank[j];
            rank[j] = t;
        }
        uint16_t len = 4;
        memcpy(text, "dag:", 4);
        for (uint8_t e = 0; e < count; e++) {
            uint8_t a = (uint8_t)(suite_rand() % nodes), b = (uint8_t)(suite_rand() % nodes);
            if (a == b) b = (uint8_t)((a + 1) % nodes);
            if (a < b) { const uint8_t t = a; a = b; b = t; }
            edges[e][0] = rank[a];
            edges[e][1] = rank[b];
            len += (uint16_t)sprintf(text + len, "%s%u>%u", e ? "," : "", rank[a], rank[b]);
        }
        if (len > 255) continue;
        strcpy(suite_name, "dag:(random)");
        const engine_status_t s = engine_rules_parse(&suite_rules, text, (uint8_t)len);
        CHECK(s == ENGINE_OK, "dag: %s refused (%u)", text, s);
        if (s != ENGINE_OK) continue;
        uint8_t values[64];
        CHECK(brute_dag_grundy((const uint8_t(*)[2])edges, count, values), "dag: brute cycle");
        for (uint8_t v = 0; v < 64; v++) {
            engine_heap_t g = 99;
            CHECK(engine_heap_grundy(&suite_rules, v, &g) == ENGINE_OK && g == values[v],
                  "dag: g(%u) = %lu, brute %u in %s", v, (unsigned long)g, values[v], text);
        }
        for (uint8_t i = 0; i < 8; i++) {
            engine_position_t p = {(uint8_t)(1 + suite_rand() % 16), {0}};
            uint8_t x = 0;
            for (uint8_t j = 0; j < p.count; j++) {
                p.heap[j] = rank[suite_rand() % nodes];
                x ^= values[p.heap[j]];
            }
            suite_pos = &p;
            CHECK(engine_is_win(&suite_rules, &p) == (x != 0), "dag: win");
            uint16_t wins = 0, listed = 0;
            for (uint8_t j = 0; j < p.count; j++)
                for (uint8_t e = 0; e < count; e++) {
                    bool dup = false;
                    for (uint8_t f = 0; f < e; f++)
                        dup |= edges[f][0] == edges[e][0] && edges[f][1] == edges[e][1];
                    wins += !dup && edges[e][0] == p.heap[j] &&
                            (x ^ values[p.heap[j]] ^ values[edges[e][1]]) == 0;
                }
            engine_iter_t it = {0};
            engine_move_t m;
            while (engine_next_winning_move(&suite_rules, &p, &it, &m)) {
                engine_position_t q = p;
                CHECK(engine_apply_move(&suite_rules, &q, &m) == ENGINE_OK, "dag: illegal move");
                CHECK(!engine_is_win(&suite_rules, &q), "dag: the move leaves a win");
                listed++;
            }
            CHECK(listed == wins, "dag: %u winning moves, brute %u", listed, wins);
            suite_pos = 0;
        }
        /* a back edge along a path closes a cycle */
        for (uint8_t e = 0; e < count; e++) {
            if (len + 7 > 255) break;
            edges[count][0] = edges[e][1];
            edges[count][1] = edges[e][0];
            const uint16_t more = (uint16_t)(len + sprintf(text + len, ",%u>%u", edges[e][1], edges[e][0]));
            CHECK(engine_rules_parse(&suite_rules, text, (uint8_t)more) == ENGINE_ERR_CYCLE,
                  "dag: cycle not found in %s", text);
            CHECK(!brute_dag_grundy((const uint8_t(*)[2])edges, (uint8_t)(count + 1), values),
                  "dag: brute finds no cycle");
            text[len] = 0;
            break;
        }
    }
}

/* Parsing the new names: what is refused, and why. */
static void suite_new_parsing(void) {
    static const struct {
        char text[24];
        uint8_t status, game; /* the game, which an image may leave out */
    } cases[] PROGMEM = {
        {"king", ENGINE_OK, ENGINE_GAME_KING}, {"king:1", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_KING}, {"lasker", ENGINE_OK, ENGINE_GAME_LASKER},
        {"calendar", ENGINE_OK, ENGINE_GAME_CALENDAR}, {"moore:1", ENGINE_OK, ENGINE_GAME_MOORE}, {"moore:15", ENGINE_OK, ENGINE_GAME_MOORE},
        {"moore:0", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_MOORE}, {"moore:16", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_MOORE},
        {"moore", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_MOORE}, {"mult:2", ENGINE_OK, ENGINE_GAME_MULT}, {"mult:4294967295", ENGINE_OK, ENGINE_GAME_MULT},
        {"mult:1", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_MULT}, {"mult:4294967296", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_MULT},
        {"mult:", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_MULT}, {"dag:0>1", ENGINE_OK, ENGINE_GAME_DAG},
        {"dag:0>1,0>1,1>2", ENGINE_OK, ENGINE_GAME_DAG}, {"dag:63>0", ENGINE_OK, ENGINE_GAME_DAG}, {"dag:64>0", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_DAG},
        {"dag:0>64", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_DAG}, {"dag:0>1,", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_DAG},
        {"dag:0-1", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_DAG}, {"dag:0>", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_DAG},
        {"dag:>1", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_DAG}, {"dag:1>1", ENGINE_ERR_CYCLE, ENGINE_GAME_DAG},
        {"dag:0>1,1>2,2>0", ENGINE_ERR_CYCLE, ENGINE_GAME_DAG}, {"dag", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_DAG},
        {"misere:king", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_KING}, {"misere:lasker", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_LASKER},
        {"misere:moore:2", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_MOORE}, {"misere:calendar", ENGINE_ERR_BAD_PARAMETER, ENGINE_GAME_CALENDAR},
    };
    for (uint8_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        engine_rules_t r;
        suite_set_name_P(cases[i].text);
        const engine_status_t s = suite_parse_P(&r, cases[i].text);
        const uint8_t want = ENGINE_HAS(pgm_read_byte(&cases[i].game)) ? pgm_read_byte(&cases[i].status)
                                                                        : ENGINE_ERR_ELSEWHERE;
        CHECK(s == want, "parse: status %u", (unsigned)s);
    }
    engine_heap_t g;
    engine_rules_t r;
    if (ENGINE_HAS(ENGINE_GAME_MOORE)) {
        suite_parse_P(&r, CHECK_STR("moore:2"));
        CHECK(engine_heap_grundy(&r, 3, &g) == ENGINE_ERR_NOT_A_SUM, "moore has no Grundy value");
    }
    if (!ENGINE_HAS(ENGINE_GAME_MULT) || !ENGINE_HAS(ENGINE_GAME_DAG)) return;
    suite_parse_P(&r, CHECK_STR("mult:10"));
    engine_position_t zero = {1, {0}}, ten = {1, {10}}, two = {2, {1, 1}};
    CHECK(engine_check_position(&r, &zero) == ENGINE_ERR_POSITION, "mult: p = 0");
    CHECK(engine_check_position(&r, &ten) == ENGINE_ERR_HEAP_LIMIT, "mult: p = N");
    CHECK(engine_check_position(&r, &two) == ENGINE_ERR_HEAP_COUNT, "mult: 2 heaps");
    suite_parse_P(&r, CHECK_STR("dag:0>1"));
    engine_position_t node = {1, {64}};
    CHECK(engine_check_position(&r, &node) == ENGINE_ERR_HEAP_LIMIT, "dag: node 64");
}

static __attribute__((noinline)) void suite_new_games(void) {
    const bool others = SUITE_PART7, moore = SUITE_PART8; /* part 8 is moore alone */
    if (others) suite_new_parsing();
    if (others && ENGINE_HAS(ENGINE_GAME_KING)) suite_king();
    if (others && ENGINE_HAS(ENGINE_GAME_CALENDAR)) suite_calendar();
    if (others && ENGINE_HAS(ENGINE_GAME_LASKER)) suite_lasker();
    if (others && ENGINE_HAS(ENGINE_GAME_MULT)) suite_mult();
    if (others && ENGINE_HAS(ENGINE_GAME_DAG)) suite_dag();
    if (moore && ENGINE_HAS(ENGINE_GAME_MOORE)) suite_moore();
}
#endif

void engine_suite_run(void) {
    check_context(suite_print_context);
#if SUITE_PART1 || SUITE_PART6
    suite_games();
#endif
#if SUITE_PART2
    suite_parsing();
    suite_validation();
#endif
#if SUITE_PART3
    suite_classics();
    suite_regressions();
#endif
#if SUITE_PART4
    suite_wythoff();
#endif
#if SUITE_PART5
    suite_misere();
#endif
#if SUITE_PART7 || SUITE_PART8
    suite_new_games();
#endif
}
