/* Grundy engine: decides impartial games on heaps with Sprague-Grundy theory.
 * Pure C, no hardware: the same source runs on the host (tests, table generator,
 * console tools) and on the ATmega328P. Positions are lists of heaps; a rules
 * descriptor (engine_rules_t) says which game is played. */
#ifndef ENGINE_H
#define ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine_config.h"

#define ENGINE_HEAP_BOTH 0xFF /* engine_move_t.heap for a Wythoff or king move in both heaps */
/* engine_move_t.heap for a move of moore or calendar, which may change several heaps: the heaps
 * after it are engine_after_heap's */
#define ENGINE_HEAP_ALL 0xFE

/* The registry: the games, one row each, in engine_game_t order:
 *   X(ID, name, parameter, heap bits, heaps, ops, kind)
 * ID: the game is ENGINE_GAME_<ID>; name: its console name; parameter: 1 when it is named
 * "<name>:<parameter>"; heap bits: its largest heap is 2^bits - 1 (32: all of engine_heap_t);
 * heaps: the number of heaps it needs (0: 1 to ENGINE_MAX_HEAPS); ops: the per-heap operations
 * engine_ops_<ops> its options are made of (engine_internal.h); kind: SUM for a sum of heaps
 * decided by their Grundy values, or WHOLE(row, after, check, next, diagonal) for a game decided
 * as a whole position by its rules file's engine_<row>_is_win and engine_<row>_next_winning, and
 * where the flag is 1 engine_<row>_after (moves that change several heaps), engine_<row>_check
 * (positions the heap limits let through), engine_<row>_next (moves that are not its heaps'
 * options), diagonal (a move in both heaps): engine_internal.h's ENGINE_WHOLE_DISPATCH says
 * what each does. A new game: its rules file, its row here, its tests. */
#define ENGINE_GAME_LIST(X)                                                                        \
    X(NIM, nim, 0, 32, 0, takeaway, SUM)                                                           \
    X(MISERE, misere, 0, 32, 0, takeaway, WHOLE(misere, 0, 0, 0, 0)) /* Bouton's misere Nim */     \
    X(BASH, bash, 1, 32, 0, takeaway, SUM)                                                         \
    X(SUB, sub, 1, 16, 0, takeaway, SUM)                                                           \
    X(FIB, fib, 0, ENGINE_FIB_TABLE_BITS, 0, takeaway, SUM)                                        \
    X(POW2, pow2, 0, 32, 0, takeaway, SUM)                                                         \
    X(WYTHOFF, wythoff, 0, ENGINE_WYTHOFF_BITS, 2, takeaway, WHOLE(wythoff, 0, 0, 0, 1))           \
    X(KAYLES, kayles, 0, 16, 0, octal, SUM)  /* ENGINE_OCTAL_NAMED */                              \
    X(DAWSON, dawson, 0, 16, 0, octal, SUM)  /* ENGINE_OCTAL_NAMED */                              \
    X(OCTAL, octal, 1, 8, 0, octal, SUM)     /* any octal code 0.d1d2... */                        \
    X(LINE, line, 1, 8, 0, octal, SUM)       /* remove s in S adjacent: digit 7 at each s */        \
    X(KING, king, 0, 32, 2, takeaway, WHOLE(king, 0, 0, 0, 1))                                     \
    X(MOORE, moore, 1, 32, 0, takeaway, WHOLE(moore, 1, 0, 0, 0))                                  \
    X(LASKER, lasker, 0, 32, 0, lasker, SUM)                                                       \
    X(MULT, mult, 1, 32, 1, mult, WHOLE(mult, 0, 1, 0, 0))                                         \
    X(CALENDAR, calendar, 0, 32, 3, takeaway, WHOLE(calendar, 1, 1, 1, 0))                         \
    X(DAG, dag, 1, 6, 0, dag, SUM)

/* The octal games with names of their own, X(ID, digits 1 and 2 as hex digits):
 * their values are read from the tables firmware/tablegen makes at build time from these very
 * rules (engine_tables.h's ENGINE_TABLE_LIST rows of the same ID), other codes computed. */
