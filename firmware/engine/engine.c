/* The engine proper: Sprague-Grundy sums over the rules modules' heap operations,
 * move validation and application, and the device's choice of move. The games decided as
 * whole positions (misere Nim, the exact misere search, Wythoff, king, Moore's Nim, mult,
 * calendar) plug in beside the sum strategy through their registry rows (ENGINE_WHOLE_DISPATCH). */
#include <string.h>

#include "engine.h"
#include "engine_internal.h"
#include "engine_pgm.h"
#include "engine_tables.h"

/* The games that are sums of heaps with Grundy values (the others decide whole positions). */
#define ENGINE_SUM_BIT(id, name, parameter, bits, heaps, ops, kind)                                \
    (ENGINE_WHOLE_IS_##kind ? 0 : 1ul << ENGINE_GAME_##id) |
#define ENGINE_SUMS (ENGINE_GAME_LIST(ENGINE_SUM_BIT) 0)

bool engine_is_sum_game(const engine_rules_t *r)
{
    return !r->misere && ((ENGINE_SUMS >> r->game) & 1);
}
#define engine_is_sum engine_is_sum_game

/* Whether heap n of a sum game can be worked on: ENGINE_OK, or why not. */
static engine_status_t engine_sum_heap(const engine_rules_t *r, engine_heap_t n)
{
    if (!engine_is_sum(r)) return ENGINE_ERR_NOT_A_SUM;
    return n > engine_heap_limit(r) ? ENGINE_ERR_HEAP_LIMIT : ENGINE_OK;
}

engine_status_t engine_heap_grundy(const engine_rules_t *r, engine_heap_t n, engine_heap_t *g)
{
    const engine_status_t s = engine_sum_heap(r, n);
    return s != ENGINE_OK ? s : engine_ops(r)->grundy(r, n, g);
}

/* Slices of engine_prepare: window values of a subtraction set, removal sizes of an octal code,
 * each about ENGINE_PREPARE_SLICE_MS of AVR time at their worst (sets of 32, codes of 255). */
#define ENGINE_SLICE_SUB 200u
#define ENGINE_SLICE_OCTAL 64u

bool engine_values_at_run_time(const engine_rules_t *r)
{
    return engine_is_sum(r) && r->table == ENGINE_TABLE_NONE &&
           (r->game == ENGINE_GAME_SUB || engine_ops(r) == &engine_ops_octal);
}

engine_status_t engine_prepare(const engine_rules_t *r, engine_heap_t n)
{
    const engine_status_t s = engine_sum_heap(r, n);
    if (s != ENGINE_OK) return s;
    return engine_ops(r) == &engine_ops_octal ? engine_octal_prepare(r, n, ENGINE_SLICE_OCTAL)
                                              : engine_takeaway_prepare(r, n, ENGINE_SLICE_SUB);
}

bool engine_next_heap_move_to(const engine_rules_t *r, engine_heap_t n, engine_heap_t target,
                              engine_iter_t *it, engine_move_t *m)
{
    if (!engine_is_sum(r)) return false;
    m->heap = 0;
    return engine_ops(r)->next_option_to(r, n, target, it, m);
}

engine_status_t engine_check_position(const engine_rules_t *r, const engine_position_t *p)
{
    if (p->count == 0 || p->count > ENGINE_MAX_HEAPS) return ENGINE_ERR_HEAP_COUNT;
    const uint8_t heaps = engine_heap_count(r);
    if (heaps && p->count != heaps) return ENGINE_ERR_HEAP_COUNT;
    const engine_heap_t limit = engine_heap_limit(r);
    for (uint8_t i = 0; i < p->count; i++)
        if (p->heap[i] > limit) return ENGINE_ERR_HEAP_LIMIT;
#define ENGINE_WHOLE_DO(row, has_after, has_check, has_next, diagonal)                             \
    if (has_check) return ENGINE_WHOLE_OP(row, check, has_check)(r, p);
    ENGINE_WHOLE_DISPATCH(r);
#undef ENGINE_WHOLE_DO
    return ENGINE_OK;
}

/* Nim-sum of the heaps' Grundy values; false if one cannot be computed. */
static bool engine_nim_sum(const engine_rules_t *r, const engine_position_t *p, engine_heap_t *x)
{
    const engine_heap_ops_t *ops = engine_ops(r);
    /* a run-time octal code's values are in the work buffer once it is filled up to the
     * largest heap (all within its 255 limit) */
    bool in_work = false;
    if (ops == &engine_ops_octal && r->table == ENGINE_TABLE_NONE) {
        engine_heap_t top = 0;
        for (uint8_t i = 0; i < p->count; i++)
            if (p->heap[i] > top) top = p->heap[i];
        if (ops->grundy(r, top, x) != ENGINE_OK) return false;
        in_work = true;
    }
    *x = 0;
    for (uint8_t i = 0; i < p->count; i++) {
        engine_heap_t g;
        if (in_work) g = engine_work[(uint8_t)p->heap[i]];
        else if (ops->grundy(r, p->heap[i], &g) != ENGINE_OK) return false;
        *x ^= g;
    }
    return true;
}

bool engine_is_win(const engine_rules_t *r, const engine_position_t *p)
{
    engine_heap_t x;
#define ENGINE_WHOLE_DO(row, has_after, has_check, has_next, diagonal)                             \
    return engine_##row##_is_win(r, p);
    ENGINE_WHOLE_DISPATCH(r);
#undef ENGINE_WHOLE_DO
    return engine_nim_sum(r, p, &x) && x != 0;
}

/* Winning moves of a sum: in every heap, the options whose value is g ^ nim-sum. first_only:
 * only the heaps whose value drops (g ^ nim-sum < g), which by the mex rule always hold one,
 * the device's first choice. Not inlined: its cursor would weigh on the stack of the other
 * games' searches, the misere one's above all. */
static __attribute__((noinline)) bool engine_sum_next_winning(const engine_rules_t *r,
                                                              const engine_position_t *p,
                                                              engine_iter_t *it, engine_move_t *m,
                                                              bool first_only)
{
    const engine_heap_ops_t *ops = engine_ops(r);
    if (it->phase == 0) {
        it->phase = 1;
        if (!engine_nim_sum(r, p, &it->x) || it->x == 0) it->phase = 2;
    }
    for (; it->phase == 1 && it->heap < p->count; it->heap++, it->a = it->b = 0) {
        const engine_heap_t h = p->heap[it->heap];
        engine_heap_t g;
        if (ops->grundy(r, h, &g) != ENGINE_OK) break;
        if (first_only && (g ^ it->x) > g) continue;
        if (ops->next_option_to(r, h, g ^ it->x, it, m)) { /* the heap ops use only it->a, it->b */
            m->heap = it->heap;
            return true;
        }
    }
    it->phase = 2;
    return false;
}

/* Winning moves of the games that are not sums: their rows' (ENGINE_WHOLE_DISPATCH). Apart from
 * the sums' search, so that engine_best_move's path (which searches a sum itself)
 * does not reach it, nor its stack. */
static bool engine_whole_next_winning(const engine_rules_t *r, const engine_position_t *p,
                                      engine_iter_t *it, engine_move_t *m)
{
#define ENGINE_WHOLE_DO(row, has_after, has_check, has_next, diagonal)                             \
    return engine_##row##_next_winning(r, p, it, m);
    ENGINE_WHOLE_DISPATCH(r);
#undef ENGINE_WHOLE_DO
    return false;
}

bool engine_next_winning_move(const engine_rules_t *r, const engine_position_t *p,
                              engine_iter_t *it, engine_move_t *m)
{
    return engine_is_sum(r) ? engine_sum_next_winning(r, p, it, m, false)
                            : engine_whole_next_winning(r, p, it, m);
}

engine_heap_t engine_after_heap(const engine_rules_t *r, const engine_position_t *p,
                                const engine_move_t *m, uint8_t i)
{
#define ENGINE_WHOLE_DO(row, has_after, has_check, has_next, diagonal)                             \
    if (has_after) return ENGINE_WHOLE_OP(row, after, has_after)(r, p, m, i);
    ENGINE_WHOLE_DISPATCH(r);
#undef ENGINE_WHOLE_DO
    return 0;
}

uint16_t engine_count_winning(const engine_rules_t *r, const engine_position_t *p, uint16_t cap)
{
    engine_heap_t x;
    if (ENGINE_HAS(ENGINE_GAME_LASKER) && r->game == ENGINE_GAME_LASKER)
        return engine_nim_sum(r, p, &x) && x ? (uint16_t)engine_lasker_count(p, x, cap) : 0;
    engine_iter_t it = {0};
    engine_move_t m;
    uint16_t count = 0;
    while (count < cap && engine_next_winning_move(r, p, &it, &m)) count++;
    return count;
}

static bool engine_slot_has_move(const engine_rules_t *r, const engine_position_t *p, uint8_t slot)
{
    engine_iter_t it = {0};
    engine_move_t m;
    return engine_slot_next(r, p, slot, &it, &m);
}

bool engine_is_over(const engine_rules_t *r, const engine_position_t *p)
{
    for (uint8_t i = 0; i < engine_move_slots(r, p); i++)
        if (engine_slot_has_move(r, p, i)) return false;
    return true;
}

bool engine_best_move(const engine_rules_t *r, const engine_position_t *p, engine_move_t *m)
{
    engine_iter_t it = {0};
    if (engine_is_sum(r) ? engine_sum_next_winning(r, p, &it, m, true)
                          : engine_whole_next_winning(r, p, &it, m))
        return true;
    /* lost (or undecidable): the smallest option of the largest heap that has one. Whether a
     * heap has a move depends only on its size, so sizes are tried from the largest down. */
    for (engine_heap_t at_most = ENGINE_HEAP_MAX;;) {
        engine_heap_t size = 0;
        uint8_t best = 0;
        for (uint8_t i = 0; i < p->count; i++) {
            const engine_heap_t h = p->heap[i];
            if (h <= at_most && h > size) {
                size = h;
                best = i;
            }
        }
        if (size == 0) return false;
        it = (engine_iter_t){0}; /* one cursor for both searches: less stack */
        if (engine_slot_next(r, p, best, &it, m)) return true;
        at_most = size - 1;
    }
}

bool engine_random_move(const engine_rules_t *r, const engine_position_t *p, uint16_t rnd,
                        engine_move_t *m)
{
    uint8_t slots = 0, pick = 0;
    for (uint8_t i = 0; i < engine_move_slots(r, p); i++) slots += engine_slot_has_move(r, p, i);
    if (slots == 0) return false;
    uint8_t chosen = (uint8_t)(rnd % slots);
    rnd /= slots;
    for (pick = 0;; pick++)
        if (engine_slot_has_move(r, p, pick) && chosen-- == 0) break;
    engine_iter_t it = {0};
    uint16_t options = 0;
    while (engine_slot_next(r, p, pick, &it, m) && options < 0xFFFF) options++;
    uint16_t k = (uint16_t)(rnd % options);
    it = (engine_iter_t){0};
    do engine_slot_next(r, p, pick, &it, m);
    while (k--);
    return true;
}

/* Where a split's second part can go: a free slot (-1 when there is none). With every
 * slot taken, an empty heap's slot is reused; zero heaps do not change a game. */
static int8_t engine_empty_slot(const engine_position_t *p)
{
    if (p->count < ENGINE_MAX_HEAPS) return (int8_t)p->count;
    for (uint8_t i = 0; i < p->count; i++)
        if (p->heap[i] == 0) return (int8_t)i;
    return -1;
}

engine_status_t engine_check_move(const engine_rules_t *r, const engine_position_t *p,
                                  const engine_move_t *m)
{
    const engine_heap_t take = m->take, left = m->left;
    const bool both = m->heap == ENGINE_HEAP_BOTH && engine_has_diagonal(r);
    /* a game whose moves are not its heaps' options (calendar): its move `take`, if it has it */
#define ENGINE_WHOLE_DO(row, has_after, has_check, has_next, diagonal)                             \
    if (has_next && m->heap == ENGINE_HEAP_ALL) {                                                  \
        engine_iter_t it = {.a = take - 1};                                                        \
        engine_move_t move;                                                                        \
        return take && ENGINE_WHOLE_OP(row, next, has_next)(r, p, &it, &move, false) &&            \
                       move.take == take                                                           \
                   ? ENGINE_OK                                                                     \
                   : ENGINE_ERR_NOT_ALLOWED;                                                       \
    }
    ENGINE_WHOLE_DISPATCH(r);
#undef ENGINE_WHOLE_DO
    if (!both && m->heap >= p->count) return ENGINE_ERR_NO_SUCH_HEAP;
    /* the diagonal move takes from both heaps: as from the smaller, leaving no parts */
    const engine_heap_t h = !both                    ? p->heap[m->heap]
                            : p->heap[0] < p->heap[1] ? p->heap[0]
                                                      : p->heap[1];
    /* dag and mult write a move to heap q as take = h - q (mod 2^32): their rules check it */
    const bool to = (ENGINE_HAS(ENGINE_GAME_DAG) && r->game == ENGINE_GAME_DAG) ||
                    (ENGINE_HAS(ENGINE_GAME_MULT) && r->game == ENGINE_GAME_MULT);
    if (take == 0 && !(ENGINE_HAS(ENGINE_GAME_LASKER) && r->game == ENGINE_GAME_LASKER && left))
        return ENGINE_ERR_EMPTY_MOVE;
    if (take > h && !to) return ENGINE_ERR_TOO_MANY;
    if (both && left) return ENGINE_ERR_BAD_SPLIT;
    if (left > h - take && !to) return ENGINE_ERR_BAD_SPLIT;
    engine_status_t s = engine_ops(r)->check_option(r, h, take, left);
    if (s == ENGINE_OK && left && left != h - take && engine_empty_slot(p) < 0) s = ENGINE_ERR_FULL;
    return s;
}

engine_status_t engine_apply_move(const engine_rules_t *r, engine_position_t *p,
                                  const engine_move_t *m)
{
    engine_status_t s = engine_check_move(r, p, m);
    if (s != ENGINE_OK) return s;
    if (m->heap == ENGINE_HEAP_BOTH) {
        p->heap[0] -= m->take;
        p->heap[1] -= m->take;
        return ENGINE_OK;
    }
    if (m->heap == ENGINE_HEAP_ALL) {
        engine_heap_t after[3];
        for (uint8_t i = 0; i < 3; i++) after[i] = engine_after_heap(r, p, m, i);
        memcpy(p->heap, after, sizeof after);
        return ENGINE_OK;
    }
    uint8_t at = m->heap;
    const engine_heap_t right = p->heap[at] - m->take - m->left;
    if (m->left && right) {
        const int8_t free_slot = engine_empty_slot(p);
        if (free_slot < (int8_t)p->count) { /* full: drop that empty heap first */
            engine_heap_t *gap = &p->heap[free_slot];
            memmove(gap, gap + 1, (size_t)(p->count - 1 - free_slot) * sizeof *gap);
            p->count--;
            if (free_slot < at) at--;
        }
        engine_heap_t *next = &p->heap[at + 1];
        memmove(next + 1, next, (size_t)(p->count - 1 - at) * sizeof *next);
        *next = right;
        p->count++;
    }
    p->heap[at] = m->left ? m->left : right;
    return ENGINE_OK;
}

#define ENGINE_STATUS_TEXTS(X)                                                                     \
    X(ok, "ok")                                                                                    \
    X(unknown, "unknown game")                                                                     \
    X(parameter, "bad game parameter")                                                             \
    X(count, "wrong number of heaps")                                                              \
    X(limit, "heap too large for this game")                                                       \
    X(heap, "no such heap")                                                                        \
    X(empty, "a move must take at least one token")                                                \
    X(too_many, "takes more than the heap holds")                                                  \
    X(not_allowed, "the rules do not allow taking that many")                                      \
    X(split, "the rules do not allow leaving those parts")                                         \
    X(full, "no room for another heap")                                                            \
    X(not_sum, "no Grundy value in this game")                                                     \
    X(no_move, "no legal move")                                                                    \
    X(too_big, "too many tokens for an exact misere answer")                                       \
    X(busy, "not ready yet")                                                                       \
    X(cycle, "the graph has a cycle")                                                              \
    X(position, "not a position of this game")                                                     \
    X(elsewhere, "answered by the calculator")

#define ENGINE_STATUS_STRING(id, text) static const char engine_text_##id[] PROGMEM = text;
ENGINE_STATUS_TEXTS(ENGINE_STATUS_STRING)
#define ENGINE_STATUS_POINTER(id, text) engine_text_##id,
static PGM_P const engine_status_texts[ENGINE_STATUS_COUNT] PROGMEM = {
    ENGINE_STATUS_TEXTS(ENGINE_STATUS_POINTER)};

const char *engine_status_text(engine_status_t s)
{
    if (s >= ENGINE_STATUS_COUNT) s = ENGINE_ERR_UNKNOWN_GAME;
    return (const char *)pgm_read_ptr(&engine_status_texts[s]);
}
