/* Take-away games, where a move takes tokens from one heap and never splits it:
 * Nim (any number; also misere Nim's, Wythoff's and Moore's single-heap moves), Bash (1..M; with
 * M = 1 the king's steps),
 * and subtraction games: a set (sub:S), Fibonacci numbers (fib), powers of two (pow2).
 * Nim, Bash and pow2 have closed forms; menu sets and fib read generated tables; any
 * other set is computed at run time: up to heap 255 as a table in the work buffer, past it
 * (the calculator only: ENGINE_SUB_WINDOW) in a window of the last max(S) values, skipping
 * ahead once the window repeats (Brent's cycle finding). */
#include <stddef.h>
#include <string.h>

#include "../engine_internal.h"
#include "../engine_pgm.h"
#include "../engine_tables.h"

/* Run-time sets keep g(0..255) in the work buffer as a table, filled as far as needed;
 * larger heaps use it as a window instead: sub_windowed, with g(end) in slot sub_head. */
static bool sub_windowed;
static uint8_t sub_head;
#define SUB_SAVED (engine_work + ENGINE_WORK_SIZE / 2)
#define SUB_HASH_BASE 31u

/* Next allowed take above `after`, at most n; 0 when there is none. */
static engine_heap_t takeaway_next_take(const engine_rules_t *r, engine_heap_t n,
                                        engine_heap_t after)
{
    engine_heap_t t = after + 1; /* Nim moves, and Bash's below M */
    const uint8_t game = r->game;
    if (game == ENGINE_GAME_BASH || game == ENGINE_GAME_KING) { /* the king: M = 1 */
        if (after >= r->bash_max) t = 0;
    } else if (game == ENGINE_GAME_POW2) {
        for (t = 1; t && t <= after;) t <<= 1;
    } else if (game == ENGINE_GAME_FIB) {
        engine_heap_t before = 1; /* F(i - 1) */
        t = 1; /* F(i), from F(2) to F(ENGINE_FIB_COUNT - 1), the last below 2^ENGINE_HEAP_BITS */
        for (uint8_t i = 2; t <= after && i < ENGINE_FIB_COUNT - 1; i++) {
            const engine_heap_t next = before + t;
            before = t;
            t = next;
        }
        if (t <= after) t = 0;
    } else if (game == ENGINE_GAME_SUB) {
        t = 0;
        for (uint8_t i = 0; i < r->size && !t; i++)
            if (r->u.set[i] > after) t = r->u.set[i];
    }
    return t <= n ? t : 0;
}

static bool takeaway_allowed(const engine_rules_t *r, engine_heap_t take)
{
    engine_heap_t below = take - 1;
    return takeaway_next_take(r, take, below) == take;
}

/* A caller's spare buffer (engine_lend), where windows wider than half the work buffer are
 * saved for the period search. */
static uint8_t *sub_spare;
static uint8_t sub_spare_size;

void engine_lend(uint8_t *buf, uint8_t size)
{
    sub_spare = buf;
    sub_spare_size = buf ? size : 0;
}

/* Where a window of m values is saved for the period search; NULL: nowhere, no search. */
static __attribute__((noinline)) uint8_t *sub_saved(uint8_t m)
{
    if (m <= ENGINE_WORK_SIZE / 2) return SUB_SAVED;
    return sub_spare_size >= m ? sub_spare : NULL;
}

/* Compare the window ending in slot `head` with the saved one, or (save) save it. */
static __attribute__((noinline)) bool sub_window(uint8_t m, uint8_t head, bool save)
{
    uint8_t *saved = sub_saved(m);
    uint8_t slot = head;
    for (uint8_t i = 0; i < m; i++) {
        if (++slot == m) slot = 0;
        if (save) saved[i] = engine_work[slot];
        else if (engine_work[slot] != saved[i]) return false;
    }
    return true;
}

/* The mex of g(t - s) for s in S, s <= t, where g(t - s) is in slot (at - s) mod m of the work
 * buffer: a table has at = t, a window at = g(t)'s slot. */
static uint8_t sub_mex(const engine_rules_t *r, uint16_t t, uint8_t at, uint8_t m)
{
    uint8_t seen[(ENGINE_SET_MAX + 8) / 8] = {0};
    for (uint8_t i = 0; i < r->size && r->u.set[i] <= t; i++) {
        int16_t from = (int16_t)at - r->u.set[i];
        const uint8_t v = engine_work[from < 0 ? from + m : from];
        seen[v >> 3] |= pgm_read_byte(&engine_bits[v & 7]);
    }
    return (uint8_t)engine_mex(seen, sizeof seen);
}

