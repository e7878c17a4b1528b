/* Misere variants of the heap games, decided exactly: a position of at most ENGINE_MISERE_TOKENS
 * tokens is a multiset of heaps, numbered among the 915 partitions of 0..16, and decided by an
 * iterative game-tree search over the rules module's own moves, its answers memoised 2 bits each
 * in the shared work buffer. A board-bounded position of a game that never splits a heap (at most
 * 4 heaps of at most 7: shift595's 4 rows of 7) is numbered among those 330 multisets instead.
 * Misere Bash on one heap has a closed form and no size limit. */
#include <string.h>

#include "engine_internal.h"
#include "engine_pgm.h"

#define EXACT_POSITIONS 915u                         /* partitions of 0, 1, ..., 16 */
#define EXACT_MEMO_BYTES ((EXACT_POSITIONS + 3) / 4) /* 229 of the work buffer's 256 */
_Static_assert(ENGINE_MISERE_TOKENS == 16, "the tables and EXACT_POSITIONS are for 16 tokens");

enum { EXACT_UNKNOWN, EXACT_LOST, EXACT_WON }; /* a memo entry: for the player to move */

/* P(m, k), the number of partitions of m into parts of at most k, for 1 <= k <= m <= 16; row m
 * starts at (m - 1) m / 2. 136 bytes. */
static const uint8_t exact_counts[136] PROGMEM = {
    1,                                                                  /* m = 1 */
    1, 2,                                                               /* 2 */
    1, 2, 3,                                                            /* 3 */
    1, 3, 4, 5,                                                         /* 4 */
    1, 3, 5, 6, 7,                                                      /* 5 */
    1, 4, 7, 9, 10, 11,                                                 /* 6 */
    1, 4, 8, 11, 13, 14, 15,                                            /* 7 */
    1, 5, 10, 15, 18, 20, 21, 22,                                       /* 8 */
    1, 5, 12, 18, 23, 26, 28, 29, 30,                                   /* 9 */
    1, 6, 14, 23, 30, 35, 38, 40, 41, 42,                               /* 10 */
    1, 6, 16, 27, 37, 44, 49, 52, 54, 55, 56,                           /* 11 */
    1, 7, 19, 34, 47, 58, 65, 70, 73, 75, 76, 77,                       /* 12 */
    1, 7, 21, 39, 57, 71, 82, 89, 94, 97, 99, 100, 101,                 /* 13 */
    1, 8, 24, 47, 70, 90, 105, 116, 123, 128, 131, 133, 134, 135,       /* 14 */
    1, 8, 27, 54, 84, 110, 131, 146, 157, 164, 169, 172, 174, 175, 176, /* 15 */
    1, 9, 30, 64, 101, 136, 164, 186, 201, 212, 219, 224, 227, 229, 230, 231, /* 16 */
};

/* The partitions of all totals below t, for t = 0..16: where total t's slots start. 34 bytes. */
static const uint16_t exact_starts[ENGINE_MISERE_TOKENS + 1] PROGMEM = {
    0, 1, 2, 4, 7, 12, 19, 30, 45, 67, 97, 139, 195, 272, 373, 508, 684,
};

static __attribute__((noinline)) uint8_t exact_count(uint8_t m, uint8_t k)
{
    if (m == 0) return 1;
    if (k == 0) return 0;
    if (k > m) k = m;
    return pgm_read_byte(&exact_counts[(uint8_t)((m - 1) * m / 2 + k - 1)]);
}

/* Board-bounded positions: at most EXACT_BOUND_HEAPS heaps of at most EXACT_BOUND_MAX, as
 * non-increasing tuples v0 >= v1 >= v2 >= v3 of 0..7; w_i = v_i + 3 - i is a combination of 4 of
 * 0..10, ranked in the combinatorial number system: sum of C(w_i, 4 - i), 0..329. */
#define EXACT_BOUND_HEAPS ENGINE_MISERE_BOUND_HEAPS
#define EXACT_BOUND_MAX ENGINE_MISERE_BOUND_MAX
_Static_assert(EXACT_BOUND_HEAPS == 4 && EXACT_BOUND_MAX == 7, "the ranking is for 4 heaps of 7");
#define EXACT_DEPTH (EXACT_BOUND_HEAPS * EXACT_BOUND_MAX) /* the most tokens a search meets */
static bool exact_bounded; /* the memo numbers bounded positions, not partitions */

