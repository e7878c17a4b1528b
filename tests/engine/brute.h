/* An independent brute-force solver for the games the engine plays. It knows only the
 * rules (which moves are legal), never Sprague-Grundy shortcuts beyond the plain mex
 * definition, so the engine's answers can be checked against it. Heaps are at most 255.
 * Host and AVR builds differ only in the limits below: the AVR's memo is 480 bytes. */
#ifndef BRUTE_H
#define BRUTE_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__AVR__) || defined(ENGINE_SUITE_SMALL) /* the latter: AVR sizes on the host */
typedef uint8_t brute_value_t;                      /* a Grundy value from brute_grundy */
#define BRUTE_MAX_HEAPS 10                          /* heaps a position may hold, splits included */
#define BRUTE_CODE_MAX 15                           /* octal digits (removal sizes) understood */
#define BRUTE_KEY_BITS 4                            /* memo keys: heaps of up to 15 ... */
#define BRUTE_KEY_BYTES 4     /* ... and up to 8 of them; other positions are not memoised */
#define BRUTE_MEMO_SLOTS 96u  /* memo entries of BRUTE_KEY_BYTES + 1 bytes: 480 bytes */
#define BRUTE_WYTHOFF_MAX 24u /* Wythoff heaps decided by a table: (24 + 1)^2 bits */
#define BRUTE_VALUE_MAX 256u  /* brute_grundy handles values below this */
#else
typedef uint16_t brute_value_t;
#define BRUTE_MAX_HEAPS 48
#define BRUTE_CODE_MAX 255
#define BRUTE_KEY_BITS 8
#define BRUTE_KEY_BYTES 24
#define BRUTE_MEMO_SLOTS (1ul << 20) /* 25 MB */
#define BRUTE_WYTHOFF_MAX 64u
#define BRUTE_VALUE_MAX 4096u
#endif

#define BRUTE_BOTH 0xFF /* brute_move_t.heap of a Wythoff move in both heaps */

typedef enum {
    BRUTE_NIM,
    BRUTE_MISERE,
    BRUTE_BASH,
    BRUTE_SUB,
    BRUTE_FIB,
    BRUTE_POW2,
    BRUTE_WYTHOFF,
    BRUTE_OCTAL /* also kayles, dawson and line:S */
} brute_kind_t;

typedef struct {
    uint8_t kind;                      /* brute_kind_t */
    uint8_t misere;                    /* 1: the player who makes the last move loses */
    uint8_t code_len;                  /* octal: largest k with a nonzero digit */
    uint16_t bash_max;                 /* bash: M */
    uint8_t sub[32];                   /* sub: bit s set when exactly s may be taken */
    uint8_t digit[BRUTE_CODE_MAX + 1]; /* octal: digit for removing k tokens */
} brute_game_t;

typedef struct {
    uint8_t count;
    uint8_t heap[BRUTE_MAX_HEAPS];
} brute_pos_t;

/* A move: take `take` from heap `heap` leaving parts part[0] <= part[1] (0: no heap).
 * Two moves are the same when heap, take and parts are. */
typedef struct {
    uint8_t heap;
    uint8_t take;
    uint8_t part[2];
} brute_move_t;

/* Cursor for brute_next_move; zero it to start. */
typedef struct {
    uint8_t heap;
    uint8_t split;
    uint16_t take;
} brute_iter_t;

/* Called for each move with the position it leads to; return false to stop. */
typedef bool (*brute_move_fn)(void *ctx, const brute_move_t *m, const brute_pos_t *after);

/* Parse a game name as the console writes it ("nim", "bash:3", "octal:0.137", "misere:kayles";
 * "misere" and "misere:nim" are misere Nim); false if bad. */
bool brute_parse(brute_game_t *g, const char *name);
/* Whether taking `take` from a heap of h and leaving parts a and b (a + b + take == h) is legal.
 * The one place that knows the rules; it takes any heap size. */
bool brute_allowed(const brute_game_t *g, uint32_t h, uint32_t take, uint32_t a, uint32_t b);
/* Grundy values g(0..n_max) of single heaps by the mex rule into out[]; false for misere games,
 * Wythoff, or a value of BRUTE_VALUE_MAX or more. */
