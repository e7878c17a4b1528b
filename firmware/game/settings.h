/* The person's settings: the menu edits them, the store keeps them in EEPROM.
 * Every field has a fixed range (settings_in_range); the defaults make a fresh device
 * play Nim from the board's classic start, perfectly, the person first where that start is
 * won for the player to move and the device first where it is lost: winnable either way. */
#ifndef SETTINGS_H
#define SETTINGS_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

enum { SETTINGS_START_CLASSIC, SETTINGS_START_RANDOM, SETTINGS_START_MARIENBAD, SETTINGS_STARTS };
enum { SETTINGS_FIRST_YOU, SETTINGS_FIRST_DEVICE, SETTINGS_FIRST_ALTERNATE, SETTINGS_FIRSTS };
enum { SETTINGS_PERFECT, SETTINGS_EQUALIZER, SETTINGS_CASUAL, SETTINGS_LEVELS };

#define SETTINGS_BASH_MAX 7   /* bash: M is 1..7 */
#define SETTINGS_SET_BITS 8   /* custom set: any non-empty subset of 1..8 */
#define SETTINGS_BRIGHT_LEVELS 4
/* Standby after 1, 2 or 5 minutes without a press or a console byte, or never. */
enum { SETTINGS_STANDBY_1, SETTINGS_STANDBY_2, SETTINGS_STANDBY_5, SETTINGS_STANDBY_NEVER, SETTINGS_STANDBYS };

typedef struct {
    uint8_t game;       /* games_id_t */
    uint8_t misere;     /* 1: last mover loses (where offered) */
    uint8_t bash_max;   /* 1..SETTINGS_BASH_MAX */
    uint8_t custom;     /* bit k-1 set: k is in the custom set; never 0 */
    uint8_t start;      /* SETTINGS_START_* */
    uint8_t first;      /* SETTINGS_FIRST_* */
    uint8_t level;      /* SETTINGS_PERFECT... */
    uint8_t two_player; /* 1: two people, the device referees */
    uint8_t sound;      /* 1: on (boards with a buzzer) */
    uint8_t brightness; /* 0..SETTINGS_BRIGHT_LEVELS-1 (boards that can dim) */
    uint8_t device_began; /* alternate: 1 when the device (or p2) began the last game */
    uint8_t standby;    /* SETTINGS_STANDBY_* (new in record version 2: last, so a version 1
                         * record's settings are the same bytes without it) */
} settings_t;
#define SETTINGS_V1_SIZE (sizeof(settings_t) - 1) /* the settings of a version 1 record */

/* Fill s with the defaults: Nim, classic start, you first (the device first where the classic
 * start's nim-sum is 0), Perfect, sound on, standby after 2 minutes. */
void settings_default(settings_t *s);
/* True when every field of s is in its range (whether its game has those options is
 * games_settings_valid's to say). */
bool settings_in_range(const settings_t *s);

#endif
