/* Settings and score kept in EEPROM across resets and power loss. Two slots hold
 * versioned, checksummed copies; a save writes the older slot in the background,
 * one byte per EEPROM-ready, its sequence byte last, so a cut at any point leaves
 * either the old or the new record as the newest valid one. RAM holds only the
 * settings and the few score cells changed since the last finished save. */
#ifndef STORE_H
#define STORE_H

#include <stdbool.h>
#include <stdint.h>

#include "games.h"
#include "settings.h"

#define STORE_VERSION 2 /* 2: settings gained `standby`; version 1 records still load */
#define STORE_BASE 16 /* the first 16 EEPROM bytes stay free for the system */
#define STORE_CELLS 4 /* score cells RAM holds: the current one and those a save still owes */
/* The games with a score in the record: those before king. With king and moore:2/3 too a slot
 * would take 484 bytes, and a record of a new version with them needs a migration of the
 * version 2 slots (which it would overlap): not done yet, so their games keep no score. */
#define STORE_GAMES GAMES_KING

typedef struct {
    uint16_t wins, losses, hints;
} store_score_t;

/* The layout of a slot in EEPROM (412 bytes); never held in RAM. Version 1 was the same
 * with one settings byte fewer (411 bytes a slot, the second slot one byte earlier). */
typedef struct {
    uint8_t version;
    settings_t settings;
    store_score_t score[STORE_GAMES][2][SETTINGS_LEVELS]; /* [game][misere][level] */
    uint16_t crc;  /* CRC-16/CCITT of every other byte, seq included */
    uint8_t seq;   /* newer record: (int8_t)(seq - other seq) > 0; written last */
} store_record_t;

/* BLANK: no save ever finished (the EEPROM is erased, or the first save was cut); CORRUPT: no
 * valid record in an EEPROM that held one, or something else. */
typedef enum { STORE_LOADED, STORE_BLANK, STORE_CORRUPT } store_origin_t;

/* Read the newest valid record's settings (or defaults); says where they came from. */
store_origin_t store_load(void);
/* After a watchdog reset, instead of store_load: go on with the settings and score RAM kept
 * (sealed by the watchdog), saving them again in case a save was cut; false (nothing done)
 * when a kept field is out of range or the record it relies on is gone. Where the records are
 * (slot, sequence, score table) is read again from the EEPROM, not trusted from RAM. */
bool store_resume(void);
/* Defaults and a zero score, saved. */
void store_reset(void);
/* True while a save is under way or RAM holds no score cell yet (the current one is fetched
 * next): store_poll has work for the next millisecond. */
bool store_busy(void);
/* Write what the EEPROM is ready for, without waiting; true when a save just finished. */
bool store_poll(void);
/* The settings in use. */
const settings_t *store_settings(void);
/* Use *s from now on, and save it; settings that games_settings_valid rejects are ignored. */
void store_settings_put(const settings_t *s);
/* The score of the current game, variant and level (from RAM once store_poll() fetched it);
 * zeros for a game past STORE_GAMES, whose score store_score_put does not keep. */
store_score_t store_score_get(void);
/* Set the score of the current game, variant and level, and save it; when RAM holds STORE_CELLS
 * other cells, the running save is first finished, waiting on the EEPROM (up to 1.4 s). */
void store_score_put(const store_score_t *score);

#endif
