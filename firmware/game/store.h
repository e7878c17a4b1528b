/* Settings and score kept in EEPROM across resets and power loss. Two slots hold
 * versioned, checksummed copies; a save writes the older slot in the background,
 * one byte per EEPROM-ready, its sequence byte last, so a cut at any point leaves
 * either the old or the new record as the newest valid one. */
#ifndef STORE_H
#define STORE_H

#include <stdbool.h>
#include <stdint.h>

#include "games.h"
#include "settings.h"

#define STORE_VERSION 1
#define STORE_BASE 16 /* the first 16 EEPROM bytes stay free for the system */

typedef struct {
    uint16_t wins, losses, hints;
} store_score_t;

typedef struct {
    uint8_t version;
    settings_t settings;
    store_score_t score[GAMES_COUNT][2][SETTINGS_LEVELS]; /* [game][misere][level] */
    uint16_t crc;  /* CRC-16/CCITT of every other byte, seq included */
    uint8_t seq;   /* newer record: (int8_t)(seq - other seq) > 0; written last */
} store_record_t;

typedef enum { STORE_LOADED, STORE_BLANK, STORE_CORRUPT } store_origin_t;

/* The record in use; change it, then call store_save(). */
extern store_record_t store;

/* Read the newest valid record (or defaults); says where the record came from. */
store_origin_t store_load(void);
/* Defaults and a zero score, saved. */
void store_reset(void);
/* Queue the current record for writing; a save in progress restarts with it. */
void store_save(void);
/* Write what the EEPROM is ready for, without waiting; true when a save just finished. */
bool store_poll(void);
/* The score cell of the current game, variant and level. */
store_score_t *store_score(void);

#endif