/* C(n, k) for k = 1..4, n = 0..10. 44 bytes. */
static const uint8_t exact_binomials[4][11] PROGMEM = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
    {0, 0, 1, 3, 6, 10, 15, 21, 28, 36, 45},
    {0, 0, 0, 1, 4, 10, 20, 35, 56, 84, 120},
    {0, 0, 0, 0, 1, 5, 15, 35, 70, 126, 210}};

static __attribute__((noinline)) uint8_t exact_binomial(uint8_t n, uint8_t k)
{
    return pgm_read_byte(&exact_binomials[k - 1][n]);
}

/* A position of the search: its non-empty heaps, largest first. */
typedef struct {
    uint8_t count, total;
    uint8_t part[ENGINE_MISERE_TOKENS];
} exact_pos_t;

/* The work buffer while a misere variant holds it: the memo, then the search's position (kept
 * off the stack, which is short on the device). */
#define EXACT_POS ((exact_pos_t *)(engine_work + EXACT_MEMO_BYTES))
_Static_assert(EXACT_MEMO_BYTES + sizeof(exact_pos_t) <= ENGINE_WORK_SIZE, "they fit in it");

/* Memo slot: the partitions of smaller totals, then those of p's total in order of their
 * largest part, then of the next part (within the largest), and so on. The partitions of m
 * whose largest part is below a are P(m, a - 1) in number. */
static __attribute__((noinline)) uint16_t exact_rank(const exact_pos_t *p)
{
    if (exact_bounded) {
        uint16_t slot = 0;
        for (uint8_t i = 0; i < EXACT_BOUND_HEAPS; i++)
            slot += exact_binomial((uint8_t)((i < p->count ? p->part[i] : 0) + 3 - i),
                                   (uint8_t)(EXACT_BOUND_HEAPS - i));
        return slot;
    }
    uint8_t m = p->total;
    uint16_t slot = pgm_read_word(&exact_starts[m]);
    for (uint8_t i = 0; i < p->count; i++) {
        slot += exact_count(m, (uint8_t)(p->part[i] - 1));
        m = (uint8_t)(m - p->part[i]);
    }
    return slot;
}

/* The position in memo slot `slot` (the inverse of exact_rank). */
static __attribute__((noinline)) void exact_unrank(uint16_t slot, exact_pos_t *p)
{
    if (exact_bounded) {
        p->count = p->total = 0;
        for (uint8_t i = 0; i < EXACT_BOUND_HEAPS; i++) {
            const uint8_t k = (uint8_t)(EXACT_BOUND_HEAPS - i);
            uint8_t w = EXACT_BOUND_MAX + EXACT_BOUND_HEAPS - 1;
            while (exact_binomial(w, k) > slot) w--;
            slot = (uint16_t)(slot - exact_binomial(w, k));
            const uint8_t v = (uint8_t)(w + i - 3);
            if (v) {
                p->part[p->count++] = v;
                p->total = (uint8_t)(p->total + v);
            }
        }
        return;
    }
    uint8_t m = ENGINE_MISERE_TOKENS;
    while (pgm_read_word(&exact_starts[m]) > slot) m--;
    slot -= pgm_read_word(&exact_starts[m]);
    p->total = m;
    p->count = 0;
    while (m) {
        uint8_t a = 1;
        while (exact_count(m, a) <= slot) a++;
        slot -= exact_count(m, (uint8_t)(a - 1));
        p->part[p->count++] = a;
        m = (uint8_t)(m - a);
    }
}

/* Add a heap of v (none for 0) in its place; the caller keeps the total within 16. */
static __attribute__((noinline)) void exact_insert(exact_pos_t *p, uint8_t v)
{
    if (v == 0) return;
    uint8_t i = p->count++;
    for (; i > 0 && p->part[i - 1] < v; i--) p->part[i] = p->part[i - 1];
    p->part[i] = v;
    p->total = (uint8_t)(p->total + v);
}

static __attribute__((noinline)) void exact_remove_at(exact_pos_t *p, uint8_t i)
{
    p->total = (uint8_t)(p->total - p->part[i]);
    p->count--;
    for (; i < p->count; i++) p->part[i] = p->part[i + 1];
}

