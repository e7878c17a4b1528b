/* The two-slot EEPROM record, streamed: RAM holds the settings and a few score cells, and
 * every other byte of a new record is read from the record it replaces. A save sums the new
 * record for its CRC, then rewrites the other slot with eeprom_update_byte (unchanged bytes
 * are not written), a few bytes per poll of a ready EEPROM, never waiting on it. */
#include <avr/eeprom.h>
#include <stddef.h>
#include <util/crc16.h>

#include "fault.h"
#include "games.h"
#include "store.h"
#include "tick.h"
#include "watchdog.h"

#define STORE_SIZE ((uint16_t)sizeof(store_record_t))
#define STORE_SETTINGS_AT ((uint16_t)offsetof(store_record_t, settings))
#define STORE_SCORE_AT ((uint16_t)offsetof(store_record_t, score))
#define STORE_CRC_AT ((uint16_t)offsetof(store_record_t, crc))
#define STORE_SEQ_AT ((uint16_t)offsetof(store_record_t, seq))
#define STORE_CELL_COUNT (STORE_GAMES * 2 * SETTINGS_LEVELS)
#define STORE_NO_CELL 0xFF /* the current game keeps no score (past STORE_GAMES) */
#define STORE_V1_SIZE (STORE_SIZE - 1) /* a version 1 record: settings one byte shorter */
#ifndef STORE_STEPS
#define STORE_STEPS 32 /* bytes one poll sums or compares at most (a test may pick another) */
#endif

_Static_assert(STORE_BASE + 2 * sizeof(store_record_t) <= E2END + 1, "two slots fit the EEPROM");
_Static_assert(offsetof(store_record_t, seq) == sizeof(store_record_t) - 1, "seq is last");
_Static_assert(offsetof(store_record_t, crc) + 2 == offsetof(store_record_t, seq), "crc, then seq");
_Static_assert(STORE_CELL_COUNT < 0xFF, "a cell number fits a byte");

enum { STORE_IDLE, STORE_SUM, STORE_WRITE };

/* The score is the source (the active slot, or zeros after a reset) overlaid with store_cells:
 * the cells changed since the last finished save, and the current cell, fetched ahead. What a
 * save has still to write is kept across a watchdog reset (.noinit, set up by store_load); the
 * save's progress is not: store_resume starts it again. */
static settings_t store_set WATCHDOG_KEEP; /* the settings in use */
static struct {
    uint8_t cell; /* [game][misere][level] flattened */
    store_score_t score;
} store_cells[STORE_CELLS] WATCHDOG_KEEP;
static uint8_t store_cell_count WATCHDOG_KEEP;
static uint8_t store_zeros WATCHDOG_KEEP;      /* 1: the source is zeros, not the active slot */
static uint8_t store_active WATCHDOG_KEEP;     /* slot holding the newest valid record */
static uint8_t store_active_seq WATCHDOG_KEEP; /* its sequence number */
static uint8_t store_phase;      /* STORE_IDLE, or what the running save does */
static uint16_t store_pos;       /* next byte to sum or write; STORE_SIZE when all are issued */
static uint16_t store_crc;       /* the new record's CRC: running in STORE_SUM, final after */
static uint16_t store_src WATCHDOG_KEEP; /* EEPROM address of the source's score table */

static uint8_t *store_slot(uint8_t slot)
{
    return (uint8_t *)(uintptr_t)(STORE_BASE + slot * STORE_SIZE);
}

/* The record of `size` bytes at base is valid: its CRC (the two bytes before seq) matches. */
static bool store_valid(const uint8_t *base, uint16_t size)
{
    uint16_t crc = 0xFFFF;
    for (uint16_t i = 0; i < size; i++)
        if ((uint16_t)(i - (size - 3)) >= 2) crc = _crc_ccitt_update(crc, eeprom_read_byte(base + i));
    return eeprom_read_word((const uint16_t *)(base + size - 3)) == crc;
}

static uint8_t store_cell_now(void)
{
    if (store_set.game >= STORE_GAMES) return STORE_NO_CELL;
    return (uint8_t)((store_set.game * 2 + store_set.misere) * SETTINGS_LEVELS + store_set.level);
}