#define ENGINE_OCTAL_NAMED(X)                                                                      \
    X(KAYLES, 0x77) /* Kayles is octal 0.77: take 1 or 2 adjacent pins, leaving 0, 1 or 2 rows */  \
    X(DAWSON, 0x07) /* Dawson's Kayles is octal 0.07: take 2 adjacent, leaving 0, 1 or 2 rows */

typedef enum {
#define ENGINE_GAME_ENUM(id, name, parameter, bits, heaps, ops, kind) ENGINE_GAME_##id,
    ENGINE_GAME_LIST(ENGINE_GAME_ENUM)
#undef ENGINE_GAME_ENUM
    ENGINE_GAME_COUNT
} engine_game_t;

typedef enum {
    ENGINE_OK = 0,
    ENGINE_ERR_UNKNOWN_GAME,   /* name not recognised */
    ENGINE_ERR_BAD_PARAMETER,  /* malformed game parameter (set, code, M) */
    ENGINE_ERR_HEAP_COUNT,     /* wrong number of heaps for the game */
    ENGINE_ERR_HEAP_LIMIT,     /* a heap is larger than the game supports */
    ENGINE_ERR_NO_SUCH_HEAP,   /* move names a heap that does not exist */
    ENGINE_ERR_EMPTY_MOVE,     /* move takes nothing */
    ENGINE_ERR_TOO_MANY,       /* move takes more than the heap holds */
    ENGINE_ERR_NOT_ALLOWED,    /* the rules do not allow taking that many */
    ENGINE_ERR_BAD_SPLIT,      /* the parts left are not allowed by the rules */
    ENGINE_ERR_FULL,           /* a split needs a heap slot and none is free */
    ENGINE_ERR_NOT_A_SUM,      /* no Grundy value: misere or Wythoff */
    ENGINE_ERR_NO_MOVE,        /* the position has no legal move */
    ENGINE_ERR_TOO_BIG,        /* misere variant: more than ENGINE_MISERE_TOKENS tokens */
    ENGINE_ERR_BUSY,           /* engine_prepare: not ready yet, call again */
    ENGINE_ERR_CYCLE,          /* dag: the graph has a cycle */
    ENGINE_ERR_POSITION,       /* not a position of the game (mult: p = 0; calendar: no such date) */
    ENGINE_ERR_ELSEWHERE,      /* a game or parameter this image leaves out (compiled out, or
                                * past the device profile): the calculator answers it */
    ENGINE_STATUS_COUNT
} engine_status_t;

typedef struct {
    uint8_t game;      /* engine_game_t */
    uint8_t table;     /* generated PROGMEM table for these rules, or ENGINE_TABLE_NONE */
    uint8_t size;      /* sub/line: number of values; octal family: number of digits; moore: k;
                        * dag: number of edges */
    uint8_t misere;    /* 0: normal play; 1: misere, the player who makes the last move loses */
    uint16_t bash_max; /* bash: M */
    uint32_t serial;   /* set by the engine when the rules are made; keys its run-time cache */
    union {
        uint8_t set[ENGINE_SET_MAX];                  /* sub: sorted, distinct, 1..255 */
        uint8_t digits[(ENGINE_CODE_MAX + 2) / 2];    /* octal family: digit k in nibble k */
        uint8_t edges[ENGINE_DAG_EDGES][2];           /* dag: size edges a > b, distinct */
        uint32_t target;                              /* mult: N */
    } u;
} engine_rules_t;

typedef struct {
    uint8_t count;
    engine_heap_t heap[ENGINE_MAX_HEAPS];
} engine_position_t;

/* A move: take `take` tokens from heap `heap`, leaving two parts `left` and
 * heap - take - left (either may be 0; both nonzero only where the rules split).
 * For a Wythoff diagonal move heap is ENGINE_HEAP_BOTH, take comes from both heaps. */
typedef struct {
    uint8_t heap;
    engine_heap_t take;
    engine_heap_t left;
} engine_move_t;

