/* Misere Nim: the player who takes the last token loses. Play as in Nim while a
 * heap of two or more remains; once every heap is 0 or 1, the player to move wins
 * exactly when the number of 1-heaps is even (Bouton's misere rule, no search). */
#include "../engine_internal.h"

static engine_heap_t misere_xor(const engine_position_t *p, uint8_t *big)
{
    engine_heap_t x = 0;
    *big = 0;
    for (uint8_t i = 0; i < p->count; i++) {
        x ^= p->heap[i];
        if (p->heap[i] > 1) (*big)++;
    }
    return x;
}

bool engine_misere_is_win(const engine_rules_t *r, const engine_position_t *p)
{
    (void)r;
    uint8_t big;
    engine_heap_t x = misere_xor(p, &big);
    /* with only 0/1 heaps the nim-sum is the parity of the 1-heaps */
    return (x != 0) == (big != 0);
}

/* The only candidates in heap i: its Nim answer h ^ x, and 0 or 1 (to the end game). */
/* Kept out of line: engine_next_winning_move then only dispatches, with no frame of its own
 * under the deepest search (the sum's). */
__attribute__((noinline)) bool engine_misere_next_winning(const engine_rules_t *r,
                                                          const engine_position_t *p,
                                                          engine_iter_t *it, engine_move_t *m)
{
    (void)r;
    uint8_t big;
    const engine_heap_t x = misere_xor(p, &big);
    for (; it->heap < p->count; it->heap++, it->phase = 0) {
        const engine_heap_t h = p->heap[it->heap];
        while (it->phase < 3) {
            const uint8_t phase = it->phase++;
            const engine_heap_t to = phase == 0 ? h ^ x : (engine_heap_t)(phase - 1);
            if (to >= h || (phase > 0 && to == (h ^ x))) continue;
            const uint8_t big_after = (uint8_t)(big - (h > 1) + (to > 1));
            const engine_heap_t x_after = x ^ h ^ to;
            if ((x_after != 0) == (big_after != 0)) continue; /* still a win for them */
            m->heap = it->heap;
            m->take = h - to;
            m->left = to;
            return true;
        }
    }
    return false;
}
