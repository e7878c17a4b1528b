/* The king walk: a king steps left, down or diagonally down-left towards the corner; the two heaps
 * are its distances to it. Its single-heap moves are Bash's with M = 1 (takeaway.c), its diagonal
 * Wythoff's shape with a take of 1.
 * Rule: (x, y) is lost for the player to move exactly when x and y are both even. Proof: (0, 0) is
 * such a position and has no move. From two even distances every step makes one of them odd.
 * From any other position, taking 1 from each odd distance (from both when both are odd: the
 * diagonal step) makes both even. So the both-even positions are closed under "every move leaves
 * them" and reachable from all others: they are the P-positions, and each N-position has exactly
 * one winning move. */
#include "../engine_internal.h"

bool engine_king_is_win(const engine_rules_t *r, const engine_position_t *p)
{
    (void)r;
    return ((p->heap[0] | p->heap[1]) & 1) != 0;
}

bool engine_king_next_winning(const engine_rules_t *r, const engine_position_t *p,
                              engine_iter_t *it, engine_move_t *m)
{
    (void)r;
    const uint8_t odd = (uint8_t)((p->heap[0] & 1) | (p->heap[1] & 1) << 1);
    if (it->phase || !odd) return false;
    it->phase = 1;
    m->heap = odd == 3 ? ENGINE_HEAP_BOTH : odd >> 1;
    m->take = 1;
    m->left = 0;
    return true;
}
