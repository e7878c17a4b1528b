/* Reading the generated Grundy tables (build/gen/engine_tables_gen.h, made by
 * firmware/tablegen from ENGINE_TABLE_LIST). Which rules a table answers ("line:1,2" or
 * "octal:0.77" from the Kayles table, like "kayles") is rules.c's engine_table_for. */

#include "engine_pgm.h"
#include "engine_tables.h"
#include "engine_tables_gen.h"

#define ENGINE_TABLE_ROW(id, label, game, v1, v2, v3, limit)                                       \
    {ENGINE_TABLE_##id##_PREFIX, ENGINE_TABLE_##id##_PERIOD, engine_table_##id##_nibbles,          \
     ENGINE_TABLE_##id##_MARKS, ENGINE_TABLE_##id##_PHRASES},
static const engine_table_t engine_tables[ENGINE_TABLE_COUNT] PROGMEM = {
    ENGINE_TABLE_LIST(ENGINE_TABLE_ROW)};

static uint8_t engine_table_nibble(const uint8_t *nibbles, uint16_t i)
{
    const uint8_t b = pgm_read_byte(nibbles + (i >> 1));
    return (i & 1) ? (uint8_t)(b >> 4) : (uint8_t)(b & 0x0F);
}

/* Value i of a packed table: from the mark before it, token by token. */
static uint8_t engine_table_unpack(const engine_table_t *t, const uint8_t *nibbles, uint16_t i)
{
    const uint8_t *phrases = (const uint8_t *)pgm_read_ptr(&t->phrases);
    const uint8_t literals = pgm_read_byte(phrases);
    const uint16_t mark =
        pgm_read_word((const uint16_t *)pgm_read_ptr(&t->marks) + i / ENGINE_TABLE_MARK_STEP);
    uint16_t token = mark / ENGINE_TABLE_MARK_BACK;
    /* how far i lies past the start of the current token */
    uint16_t past = (uint16_t)(i % ENGINE_TABLE_MARK_STEP + mark % ENGINE_TABLE_MARK_BACK);
    for (;; token++) {
        const uint8_t v = engine_table_nibble(nibbles, token);
        if (v < literals) {
            if (past == 0) return v;
            past--;
            continue;
        }
        const uint8_t *phrase = phrases + 2 * (v - literals);
        const uint8_t len = pgm_read_byte(phrase + 1);
        if (past < len) return pgm_read_byte(phrases + pgm_read_byte(phrase + 2) + past);
        past -= len;
    }
}

uint8_t engine_table_value(uint8_t id, engine_heap_t n)
{
    const engine_table_t *t = &engine_tables[id];
    const uint16_t prefix = pgm_read_word(&t->prefix), period = pgm_read_word(&t->period);
    uint16_t i = (uint16_t)n; /* tables answer heaps up to 65535 */
    if (period && i >= prefix + period) i = (uint16_t)(prefix + (uint16_t)(i - prefix) % period);
    const uint8_t *nibbles = (const uint8_t *)pgm_read_ptr(&t->nibbles);
    return pgm_read_ptr(&t->marks) ? engine_table_unpack(t, nibbles, i)
                                   : engine_table_nibble(nibbles, i);
}

void engine_table_shape(uint8_t id, uint16_t *prefix, uint16_t *period)
{
    *prefix = pgm_read_word(&engine_tables[id].prefix);
    *period = pgm_read_word(&engine_tables[id].period);
}
