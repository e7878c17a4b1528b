/* Brute-force solver (see brute.h): one predicate, brute_allowed(), holds all the rules;
 * moves are enumerated by trying every take and every way to leave the rest, and positions
 * are decided by plain game-tree search with a memo of canonical positions. */
#include "brute.h"

#include <string.h>

#ifdef __AVR__
#include <avr/pgmspace.h> /* names compared from flash, so they take no RAM */
#define BRUTE_IS(s, lit) (!strcmp_P(s, PSTR(lit)))
#define BRUTE_STARTS(s, lit) (!strncmp_P(s, PSTR(lit), sizeof(lit) - 1))
#else
#define BRUTE_IS(s, lit) (!strcmp(s, lit))
#define BRUTE_STARTS(s, lit) (!strncmp(s, lit, sizeof(lit) - 1))
#endif

bool brute_overflow;

typedef struct {
    uint8_t key[BRUTE_KEY_BYTES]; /* brute_key() of a canonical position */
    uint8_t tag;                  /* 0: empty, 1: lost, 2: won */
} brute_memo_t;

#define BRUTE_MEMO_WAYS 4 /* a position lives in one of 4 slots from its hash on */

/* Wythoff's table: bit x * (BRUTE_WYTHOFF_MAX + 1) + y set when (x, y) is lost. It takes the
 * memo's first slots when the game is Wythoff. */
#define BRUTE_WYTHOFF_BYTES (((BRUTE_WYTHOFF_MAX + 1) * (BRUTE_WYTHOFF_MAX + 1) + 7) / 8)
#define BRUTE_WYTHOFF_SLOTS                                                                        \
    ((BRUTE_WYTHOFF_BYTES + sizeof(brute_memo_t) - 1) / sizeof(brute_memo_t))

static union {
    brute_memo_t memo[BRUTE_MEMO_SLOTS];
    uint8_t wythoff_lost[BRUTE_WYTHOFF_BYTES];
    uint8_t scratch[BRUTE_SCRATCH_BYTES];
} brute_store;
static brute_game_t brute_memo_game; /* the game the memo and table hold answers for */
static bool brute_memo_ready;
static bool brute_wythoff_ready;

/* Decimal number 1..max at *s, advancing *s past it. */
static bool brute_number(const char **s, uint32_t max, uint32_t *out) {
    uint32_t v = 0;
    const char *p = *s;
    if (*p < '0' || *p > '9') return false;
    while (*p >= '0' && *p <= '9') {
        v = v * 10 + (uint32_t)(*p++ - '0');
        if (v > max) return false;
    }
    *s = p;
    *out = v;
    return v >= 1;
}

/* Comma-separated values 1..max: removal sizes of sub:S, or digit 7 at each s of line:S. */
static bool brute_list(brute_game_t *g, const char *s, uint32_t max, bool line) {
    for (;;) {
        uint32_t v;
        if (!brute_number(&s, max, &v)) return false;
        if (line) {
            g->digit[v] = 7;
            if (v > g->code_len) g->code_len = (uint8_t)v;
        } else {
            g->sub[v >> 3] |= (uint8_t)(1u << (v & 7));
        }
        if (*s == 0) return true;
        if (*s++ != ',') return false;
    }
}

