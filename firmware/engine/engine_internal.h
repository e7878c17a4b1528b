/* What the engine's modules share: the kernel below the game modules (kernel.c: the one work
 * buffer that run-time Grundy computations (custom subtraction sets, octal codes) and the exact
 * misere search's memo take turns to use, and the mex), the per-heap operations each rules
 * module provides, and the move slots above them (moves.c). */
#ifndef ENGINE_INTERNAL_H
#define ENGINE_INTERNAL_H

#include "engine.h"

#define ENGINE_WORK_SIZE 256
extern uint8_t engine_work[ENGINE_WORK_SIZE];
/* Which rules the work buffer holds values for (serial 0: none), and how far:
 * octal codes, g(0..fill-1); run-time subtraction sets, the window ending at fill-1;
 * misere variants, the memo of decided positions (fill unused). */
extern uint32_t engine_work_serial;
extern uint16_t engine_work_fill; /* at most 65535: the largest heap with a window */
/* Whether the work buffer holds values for r; claim: and mark it as r's from now on. */
bool engine_work_holds(const engine_rules_t *r);
bool engine_work_claim(const engine_rules_t *r);

/* Hide pointer p's value from the compiler, so that a static object is reached through it with
 * displaced loads and stores (2 bytes each on the AVR) rather than absolute ones (4 bytes). */
#define ENGINE_OPAQUE(p) __asm__("" : "+r"(p))

/* Octal digit for removing k tokens (engine_octal_digit, inline for the hot loops). */
static inline uint8_t engine_digit(const engine_rules_t *r, uint16_t k)
{
    if (k == 0 || k > r->size) return 0;
    const uint8_t b = r->u.digits[k >> 1];
    return (k & 1) ? (uint8_t)(b >> 4) : (uint8_t)(b & 0x0F);
}

/* 1 << i for i = 0..7, in program memory: the bit of value v in a bitmap is engine_bits[v & 7]
 * in byte v >> 3, read faster than shifted (the AVR shifts one place per instruction). */
extern const uint8_t engine_bits[8];

/* Smallest value whose bit is clear in the bitmap `seen` of nbytes bytes. */
uint16_t engine_mex(const uint8_t *seen, uint8_t nbytes);

/* F(0)..F(ENGINE_FIB_COUNT - 1) are the Fibonacci numbers below 2^ENGINE_HEAP_BITS: F(47) below
 * 2^32, F(24) below 2^16. */
#define ENGINE_FIB_COUNT (ENGINE_HEAP_BITS == 16 ? 25 : 48)

/* Per-heap operations of a rules module. Options of heap n are enumerated with a
 * cursor (it->a, it->b start at 0 and stay within it->a <= n, it->b <= n / 2 + 2: the
 * misere search keeps them in 9 bits); each option fills m->take and m->left. */
typedef struct {
    /* Grundy value of heap n. */
    engine_status_t (*grundy)(const engine_rules_t *r, engine_heap_t n, engine_heap_t *g);
    /* Next legal option of heap n, in order of fewest tokens taken. */
    bool (*next_option)(const engine_rules_t *r, engine_heap_t n, engine_iter_t *it,
                        engine_move_t *m);
    /* Whether taking `take` from heap n and leaving `left` and n - take - left is legal. */
    engine_status_t (*check_option)(const engine_rules_t *r, engine_heap_t n, engine_heap_t take,
                                    engine_heap_t left);
    /* Next option of heap n whose Grundy value is target; NULL: scan next_option. */
    bool (*next_option_to)(const engine_rules_t *r, engine_heap_t n, engine_heap_t target,
                           engine_iter_t *it, engine_move_t *m);
} engine_heap_ops_t;

/* The heap operations of r's game (ENGINE_GAME_LIST's ops). */
const engine_heap_ops_t *engine_ops(const engine_rules_t *r);

/* A misere variant other than misere Nim: decided by the exact search. */
static inline bool engine_is_exact(const engine_rules_t *r)
{
    return ENGINE_HAS_EXACT && r->misere && r->game != ENGINE_GAME_MISERE;
}

