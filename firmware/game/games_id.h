/* The menu's games by number (games.c's list is in this order): apart from games.h, so that
 * the settings can name a game and the range of game numbers without the games module. */
#ifndef GAMES_ID_H
#define GAMES_ID_H

typedef enum {
    GAMES_NIM,
    GAMES_BASH,    /* take 1..M, M from the menu */
    GAMES_SUB134,  /* take 1, 3 or 4 */
    GAMES_SUB25,   /* take 2 or 5 */
    GAMES_POW2,    /* take a power of two */
    GAMES_FIB,     /* take a Fibonacci number */
    GAMES_CUSTOM,  /* take s, s in the custom set from the menu */
    GAMES_WYTHOFF, /* the first two rows */
    GAMES_KAYLES,  /* rows are lines of pins */
    GAMES_DAWSON,
    GAMES_LINE,    /* knock down s adjacent pins, s in the custom set */
    GAMES_KING,    /* the king walk on the first two rows (a grid: a king on the 8x8 board) */
    GAMES_MOORE2,  /* Moore's Nim: take from 1 or 2 rows at once */
    GAMES_MOORE3,  /* ... from 1 to 3 rows */
    GAMES_COUNT
} games_id_t;

#endif