bool brute_parse(brute_game_t *g, const char *name) {
    memset(g, 0, sizeof *g);
    if (BRUTE_STARTS(name, "misere:")) { /* any game but Wythoff, played misere */
        if (!brute_parse(g, name + 7) || g->misere || g->kind == BRUTE_WYTHOFF) return false;
        if (g->kind == BRUTE_NIM) g->kind = BRUTE_MISERE;
        g->misere = 1;
        return true;
    }
    if (BRUTE_IS(name, "nim")) {
        g->kind = BRUTE_NIM;
    } else if (BRUTE_IS(name, "misere")) {
        g->kind = BRUTE_MISERE;
        g->misere = 1;
    } else if (BRUTE_IS(name, "fib")) {
        g->kind = BRUTE_FIB;
    } else if (BRUTE_IS(name, "pow2")) {
        g->kind = BRUTE_POW2;
    } else if (BRUTE_IS(name, "wythoff")) {
        g->kind = BRUTE_WYTHOFF;
    } else if (BRUTE_IS(name, "kayles")) {
        g->kind = BRUTE_OCTAL;
        g->digit[1] = g->digit[2] = 7;
        g->code_len = 2;
    } else if (BRUTE_IS(name, "dawson")) {
        g->kind = BRUTE_OCTAL;
        g->digit[2] = 7;
        g->code_len = 2;
    } else if (BRUTE_STARTS(name, "bash:")) {
        const char *s = name + 5;
        uint32_t m;
        g->kind = BRUTE_BASH;
        if (!brute_number(&s, 65535, &m) || *s) return false;
        g->bash_max = (uint16_t)m;
    } else if (BRUTE_STARTS(name, "sub:")) {
        g->kind = BRUTE_SUB;
        return brute_list(g, name + 4, 255, false);
    } else if (BRUTE_STARTS(name, "line:")) {
        g->kind = BRUTE_OCTAL;
        return brute_list(g, name + 5, BRUTE_CODE_MAX, true);
    } else if (BRUTE_STARTS(name, "octal:0.")) {
        const char *s = name + 8;
        g->kind = BRUTE_OCTAL;
        if (!*s) return false;
        for (uint16_t k = 1; *s; k++, s++) {
            if (k > BRUTE_CODE_MAX || *s < '0' || *s > '7') return false;
            g->digit[k] = (uint8_t)(*s - '0');
            if (g->digit[k]) g->code_len = (uint8_t)k;
        }
    } else {
        return false;
    }
    return true;
}

static bool brute_is_fib(uint32_t t) {
    uint32_t a = 1, b = 2;   /* consecutive Fibonacci numbers */
    while (a < t && b > a) { /* b > a: stop when b overflows */
        b += a;
        a = b - a;
    }
    return a == t;
}

bool brute_allowed(const brute_game_t *g, uint32_t h, uint32_t take, uint32_t a, uint32_t b) {
    if (take == 0 || take > h || a > h - take || b != h - take - a) return false;
    const uint8_t heaps_left = (uint8_t)((a > 0) + (b > 0));
    switch (g->kind) {
    case BRUTE_NIM:
    case BRUTE_MISERE:
    case BRUTE_WYTHOFF:
        return heaps_left <= 1;
    case BRUTE_BASH:
        return heaps_left <= 1 && take <= g->bash_max;
    case BRUTE_SUB:
        return heaps_left <= 1 && take <= 255 && (g->sub[take >> 3] & (1u << (take & 7)));
    case BRUTE_FIB:
        return heaps_left <= 1 && brute_is_fib(take);
    case BRUTE_POW2:
        return heaps_left <= 1 && (take & (take - 1)) == 0;
    case BRUTE_OCTAL: /* digit bit 1: may leave no heap, bit 2: one heap, bit 4: two heaps */
        return take <= g->code_len && (g->digit[take] & (1u << heaps_left));
    default:
        return false;
    }
}

bool brute_grundy(const brute_game_t *g, uint16_t n_max, brute_value_t *out) {
    if (g->misere || g->kind == BRUTE_WYTHOFF) return false;
    for (uint32_t n = 0; n <= n_max; n++) {
        uint8_t seen[BRUTE_VALUE_MAX / 8];
        memset(seen, 0, sizeof seen);
#define BRUTE_MARK(v) seen[(v) >> 3] |= (uint8_t)(1u << ((v)&7))
        for (uint32_t t = 1; t <= n; t++) {
            const uint16_t rest = (uint16_t)(n - t);
            if (brute_allowed(g, n, t, 0, rest)) BRUTE_MARK(out[rest]);
            if (g->kind != BRUTE_OCTAL || t > g->code_len) continue; /* only octal games split */
            for (uint16_t a = 1; a <= rest / 2; a++)
                if (brute_allowed(g, n, t, a, (uint32_t)rest - a))
                    BRUTE_MARK(out[a] ^ out[rest - a]);
        }
#undef BRUTE_MARK
        uint16_t v = 0;
        while (v < BRUTE_VALUE_MAX && (seen[v >> 3] & (1u << (v & 7))))
            v++;
        if (v == BRUTE_VALUE_MAX) return false;
        out[n] = (brute_value_t)v;
    }
    return true;
}

