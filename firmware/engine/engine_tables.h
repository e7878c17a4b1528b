/* The Grundy tables generated at build time, and the rules they stand for.
 * ENGINE_TABLE_LIST is shared by the table generator (which computes each table
 * from these very rules) and the engine (which recognises the rules when parsed). */
#ifndef ENGINE_TABLES_H
#define ENGINE_TABLES_H

#include <stdint.h>

#include "engine.h"

/* X(ID, label, game, up to 3 set values, heaps answered): sub sets list their values; other
 * games are made by engine_rules_init (Kayles's and Dawson's digits: engine.h's
 * ENGINE_OCTAL_NAMED). A periodic table answers any heap. */
#define ENGINE_TABLE_LIST(X)                                                                       \
    X(KAYLES, "kayles (octal 0.77)", ENGINE_GAME_KAYLES, 0, 0, 0, 65535)                           \
    X(DAWSON, "dawson (octal 0.07)", ENGINE_GAME_DAWSON, 0, 0, 0, 65535)                           \
    X(SUB_134, "sub:1,3,4", ENGINE_GAME_SUB, 1, 3, 4, 65535)                                       \
    X(SUB_25, "sub:2,5", ENGINE_GAME_SUB, 2, 5, 0, 65535)                                          \
    X(FIB, "fib", ENGINE_GAME_FIB, 0, 0, 0, ENGINE_FIB_TABLE_MAX)

enum {
#define ENGINE_TABLE_ENUM(id, label, game, v1, v2, v3, limit) ENGINE_TABLE_##id,
    ENGINE_TABLE_LIST(ENGINE_TABLE_ENUM)
#undef ENGINE_TABLE_ENUM
    ENGINE_TABLE_COUNT,
    ENGINE_TABLE_NONE = 0xFF
};

/* A Grundy sequence g(0), g(1), ...: `prefix` values, then `period` values that repeat
 * (period 0: the table simply ends). Values are 4-bit, two to a byte, low nibble first.
 * A packed table (marks not NULL) holds tokens in those nibbles instead: a token below
 * phrases[0] is a value; token phrases[0] + k is phrase k, of phrases[1 + 2k] values found
 * from phrases[phrases[2 + 2k]] on. marks[j] tells where value
 * j * ENGINE_TABLE_MARK_STEP is: its token's index times ENGINE_TABLE_MARK_BACK, plus how
 * many values before it that token begins. */
#define ENGINE_TABLE_MARK_STEP 64
#define ENGINE_TABLE_MARK_BACK 32   /* phrases are shorter than this */
#define ENGINE_TABLE_PHRASE_MAX 24
#define ENGINE_TABLE_MARK_TOKENS (65536 / ENGINE_TABLE_MARK_BACK)
typedef struct {
    uint16_t prefix;
    uint16_t period;
    const uint8_t *nibbles;
    const uint16_t *marks;
    const uint8_t *phrases;
} engine_table_t;

/* Grundy value of heap n from table id (n within the table's reach). */
uint8_t engine_table_value(uint8_t id, engine_heap_t n);
/* The prefix length and period of table id (period 0: not periodic). */
void engine_table_shape(uint8_t id, uint16_t *prefix, uint16_t *period);
/* Make the rules table id stands for (without looking up a table). */
void engine_table_rules(uint8_t id, engine_rules_t *r);
/* The table for rules r, or ENGINE_TABLE_NONE (used when rules are made). */
uint8_t engine_table_for(const engine_rules_t *r);

#endif
