/* Octal games (Kayles 0.77 and Dawson's Kayles 0.07, named in engine.h's ENGINE_OCTAL_NAMED; any
 * 0.d1d2..., line:S): digit k says whether removing k tokens may leave no heap (1), one heap (2)
 * or two (4). Kayles and Dawson's Kayles read generated prefix+period tables; other codes fill
 * g(0..n) lazily into the shared work buffer (heaps up to 255). */
#include <stddef.h>

#include "../engine_internal.h"
#include "../engine_pgm.h"
#include "../engine_tables.h"

/* Extend the work buffer, which holds g(0..t-1) for r, to g(0..n); ENGINE_ERR_HEAP_LIMIT if a
 * value passes 255.
 * With *budget, stop once about that many removal sizes have been tried (ENGINE_ERR_BUSY; the
 * next call goes on from the values already there). */
static __attribute__((noinline)) engine_status_t octal_fill(const engine_rules_t *r, uint8_t n,
                                                            uint16_t t, uint16_t *budget)
{
    /* options' values are XORs of values so far, so they stay below the power of two above
     * them all: the bitmap needs only that many bits, plus one for the mex itself */
    uint8_t top = 0;
    for (uint16_t i = 0; i < t; i++) top |= engine_work[i];
    for (; t <= (uint16_t)n; t++) {
        if (budget && *budget == 0) return ENGINE_ERR_BUSY;
        uint8_t seen[ENGINE_WORK_SIZE / 8 + 1];
        uint16_t above = 8;
        while (above <= top) above <<= 1;
        const uint8_t width = (uint8_t)(above / 8 + 1);
        for (uint8_t i = 0; i < width; i++) seen[i] = 0;
        const uint8_t last = r->size < t ? r->size : (uint8_t)t;
        if (budget) *budget = *budget > last ? (uint16_t)(*budget - last) : 0;
        for (uint8_t k = 1; k <= last && k != 0; k++) {
            const uint8_t d = engine_digit(r, k), rest = (uint8_t)(t - k);
            if ((d & 1) && rest == 0) seen[0] |= 1;
            if ((d & 2) && rest > 0) {
                const uint8_t v = engine_work[rest];
                seen[v >> 3] |= pgm_read_byte(&engine_bits[v & 7]);
            }
            if (!(d & 4)) continue;
            const uint8_t *left = engine_work + 1, *right = engine_work + rest - 1;
            for (uint8_t a = rest / 2; a; a--) { /* the hot loop: pointers and a bit table */
                const uint8_t v = (uint8_t)(*left++ ^ *right--);
                seen[v >> 3] |= pgm_read_byte(&engine_bits[v & 7]);
            }
        }
        const uint16_t g = engine_mex(seen, width);
        if (g > 255) {
            engine_work_serial = 0;
            return ENGINE_ERR_HEAP_LIMIT;
        }
        engine_work[t] = (uint8_t)g;
        top |= (uint8_t)g;
        engine_work_fill = (uint16_t)(t + 1);
    }
    return ENGINE_OK;
}

/* Have g(0..n) in the work buffer for a run-time code (with *budget: as octal_fill). */
static engine_status_t octal_ready(const engine_rules_t *r, engine_heap_t n, uint16_t *budget)
{
    if (n >= ENGINE_WORK_SIZE) return ENGINE_ERR_HEAP_LIMIT;
    /* claimed here rather than in octal_fill, whose frame is large */
    const uint16_t from = engine_work_claim(r) ? engine_work_fill : 0;
    return from > n ? ENGINE_OK : octal_fill(r, (uint8_t)n, from, budget);
}

static __attribute__((noinline)) engine_status_t octal_work_grundy(const engine_rules_t *r,
                                                                   engine_heap_t n,
                                                                   engine_heap_t *g)
{
    const engine_status_t s = octal_ready(r, n, NULL);
    if (s == ENGINE_OK) *g = engine_work[n];
    return s;
}

/* The table lookup kept apart, as it is called for every heap of every decision: it needs only
 * a few registers pushed, not the call prologue that the work buffer's path would bring. */
