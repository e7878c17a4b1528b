/* The games a person can pick on the device, as data: how each is set up in the
 * engine, how its moves are entered, its classic start, and whether the device
 * offers its misere variant (only where the engine decides it exactly). */
#ifndef GAMES_H
#define GAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "games_id.h"
#include "settings.h"


typedef enum {
    GAMES_ENTRY_HEAP,    /* mark tokens from a row's right end */
    GAMES_ENTRY_WYTHOFF, /* mark in one of the first two rows, or the same number in both */
    GAMES_ENTRY_LINE,    /* mark a block of adjacent pins anywhere in a row */
    GAMES_ENTRY_ROWS,    /* mark from the right end of up to k rows (moore:k) */
} games_entry_t;

/* How moves of game id are entered. */
games_entry_t games_entry(uint8_t id);
/* The k of moore:k for a moore game (the most rows a move takes from), else 1. */
uint8_t games_rows_per_move(uint8_t id);
/* Rows of the board the game uses (Wythoff: 2; line games: as many as keep the runs of pins
 * within ENGINE_MAX_HEAPS heaps). */
uint8_t games_rows(uint8_t id);
/* True when the device offers (and decides exactly) the misere variant of game id. */
bool games_misere_offered(uint8_t id);
/* True when the board has the rows for the 1-3-5-7 start and the game is played on heaps. */
bool games_marienbad_fits(uint8_t id);
/* The fewest tokens a move of the game takes (the smallest value of a sub or line set, 2 for
 * Dawson's Kayles and sub:2,5, else 1): a heap, or a line game's run, of at least that many
 * has a move, a shorter one none. */
uint8_t games_least_take(const settings_t *s);
/* Set up the engine rules for the game the settings name. */
void games_rules(const settings_t *s, engine_rules_t *r);
/* True when every field of s is in its range and its game has the options s names (misere,
 * Marienbad's start): settings a record or a resume may hand over. */
bool games_settings_valid(const settings_t *s);
/* Make s's options fit its game, as the menu does when the game changes: misere off where it is
 * not offered, the classic start where Marienbad's does not fit. */
void games_settings_fit(settings_t *s);
/* The menu game that plays rules r: sets s's game, misere and, for bash and the custom sets,
 * their parameter, and fits the other options to it (games_settings_fit), so that s is settings the
 * menu could have made; false when the menu has no such game (or not its misere variant here). */
bool games_find(const engine_rules_t *r, settings_t *s);
/* Print the game's engine name ("kayles", "misere:bash:3", "sub:1,3,4") to the UART. */
void games_print_name(const settings_t *s);
/* Print a set of 1..8 (bit k-1 = k) as "k,k,...", after the character `first` (0: none). */
void games_print_set(uint8_t bits, char first);

#endif
