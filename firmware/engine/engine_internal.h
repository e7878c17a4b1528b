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

/* The heap operations of r's game. */
const engine_heap_ops_t *engine_ops(const engine_rules_t *r);
/* Whether r's game has a diagonal move in both heaps (wythoff, king). */
static inline bool engine_has_diagonal(const engine_rules_t *r)
{
    return r->game == ENGINE_GAME_WYTHOFF || (ENGINE_HAS(ENGINE_GAME_KING) && r->game == ENGINE_GAME_KING);
}
/* The move slots of p: its heaps, then the diagonal where there is one; a calendar's one slot. */
static inline uint8_t engine_move_slots(const engine_rules_t *r, const engine_position_t *p)
{
    if (ENGINE_HAS(ENGINE_GAME_CALENDAR) && r->game == ENGINE_GAME_CALENDAR) return 1;
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

/* Misere Nim and Wythoff decide whole positions, not sums. */
bool engine_misere_is_win(const engine_position_t *p);
/* The next-winning-move searches are kept out of line (noinline): engine_next_winning_move then
 * only dispatches, with no frame of its own under the deepest search (the sum's). */
__attribute__((noinline)) bool engine_misere_next_winning(const engine_position_t *p,
                                                          engine_iter_t *it, engine_move_t *m);
bool engine_wythoff_is_win(const engine_position_t *p);
__attribute__((noinline)) bool engine_wythoff_next_winning(const engine_position_t *p,
                                                           engine_iter_t *it, engine_move_t *m);

/* Other misere variants (r->misere, not misere Nim) decide positions exactly (misere_exact.c). */
/* ENGINE_OK when p can be decided, else ENGINE_ERR_TOO_BIG. */
engine_status_t engine_exact_check(const engine_rules_t *r, const engine_position_t *p);
/* engine_is_win for a misere variant: false when p cannot be decided. */
bool engine_exact_is_win(const engine_rules_t *r, const engine_position_t *p);
/* engine_next_winning_move for a misere variant: none when p cannot be decided. */
bool engine_exact_next_winning(const engine_rules_t *r, const engine_position_t *p,
                               engine_iter_t *it, engine_move_t *m);
/* The memo slot (0..914) of p's heaps as a multiset, 0xFFFF past ENGINE_MISERE_TOKENS tokens. */
uint16_t engine_exact_index(const engine_position_t *p);

/* The games decided as whole positions (king.c, moore.c, mult.c, calendar.c). */
bool engine_king_is_win(const engine_position_t *p);
bool engine_king_next_winning(const engine_position_t *p, engine_iter_t *it, engine_move_t *m);
bool engine_moore_is_win(const engine_rules_t *r, const engine_position_t *p);
/* Its moves are ENGINE_HEAP_ALL, the heaps after them kept in the work buffer (engine_moore_after). */
bool engine_moore_next_winning(const engine_rules_t *r, const engine_position_t *p,
                               engine_iter_t *it, engine_move_t *m);
engine_heap_t engine_moore_after(uint8_t i);
bool engine_mult_is_win(const engine_rules_t *r, const engine_position_t *p);
bool engine_mult_next_winning(const engine_rules_t *r, const engine_position_t *p,
                              engine_iter_t *it, engine_move_t *m);
/* ENGINE_OK for a date from 1900-01-01 to 2001-11-04, else ENGINE_ERR_POSITION. */
engine_status_t engine_calendar_check(const engine_position_t *p);
bool engine_calendar_is_win(const engine_position_t *p);
/* The next move (winning: to a lost date) after *it, as ENGINE_HEAP_ALL with take 1 (a day) or
 * 2 (a month); engine_calendar_after gives the date's parts after it. */
bool engine_calendar_next(const engine_position_t *p, engine_iter_t *it, engine_move_t *m,
                          bool winning);
engine_heap_t engine_calendar_after(const engine_position_t *p, const engine_move_t *m, uint8_t i);
/* ENGINE_ERR_CYCLE when dag rules' graph has a cycle (uses only the stack). */
engine_status_t engine_dag_check(const engine_rules_t *r);
/* Lasker's winning moves in p, whose nim-sum is x, counted up to cap (at most 2000). */
uint32_t engine_lasker_count(const engine_position_t *p, engine_heap_t x, uint32_t cap);

#endif
