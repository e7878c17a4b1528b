/* Wythoff's game on two heaps. Cold positions are (a_k, a_k + k), a_k = floor(k*phi),
 * found exactly with integers: in the calculator, the Zeckendorf representation of n, shifted
 * one Fibonacci index up or down, gives floor-phi multiples and cold partners; the device's
 * heaps (at most 255) take a fixed-point formula instead, much shorter. */
#include "../engine_internal.h"

#if ENGINE_DEVICE
/* floor(k / phi) = floor(k (phi - 1)) for k <= 376: 40503 / 2^16 is below phi - 1 by less than
 * k phi's distance to the integer above it (the suite checks every k <= 255). */
static engine_heap_t wythoff_times(engine_heap_t k)
{
    return (engine_heap_t)(((uint32_t)k * 40503u) >> 16);
}

bool engine_wythoff_lower(engine_heap_t k, engine_heap_t *a)
{
    if (k > ENGINE_WYTHOFF_MAX) return false;
    *a = (engine_heap_t)(k + wythoff_times(k));
    return true;
}

bool engine_wythoff_partner(engine_heap_t n, engine_heap_t *partner)
{
    if (n > ENGINE_WYTHOFF_MAX) return false;
    /* n is a_j for j = floor((n + 1) / phi) when that a_j is n; else it is b_m, m = n - j */
    const engine_heap_t j = wythoff_times((engine_heap_t)(n + 1)), m = (engine_heap_t)(n - j);
    *partner = (engine_heap_t)(j + wythoff_times(j) == n ? n + j : m + wythoff_times(m));
    return true;
}
#else

/* The Zeckendorf representation of n with every term moved one Fibonacci index up
 * (*up) and down (*down); *lowest is the index of n's smallest term (F(2) = 1 is
 * index 2). False when *up passes 2^32 - 1. */
static bool wythoff_shift(engine_heap_t n, engine_heap_t *up, engine_heap_t *down, uint8_t *lowest)
{
    /* F(k - 1), F(k), F(k + 1): up to the largest F(k) <= n, then down term by term (a term
     * F(ENGINE_FIB_COUNT - 1) cannot be shifted up: the next does not fit engine_heap_t) */
    engine_heap_t below = 1, f = 1, above = 2;
    uint8_t k = 2;
    bool fits = true;
    *up = *down = 0;
    *lowest = 0;
    for (; above <= n && k < ENGINE_FIB_COUNT - 1; k++) {
        below = f;
        f = above;
        above = below + f;
    }
    for (; k >= 2 && n; k--) {
        if (f <= n) {
            n -= f;
            *lowest = k;
            *down += below;
            if (k + 1 >= ENGINE_FIB_COUNT) {
                fits = false;
            } else {
                fits &= (engine_heap_t)(*up + above) >= *up;
                *up += above;
            }
        }
        above = f;
        f = below;
        below = above - f;
    }
    return fits;
}

bool engine_wythoff_lower(engine_heap_t k, engine_heap_t *a)
{
    engine_heap_t down;
    uint8_t lowest;
    if (k == 0) {
        *a = 0;
        return true;
    }
    /* a_k = shift_up(Zeckendorf(k - 1)) + 1 */
    if (!wythoff_shift(k - 1, a, &down, &lowest) || *a == ENGINE_HEAP_MAX) return false;
    (*a)++;
    return true;
}

bool engine_wythoff_partner(engine_heap_t n, engine_heap_t *partner)
{
    engine_heap_t down;
    uint8_t lowest;
    /* n is some a_k when its smallest index is even: its partner is one index up */
    bool fits = wythoff_shift(n, partner, &down, &lowest);
    if (lowest & 1) *partner = down;
    return fits || (lowest & 1);
}
#endif

static bool wythoff_is_cold(engine_heap_t x, engine_heap_t y)
{
    engine_heap_t p;
    return engine_wythoff_partner(x, &p) && p == y;
}

bool engine_wythoff_is_win(const engine_rules_t *r, const engine_position_t *p)
{
    (void)r;
    return !wythoff_is_cold(p->heap[0], p->heap[1]);
}

/* At most three winning moves: heap 0 to y's partner, heap 1 to x's partner, or
 * both down to the cold position with the same difference. */
__attribute__((noinline)) bool engine_wythoff_next_winning(const engine_rules_t *r,
                                                           const engine_position_t *p,
                                                           engine_iter_t *it, engine_move_t *m)
{
    (void)r;
    const engine_heap_t x = p->heap[0], y = p->heap[1];
    while (it->phase < 3) {
        const uint8_t phase = it->phase++;
        engine_heap_t to;
        if (phase < 2) {
            const engine_heap_t from = phase ? y : x, other = phase ? x : y;
            if (!engine_wythoff_partner(other, &to) || to >= from) continue;
            m->heap = phase;
            m->take = from - to;
            m->left = to;
            return true;
        }
        const engine_heap_t low = x < y ? x : y, diff = x < y ? y - x : x - y;
        if (!engine_wythoff_lower(diff, &to) || to >= low) continue;
        m->heap = ENGINE_HEAP_BOTH;
        m->take = low - to;
        m->left = 0;
        return true;
    }
    return false;
}
