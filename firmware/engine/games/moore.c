/* Moore's Nim_k (moore:k): a move takes at least one token from each of 1 to k heaps. Moore's
 * rule: the player to move loses exactly when, in every binary digit, the number of heaps with
 * a 1 there is a multiple of k + 1. Winning moves are built column by column from the top, each
 * heap either still equal to its old value so far ("kept": it may only keep a 1 or drop it, and
 * then it is free below) or already smaller ("free": any bit). In a column with c kept ones and
 * l free heaps, dropping d of the ones (l + d <= k) and setting f of the free heaps needs
 * c - d + f = 0 mod k + 1; such a choice exists in every column once a heap is free, so the
 * moves are enumerated depth-first without dead ends, the columns' choices kept in the work
 * buffer (4 bytes a binary digit), in order of d, then of the dropped heaps, then of the heaps set. */
#include <string.h>

#include "../engine_internal.h"

typedef struct {
    uint16_t kept; /* heaps still equal to their old value above this column */
    uint16_t bits; /* the column's bits after the move */
} moore_column_t;
#define MOORE_COLUMNS ((moore_column_t *)engine_work)
_Static_assert(ENGINE_HEAP_BITS * sizeof(moore_column_t) <= ENGINE_WORK_SIZE, "the columns fit the work buffer");

static uint8_t moore_count(uint16_t x)
{
    uint8_t n = 0;
    for (; x; x &= (uint16_t)(x - 1)) n++;
    return n;
}

/* x mod k1 for the small numbers here (x <= 16 heaps, 2 <= k1 <= 16), by subtraction: the AVR's
 * division routine would cost more than the rest of a column's work. */
static uint8_t moore_mod(uint8_t x, uint8_t k1)
{
    while (x >= k1) x = (uint8_t)(x - k1);
    return x;
}

/* Heaps of p with a 1 in binary digit j, as a mask (heap i is bit i). */
static uint16_t moore_ones(const engine_position_t *p, uint8_t j)
{
    const engine_heap_t bit = (engine_heap_t)1 << j;
    uint16_t ones = 0;
    for (uint8_t i = p->count; i--;) ones = (uint16_t)(ones << 1 | ((p->heap[i] & bit) != 0));
    return ones;
}

/* The binary digits in use: the bit length of the largest heap (the digits above are 0 in every
 * heap before and after any move). */
static uint8_t moore_digits(const engine_position_t *p)
{
    engine_heap_t all = 0;
    uint8_t digits = 0;
    for (uint8_t i = 0; i < p->count; i++) all |= p->heap[i];
    for (; all; all >>= 1) digits++;
    return digits;
}

/* The digits whose count of ones is not a multiple of k + 1 (none: p is lost). */
static engine_heap_t moore_unbalanced(const engine_rules_t *r, const engine_position_t *p)
{
    engine_heap_t bad = 0;
    for (uint8_t j = moore_digits(p); j--;)
        bad = bad << 1 | (moore_mod(moore_count(moore_ones(p, j)), (uint8_t)(r->size + 1)) != 0);
    return bad;
}

bool engine_moore_is_win(const engine_rules_t *r, const engine_position_t *p)
{
    return moore_unbalanced(r, p) != 0;
}

/* pack: the bits of x at mask's ones, packed low; else the low bits of x spread onto mask's ones. */
static uint16_t moore_pack(uint16_t x, uint16_t mask, bool pack)
{
    uint16_t out = 0, bit = 1;
    for (; mask; mask &= (uint16_t)(mask - 1), bit = (uint16_t)(bit << 1)) {
        const uint16_t low = mask & (uint16_t)-mask;
        if (x & (pack ? low : bit)) out |= pack ? bit : low;
    }
    return out;
}

/* The n lowest ones of mask. */
static uint16_t moore_lowest(uint16_t mask, uint8_t n)
{
    return moore_pack((uint16_t)((1ul << n) - 1), mask, false);
}

/* The next subset of mask above *x with as many ones (Gosper's step on the packed bits). */
static bool moore_next_subset(uint16_t *x, uint16_t mask)
{
    const uint32_t c = moore_pack(*x, mask, true);
    if (c == 0) return false;
    uint32_t low = c & (uint32_t)-c, sum = c + low, rest = sum ^ c;
    while (!(low & 1)) {
        low >>= 1;
        rest >>= 1;
    }
    const uint32_t next = sum | rest >> 2;
    if (next >> moore_count(mask)) return false;
    *x = moore_pack((uint16_t)next, mask, false);
    return true;
}