/* Cursor for engine_next_winning_move / engine_next_move; zero it to start. */
typedef struct {
    uint8_t heap;
    uint8_t phase;
    engine_heap_t a, b;
    engine_heap_t x; /* nim-sum of the position, found on the first call */
} engine_iter_t;

/* --- rules --- */

/* Parse a game name ("nim", "bash:3", "sub:1,3,4", "octal:0.137", "line:1,2", and any of them
 * but wythoff as "misere:<name>", e.g. "misere:kayles"; "misere" is misere Nim) of len bytes.
 * ENGINE_ERR_ELSEWHERE for a game or variant this image leaves out (another image answers it),
 * ENGINE_ERR_UNKNOWN_GAME only for a name no image knows. */
engine_status_t engine_rules_parse(engine_rules_t *r, const char *text, uint8_t len);
/* Set up a game without parameters (nim, misere, fib, pow2, wythoff, kayles, dawson). */
engine_status_t engine_rules_init(engine_rules_t *r, engine_game_t game);
/* Turn set-up rules into their misere variant, with a fresh serial (nim becomes misere Nim);
 * ENGINE_ERR_BAD_PARAMETER for wythoff, which has no misere variant here; ENGINE_ERR_ELSEWHERE
 * when this image has no exact misere search (ENGINE_OMIT_EXACT). */
engine_status_t engine_rules_misere(engine_rules_t *r);
/* Set up bash:M, 1 <= M <= 65535. */
engine_status_t engine_rules_bash(engine_rules_t *r, uint16_t max_take);
/* Set up sub:S or line:S from `count` values (any order, duplicates ignored), each 1..255. */
engine_status_t engine_rules_set(engine_rules_t *r, engine_game_t game, const uint8_t *values,
                                 uint8_t count);
/* Largest heap the game supports in this image (the console's limits; at most ENGINE_HEAP_MAX,
 * the calculator's at most ENGINE_CALC_HEAP_MAX). */
engine_heap_t engine_heap_limit(const engine_rules_t *r);
/* The number of heaps the game needs (wythoff, king 2; calendar 3; mult 1), or 0: 1 to 16. */
uint8_t engine_heap_count(const engine_rules_t *r);
/* Octal digit (0..7) for removing k tokens; 0 outside the code. */
uint8_t engine_octal_digit(const engine_rules_t *r, uint16_t k);

/* --- positions and moves --- */

/* ENGINE_OK when every heap is within the limit and the heap count fits the game, and for a misere
 * variant when it can be decided: ENGINE_ERR_TOO_BIG past ENGINE_MISERE_TOKENS tokens in all
 * (misere Nim, and misere Bash on one non-empty heap, have no such limit). */
engine_status_t engine_check_position(const engine_rules_t *r, const engine_position_t *p);
/* ENGINE_OK when m is legal in p; otherwise the reason it is refused. */
engine_status_t engine_check_move(const engine_rules_t *r, const engine_position_t *p,
                                  const engine_move_t *m);
/* Apply m to p when legal (a split inserts the right part after the heap, reusing an empty
 * heap's slot when all ENGINE_MAX_HEAPS are taken); p unchanged otherwise. */
engine_status_t engine_apply_move(const engine_rules_t *r, engine_position_t *p,
                                  const engine_move_t *m);
/* True when the rules leave no move: the game is over. The winner is then the player who made
 * the last move in normal play, but in misere play (r->misere) the player to move, who cannot
 * move, WINS; engine_is_win of the final position says which in both. A split into a position
 * of ENGINE_MAX_HEAPS non-empty heaps is still a move, but engine_apply_move refuses it. */
bool engine_is_over(const engine_rules_t *r, const engine_position_t *p);

/* --- theory --- */

/* Work a slice (about ENGINE_PREPARE_SLICE_MS on the device) towards heap n of a sum game:
 * ENGINE_OK once its Grundy value and its options' values are at hand (run-time subtraction
 * sets and octal codes compute them; everything else has them at once), ENGINE_ERR_BUSY when
 * more slices are needed, or why they cannot be had (an octal value above 255). The values
 * stay ready until the engine works on other rules or another heap of a run-time set. */