bool brute_next_move(const brute_game_t *g, const brute_pos_t *p, brute_iter_t *it,
                     brute_move_t *m) {
    const bool wythoff = g->kind == BRUTE_WYTHOFF && p->count == 2;
    const uint8_t slots = (uint8_t)(p->count + wythoff);
    for (; it->heap < slots; it->heap++, it->take = 0, it->split = 0) {
        const bool diagonal = wythoff && it->heap == 2;
        const uint8_t h =
            diagonal ? (p->heap[0] < p->heap[1] ? p->heap[0] : p->heap[1]) : p->heap[it->heap];
        for (;;) {
            /* candidates: every take 1..h, each leaving (0, rest) or (a, rest - a), a <= rest/2 */
            if (it->take == 0 || diagonal || g->kind != BRUTE_OCTAL ||
                it->split >= (h - it->take) / 2) {
                it->take++;
                it->split = 0;
            } else {
                it->split++;
            }
            if (it->take > h) break;
            const uint8_t rest = (uint8_t)(h - it->take);
            m->take = (uint8_t)it->take;
            if (diagonal) { /* Wythoff: the same number from both heaps */
                m->heap = BRUTE_BOTH;
                m->part[0] = m->part[1] = 0;
                return true;
            }
            m->heap = it->heap;
            m->part[0] = it->split;
            m->part[1] = (uint8_t)(rest - it->split);
            if (brute_allowed(g, h, it->take, m->part[0], m->part[1])) return true;
        }
    }
    return false;
}

void brute_apply(const brute_game_t *g, const brute_pos_t *p, const brute_move_t *m,
                 brute_pos_t *out) {
    (void)g;
    *out = *p;
    if (m->heap == BRUTE_BOTH) {
        out->heap[0] = (uint8_t)(out->heap[0] - m->take);
        out->heap[1] = (uint8_t)(out->heap[1] - m->take);
        return;
    }
    out->heap[m->heap] = m->part[1];
    if (m->part[0] == 0) return;
    if (out->count == BRUTE_MAX_HEAPS) {
        brute_overflow = true;
        return;
    }
    out->heap[out->count++] = m->part[0];
}

uint16_t brute_moves(const brute_game_t *g, const brute_pos_t *p, brute_move_fn fn, void *ctx) {
    brute_iter_t it = {0, 0, 0};
    brute_move_t m;
    uint16_t n = 0;
    bool more = true;
    while (brute_next_move(g, p, &it, &m)) {
        n++;
        if (more && fn) {
            brute_pos_t after;
            brute_apply(g, p, &m, &after);
            more = fn(ctx, &m, &after);
        }
    }
    return n;
}

bool brute_is_move(const brute_game_t *g, const brute_pos_t *p, const brute_move_t *m) {
    if (m->heap == BRUTE_BOTH) /* Wythoff: the same number from both heaps */
        return g->kind == BRUTE_WYTHOFF && p->count == 2 && m->take > 0 && m->take <= p->heap[0] &&
               m->take <= p->heap[1] && !m->part[0] && !m->part[1];
    return m->heap < p->count && m->part[0] <= m->part[1] &&
           brute_allowed(g, p->heap[m->heap], m->take, m->part[0], m->part[1]);
}

void brute_canon(const brute_game_t *g, brute_pos_t *p) {
    uint8_t n = 0;
    for (uint8_t i = 0; i < p->count; i++)
        if (p->heap[i] || g->kind == BRUTE_WYTHOFF) p->heap[n++] = p->heap[i];
    p->count = n;
    for (uint8_t i = 1; i < n; i++)
        for (uint8_t j = i; j > 0 && p->heap[j - 1] > p->heap[j]; j--) {
            const uint8_t t = p->heap[j];
            p->heap[j] = p->heap[j - 1];
            p->heap[j - 1] = t;
        }
}

bool brute_same(const brute_game_t *g, const brute_pos_t *a, const brute_pos_t *b) {
    brute_pos_t x = *a, y = *b;
    brute_canon(g, &x);
    brute_canon(g, &y);
    return x.count == y.count && !memcmp(x.heap, y.heap, x.count);
}