static engine_status_t octal_grundy(const engine_rules_t *r, engine_heap_t n, engine_heap_t *g)
{
    if (r->table == ENGINE_TABLE_NONE) return octal_work_grundy(r, n, g);
    *g = engine_table_value(r->table, n);
    return ENGINE_OK;
}

/* Options in order of k: leave nothing, leave one heap, then splits left = 1..rest/2. */
static bool octal_next_option(const engine_rules_t *r, engine_heap_t n, engine_iter_t *it,
                              engine_move_t *m)
{
    uint8_t a = (uint8_t)it->a; /* a <= r->size */
    engine_heap_t b = it->b, left;
    for (;;) {
        if (b == 0) {
            if (a >= r->size || a >= n) return false;
            a++;
        }
        const uint8_t d = engine_digit(r, a);
        const engine_heap_t rest = n - a, stage = ++b;
        left = stage - 2;
        if (stage == 1) {
            left = 0;
            if ((d & 1) && rest == 0) break;
        } else if (stage == 2) {
            left = rest;
            if ((d & 2) && rest > 0) break;
        } else if ((d & 4) && left <= rest / 2) {
            break;
        } else {
            b = 0;
        }
    }
    it->a = a;
    it->b = b;
    m->take = a;
    m->left = left;
    return true;
}

static engine_status_t octal_check_option(const engine_rules_t *r, engine_heap_t n,
                                          engine_heap_t take, engine_heap_t left)
{
    const uint8_t d = take <= r->size ? engine_digit(r, (uint16_t)take) : 0;
    const engine_heap_t right = n - take - left;
    if (d == 0) return ENGINE_ERR_NOT_ALLOWED;
    const uint8_t need = (left && right) ? 4 : (left || right) ? 2 : 1;
    return (d & need) ? ENGINE_OK : ENGINE_ERR_BAD_SPLIT;
}

/* Value of heap a (a <= n) once the table or the filled work buffer covers n. */
static uint8_t octal_value(const engine_rules_t *r, engine_heap_t a)
{
    return r->table != ENGINE_TABLE_NONE ? engine_table_value(r->table, a) : engine_work[a];
}

/* Whether a split of rest into a + (rest - a), a in [prefix, prefix + period), reaches target. */
static bool octal_period_matches(const engine_rules_t *r, engine_heap_t rest, engine_heap_t target,
                                 uint16_t prefix, uint16_t period)
{
    for (engine_heap_t a = prefix; a < (engine_heap_t)prefix + period; a++)
        if ((engine_heap_t)(octal_value(r, a) ^ octal_value(r, rest - a)) == target) return true;
    return false;
}

static bool octal_next_option_to(const engine_rules_t *r, engine_heap_t n, engine_heap_t target,
                                 engine_iter_t *it, engine_move_t *m)
{
    uint16_t prefix = 0, period = 0;
    if (r->table != ENGINE_TABLE_NONE) engine_table_shape(r->table, &prefix, &period);
    else if (octal_ready(r, n, NULL) != ENGINE_OK) return false;
    while (octal_next_option(r, n, it, m)) {
        const engine_heap_t rest = n - m->take, a = m->left;
        if ((engine_heap_t)(octal_value(r, a) ^ octal_value(r, rest - a)) == target) return true;
        /* Splits a + b = rest with both parts in the periodic part of a table repeat every
         * period: if the first period of them has no match, skip to where b leaves it. */
        if (period && it->b >= 3 && a + 1 == (engine_heap_t)prefix + period &&
            rest - a - 1 >= prefix && !octal_period_matches(r, rest, target, prefix, period))
            it->b = rest - prefix + 2; /* the next split leaves rest - prefix + 1 on the left */
    }
    return false;
}

const engine_heap_ops_t engine_ops_octal = {octal_grundy, octal_next_option, octal_check_option,
                                            octal_next_option_to};

engine_status_t engine_octal_prepare(const engine_rules_t *r, engine_heap_t n, uint16_t budget)
{
    return r->table != ENGINE_TABLE_NONE ? ENGINE_OK : octal_ready(r, n, &budget);
}
