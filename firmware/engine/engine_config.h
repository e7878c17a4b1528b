/* The engine's configuration: its profile (calculator or device), its limits and which games an
 * image compiles in, apart from its API (engine.h includes it), as Lua keeps luaconf.h apart from
 * lua.h. Every switch here may be set from the compiler's command line (-DENGINE_DEVICE=1,
 * -DENGINE_OMIT_MOORE=1: the boards' board.mk say which each image leaves out). */
#ifndef ENGINE_CONFIG_H
#define ENGINE_CONFIG_H

#include <stdint.h>

#define ENGINE_MAX_HEAPS 16  /* console positions; the device uses up to 8 */
#define ENGINE_SET_MAX 32    /* values in a subtraction set */
#define ENGINE_CODE_MAX 255  /* digits in an octal code (removal sizes 1..255) */
#define ENGINE_DAG_NODES 64   /* dag: nodes 0..63 */
#define ENGINE_DAG_EDGES 64   /* dag: distinct edges (a game word of 255 characters has fewer) */
#define ENGINE_MOORE_MAX 15   /* moore:k, 1 <= k <= 15 */
/* Misere variants (other than misere Nim) are decided exactly for positions of at most this
 * many tokens in all; misere Bash on one non-empty heap is decided at any size. */
#define ENGINE_MISERE_TOKENS 16
/* ... and, in the games that never split a heap (bash, sub, fib, pow2), positions of at most this
 * many heaps of at most this many tokens (a board of 4 rows of 7, like shift595's), any total. */
#define ENGINE_MISERE_BOUND_HEAPS 4
#define ENGINE_MISERE_BOUND_MAX 7

/* The engine's profile, chosen at compile time. The calculator (the host's programs, the uno
 * image) answers heaps up to 2^32 - 1, any octal code and run-time subtraction sets at any heap.
 * The device profile (ENGINE_DEVICE=1, which the Makefile sets for the handheld boards' images)
 * keeps the same code with the handheld's limits: 16-bit heaps (a device heap never passes 8),
 * run-time subtraction sets and line codes up to heap 255 from a plain table, the fib table to
 * 255, no octal: codes; what it leaves out is refused with ENGINE_ERR_ELSEWHERE. */
#ifndef ENGINE_DEVICE
#define ENGINE_DEVICE 0
#endif
#if ENGINE_DEVICE
typedef uint16_t engine_heap_t; /* a heap size, also a Grundy value */
#define ENGINE_HEAP_MAX 0xFFFFu
#else
typedef uint32_t engine_heap_t; /* a heap size, also a Grundy value */
#define ENGINE_HEAP_MAX 0xFFFFFFFFul
#endif
#define ENGINE_HEAP_BITS (8 * sizeof(engine_heap_t))
/* The largest heap the calculator profile answers (the console names it when it refuses a
 * bigger one in a device image: "answered by the uno image and by grundy on a computer"). */
#define ENGINE_CALC_HEAP_MAX 4294967295ul
/* Run-time subtraction sets past heap 255 (a window of max(S) values and Brent's cycle finding)
 * and the fib table's reach: calculator only. */
#ifndef ENGINE_SUB_WINDOW
#define ENGINE_SUB_WINDOW (!ENGINE_DEVICE)
#endif
#define ENGINE_FIB_TABLE_BITS (ENGINE_DEVICE ? 8 : 12)
/* Wythoff's heaps: the calculator's by Zeckendorf representations in 32 bits, the device's to 255
 * by an integer formula (floor(k phi) = k + (40503 k >> 16), exact for k <= 376). */
#define ENGINE_WYTHOFF_BITS (ENGINE_DEVICE ? 8 : 32)
#define ENGINE_WYTHOFF_MAX (ENGINE_DEVICE ? 255u : ENGINE_HEAP_MAX)
#define ENGINE_FIB_TABLE_MAX ((1u << ENGINE_FIB_TABLE_BITS) - 1)

/* The games past line that are compiled in, as a mask of 1 << engine_game_t: an image whose flash
 * cannot hold them all leaves some out (-DENGINE_OMIT_MOORE and so on; the Makefile's
 * AVR_ENGINE_OMIT), and their names are then unknown games. */
#define ENGINE_OMIT_BIT(game, omitted) ((omitted) ? 1ul << (game) : 0)
#ifndef ENGINE_OMIT_KING
#define ENGINE_OMIT_KING 0
#endif
#ifndef ENGINE_OMIT_MOORE
#define ENGINE_OMIT_MOORE 0
#endif
#ifndef ENGINE_OMIT_LASKER
#define ENGINE_OMIT_LASKER 0
#endif
#ifndef ENGINE_OMIT_MULT
#define ENGINE_OMIT_MULT 0
#endif
#ifndef ENGINE_OMIT_CALENDAR
#define ENGINE_OMIT_CALENDAR 0
#endif
#ifndef ENGINE_OMIT_DAG
#define ENGINE_OMIT_DAG 0
#endif
/* The exact misere search (misere variants other than misere Nim): an image whose menu offers
 * none of them may leave it out (-DENGINE_OMIT_EXACT=1); those variants are then elsewhere. */
#ifndef ENGINE_OMIT_EXACT
#define ENGINE_OMIT_EXACT 0
#endif
#define ENGINE_HAS_EXACT (!ENGINE_OMIT_EXACT)
#define ENGINE_GAMES                                                                               \
    (0xFFFFFFFFul ^ ENGINE_OMIT_BIT(ENGINE_GAME_KING, ENGINE_OMIT_KING) ^                          \
     ENGINE_OMIT_BIT(ENGINE_GAME_MOORE, ENGINE_OMIT_MOORE) ^                                       \
     ENGINE_OMIT_BIT(ENGINE_GAME_LASKER, ENGINE_OMIT_LASKER) ^                                     \
     ENGINE_OMIT_BIT(ENGINE_GAME_MULT, ENGINE_OMIT_MULT) ^                                         \
     ENGINE_OMIT_BIT(ENGINE_GAME_CALENDAR, ENGINE_OMIT_CALENDAR) ^                                 \
     ENGINE_OMIT_BIT(ENGINE_GAME_DAG, ENGINE_OMIT_DAG) ^                                           \
     ENGINE_OMIT_BIT(ENGINE_GAME_OCTAL, ENGINE_DEVICE))
/* Whether game is compiled in (a constant: the code of the others is left out; octal: codes are
 * calculator only). */
#define ENGINE_HAS(game) ((ENGINE_GAMES >> (game)) & 1)

#endif
