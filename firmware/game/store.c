/* The two-slot EEPROM record. Loading picks the valid slot with the newer sequence
 * number; saving rewrites the other slot with eeprom_update_byte (unchanged bytes
 * are not written) one byte per poll of a ready EEPROM, never waiting on it. */
#include <avr/eeprom.h>
#include <stddef.h>
#include <util/crc16.h>

#include "store.h"

#define STORE_SIZE ((uint16_t)sizeof(store_record_t))
#define STORE_CRC_AT ((uint16_t)offsetof(store_record_t, crc))
#define STORE_SEQ_AT ((uint16_t)offsetof(store_record_t, seq))

_Static_assert(STORE_BASE + 2 * sizeof(store_record_t) <= E2END + 1, "two slots fit the EEPROM");
_Static_assert(offsetof(store_record_t, seq) == sizeof(store_record_t) - 1, "seq is last");

store_record_t store;
static uint8_t store_active;     /* slot holding the newest valid record */
static uint8_t store_active_seq; /* its sequence number */
static uint8_t store_target;     /* slot being written */
static uint16_t store_pos;       /* next byte to write; STORE_SIZE: all issued */
static uint8_t store_writing;

static uint8_t *store_slot(uint8_t slot)
{
    return (uint8_t *)(uintptr_t)(STORE_BASE + slot * STORE_SIZE);
}

/* CRC of a record in EEPROM (slot) or, for slot 0xFF, of the one in RAM. */
static uint16_t store_crc(uint8_t slot)
{
    const uint8_t *ram = (const uint8_t *)&store;
    uint16_t crc = 0xFFFF;
    for (uint16_t i = 0; i < STORE_SIZE; i++) {
        if (i == STORE_CRC_AT || i == STORE_CRC_AT + 1) continue;
        crc = _crc_ccitt_update(crc, slot == 0xFF ? ram[i] : eeprom_read_byte(store_slot(slot) + i));
    }
    return crc;
}

static void store_defaults(void)
{
    for (uint16_t i = 0; i < STORE_SIZE; i++) ((uint8_t *)&store)[i] = 0;
    settings_default(&store.settings);
}

store_origin_t store_load(void)
{
    bool blank = true, found = false;
    for (uint8_t slot = 0; slot < 2; slot++) {
        uint8_t *base = store_slot(slot);
        for (uint16_t i = 0; i < STORE_SIZE; i++)
            if (eeprom_read_byte(base + i) != 0xFF) blank = false;
        if (eeprom_read_byte(base) != STORE_VERSION) continue;
        if (eeprom_read_word((const uint16_t *)(base + STORE_CRC_AT)) != store_crc(slot)) continue;
        const uint8_t seq = eeprom_read_byte(base + STORE_SEQ_AT);
        if (found && (int8_t)(seq - store_active_seq) <= 0) continue;
        found = true;
        store_active = slot;
        store_active_seq = seq;
    }
    store_writing = 0;
    if (!found) {
        store_defaults();
        store_active = 1;
        store_active_seq = 0;
        return blank ? STORE_BLANK : STORE_CORRUPT;
    }
    eeprom_read_block(&store, store_slot(store_active), STORE_SIZE);
    if (!settings_valid(&store.settings)) settings_default(&store.settings);
    return STORE_LOADED;
}

void store_reset(void)
{
    store_defaults();
    store_save();
}

void store_save(void)
{
    if (store_writing && store_pos == STORE_SIZE) { /* the last byte is out: that save is done */
        store_active = store_target;
        store_active_seq = store.seq;
        store_writing = 0;
    }
    if (!store_writing) {
        store_target = (uint8_t)(store_active ^ 1);
        store.seq = (uint8_t)(store_active_seq + 1);
    }
    store.version = STORE_VERSION;
    store.crc = store_crc(0xFF);
    store_pos = 0;
    store_writing = 1;
}

bool store_poll(void)
{
    for (uint8_t n = 0; store_writing && n < 32 && eeprom_is_ready(); n++) {
        if (store_pos == STORE_SIZE) {
            store_active = store_target;
            store_active_seq = store.seq;
            store_writing = 0;
            return true;
        }
        eeprom_update_byte(store_slot(store_target) + store_pos, ((const uint8_t *)&store)[store_pos]);
        store_pos++;
    }
    return false;
}

store_score_t *store_score(void)
{
    const settings_t *s = &store.settings;
    return &store.score[s->game][s->misere][s->level];
}