/* The index of cell in store_cells, or STORE_CELLS when RAM does not hold it. */
static uint8_t store_find(uint8_t cell)
{
    for (uint8_t n = 0; n < store_cell_count; n++)
        if (store_cells[n].cell == cell) return n;
    return STORE_CELLS;
}

/* A cell RAM does not hold, from the source. */
static void store_read(uint8_t cell, store_score_t *out)
{
    if (store_zeros)
        *out = (store_score_t){0, 0, 0};
    else
        eeprom_read_block(out, (const uint8_t *)(uintptr_t)store_src + cell * sizeof *out, sizeof *out);
}

/* Byte i of the record being saved: from RAM, else from the source. */
static uint8_t store_byte(uint16_t i)
{
    if (i < STORE_SETTINGS_AT) return STORE_VERSION;
    if ((uint16_t)(i - STORE_SETTINGS_AT) < sizeof(settings_t))
        return ((const uint8_t *)&store_set)[i - STORE_SETTINGS_AT];
    if (i == STORE_CRC_AT) return (uint8_t)store_crc;
    if (i == STORE_CRC_AT + 1) return (uint8_t)(store_crc >> 8);
    if (i == STORE_SEQ_AT) return (uint8_t)(store_active_seq + 1);
    for (uint8_t n = 0; n < store_cell_count; n++) {
        const uint16_t k =
            (uint16_t)(i - STORE_SCORE_AT - store_cells[n].cell * sizeof(store_score_t));
        if (k < sizeof(store_score_t)) return ((const uint8_t *)&store_cells[n].score)[k];
    }
    return store_zeros ? 0 : eeprom_read_byte((const uint8_t *)(uintptr_t)store_src + (i - STORE_SCORE_AT));
}

/* The other slot holds the new record: it is the source from now on. */
static void store_finished(void)
{
    store_active ^= 1;
    store_active_seq++;
    store_zeros = 0;
    store_src = (uint16_t)(uintptr_t)(store_slot(store_active) + STORE_SCORE_AT);
    store_phase = STORE_IDLE;
}

/* A save whose last byte is out counts as finished (the next write waits for that byte). */
static void store_settle(void)
{
    if (store_phase == STORE_WRITE && store_pos == STORE_SIZE) store_finished();
}

/* (Re)start saving from the first byte. */
static void store_save(void)
{
    store_settle();
    store_phase = STORE_SUM;
    store_pos = 0;
    store_crc = 0xFFFF;
}

/* One byte of the running save, the EEPROM being ready; true when the save has finished. */
static bool store_step(void)
{
    if (store_phase == STORE_SUM) {
        if (store_pos == STORE_CRC_AT) store_pos += 2;
        store_crc = _crc_ccitt_update(store_crc, store_byte(store_pos));
        if (++store_pos == STORE_SIZE) {
            store_phase = STORE_WRITE;
            store_pos = 0;
        }
        return false;
    }
    if (store_pos == STORE_SIZE / 2) FAULT_POINT(FAULT_SAVE); /* the faults image only */
    if (store_pos == STORE_SIZE) {
        store_finished();
        store_cell_count = 0; /* the new source holds every cell */
        return true;
    }
    eeprom_update_byte(store_slot(store_active ^ 1) + store_pos, store_byte(store_pos));
    store_pos++;
    return false;
}

/* The newest valid record of this version, else of version 1 (same slots' start, one byte
 * shorter, whose settings lack the last field and whose score table is the same): its slot and
 * sequence into store_active and store_active_seq, its score table's address into store_src;
 * its start, or NULL when there is none (those three then untouched). */
static const uint8_t *store_newest(void)
{
    const uint8_t *from = NULL;
    for (uint8_t version = STORE_VERSION; version && !from; version--) {
        const uint16_t size = version == STORE_VERSION ? STORE_SIZE : STORE_V1_SIZE;
        for (uint8_t slot = 0; slot < 2; slot++) {
            const uint8_t *base = store_slot(0) + slot * size;
            if (eeprom_read_byte(base) != version || !store_valid(base, size)) continue;
            const uint8_t seq = eeprom_read_byte(base + size - 1);
            if (from && (int8_t)(seq - store_active_seq) <= 0) continue;
            from = base;
            store_active = slot;
            store_active_seq = seq;
            store_src = (uint16_t)(uintptr_t)(base + size - sizeof(store_score_t) * STORE_CELL_COUNT - 3);
        }
    }
    return from;
}