/* A window fill under way, kept between calls so that engine_prepare can do it in slices. */
typedef struct {
    uint16_t t;         /* next value to compute */
    uint16_t end;       /* last value to compute (moves to its twin once a period is seen) */
    uint16_t requested; /* the end asked for */
    uint16_t hash, saved_hash, base_m, checkpoint, power;
    uint8_t slot;       /* where g(t - 1) is */
    uint8_t searching;  /* still looking for a period */
    uint8_t running;
} sub_run_t;
static sub_run_t sub_run;

/* Fill the window with g(end - m + 1 .. end), m = max(S); sub_head is g(end)'s slot. With
 * *budget, stop after that many values (false: not done; the next call goes on from there). */
static bool sub_fill(const engine_rules_t *r, uint16_t end, uint16_t *budget)
{
    const bool mine = engine_work_claim(r) && sub_windowed;
    if (mine && engine_work_fill == (uint16_t)(end + 1)) return true;
    const uint8_t m = r->u.set[r->size - 1];
    sub_run_t *run = &sub_run;
    ENGINE_OPAQUE(run);
    if (!mine || !run->running || run->requested != end) {
        memset(run, 0, sizeof *run);
        run->base_m = run->power = 1;
        for (uint8_t i = 0; i < m; i++) {
            engine_work[i] = 0;
            run->base_m = (uint16_t)(run->base_m * SUB_HASH_BASE);
        }
        run->searching = sub_saved(m) != NULL;
        run->slot = (uint8_t)(m - 1);
        run->end = run->requested = end;
        run->running = 1;
        sub_windowed = true;
        engine_work_fill = 0; /* no complete window yet */
    }
    for (;; run->t++) {
        if (budget && (*budget)-- == 0) return false;
        const uint16_t t = run->t;
        const uint8_t slot = run->slot = (uint8_t)(run->slot + 1 == m ? 0 : run->slot + 1);
        const uint8_t g = sub_mex(r, t, slot, m);
        run->hash = (uint16_t)(run->hash * SUB_HASH_BASE + g - engine_work[slot] * run->base_m);
        engine_work[slot] = g;
        if (t == run->end) break;
        if (!run->searching || t + 1 < m) continue;
        if (t + 1 > m && run->hash == run->saved_hash && sub_window(m, slot, false)) {
            /* the sequence repeats with period t - checkpoint: finish on end's twin */
            uint16_t period = (uint16_t)(t - run->checkpoint);
            run->end = (uint16_t)(t + (uint16_t)(run->end - t) % period);
            run->searching = 0;
            if (t == run->end) break;
        } else if (t + 1 == m || (uint16_t)(t - run->checkpoint) == run->power) {
            if (t + 1 != m) run->power = (uint16_t)(run->power << 1);
            sub_window(m, slot, true);
            run->saved_hash = run->hash;
            run->checkpoint = t;
        }
    }
    run->running = 0;
    sub_head = run->slot;
    engine_work_fill = (uint16_t)(end + 1);
    return true;
}

/* Extend the table of g(0..n), n <= 255, for a run-time set. */
static void sub_table_fill(const engine_rules_t *r, uint8_t n)
{
    if (!engine_work_claim(r) || sub_windowed) {
        engine_work_fill = 0;
        sub_windowed = false;
    }
    uint16_t t = engine_work_fill;
    for (; t <= n; t++) engine_work[t] = sub_mex(r, t, (uint8_t)t, 0);
    engine_work_fill = t;
}

/* Make the work buffer hold what heap n of a run-time set needs: the table of g(0..n), or for
 * larger heaps the window ending at n - 1 (with *budget: as sub_fill). */
static bool sub_prepare(const engine_rules_t *r, engine_heap_t n, uint16_t *budget)
{
    if (!ENGINE_SUB_WINDOW || n < ENGINE_WORK_SIZE) {
        sub_table_fill(r, (uint8_t)n); /* at most 256 values: a few milliseconds */
        return true;
    }
    return sub_fill(r, (uint16_t)(n - 1), budget);
}

/* g(n - take) for a run-time set, once sub_prepare has made it ready for heap n. */
static uint8_t sub_value(const engine_rules_t *r, engine_heap_t n, engine_heap_t take)
{
    if (!ENGINE_SUB_WINDOW || n < ENGINE_WORK_SIZE) return engine_work[(uint8_t)(n - take)];
    const uint8_t m = r->u.set[r->size - 1];
    int16_t slot = (int16_t)sub_head - (int16_t)(take - 1);
    return engine_work[slot < 0 ? slot + m : slot];
}

