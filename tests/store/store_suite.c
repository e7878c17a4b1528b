/* The store on the simulated ATmega328P, driven directly: random puts of settings and score,
 * polls that stop a save anywhere (each poll waits for the EEPROM first, which takes the chip's
 * 3.4 ms a byte, so the number of polls decides where), resets and reloads, against a model of
 * every cell. It
 * reaches what the buttons cannot in time: several cells owed to one save, a full list
 * finishing the save at once, a change just after a save's last byte. Then checks that the
 * newest valid slot holds the model, byte for byte, and that a reload gives it back. */
#include <avr/eeprom.h>
#include <avr/io.h>
#include <avr_mcu_section.h> /* pkg-config --cflags simavr-avr */
#include <stdio.h>
#include <string.h>
#include <util/crc16.h>

#include "check.h"
#include "games.h"
#include "sim_probe.h"
#include "store.h"

AVR_MCU(F_CPU, "atmega328p");

#define SUITE_STEPS 3000
#define SUITE_CELLS (STORE_GAMES * 2 * SETTINGS_LEVELS) /* the games past STORE_GAMES keep none */
#define SUITE_SIZE ((uint16_t)sizeof(store_record_t))
/* A save takes a byte a step: the sum (all but the CRC), the writes, then the finish. A poll
 * stops after a byte it had to program (the EEPROM is busy 3.4 ms), so the save's last byte,
 * its sequence number, ends a poll and its finish is seen only by the next: a change between
 * the two finds the save all but done. */
#define SUITE_SEQ_AT ((uint16_t)offsetof(store_record_t, seq))

static store_score_t model[SUITE_CELLS]; /* what the store should hold */
static settings_t model_set;
static uint8_t saving; /* a put was made since the last save the store reported finished */
static uint32_t rng = 12345;
static uint16_t step;

static uint16_t suite_rand(uint16_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (uint16_t)((rng >> 8) % n);
}

static void suite_context(void)
{
    check_puts_P(CHECK_STR("step "));
    check_put_u32(step);
}

static uint8_t cell_of(const settings_t *s)
{
    return (uint8_t)((s->game * 2 + s->misere) * SETTINGS_LEVELS + s->level);
}

/* Poll n times, each time once the EEPROM is ready (a poll that finds it busy does nothing); a
 * reported finish ends what was owed. */
static void suite_poll(uint8_t n)
{
    while (n--) {
        eeprom_busy_wait();
        if (store_poll()) {
            CHECK(saving, "a save finished with none started");
            saving = 0;
        }
    }
}

/* Poll until the running save is reported finished. */
static void suite_drain(void)
{
    for (uint16_t i = 0; saving && i < 2 * SUITE_SIZE + 16; i++) suite_poll(1);
    CHECK(!saving, "a save does not finish");
}

/* The current cell reads as the model says. */
static void suite_check_current(void)
{
    const store_score_t got = store_score_get(), none = {0, 0, 0};
    const store_score_t *want = model_set.game < STORE_GAMES ? &model[cell_of(&model_set)] : &none;
    CHECK(!memcmp(&got, want, sizeof got), "the current cell reads %u %u %u", got.wins, got.losses,
          got.hints);
    CHECK(!memcmp(store_settings(), &model_set, sizeof model_set), "settings differ");
}

/* Settings for a random cell a person can reach, some other fields changed too. */
static void suite_pick_settings(void)
{
    settings_t s = model_set;
    s.game = (uint8_t)suite_rand(GAMES_COUNT);
    s.misere = games_misere_offered(s.game) ? (uint8_t)suite_rand(2) : 0;
    s.level = (uint8_t)suite_rand(SETTINGS_LEVELS);
    s.first = (uint8_t)suite_rand(SETTINGS_FIRSTS);
    s.device_began = (uint8_t)suite_rand(2);
    s.start = games_marienbad_fits(s.game) ? s.start : SETTINGS_START_CLASSIC;
    model_set = s;
    store_settings_put(&s);
    saving = 1;
}

static void suite_put_score(void)
{
    store_score_t s = store_score_get();
    switch (suite_rand(4)) {
    case 0: s.wins++; break;
    case 1: s.losses++; break;
    case 2: s.hints++; break;
    default: s = (store_score_t){suite_rand(0xFFFF), suite_rand(0xFFFF), suite_rand(0xFFFF)};
    }
    store_score_put(&s);
    if (model_set.game >= STORE_GAMES) return; /* kept nowhere, no save */
    model[cell_of(&model_set)] = s;
    saving = 1;
}