store_origin_t store_load(void)
{
    bool blank = true, other_blank = true;
    for (uint16_t i = 0; i < 2 * STORE_SIZE; i++)
        if (eeprom_read_byte(store_slot(0) + i) != 0xFF) {
            blank = false;
            if (i >= STORE_SIZE) other_blank = false;
        }
    const uint8_t *from = store_newest();
    store_phase = STORE_IDLE;
    store_cell_count = 0;
    store_zeros = !from;
    settings_default(&store_set);
    if (!from) {
        store_active = 1; /* the first save goes to slot 0 */
        store_active_seq = 0;
        /* slot 1 blank: no save ever finished, and a cut first one (slot 0 begun) lost only
         * what it was saving; the old state was blank, and blank it is */
        return blank || other_blank ? STORE_BLANK : STORE_CORRUPT;
    }
    eeprom_read_block(&store_set, from + STORE_SETTINGS_AT, store_src - (uint16_t)(uintptr_t)from - STORE_SETTINGS_AT);
    if (!games_settings_valid(&store_set)) settings_default(&store_set);
    return STORE_LOADED;
}

bool store_resume(void)
{
    /* what RAM kept is checked, and where the records are is found again in the EEPROM: a
     * stray write before the hang sends no byte anywhere but into the other slot */
    if (!games_settings_valid(&store_set) || store_zeros > 1 || store_cell_count > STORE_CELLS) return false;
    for (uint8_t n = 0; n < store_cell_count; n++)
        if (store_cells[n].cell >= STORE_CELL_COUNT) return false;
    if (!store_newest()) {
        if (!store_zeros) return false; /* the source slot is gone: a fresh load */
        store_active = 1;
        store_active_seq = 0;
    }
    store_save(); /* a save may have been under way: do it (again) */
    return true;
}

void store_reset(void)
{
    store_settle(); /* before the source becomes zeros */
    settings_default(&store_set);
    store_cell_count = 0;
    store_zeros = 1;
    store_save();
}

bool store_busy(void)
{
    /* none: the current one is next */
    return store_phase != STORE_IDLE || (!store_cell_count && store_cell_now() != STORE_NO_CELL);
}

bool store_poll(void)
{
    bool done = false;
    for (uint8_t n = 0; store_phase != STORE_IDLE && n < STORE_STEPS && eeprom_is_ready(); n++)
        done = store_step();
    /* the current cell into RAM while the EEPROM is free, so reading it never waits */
    const uint8_t cell = store_cell_now();
    if (cell != STORE_NO_CELL && eeprom_is_ready() && store_cell_count < STORE_CELLS &&
        store_find(cell) == STORE_CELLS) {
        store_cells[store_cell_count].cell = cell;
        store_read(cell, &store_cells[store_cell_count].score);
        store_cell_count++;
    }
    return done;
}

const settings_t *store_settings(void)
{
    return &store_set;
}

void store_settings_put(const settings_t *s)
{
    if (!games_settings_valid(s)) return; /* never kept, never saved: the next boot would reject them */
    store_set = *s;
    store_save();
}

store_score_t store_score_get(void)
{
    const uint8_t cell = store_cell_now();
    const uint8_t n = store_find(cell);
    if (n < STORE_CELLS) return store_cells[n].score;
    store_score_t score = {0, 0, 0};
    if (cell == STORE_NO_CELL) return score;
    store_read(cell, &score); /* not fetched yet: waits out a byte being programmed, if any */
    return score;
}

void store_score_put(const store_score_t *score)
{
    const uint8_t cell = store_cell_now();
    uint8_t n = store_find(cell);
    if (cell == STORE_NO_CELL) return;
    if (n == STORE_CELLS) {
        if (store_cell_count == STORE_CELLS) {
            /* RAM is full: finish the running save, waiting (at most STORE_SIZE writes) */
            while (store_phase != STORE_IDLE) {
                eeprom_busy_wait();
                store_step();
                watchdog_feed(tick_now()); /* up to 1.4 s, fed while the tick runs */
            }
            store_cell_count = 0; /* idle: every cell equals the source */
        }
        n = store_cell_count++;
        store_cells[n].cell = cell;
    }
    store_cells[n].score = *score;
    store_save();
}