bool brute_grundy(const brute_game_t *g, uint16_t n_max, brute_value_t *out);

/* Next legal move of p after *it (heaps in order, then Wythoff's diagonal); false at the end. */
bool brute_next_move(const brute_game_t *g, const brute_pos_t *p, brute_iter_t *it,
                     brute_move_t *m);
/* The position m leads to: heap m->heap becomes part[1], a second part is appended. */
void brute_apply(const brute_game_t *g, const brute_pos_t *p, const brute_move_t *m,
                 brute_pos_t *out);
/* Call fn for every legal move of p; returns how many moves p has. */
uint16_t brute_moves(const brute_game_t *g, const brute_pos_t *p, brute_move_fn fn, void *ctx);
/* Whether m (parts in order, part[0] <= part[1]) is a legal move of p. */
bool brute_is_move(const brute_game_t *g, const brute_pos_t *p, const brute_move_t *m);
/* Canonical form: sorted nonzero heaps (Wythoff: the two heaps, sorted). */
void brute_canon(const brute_game_t *g, brute_pos_t *p);
/* True when the two positions are the same position of game g. */
bool brute_same(const brute_game_t *g, const brute_pos_t *a, const brute_pos_t *b);

/* Whether the player to move wins: some move leads to a lost position. With no move the
 * player to move has lost, except in misere games (g->misere), where it has won: the opponent
 * made the last move. */
bool brute_is_win(const brute_game_t *g, const uint8_t *heaps, uint8_t count);
bool brute_pos_is_win(const brute_game_t *g, const brute_pos_t *p);
/* Number of legal moves of p; *wins gets how many of them lead to a lost position. */
uint16_t brute_count_moves(const brute_game_t *g, const brute_pos_t *p, uint16_t *wins);

/* The memo's storage, BRUTE_SCRATCH_BYTES bytes, lent out as a scratch buffer until the next
 * search (which starts with an empty memo): saves the AVR a second large buffer. */
#define BRUTE_SCRATCH_BYTES (BRUTE_MEMO_SLOTS * (BRUTE_KEY_BYTES + 1))
void *brute_scratch(void);

/* --- The games of issue 15, each from its rules alone (memory: brute_scratch, so no other
 * search may run meanwhile). --- */

/* King walk: whether (x, y), both below 32, is won (steps to (x-1, y), (x, y-1), (x-1, y-1)). */
bool brute_king_win(uint8_t x, uint8_t y);
/* Moore's Nim_k on count heaps (count <= 4, each <= 7): whether the player to move wins; with
 * fn, each winning move is passed as the heaps after it (count entries), and counted. */
typedef bool (*brute_after_fn)(void *ctx, const uint8_t *after);
bool brute_moore_win(uint8_t k, const uint8_t *heaps, uint8_t count);
uint16_t brute_moore_wins(uint8_t k, const uint8_t *heaps, uint8_t count, brute_after_fn fn,
                          void *ctx);
/* Lasker's Nim: Grundy values of heaps 0..n_max by the mex over takes and splits. */
void brute_lasker_grundy(uint16_t n_max, uint16_t *out);
/* The calendar game by backward search from 2001-11-04 over every date from 1900-01-01 (a ring
 * of the next 32 days' answers): fn gets each date with whether the player to move wins, and
 * the number of dates is returned. */
typedef void (*brute_date_fn)(void *ctx, uint16_t y, uint8_t m, uint8_t d, bool win);
uint32_t brute_calendar(brute_date_fn fn, void *ctx);
/* mult:N, memoised over p = N - 1 down to 1 (N at most 8 * BRUTE_SCRATCH_BYTES): whether p is won. */
bool brute_mult_table(uint32_t n);
bool brute_mult_won(uint32_t p);
/* dag: Grundy values of nodes 0..63 of edges[count][2] by recursion over successors; false when
 * the graph has a cycle (found by depth-first search). */
bool brute_dag_grundy(const uint8_t (*edges)[2], uint8_t count, uint8_t *values);

/* Set when a position outgrew BRUTE_MAX_HEAPS; answers given since are not to be trusted. */
extern bool brute_overflow;

#endif