/* The memo key of canonical p: its heaps, BRUTE_KEY_BITS bits each, after one another
 * (nonzero heaps, or Wythoff's two, so the key is unambiguous); false if p does not fit. */
static bool brute_key(const brute_pos_t *p, uint8_t *key) {
    memset(key, 0, BRUTE_KEY_BYTES);
    if (p->count * BRUTE_KEY_BITS > BRUTE_KEY_BYTES * 8) return false;
    for (uint8_t i = 0; i < p->count; i++) {
        if (p->heap[i] >> BRUTE_KEY_BITS) return false;
        const uint8_t bit = (uint8_t)(i * BRUTE_KEY_BITS);
        key[bit >> 3] |= (uint8_t)(p->heap[i] << (bit & 7));
    }
    return true;
}

#if BRUTE_MEMO_SLOTS > 4096
typedef uint32_t brute_hash_t;
#else
typedef uint16_t brute_hash_t; /* enough for a small memo, and cheap on the AVR */
#endif

static brute_hash_t brute_hash(const uint8_t *key) {
    brute_hash_t h = (brute_hash_t)2166136261ul; /* FNV-1a */
    for (uint8_t i = 0; i < BRUTE_KEY_BYTES; i++)
        h = (brute_hash_t)((h ^ key[i]) * 16777619ul);
    return h ^ (h >> 7);
}

/* The memo slot holding key, or the slot to put it in: an empty one of its ways, else one of
 * them chosen by the hash (its old answer is dropped; it will be searched again if needed). */
static brute_memo_t *brute_memo_slot(const uint8_t *key) {
    const brute_hash_t first = brute_memo_game.kind == BRUTE_WYTHOFF ? BRUTE_WYTHOFF_SLOTS : 0;
    const brute_hash_t slots = BRUTE_MEMO_SLOTS - first, h = brute_hash(key);
    brute_hash_t i = h % slots, victim = (i + (h >> 3) % BRUTE_MEMO_WAYS) % slots;
    brute_memo_t *empty = 0;
    for (uint8_t w = 0; w < BRUTE_MEMO_WAYS; w++) {
        brute_memo_t *e = &brute_store.memo[first + i];
        if (e->tag && !memcmp(e->key, key, BRUTE_KEY_BYTES)) return e;
        if (!e->tag && !empty) empty = e;
        if (++i == slots) i = 0;
    }
    if (empty) return empty;
    brute_store.memo[first + victim].tag = 0;
    return &brute_store.memo[first + victim];
}

/* Fill the Wythoff table: a position is lost when no move leads to a lost one; every move
 * lowers x + y, so positions in order of x + y find their options already decided. */
static __attribute__((noinline)) void brute_wythoff_fill(const brute_game_t *g) {
    const uint16_t side = BRUTE_WYTHOFF_MAX + 1;
    memset(brute_store.wythoff_lost, 0, sizeof brute_store.wythoff_lost);
    for (uint16_t sum = 0; sum <= 2 * BRUTE_WYTHOFF_MAX; sum++)
        for (uint16_t x = sum > BRUTE_WYTHOFF_MAX ? sum - BRUTE_WYTHOFF_MAX : 0;
             x <= sum && x <= BRUTE_WYTHOFF_MAX; x++) {
            const brute_pos_t p = {2, {(uint8_t)x, (uint8_t)(sum - x)}};
            brute_iter_t it = {0, 0, 0};
            brute_move_t m;
            bool lost = true;
            while (lost && brute_next_move(g, &p, &it, &m)) {
                brute_pos_t child;
                brute_apply(g, &p, &m, &child);
                const uint16_t bit = (uint16_t)(child.heap[0] * side + child.heap[1]);
                lost = !(brute_store.wythoff_lost[bit >> 3] & (1u << (bit & 7)));
            }
            if (!lost) continue;
            const uint16_t bit = (uint16_t)(x * side + (sum - x));
            brute_store.wythoff_lost[bit >> 3] |= (uint8_t)(1u << (bit & 7));
        }
    brute_wythoff_ready = true;
}