/* Remove one heap of v (none for 0); p holds one. */
static __attribute__((noinline)) void exact_remove(exact_pos_t *p, uint8_t v)
{
    if (v == 0) return;
    uint8_t i = 0;
    while (p->part[i] != v) i++;
    exact_remove_at(p, i);
}

/* Whether p has at most ENGINE_MISERE_TOKENS tokens in all. */
static bool exact_fits(const engine_position_t *p)
{
    engine_heap_t left = ENGINE_MISERE_TOKENS;
    for (uint8_t i = 0; i < p->count; i++) {
        if (p->heap[i] > left) return false;
        left -= p->heap[i];
    }
    return true;
}

/* Whether p is board-bounded in a game whose moves never split a heap, so that every position the
 * search meets is too. */
static bool exact_is_bounded(const engine_rules_t *r, const engine_position_t *p)
{
    uint8_t heaps = 0;
    if (engine_ops(r) != &engine_ops_takeaway) return false;
    for (uint8_t i = 0; i < p->count; i++) {
        if (p->heap[i] > EXACT_BOUND_MAX) return false;
        heaps += p->heap[i] != 0;
    }
    return heaps <= EXACT_BOUND_HEAPS;
}

/* Whether p can be decided; if so the numbering it is searched in (partitions when it fits). */
static bool exact_mode(const engine_rules_t *r, const engine_position_t *p, bool *bounded)
{
    *bounded = !exact_fits(p);
    return !*bounded || exact_is_bounded(r, p);
}

/* The heaps of p (which fits), after move m unless m is NULL, into q. */
static __attribute__((noinline)) void exact_from(const engine_position_t *p,
                                                 const engine_move_t *m, exact_pos_t *q)
{
    q->count = q->total = 0;
    for (uint8_t i = 0; i < p->count; i++) {
        uint8_t h = (uint8_t)p->heap[i];
        if (m && i == m->heap) {
            exact_insert(q, (uint8_t)m->left);
            h = (uint8_t)(h - m->take - m->left);
        }
        exact_insert(q, h);
    }
}

static __attribute__((noinline)) uint8_t exact_recall(uint16_t slot)
{
    return (uint8_t)((engine_work[slot >> 2] >> ((slot & 3) * 2)) & 3);
}

static __attribute__((noinline)) void exact_remember(uint16_t slot, uint8_t v)
{
    uint8_t *b = &engine_work[slot >> 2];
    const uint8_t shift = (uint8_t)((slot & 3) * 2);
    *b = (uint8_t)((*b & ~(3u << shift)) | (uint8_t)(v << shift));
}

/* Claim the work buffer for r's memo in a numbering; it starts empty when it held anything else. */
static __attribute__((noinline)) void exact_memo_use(const engine_rules_t *r, bool bounded)
{
    const bool held = engine_work_claim(r) && exact_bounded == bounded;
    exact_bounded = bounded;
    if (held) return;
    memset(engine_work, 0, EXACT_MEMO_BYTES);
    engine_work[0] = EXACT_WON; /* slot 0, no heap and no move: the opponent made the last move */
}

/* One level of the search, 3 bytes: a position and how far its scan of moves got. */
typedef struct {
    uint16_t slot : 10; /* its memo slot */
    uint16_t a : 5;     /* the option cursor of the heap being tried: a <= 16 (bounded: 7) ... */
    uint16_t moved : 1; /* whether it has a move at all */
    uint8_t heap : 4;   /* the heap being tried */
    uint8_t b : 4;      /* ... and b <= 16 / 2 + 2 (engine_heap_ops_t) */
} exact_frame_t;

/* Whether the player to move loses p (at most 16 tokens, or bounded; the memo claimed for r); p is
 * restored before returning. Depth-first, without recursion: a frame per position being decided,
 * at most one per token, as every move takes a token and the empty position is known. A position is won
 * when a move reaches a lost one, and lost when it has moves and none does; with no move, won. */
