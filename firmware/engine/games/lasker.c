/* Lasker's Nim: take any number from one heap, or split a heap of 2 or more into two non-empty
 * heaps without taking. Grundy values in closed form: g(0) = 0 and, for n = 4q + r > 0, n itself
 * when r is 1 or 2, n + 1 when r is 3, n - 1 when r is 0 (tested against the mex in the host
 * suite). Winning splits are found without scanning the heap: with g(4q + r) = 4(q + d_r) + e_r,
 * a split a + b = n with g(a) ^ g(b) = t fixes a's and b's residues, and A = qa + d_r,
 * B = qb + d_s must have A ^ B = t >> 2 and A + B = S, that is A & B = (S - (t >> 2)) / 2: the
 * splits of a residue class are the submasks of t >> 2, 2^popcount of them. */
#include "../engine_internal.h"
#include "../engine_pgm.h"

static const int8_t lasker_shift[4] PROGMEM = {-1, 0, 0, 1}; /* d_r, and g(n) = n + d_r; e_r = r - 3 d_r */

static engine_heap_t lasker_value(engine_heap_t n)
{
    return n ? n + (int8_t)pgm_read_byte(&lasker_shift[n & 3]) : 0;
}

static engine_status_t lasker_grundy(const engine_rules_t *r, engine_heap_t n, engine_heap_t *g)
{
    (void)r;
    *g = lasker_value(n);
    return ENGINE_OK;
}

/* Takes of 1..n first (leaving the rest), then splits with left = 1..n/2 (taking nothing). */
static bool lasker_next_option(const engine_rules_t *r, engine_heap_t n, engine_iter_t *it,
                               engine_move_t *m)
{
    (void)r;
    if (it->b == 0 && it->a < n) {
        m->take = ++it->a;
        m->left = n - it->a;
    } else if (it->b < n / 2) {
        m->take = 0;
        m->left = ++it->b;
    } else {
        return false;
    }
    return true;
}

static engine_status_t lasker_check_option(const engine_rules_t *r, engine_heap_t n,
                                           engine_heap_t take, engine_heap_t left)
{
    (void)r;
    if (take == 0) return left && left < n ? ENGINE_OK : ENGINE_ERR_BAD_SPLIT;
    return (left == 0 || left == n - take) ? ENGINE_OK : ENGINE_ERR_BAD_SPLIT;
}

/* One residue class of the splits of n reaching value `target`: a = 4 qa + r, b = 4 qb + s. */
typedef struct {
    engine_heap_t and_mask, xor_mask; /* A & B and A ^ B */
    uint8_t r, s;
} lasker_class_t;

/* Class r of n's splits to value target; false when it has none. */
static bool lasker_class(engine_heap_t n, engine_heap_t target, uint8_t r, lasker_class_t *k)
{
    const uint8_t s = (uint8_t)((n - r) & 3);
    k->r = r;
    k->s = s;
    if (n < (engine_heap_t)r + s) return false;
    const int8_t dr = (int8_t)pgm_read_byte(&lasker_shift[r]),
                 ds = (int8_t)pgm_read_byte(&lasker_shift[s]);
    if ((((r - 3 * dr) ^ (s - 3 * ds)) & 3) != (target & 3)) return false; /* e_r, e_s */
    const int32_t sum = (int32_t)((n - r - s) >> 2) + dr + ds;
    const engine_heap_t x = target >> 2;
    if (sum < 0 || (engine_heap_t)sum < x || (((engine_heap_t)sum - x) & 1)) return false;
    k->xor_mask = x;
    k->and_mask = ((engine_heap_t)sum - x) >> 1;
    return (k->and_mask & x) == 0;
}

/* The split of class k whose A is and_mask | sub, into *a: false when a part would be empty. */
static bool lasker_split(const lasker_class_t *k, engine_heap_t sub, engine_heap_t *a,
                         engine_heap_t *b)
{
    const engine_heap_t big_a = k->and_mask | sub, big_b = k->and_mask | (k->xor_mask ^ sub);
    if ((k->r == 3 && big_a == 0) || (k->s == 3 && big_b == 0)) return false;
    *a = 4 * (big_a - (int8_t)pgm_read_byte(&lasker_shift[k->r])) + k->r;
    *b = 4 * (big_b - (int8_t)pgm_read_byte(&lasker_shift[k->s])) + k->s;
    return true;
}

/* First the take to target's heap (g is its own inverse), then each class's splits with
 * a <= b: it->a is 0, then 1 + the class; it->b the next submask to try. */
static bool lasker_next_option_to(const engine_rules_t *r, engine_heap_t n, engine_heap_t target,
                                  engine_iter_t *it, engine_move_t *m)
{
    (void)r;
    if (it->a == 0) {
        it->a = 1;
        const engine_heap_t to = lasker_value(target);
        if (to < n) {
            m->take = n - to;
            m->left = to;
            return true;
        }
    }
    for (lasker_class_t k; it->a <= 4; it->a++, it->b = 0) {
        if (!lasker_class(n, target, (uint8_t)(it->a - 1), &k)) continue;
        for (;;) {
            const engine_heap_t sub = it->b, next = ((sub | ~k.xor_mask) + 1) & k.xor_mask;
            engine_heap_t a, b;
            it->b = next;
            if (lasker_split(&k, sub, &a, &b) && a <= b) {
                if (next == 0) it->a++;
                m->take = 0;
                m->left = a;
                return true;
            }
            if (next == 0) break;
        }
    }
    return false;
}

const engine_heap_ops_t engine_ops_lasker = {lasker_grundy, lasker_next_option,
                                             lasker_check_option, lasker_next_option_to};

/* Winning options of heap n to value target, counted up to cap: a split a + b once. */
static uint32_t lasker_count_heap(engine_heap_t n, engine_heap_t target, uint32_t cap)
{
    uint32_t ordered = 0;
    for (uint8_t r = 0; r < 4; r++) {
        lasker_class_t k;
        engine_heap_t a, b;
        if (!lasker_class(n, target, r, &k)) continue;
        uint8_t bits = 0;
        for (engine_heap_t x = k.xor_mask; x; x &= x - 1) bits++;
        if (bits > 12) return cap; /* 4096 ordered splits: more than cap once halved */
        ordered += (uint32_t)1 << bits;
        ordered -= !lasker_split(&k, 0, &a, &b);
        if (k.xor_mask) ordered -= !lasker_split(&k, k.xor_mask, &a, &b);
    }
    /* each split a + b was counted as (a, b) and (b, a), except a = b (n even, target 0) */
    const bool halves = target == 0 && (n & 1) == 0 && n;
    return (ordered + halves) / 2 + (lasker_value(target) < n);
}

uint32_t engine_lasker_count(const engine_position_t *p, engine_heap_t x, uint32_t cap)
{
    uint32_t count = 0;
    for (uint8_t i = 0; i < p->count && count < cap; i++)
        count += lasker_count_heap(p->heap[i], lasker_value(p->heap[i]) ^ x, cap);
    return count < cap ? count : cap;
}