static void brute_memo_use(const brute_game_t *g) {
    if (brute_memo_ready && !memcmp(&brute_memo_game, g, sizeof *g)) return;
    memset(brute_store.memo, 0, sizeof brute_store.memo);
    brute_memo_game = *g;
    brute_memo_ready = true;
    brute_wythoff_ready = false;
}

void *brute_scratch(void) {
    brute_memo_ready = false;
    return brute_store.scratch;
}

/* The memo's answer for canonical p: 1 won, 0 lost, -1 unknown. */
static __attribute__((noinline)) int8_t brute_memo_get(const brute_pos_t *p) {
    uint8_t key[BRUTE_KEY_BYTES];
    if (!brute_key(p, key)) return -1;
    const brute_memo_t *e = brute_memo_slot(key);
    return e->tag ? (int8_t)(e->tag - 1) : -1;
}

static __attribute__((noinline)) void brute_memo_put(const brute_pos_t *p, bool win) {
    uint8_t key[BRUTE_KEY_BYTES];
    if (!brute_key(p, key)) return;
    brute_memo_t *e = brute_memo_slot(key);
    memcpy(e->key, key, BRUTE_KEY_BYTES);
    e->tag = win ? 2 : 1;
}

/* Wythoff position p (sorted, heaps within the table) from the table. */
static __attribute__((noinline)) bool brute_wythoff_win(const brute_game_t *g,
                                                        const brute_pos_t *p) {
    if (!brute_wythoff_ready) brute_wythoff_fill(g);
    const uint16_t bit = (uint16_t)(p->heap[0] * (BRUTE_WYTHOFF_MAX + 1) + p->heap[1]);
    return !(brute_store.wythoff_lost[bit >> 3] & (1u << (bit & 7)));
}

/* Game-tree search of canonical position p, memoised. Its frame is kept small: on the AVR
 * it is repeated once per token of the position. */
static bool brute_search(const brute_game_t *g, const brute_pos_t *p) {
    if (g->kind == BRUTE_WYTHOFF && p->count == 2 && p->heap[1] <= BRUTE_WYTHOFF_MAX)
        return brute_wythoff_win(g, p);
    const int8_t known = brute_memo_get(p);
    if (known >= 0) return known;
    bool win = false, any = false;
    brute_iter_t it = {0, 0, 0};
    brute_move_t m;
    while (!win && brute_next_move(g, p, &it, &m)) {
        brute_pos_t child;
        any = true;
        brute_apply(g, p, &m, &child);
        brute_canon(g, &child);
        win = !brute_search(g, &child);
    }
    if (!any) win = g->misere; /* misere: the opponent made the last move */
    brute_memo_put(p, win);
    return win;
}

bool brute_pos_is_win(const brute_game_t *g, const brute_pos_t *p) {
    brute_pos_t c = *p;
    brute_memo_use(g);
    brute_canon(g, &c);
    return brute_search(g, &c);
}

bool brute_is_win(const brute_game_t *g, const uint8_t *heaps, uint8_t count) {
    brute_pos_t p;
    if (count > BRUTE_MAX_HEAPS) {
        brute_overflow = true;
        return false;
    }
    p.count = count;
    memcpy(p.heap, heaps, count);
    return brute_pos_is_win(g, &p);
}

uint16_t brute_count_moves(const brute_game_t *g, const brute_pos_t *p, uint16_t *wins) {
    brute_iter_t it = {0, 0, 0};
    brute_move_t m;
    uint16_t n = 0;
    *wins = 0;
    while (brute_next_move(g, p, &it, &m)) {
        brute_pos_t after;
        n++;
        brute_apply(g, p, &m, &after);
        *wins += !brute_pos_is_win(g, &after);
    }
    return n;
}

/* ------------------------------------------------------------------------------------------ */
/* The games of issue 15: searches that know only their moves. */

#define BRUTE_BIT(t, i) (((t)[(i) >> 3] >> ((i) & 7)) & 1)
#define BRUTE_SET(t, i) ((t)[(i) >> 3] |= (uint8_t)(1u << ((i) & 7)))