/* The registry's rows for the games decided as whole positions (engine.h's ENGINE_GAME_LIST, kind
 * WHOLE(row, after, check, next, diagonal)), and the exact search's for the misere variants but
 * misere Nim (engine_is_exact). Their operations, in the rules file games/<row>.c (the exact
 * search's in misere_exact.c), for a rules r and a position p of its game:
 *   engine_<row>_is_win(r, p): engine_is_win;
 *   engine_<row>_next_winning(r, p, it, m): engine_next_winning_move;
 *   engine_<row>_after(r, p, m, i), when after is 1: engine_after_heap, heap i after a move
 *     ENGINE_HEAP_ALL that changes several heaps;
 *   engine_<row>_check(r, p), when check is 1: engine_check_position for positions within the
 *     heap count and limits;
 *   engine_<row>_next(r, p, it, m, winning), when next is 1: the next move (winning only, when
 *     winning) when the moves are not its heaps' options: one move slot;
 * and diagonal 1: a move in both heaps (ENGINE_HEAP_BOTH), a slot after the heaps.
 * With ENGINE_WHOLE_DO(row, after, check, next, diagonal) defined as a statement on a row,
 * ENGINE_WHOLE_DISPATCH(r) runs it on r's (the exact search's last: no row is a sum's misere
 * variant), and falls through for the sums: each branch a direct call (no table stored, nothing
 * called through a pointer, which measured smaller on every image); ENGINE_WHOLE_OP(row, op,
 * has) names operation op, or engine_none_<op> when the row has none. */
#define ENGINE_WHOLE_IS_WHOLE(...) 1
#define ENGINE_WHOLE_IS_SUM 0
#define ENGINE_WHOLE_ARGS_WHOLE(...) __VA_ARGS__
#define ENGINE_WHOLE_CASE(id, name, parameter, bits, heaps, ops, kind)                             \
    if (ENGINE_WHOLE_IS_##kind && ENGINE_HAS(ENGINE_GAME_##id) && r_->game == ENGINE_GAME_##id) {  \
        ENGINE_WHOLE_CALL(ENGINE_WHOLE_ARGS_##kind)                                                \
    }
#define ENGINE_WHOLE_ARGS_SUM none, 0, 0, 0, 0
#define ENGINE_WHOLE_CALL(...) ENGINE_WHOLE_DO(__VA_ARGS__)
#define ENGINE_WHOLE_DISPATCH(r)                                                                   \
    do {                                                                                           \
        const engine_rules_t *r_ = (r);                                                            \
        ENGINE_GAME_LIST(ENGINE_WHOLE_CASE)                                                        \
        if (engine_is_exact(r_)) {                                                                 \
            ENGINE_WHOLE_DO(exact, 0, 1, 0, 0)                                                     \
        }                                                                                          \
    } while (0)
#define ENGINE_WHOLE_OP(row, op, has) ENGINE_WHOLE_OP_##has(row, op)
#define ENGINE_WHOLE_OP_1(row, op) engine_##row##_##op
#define ENGINE_WHOLE_OP_0(row, op) engine_none_##op

/* The sums' place in the dispatch (never run), and the operations a row may not have. */
static inline bool engine_none_is_win(const engine_rules_t *r, const engine_position_t *p)
{
    (void)r, (void)p;
    return false;
}
static inline bool engine_none_next_winning(const engine_rules_t *r, const engine_position_t *p,
                                            engine_iter_t *it, engine_move_t *m)
{
    (void)r, (void)p, (void)it, (void)m;
    return false;
}
static inline engine_heap_t engine_none_after(const engine_rules_t *r, const engine_position_t *p,
                                              const engine_move_t *m, uint8_t i)
{
    (void)r, (void)p, (void)m, (void)i;
    return 0;
}
static inline engine_status_t engine_none_check(const engine_rules_t *r, const engine_position_t *p)
{
    (void)r, (void)p;
    return ENGINE_OK;
}
static inline bool engine_none_next(const engine_rules_t *r, const engine_position_t *p,
                                    engine_iter_t *it, engine_move_t *m, bool winning)
{
    (void)r, (void)p, (void)it, (void)m, (void)winning;
    return false;
}

/* The declarations of the rows' operations. */
#define ENGINE_WHOLE_DECLARE_SUM
#define ENGINE_WHOLE_DECLARE_WHOLE(row, has_after, has_check, has_next, diagonal)                  \
    bool engine_##row##_is_win(const engine_rules_t *r, const engine_position_t *p);               \
    bool engine_##row##_next_winning(const engine_rules_t *r, const engine_position_t *p,          \
                                     engine_iter_t *it, engine_move_t *m);                         \
    engine_heap_t ENGINE_WHOLE_OP(row, after, has_after)(const engine_rules_t *r,                  \
                                                     const engine_position_t *p,                   \
                                                     const engine_move_t *m, uint8_t i);           \
    engine_status_t ENGINE_WHOLE_OP(row, check, has_check)(const engine_rules_t *r,                \
                                                       const engine_position_t *p);                \
    bool ENGINE_WHOLE_OP(row, next, has_next)(const engine_rules_t *r, const engine_position_t *p, \
                                          engine_iter_t *it, engine_move_t *m, bool winning);
