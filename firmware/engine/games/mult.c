/* The multiplication game mult:N: p starts at 1 (or any 1 <= p < N) and a move multiplies it by
 * 2..9; whoever first makes p >= N wins (every such product is the one move "to N").
 * Decided on intervals, no table: [ceil(N/9), N) is won (one move reaches N); below it
 * [ceil(w/2), w), with w = ceil(N/9), is lost (every product lands in the won interval, and no
 * product reaches N); below that [ceil(l/9), l) is won again (9p reaches the lost interval, and
 * the products of p, p apart, cannot jump over it, as p < l <= its length + 1), and so on down to 1,
 * alternating divisors 9 and 2. Exact in 32 bits for every N: only divisions, no products. */
#include "../engine_internal.h"

/* Whether the player to move at p (1 <= p < n) wins. */
static bool mult_won(engine_heap_t n, engine_heap_t p)
{
    bool win = true;
    for (engine_heap_t bound = n;; win = !win) {
        const uint8_t c = win ? 9 : 2;
        const engine_heap_t low = bound / c + (bound % c != 0);
        if (p >= low) return win;
        bound = low;
    }
}

/* The options of p: p times 2, 3, ..., 9, all products of N or more being the one move to N.
 * A move to q is written take = p - q (mod 2^32), left = 0, so that the part left is q. */
static bool mult_next_option(const engine_rules_t *r, engine_heap_t p, engine_iter_t *it,
                             engine_move_t *m)
{
    const engine_heap_t n = r->u.target;
    if (it->a == 0) it->a = 1;
    while (++it->a <= 9) {
        const uint8_t c = (uint8_t)it->a;
        engine_heap_t q = n;
        if (p <= (n - 1) / c) q = p * c;
        else if (p > (n - 1) / (c - 1)) continue; /* (c - 1) p >= N too: the move to N, made */
        m->take = p - q;
        m->left = 0;
        return true;
    }
    return false;
}

bool engine_mult_is_win(const engine_rules_t *r, const engine_position_t *p)
{
    return mult_won(r->u.target, p->heap[0]);
}

bool engine_mult_next_winning(const engine_rules_t *r, const engine_position_t *p,
                              engine_iter_t *it, engine_move_t *m)
{
    const engine_heap_t n = r->u.target;
    while (mult_next_option(r, p->heap[0], it, m)) {
        const engine_heap_t q = p->heap[0] - m->take;
        if (q == n || !mult_won(n, q)) {
            m->heap = 0;
            return true;
        }
    }
    return false;
}

static engine_status_t mult_grundy(const engine_rules_t *r, engine_heap_t n, engine_heap_t *g)
{
    (void)r, (void)n, (void)g;
    return ENGINE_ERR_NOT_A_SUM;
}

static engine_status_t mult_check_option(const engine_rules_t *r, engine_heap_t n,
                                         engine_heap_t take, engine_heap_t left)
{
    engine_iter_t it = {0};
    engine_move_t m;
    while (mult_next_option(r, n, &it, &m))
        if (m.take == take) return left == 0 ? ENGINE_OK : ENGINE_ERR_BAD_SPLIT;
    return ENGINE_ERR_NOT_ALLOWED;
}

static bool mult_next_option_to(const engine_rules_t *r, engine_heap_t n, engine_heap_t target,
                                engine_iter_t *it, engine_move_t *m)
{
    (void)r, (void)n, (void)target, (void)it, (void)m;
    return false; /* not a sum: no option has a Grundy value */
}

const engine_heap_ops_t engine_ops_mult = {mult_grundy, mult_next_option, mult_check_option,
                                           mult_next_option_to};

/* p = 0 is no position of the game (every product would stay 0). */
engine_status_t engine_mult_check(const engine_rules_t *r, const engine_position_t *p)
{
    (void)r;
    return p->heap[0] == 0 ? ENGINE_ERR_POSITION : ENGINE_OK;
}