bool brute_king_win(uint8_t x, uint8_t y) {
    uint8_t *lost = brute_scratch(); /* 32 x 32 bits */
    brute_memo_ready = false;
    memset(lost, 0, 128);
    for (uint16_t i = 0; i < 1024; i++) {
        const uint8_t a = (uint8_t)(i >> 5), b = (uint8_t)(i & 31);
        bool win = false; /* a move to a lost square */
        if (a && BRUTE_BIT(lost, i - 32)) win = true;
        if (b && BRUTE_BIT(lost, i - 1)) win = true;
        if (a && b && BRUTE_BIT(lost, i - 33)) win = true;
        if (!win) BRUTE_SET(lost, i);
    }
    return !BRUTE_BIT(lost, (uint16_t)(x * 32 + y));
}

/* Moore: positions of up to 4 heaps of 0..7 as 3-bit digits; the memo is 2 bits each. */
static uint16_t brute_moore_key(const uint8_t *h, uint8_t count) {
    uint16_t key = 0;
    for (uint8_t i = 0; i < count; i++) key = (uint16_t)(key << 3 | h[i]);
    return key;
}

static bool brute_moore_search(uint8_t k, uint8_t *h, uint8_t count, uint8_t *memo);

/* Every move: a nonempty set of at most k heaps, each lowered to any smaller value. Calls fn
 * (when given) with each move that leads to a lost position; returns how many do. */
static uint16_t brute_moore_moves(uint8_t k, uint8_t *h, uint8_t count, uint8_t *memo,
                                  brute_after_fn fn, void *ctx, bool first_only) {
    uint16_t wins = 0;
    for (uint8_t set = 1; set < (1u << count); set++) {
        uint8_t size = 0, orig[4], to[4];
        bool ok = true;
        for (uint8_t i = 0; i < count; i++) {
            orig[i] = h[i];
            to[i] = 0;
            if ((set >> i) & 1) {
                size++;
                if (h[i] == 0) ok = false;
            }
        }
        if (!ok || size > k) continue;
        /* odometer over the new values of the heaps in the set */
        for (;;) {
            for (uint8_t i = 0; i < count; i++) h[i] = ((set >> i) & 1) ? to[i] : orig[i];
            const bool lost = !brute_moore_search(k, h, count, memo);
            for (uint8_t i = 0; i < count; i++) h[i] = orig[i];
            if (lost) {
                uint8_t after[4];
                for (uint8_t i = 0; i < count; i++) after[i] = ((set >> i) & 1) ? to[i] : orig[i];
                wins++;
                if (fn && !fn(ctx, after)) return wins;
                if (first_only) return wins;
            }
            uint8_t i = 0;
            for (; i < count; i++) {
                if (!((set >> i) & 1)) continue;
                if (++to[i] < orig[i]) break;
                to[i] = 0;
            }
            if (i == count) break;
        }
    }
    return wins;
}

static bool brute_moore_search(uint8_t k, uint8_t *h, uint8_t count, uint8_t *memo) {
    const uint16_t key = brute_moore_key(h, count);
    const uint8_t v = (uint8_t)((memo[key >> 2] >> ((key & 3) * 2)) & 3);
    if (v) return v == 2;
    const bool win = brute_moore_moves(k, h, count, memo, 0, 0, true) > 0;
    memo[key >> 2] |= (uint8_t)((win ? 2 : 1) << ((key & 3) * 2));
    return win;
}

static uint8_t *brute_moore_memo(uint8_t count) {
    uint8_t *memo = brute_scratch();
    brute_memo_ready = false;
    memset(memo, 0, (size_t)((1u << (3 * count)) + 3) / 4);
    return memo;
}

bool brute_moore_win(uint8_t k, const uint8_t *heaps, uint8_t count) {
    uint8_t h[4];
    memcpy(h, heaps, count);
    return brute_moore_search(k, h, count, brute_moore_memo(count));
}

uint16_t brute_moore_wins(uint8_t k, const uint8_t *heaps, uint8_t count, brute_after_fn fn,
                          void *ctx) {
    uint8_t h[4];
    memcpy(h, heaps, count);
    return brute_moore_moves(k, h, count, brute_moore_memo(count), fn, ctx, false);
}