#define ENGINE_WHOLE_DECLARE(id, name, parameter, bits, heaps, ops, kind)                         \
    ENGINE_WHOLE_DECLARE_##kind
ENGINE_GAME_LIST(ENGINE_WHOLE_DECLARE)
ENGINE_WHOLE_DECLARE_WHOLE(exact, 0, 1, 0, 0)

/* Whether r's game has a diagonal move in both heaps (wythoff, king). */
static inline bool engine_has_diagonal(const engine_rules_t *r)
{
#define ENGINE_WHOLE_DO(row, has_after, has_check, has_next, diagonal) if (diagonal) return true;
    ENGINE_WHOLE_DISPATCH(r);
#undef ENGINE_WHOLE_DO
    return false;
}
/* The move slots of p: its heaps, then the diagonal where there is one; one slot where the game's
 * moves are not its heaps' options (calendar). */
static inline uint8_t engine_move_slots(const engine_rules_t *r, const engine_position_t *p)
{
#define ENGINE_WHOLE_DO(row, has_after, has_check, has_next, diagonal) if (has_next) return 1;
    ENGINE_WHOLE_DISPATCH(r);
#undef ENGINE_WHOLE_DO
    return (uint8_t)(p->count + engine_has_diagonal(r));
}
/* Next option of slot `slot` (a heap, or the diagonal) after the cursor (it->a, it->b). */
bool engine_slot_next(const engine_rules_t *r, const engine_position_t *p, uint8_t slot,
                      engine_iter_t *it, engine_move_t *m);

extern const engine_heap_ops_t engine_ops_takeaway; /* nim, misere, wythoff, bash, sub, fib, pow2 */
extern const engine_heap_ops_t engine_ops_octal;    /* kayles, dawson, octal, line */
extern const engine_heap_ops_t engine_ops_lasker;
extern const engine_heap_ops_t engine_ops_dag;
extern const engine_heap_ops_t engine_ops_mult;

/* engine_prepare for the two families with run-time values. */
engine_status_t engine_takeaway_prepare(const engine_rules_t *r, engine_heap_t n, uint16_t budget);
engine_status_t engine_octal_prepare(const engine_rules_t *r, engine_heap_t n, uint16_t budget);

/* Other misere variants (r->misere, not misere Nim) decide positions exactly (misere_exact.c). */
/* The memo slot (0..914) of p's heaps as a multiset, 0xFFFF past ENGINE_MISERE_TOKENS tokens. */
uint16_t engine_exact_index(const engine_position_t *p);

/* ENGINE_ERR_CYCLE when dag rules' graph has a cycle (uses only the stack). */
engine_status_t engine_dag_check(const engine_rules_t *r);
/* Lasker's winning moves in p, whose nim-sum is x, counted up to cap (at most 2000). */
uint32_t engine_lasker_count(const engine_position_t *p, engine_heap_t x, uint32_t cap);

#endif