static bool exact_lost(const engine_rules_t *r, exact_pos_t *p)
{
    const engine_heap_ops_t *ops = engine_ops(r);
    ENGINE_OPAQUE(p);
    exact_frame_t stack[EXACT_DEPTH];
    uint8_t depth = 0, v;
    uint16_t slot = exact_rank(p);
    if ((v = exact_recall(slot)) != EXACT_UNKNOWN) return v == EXACT_LOST;
    memset(&stack[0], 0, sizeof stack[0]);
    stack[0].slot = slot & 1023;
    for (;;) {
        exact_frame_t *f = &stack[depth];
        engine_iter_t it = {0, 0, f->a, f->b, 0};
        engine_move_t m;
        uint8_t i = f->heap;
        while (i < p->count && !ops->next_option(r, p->part[i], &it, &m)) {
            do i++; /* a heap equal to the one before has the same options */
            while (i < p->count && p->part[i] == p->part[i - 1]);
            it.a = it.b = 0;
        }
        if (i == p->count) {
            v = f->moved ? EXACT_LOST : EXACT_WON;
        } else {
            f->heap = i & 15;
            f->a = it.a & 31;
            f->b = it.b & 15;
            f->moved = 1;
            const uint8_t h = p->part[i], x = (uint8_t)m.left, y = (uint8_t)(h - m.take - m.left);
            exact_remove_at(p, i);
            exact_insert(p, x);
            exact_insert(p, y);
            slot = exact_rank(p);
            v = exact_recall(slot);
            if (v == EXACT_UNKNOWN) { /* decide that position first */
                f = &stack[++depth];
                memset(f, 0, sizeof *f);
                f->slot = slot & 1023;
                continue;
            }
            exact_remove(p, x);
            exact_remove(p, y);
            exact_insert(p, h);
            if (v == EXACT_WON) continue;
            v = EXACT_WON;
        }
        /* stack[depth] is decided; its parent is won if it is lost, else scans on */
        for (;;) {
            exact_remember(stack[depth].slot, v);
            if (depth == 0) return v == EXACT_LOST;
            depth--;
            if (v == EXACT_WON) break;
            v = EXACT_WON;
        }
        exact_unrank(stack[depth].slot, p);
    }
}

/* Misere Bash on one non-empty heap, decided in closed form: that heap, or -1. The position is
 * lost iff n mod (M + 1) == 1, that is iff the heap's normal-play Grundy value is 1: whatever the
 * opponent takes, the reply restores it, down to the last token, which the opponent must take. */
static int8_t exact_bash_heap(const engine_rules_t *r, const engine_position_t *p)
{
    int8_t at = -1;
    for (uint8_t i = 0; i < p->count && r->game == ENGINE_GAME_BASH; i++) {
        if (!p->heap[i]) continue;
        if (at >= 0) return -1;
        at = (int8_t)i;
    }
    return at;
}

engine_status_t engine_exact_check(const engine_rules_t *r, const engine_position_t *p)
{
    bool bounded;
    return exact_bash_heap(r, p) >= 0 || exact_mode(r, p, &bounded) ? ENGINE_OK
                                                                     : ENGINE_ERR_TOO_BIG;
}

bool engine_exact_is_win(const engine_rules_t *r, const engine_position_t *p)
{
    engine_heap_t g;
    bool bounded;
    const int8_t at = exact_bash_heap(r, p);
    if (at >= 0) return engine_ops(r)->grundy(r, p->heap[at], &g) == ENGINE_OK && g != 1;
    if (!exact_mode(r, p, &bounded)) return false;
    exact_memo_use(r, bounded);
    exact_from(p, 0, EXACT_POS);
    return !exact_lost(r, EXACT_POS);
}

bool engine_exact_next_winning(const engine_rules_t *r, const engine_position_t *p,
                               engine_iter_t *it, engine_move_t *m)
{
    const int8_t at = exact_bash_heap(r, p);
    if (at >= 0) { /* Bash's one option of Grundy value 1; the heap ops use only it->a, it->b */
        if (!engine_ops(r)->next_option_to(r, p->heap[at], 1, it, m)) return false;
        m->heap = (uint8_t)at;
        return true;
    }
    bool bounded;
    if (!exact_mode(r, p, &bounded)) return false;
    exact_memo_use(r, bounded);
    while (engine_next_move(r, p, it, m)) {
        exact_from(p, m, EXACT_POS);
        if (exact_lost(r, EXACT_POS)) return true;
    }
    return false;
}

uint16_t engine_exact_index(const engine_position_t *p)
{
    exact_pos_t q;
    if (!exact_fits(p)) return 0xFFFF;
    const bool bounded = exact_bounded; /* the partitions' numbering, whatever the memo holds */
    exact_bounded = false;
    exact_from(p, 0, &q);
    const uint16_t slot = exact_rank(&q);
    exact_bounded = bounded;
    return slot;
}