void brute_lasker_grundy(uint16_t n_max, uint16_t *out) {
    for (uint16_t n = 0; n <= n_max; n++) {
        uint8_t seen[BRUTE_VALUE_MAX / 8] = {0}; /* n_max < BRUTE_VALUE_MAX / 2 */
        for (uint16_t t = 1; t <= n; t++) BRUTE_SET(seen, out[n - t]);   /* take t */
        for (uint16_t a = 1; a < n; a++) BRUTE_SET(seen, out[a] ^ out[n - a]); /* split */
        uint16_t g = 0;
        while (BRUTE_BIT(seen, g)) g++;
        out[n] = g;
    }
}

/* Days in month m of year y, by the Gregorian rule as written. */
static uint8_t brute_month_days(uint16_t y, uint8_t m) {
    static const uint8_t days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return (uint8_t)(days[m - 1] + (m == 2 && leap));
}

/* Days from date (y, m, d) to the next date with the same day in the next month: 0 if none. */
static uint8_t brute_month_step(uint16_t y, uint8_t m, uint8_t d) {
    const uint16_t ny = m == 12 ? (uint16_t)(y + 1) : y;
    const uint8_t nm = m == 12 ? 1 : (uint8_t)(m + 1);
    return d <= brute_month_days(ny, nm) ? brute_month_days(y, m) : 0;
}

uint32_t brute_calendar(brute_date_fn fn, void *ctx) {
    uint64_t ahead = 0; /* bit j: whether the date j + 1 days later is won for its mover */
    uint32_t dates = 0;
    uint16_t y = 2001;
    uint8_t m = 11, d = 4;
    for (;;) {
        /* `dates` dates lie after this one: no move may go further */
        const uint8_t step = brute_month_step(y, m, d);
        bool win = dates >= 1 && !(ahead & 1); /* the next day */
        if (step && step <= dates && !((ahead >> (step - 1)) & 1)) win = true;
        fn(ctx, y, m, d, win);
        dates++;
        ahead = ahead << 1 | win;
        if (y == 1900 && m == 1 && d == 1) return dates;
        if (--d == 0) {
            if (--m == 0) {
                m = 12;
                y--;
            }
            d = brute_month_days(y, m);
        }
    }
}

static uint32_t brute_mult_n;

bool brute_mult_table(uint32_t n) {
    uint8_t *lost = brute_scratch();
    brute_memo_ready = false;
    if (n > 8ul * BRUTE_SCRATCH_BYTES) return false;
    brute_mult_n = n;
    memset(lost, 0, (size_t)(n + 7) / 8);
    for (uint32_t p = n - 1; p >= 1; p--) {
        bool win = false;
        for (uint32_t c = 2; c <= 9 && !win; c++) win = c * p >= n || BRUTE_BIT(lost, c * p);
        if (!win) BRUTE_SET(lost, p);
    }
    return true;
}

bool brute_mult_won(uint32_t p) {
    return !BRUTE_BIT((const uint8_t *)brute_scratch(), p) && p < brute_mult_n;
}

static int8_t brute_dag_visit(const uint8_t (*edges)[2], uint8_t count, uint8_t v, uint8_t *state,
                              uint8_t *values) {
    if (state[v] == 2) return 1;
    if (state[v] == 1) return 0; /* on the current path: a cycle */
    state[v] = 1;
    uint8_t seen[9] = {0};
    for (uint8_t e = 0; e < count; e++) {
        if (edges[e][0] != v) continue;
        if (!brute_dag_visit(edges, count, edges[e][1], state, values)) return 0;
        BRUTE_SET(seen, values[edges[e][1]]);
    }
    uint8_t g = 0;
    while (BRUTE_BIT(seen, g)) g++;
    values[v] = g;
    state[v] = 2;
    return 1;
}

bool brute_dag_grundy(const uint8_t (*edges)[2], uint8_t count, uint8_t *values) {
    uint8_t state[64] = {0};
    for (uint8_t v = 0; v < 64; v++)
        if (!brute_dag_visit(edges, count, v, state, values)) return false;
    return true;
}