engine_status_t engine_prepare(const engine_rules_t *r, engine_heap_t n);
#define ENGINE_PREPARE_SLICE_MS 8
/* True for the sum games whose Grundy values are computed at run time (subtraction sets and
 * octal codes without a generated table): the ones engine_prepare may need slices for. */
bool engine_values_at_run_time(const engine_rules_t *r);
/* Lend the engine size spare bytes (NULL: take them back) while engine_prepare slices run:
 * subtraction sets with max(S) above 128 then find their period there too, and skip ahead. */
void engine_lend(uint8_t *buf, uint8_t size);
/* Next option of the single heap n (a sum game's) whose Grundy value is target, after *it. */
bool engine_next_heap_move_to(const engine_rules_t *r, engine_heap_t n, engine_heap_t target,
                              engine_iter_t *it, engine_move_t *m);
/* True for the sum games, whose heaps have Grundy values (not misere, wythoff, king, moore, mult,
 * calendar). */
bool engine_is_sum_game(const engine_rules_t *r);
/* Grundy value of a single heap n; ENGINE_ERR_NOT_A_SUM for misere games, wythoff, king, moore,
 * mult and calendar. */
engine_status_t engine_heap_grundy(const engine_rules_t *r, engine_heap_t n, engine_heap_t *g);
/* True when the player to move wins with best play (an N-position). With no move left that is
 * false in normal play and TRUE in misere play (the opponent made the last move, and lost).
 * False too when the position cannot be decided (engine_check_position says why). */
bool engine_is_win(const engine_rules_t *r, const engine_position_t *p);
/* Next winning move (to a P-position) after *it; false when there are no more.
 * Split moves come once per unordered pair of parts (left <= right). */
bool engine_next_winning_move(const engine_rules_t *r, const engine_position_t *p,
                              engine_iter_t *it, engine_move_t *m);
/* Next legal move after *it; false when there are no more. */
bool engine_next_move(const engine_rules_t *r, const engine_position_t *p, engine_iter_t *it,
                      engine_move_t *m);
/* Heap i after move m of p, where m is ENGINE_HEAP_ALL (moore, calendar) and was just given by
 * engine_next_winning_move or engine_next_move (a moore move's heaps are in the work buffer). */
engine_heap_t engine_after_heap(const engine_rules_t *r, const engine_position_t *p,
                                const engine_move_t *m, uint8_t i);
/* Number of distinct winning moves of p, counted up to cap (at most 2000): without listing them
 * for lasker, by listing at most cap of them for the other games. */
uint16_t engine_count_winning(const engine_rules_t *r, const engine_position_t *p, uint16_t cap);
/* Perfect play: a winning move if one exists, else a move that keeps the game long
 * (fewest tokens from the largest heap). False when there is no legal move. */
bool engine_best_move(const engine_rules_t *r, const engine_position_t *p, engine_move_t *m);
/* A legal move picked with the random number rnd: a random heap, then a random option. (The
 * difficulty levels, which choose between these two, are the game's: game/play.c.) */
bool engine_random_move(const engine_rules_t *r, const engine_position_t *p, uint16_t rnd,
                        engine_move_t *m);

/* --- Wythoff helpers, exact in engine_heap_t --- */

/* floor(k * phi) into *a; false when it exceeds ENGINE_HEAP_MAX or k exceeds ENGINE_WYTHOFF_MAX. */
bool engine_wythoff_lower(engine_heap_t k, engine_heap_t *a);
/* The other coordinate of the cold position containing n; false when above ENGINE_HEAP_MAX or n
 * exceeds ENGINE_WYTHOFF_MAX. */
bool engine_wythoff_partner(engine_heap_t n, engine_heap_t *partner);

/* Short English reason for a status, in program memory on the AVR. */
const char *engine_status_text(engine_status_t s);

#endif