static engine_status_t takeaway_grundy(const engine_rules_t *r, engine_heap_t n, engine_heap_t *g)
{
    engine_heap_t v = n; /* Nim */
    if (r->game == ENGINE_GAME_BASH) {
        /* heaps of 16 bits (all of them in the device profile) divide in 16 bits */
        const uint32_t period = (uint32_t)r->bash_max + 1;
        if (n < period) v = n;
        else if ((n >> 8 >> 8) == 0) v = (uint16_t)n % (uint16_t)period;
        else v = (engine_heap_t)(n % period);
    } else if (r->game == ENGINE_GAME_POW2) {
        /* g = n mod 3: powers of two are 1 or 2 mod 3, and 1 and 2 are both allowed.
         * Computed by folding, as 256 and 16 are 1 mod 3: no 32-bit division. */
        const uint32_t w = n;
        uint16_t f = (uint16_t)((uint8_t)w + (uint8_t)(w >> 8) + (uint8_t)(w >> 16) +
                                (uint8_t)(w >> 24));
        f = (uint16_t)((f >> 8) + (f & 0xFF));
        f = (uint16_t)((f >> 4) + (f & 15));
        f = (uint16_t)((f >> 4) + (f & 15));
        while (f >= 3) f -= 3;
        v = f;
    } else if (r->game == ENGINE_GAME_SUB || r->game == ENGINE_GAME_FIB) {
        if (r->table != ENGINE_TABLE_NONE) {
            v = engine_table_value(r->table, n);
        } else {
            sub_prepare(r, n, NULL);
            v = !ENGINE_SUB_WINDOW || n < ENGINE_WORK_SIZE ? engine_work[(uint8_t)n]
                                     : sub_mex(r, 0xFFFF, (uint8_t)(sub_head + 1),
                                               r->u.set[r->size - 1]);
        }
    }
    *g = v;
    return ENGINE_OK;
}

static bool takeaway_next_option(const engine_rules_t *r, engine_heap_t n, engine_iter_t *it,
                                 engine_move_t *m)
{
    engine_heap_t t = takeaway_next_take(r, n, it->a);
    if (!t) return false;
    it->a = t;
    m->take = t;
    m->left = n - t;
    return true;
}

static engine_status_t takeaway_check_option(const engine_rules_t *r, engine_heap_t n,
                                             engine_heap_t take, engine_heap_t left)
{
    if (!takeaway_allowed(r, take)) return ENGINE_ERR_NOT_ALLOWED;
    /* one part: the rest, named as either the left or the right part */
    return (left == 0 || left == n - take) ? ENGINE_OK : ENGINE_ERR_BAD_SPLIT;
}

static bool takeaway_next_option_to(const engine_rules_t *r, engine_heap_t n, engine_heap_t target,
                                    engine_iter_t *it, engine_move_t *m)
{
    if (r->game <= ENGINE_GAME_BASH || r->game == ENGINE_GAME_WYTHOFF) {
        /* Nim: the option n' = target; Bash: take (g - target) mod (M + 1). Only one. */
        engine_heap_t g, take;
        if (it->a || (r->game == ENGINE_GAME_BASH && target > r->bash_max)) return false;
        it->a = 1;
        takeaway_grundy(r, n, &g);
        take = g - target;
        if (g < target) {
            if (r->game != ENGINE_GAME_BASH) return false;
            take += (engine_heap_t)r->bash_max + 1;
        }
        if (take == 0 || take > n) return false; /* take <= M holds: g <= M, target <= M */
        m->take = take;
        m->left = n - take;
        return true;
    }
    const bool run_time = r->game == ENGINE_GAME_SUB && r->table == ENGINE_TABLE_NONE;
    if (run_time) sub_prepare(r, n, NULL);
    while (takeaway_next_option(r, n, it, m)) {
        engine_heap_t g;
        if (run_time) g = sub_value(r, n, m->take);
        else takeaway_grundy(r, m->left, &g);
        if (g == target) return true;
    }
    return false;
}

const engine_heap_ops_t engine_ops_takeaway = {takeaway_grundy, takeaway_next_option,
                                               takeaway_check_option, takeaway_next_option_to};

engine_status_t engine_takeaway_prepare(const engine_rules_t *r, engine_heap_t n, uint16_t budget)
{
    if (r->game != ENGINE_GAME_SUB || r->table != ENGINE_TABLE_NONE || n == 0) return ENGINE_OK;
    return sub_prepare(r, n, &budget) ? ENGINE_OK : ENGINE_ERR_BUSY;
}