static bool slot_valid(uint8_t slot, uint8_t *seq)
{
    const uint8_t *base = (const uint8_t *)(uintptr_t)(STORE_BASE + slot * SUITE_SIZE);
    uint16_t crc = 0xFFFF;
    for (uint16_t i = 0; i < offsetof(store_record_t, crc); i++)
        crc = _crc_ccitt_update(crc, eeprom_read_byte(base + i));
    *seq = eeprom_read_byte(base + offsetof(store_record_t, seq));
    crc = _crc_ccitt_update(crc, *seq);
    return eeprom_read_byte(base) == STORE_VERSION &&
           eeprom_read_word((const uint16_t *)(base + offsetof(store_record_t, crc))) == crc;
}

/* With no save running: the newest valid slot holds the model, read straight from the EEPROM. */
static void suite_check_eeprom(void)
{
    uint8_t seq0, seq1;
    const bool valid0 = slot_valid(0, &seq0), valid1 = slot_valid(1, &seq1);
    CHECK(valid0 || valid1, "no valid slot");
    const uint8_t slot = !valid0 || (valid1 && (int8_t)(seq1 - seq0) > 0);
    const uint8_t *base = (const uint8_t *)(uintptr_t)(STORE_BASE + slot * SUITE_SIZE);
    settings_t set;
    eeprom_read_block(&set, base + offsetof(store_record_t, settings), sizeof set);
    CHECK(!memcmp(&set, &model_set, sizeof set), "slot %u: settings differ", slot);
    for (uint8_t c = 0; c < SUITE_CELLS; c++) {
        store_score_t got;
        const uint8_t *at = base + offsetof(store_record_t, score) + c * sizeof got;
        eeprom_read_block(&got, at, sizeof got);
        CHECK(!memcmp(&got, &model[c], sizeof got), "slot %u, cell %u: %u %u %u", slot, c,
              got.wins, got.losses, got.hints);
    }
}

/* Poll until the running save has written its last byte, the sequence number one past the
 * newest valid record's into the other slot (the slot the store writes). */
static void suite_poll_to_last_byte(void)
{
    uint8_t seq0, seq1, active = 1, seq = 0;
    const bool valid0 = slot_valid(0, &seq0), valid1 = slot_valid(1, &seq1);
    if (valid0 || valid1) {
        active = !valid0 || (valid1 && (int8_t)(seq1 - seq0) > 0);
        seq = active ? seq1 : seq0;
    }
    const uint8_t *at = (const uint8_t *)(uintptr_t)(STORE_BASE + (active ^ 1) * SUITE_SIZE + SUITE_SEQ_AT);
    uint16_t i = 0;
    for (; i < 2 * SUITE_SIZE + 16 && eeprom_read_byte(at) != (uint8_t)(seq + 1); i++) suite_poll(1);
    CHECK(eeprom_read_byte(at) == (uint8_t)(seq + 1), "the save's last byte never came");
}

static void suite_run(void)
{
    for (uint16_t i = 0; i < 2 * SUITE_SIZE; i++)
        eeprom_update_byte((uint8_t *)STORE_BASE + i, 0xFF);
    CHECK(store_load() == STORE_BLANK, "a blank EEPROM does not load as blank");
    settings_default(&model_set);
    memset(model, 0, sizeof model);
    for (step = 0; step < SUITE_STEPS; step++) {
        const uint16_t r = suite_rand(100);
        if (r < 35) {
            suite_put_score();
        } else if (r < 55) {
            suite_pick_settings();
        } else if (r < 88) {
            suite_poll((uint8_t)suite_rand(r < 80 ? 4 : 40));
        } else if (r < 91 && model_set.game < STORE_GAMES) {
            /* a change just after a save's last byte: its finish counts, the change goes on (a
             * game past STORE_GAMES puts no score, so saves nothing) */
            suite_put_score();
            suite_poll_to_last_byte();
            CHECK(saving, "the save finished a poll early");
            if (r == 88) suite_pick_settings();
            else if (r == 89) suite_put_score();
            else {
                store_reset();
                settings_default(&model_set);
                memset(model, 0, sizeof model);
            }
        } else if (r < 98) {
            suite_drain();
            suite_check_eeprom();
            CHECK(store_load() == STORE_LOADED, "the store does not load what it saved");
        } else {
            store_reset();
            settings_default(&model_set);
            memset(model, 0, sizeof model);
            saving = 1;
        }
        suite_check_current();
    }
    suite_drain();
    suite_check_eeprom();
}

int main(void)
{
    check_avr_begin();
    check_context(suite_context);
    suite_run();
    check_avr_end("store on the AVR");
}
