/* Every legal move of a position, slot by slot (a heap, Wythoff's or the king's diagonal, a
 * calendar's one slot), through the heap operations of the game's rules module. Above the game
 * modules and below the searches that walk all moves (engine.c, the exact misere search). */
#include "engine_internal.h"

/* The registry's ops column (engine.h's ENGINE_GAME_LIST): takeaway unless a row names others. */
const engine_heap_ops_t *engine_ops(const engine_rules_t *r)
{
    const uint8_t game = r->game;
#define ENGINE_OPS_CASE(id, name, parameter, bits, heaps, ops, kind)                               \
    if (ENGINE_HAS(ENGINE_GAME_##id) && &engine_ops_##ops != &engine_ops_takeaway &&               \
        game == ENGINE_GAME_##id)                                                                  \
        return &engine_ops_##ops;
    ENGINE_GAME_LIST(ENGINE_OPS_CASE)
#undef ENGINE_OPS_CASE
    return &engine_ops_takeaway;
}

/* Next option of slot `slot` (a heap, or Wythoff's diagonal) after the cursor. */
bool engine_slot_next(const engine_rules_t *r, const engine_position_t *p, uint8_t slot,
                      engine_iter_t *it, engine_move_t *m)
{
#define ENGINE_WHOLE_DO(row, has_after, has_check, has_next, diagonal)                             \
    if (has_next) return ENGINE_WHOLE_OP(row, next, has_next)(r, p, it, m, false);
    ENGINE_WHOLE_DISPATCH(r);
#undef ENGINE_WHOLE_DO
    /* the diagonal: the single-heap moves (Nim's, or the king's step) in the smaller heap */
    const bool both = slot >= p->count;
    const engine_heap_t h = !both                    ? p->heap[slot]
                            : p->heap[0] < p->heap[1] ? p->heap[0]
                                                      : p->heap[1];
    if (!engine_ops(r)->next_option(r, h, it, m)) return false;
    m->heap = both ? ENGINE_HEAP_BOTH : slot;
    if (both) m->left = 0;
    return true;
}

bool engine_next_move(const engine_rules_t *r, const engine_position_t *p, engine_iter_t *it,
                      engine_move_t *m)
{
    for (; it->heap < engine_move_slots(r, p); it->heap++, it->a = it->b = 0)
        if (engine_slot_next(r, p, it->heap, it, m)) return true; /* it->a, it->b: the slot's */
    return false;
}