/* The free heaps to set when d of c kept ones are dropped. */
static uint8_t moore_sets(uint8_t c, uint8_t d, uint8_t k1)
{
    return moore_mod((uint8_t)(k1 - moore_mod((uint8_t)(c - d), k1)), k1);
}

/* The first choice for a column (first), or the next one after *bits; false when none is left.
 * Keeping every heap while none is free yet is chosen only above the highest unbalanced digit
 * (there, keeping is the only choice; from it on a heap is dropped), so no choice is a dead end
 * that ends in no move. */
static bool moore_choose(uint8_t k1, uint16_t all, uint16_t kept, uint16_t ones, bool first,
                         uint16_t *bits)
{
    const uint16_t kept_ones = kept & ones, free = all & (uint16_t)~kept;
    const uint8_t c = moore_count(kept_ones), l = moore_count(free);
    uint16_t drop = 0, set = 0;
    uint8_t d = 0;
    bool found = false;
    if (!first) {
        drop = kept_ones & (uint16_t)~*bits;
        set = free & *bits;
        d = moore_count(drop);
        found = moore_next_subset(&set, free);
        if (!found && moore_next_subset(&drop, kept_ones)) {
            set = moore_lowest(free, moore_sets(c, d, k1));
            found = true;
        }
        d++;
    }
    for (; !found && d <= c && l + d < k1; d++) {
        const uint8_t f = moore_sets(c, d, k1);
        if (f > l) continue;
        drop = moore_lowest(kept_ones, d);
        set = moore_lowest(free, f);
        found = true;
    }
    *bits = (uint16_t)((kept_ones & (uint16_t)~drop) | set);
    return found;
}

static uint16_t moore_all(const engine_position_t *p)
{
    return (uint16_t)((1ul << p->count) - 1);
}

/* Columns j down to 0 given their first choices, column j starting with `kept`. */
static bool moore_fill(const engine_rules_t *r, const engine_position_t *p, int8_t j,
                       uint16_t kept)
{
    for (; j >= 0; j--) {
        moore_column_t *col = &MOORE_COLUMNS[j];
        const uint16_t ones = moore_ones(p, (uint8_t)j);
        col->kept = kept;
        if (!moore_choose((uint8_t)(r->size + 1), moore_all(p), kept, ones, true, &col->bits))
            return false;
        kept &= (uint16_t)(~ones | col->bits); /* the dropped ones are free below */
    }
    return true;
}

/* The move after the one in the columns: the lowest column with another choice, then the first
 * choices below it. */
static bool moore_next_leaf(const engine_rules_t *r, const engine_position_t *p)
{
    for (uint8_t j = 0, digits = moore_digits(p); j < digits; j++) {
        moore_column_t *col = &MOORE_COLUMNS[j];
        const uint16_t ones = moore_ones(p, j);
        if (moore_choose((uint8_t)(r->size + 1), moore_all(p), col->kept, ones, false, &col->bits))
            return moore_fill(r, p, (int8_t)(j - 1), col->kept & (uint16_t)(~ones | col->bits));
    }
    return false;
}

/* it->a counts the moves given so far: when the work buffer was lent to other rules meanwhile,
 * the enumeration starts again and skips them. */
bool engine_moore_next_winning(const engine_rules_t *r, const engine_position_t *p,
                               engine_iter_t *it, engine_move_t *m)
{
    bool found;
    if (it->phase == 2) return false;
    if (it->phase == 1 && engine_work_holds(r)) {
        found = moore_next_leaf(r, p);
    } else {
        engine_work_claim(r);
        memset(MOORE_COLUMNS, 0, ENGINE_HEAP_BITS * sizeof(moore_column_t)); /* the digits above stay 0 */
        found = engine_moore_is_win(r, p) &&
                moore_fill(r, p, (int8_t)(moore_digits(p) - 1), moore_all(p));
        for (engine_heap_t skip = it->a; found && skip; skip--) found = moore_next_leaf(r, p);
    }
    it->phase = found ? 1 : 2;
    it->a++;
    m->heap = ENGINE_HEAP_ALL;
    m->take = m->left = 0;
    return found;
}

engine_heap_t engine_moore_after(const engine_rules_t *r, const engine_position_t *p,
                                 const engine_move_t *m, uint8_t i)
{
    (void)r, (void)p, (void)m;
    engine_heap_t h = 0;
    for (uint8_t j = ENGINE_HEAP_BITS; j--;) h = (engine_heap_t)(h << 1 | ((MOORE_COLUMNS[j].bits >> i) & 1));
    return h;
}
