/* Rules descriptors: parsing a game's name into engine_rules_t, misere variants, and the
 * limits and octal digits every other module reads. The text forms are the console's
 * ("bash:3", "sub:1,3,4", "octal:0.137", "line:1,2", "misere:kayles"). */
#include <string.h>

#include "engine_internal.h"
#include "engine_pgm.h"
#include "engine_tables.h"

static uint32_t rules_serial;
static bool rules_looking_up; /* making a table's own rules: no table lookup */

/* The games' names in engine_game_t order (engine.h's ENGINE_GAME_LIST), each ended by a space. */
#define RULES_NAME(id, name, parameter, bits, heaps, ops, kind) #name " "
static const char rules_names[] PROGMEM = ENGINE_GAME_LIST(RULES_NAME);

/* For a game below ENGINE_GAME_COUNT. */
static bool rules_has_parameter(uint8_t game)
{
#define RULES_PARAMETER_BIT(id, name, parameter, bits, heaps, ops, kind)                           \
    ((uint32_t)(parameter) << ENGINE_GAME_##id) |
    return ((ENGINE_GAME_LIST(RULES_PARAMETER_BIT) 0) >> game) & 1;
}

static bool rules_is_octal(uint8_t game)
{
    return game >= ENGINE_GAME_KAYLES && game <= ENGINE_GAME_LINE;
}

static __attribute__((noinline)) void rules_set_digit(engine_rules_t *r, uint8_t k, uint8_t digit)
{
    uint8_t *b = &r->u.digits[k >> 1];
    if (k & 1)
        *b = (uint8_t)((*b & 0x0F) | (digit << 4));
    else
        *b = (uint8_t)((*b & 0xF0) | digit);
    if (digit && k > r->size) r->size = k;
}

uint8_t engine_octal_digit(const engine_rules_t *r, uint16_t k)
{
    return engine_digit(r, k);
}

/* Finish a rules descriptor: stamp it and find the table that answers it. */
static engine_status_t rules_finish(engine_rules_t *r)
{
    if (++rules_serial == 0) rules_serial = 1; /* 0 marks an empty work buffer */
    r->serial = rules_serial;
    r->table = ENGINE_TABLE_NONE;
#ifndef ENGINE_TABLEGEN
    /* a serial handed out again (after 2^32 rules) must not find old values waiting */
    if (engine_work_holds(r)) engine_work_serial = 0;
    if (!rules_looking_up) r->table = engine_table_for(r);
#endif
    return ENGINE_OK;
}

/* The digits of an octal game with a name (engine.h's ENGINE_OCTAL_NAMED, digits 1 and 2 as hex
 * digits): the first byte of its digits (digit 1 in the high nibble); the second, digit 2, is 7
 * for each of them, which lets the device images write it as a constant. */
#define RULES_OCTAL_DIGIT1(id, code) game == ENGINE_GAME_##id ? (uint8_t)((code) & 0xF0) :
#define RULES_OCTAL_DIGIT2_IS_7(id, code) &&((code) & 0x0F) == 7
_Static_assert(1 ENGINE_OCTAL_NAMED(RULES_OCTAL_DIGIT2_IS_7), "a named octal game's digit 2 is 7");
static uint8_t rules_init_digit1(uint8_t game)
{
    return ENGINE_OCTAL_NAMED(RULES_OCTAL_DIGIT1) 0;
}

static void rules_clear(engine_rules_t *r, uint8_t game)
{
    memset(r, 0, sizeof *r);
    r->game = game;
}

engine_status_t engine_rules_init(engine_rules_t *r, engine_game_t game)
{
    if (game >= ENGINE_GAME_COUNT || rules_has_parameter(game)) return ENGINE_ERR_UNKNOWN_GAME;
    rules_clear(r, game);
    r->misere = game == ENGINE_GAME_MISERE;
    r->bash_max = game == ENGINE_GAME_KING; /* the king's single-heap steps are Bash's, M = 1 */
    if (rules_is_octal(game)) {
        r->u.digits[0] = rules_init_digit1(game);
        r->u.digits[1] = 7;
        r->size = 2;
    }
    return rules_finish(r);
}

engine_status_t engine_rules_misere(engine_rules_t *r)
{
    if (r->game >= ENGINE_GAME_COUNT) return ENGINE_ERR_UNKNOWN_GAME;
    /* the games past line, and wythoff, have no misere variant here */
    if (r->game == ENGINE_GAME_WYTHOFF || r->game > ENGINE_GAME_LINE) return ENGINE_ERR_BAD_PARAMETER;
    /* misere Nim has Bouton's closed form; the others need the exact search */
    if (!ENGINE_HAS_EXACT && r->game != ENGINE_GAME_NIM && r->game != ENGINE_GAME_MISERE)
        return ENGINE_ERR_ELSEWHERE;
    if (r->game == ENGINE_GAME_NIM) r->game = ENGINE_GAME_MISERE; /* Bouton's closed form */
    r->misere = 1;
    return rules_finish(r); /* a fresh serial: the work buffer may hold the normal game's values */
}

engine_status_t engine_rules_bash(engine_rules_t *r, uint16_t max_take)
{
    if (max_take == 0) return ENGINE_ERR_BAD_PARAMETER;
    rules_clear(r, ENGINE_GAME_BASH);
    r->bash_max = max_take;
    return rules_finish(r);
}

/* Add removal size v to a sub or line descriptor (sorted set, duplicates ignored). */
static engine_status_t rules_add_value(engine_rules_t *r, uint8_t v)
{
    if (v == 0) return ENGINE_ERR_BAD_PARAMETER;
    if (r->game == ENGINE_GAME_LINE) {
        rules_set_digit(r, v, 7);
        return ENGINE_OK;
    }
    uint8_t j = r->size;
    while (j > 0 && r->u.set[j - 1] > v) j--;
    if (j > 0 && r->u.set[j - 1] == v) return ENGINE_OK;
    if (r->size == ENGINE_SET_MAX) return ENGINE_ERR_BAD_PARAMETER;
    memmove(&r->u.set[j + 1], &r->u.set[j], (size_t)(r->size - j));
    r->u.set[j] = v;
    r->size++;
    return ENGINE_OK;
}

engine_status_t engine_rules_set(engine_rules_t *r, engine_game_t game, const uint8_t *values,
                                 uint8_t count)
{
    if (game != ENGINE_GAME_SUB && game != ENGINE_GAME_LINE) return ENGINE_ERR_UNKNOWN_GAME;
    if (count == 0) return ENGINE_ERR_BAD_PARAMETER;
    rules_clear(r, game);
    for (uint8_t i = 0; i < count; i++)
        if (rules_add_value(r, values[i]) != ENGINE_OK) return ENGINE_ERR_BAD_PARAMETER;
    return rules_finish(r);
}

/* Parse a decimal number from min to max; advances *s. */
static bool rules_number(const char **s, const char *end, uint32_t min, uint32_t max,
                         uint32_t *out)
{
    uint32_t v = 0;
    const char *p = *s;
    while (p < end && *p >= '0' && *p <= '9') {
        const uint8_t digit = (uint8_t)(*p++ - '0');
        if (v > (max - digit) / 10) return false;
        v = v * 10 + digit;
    }
    if (p == *s || v < min) return false;
    *s = p;
    *out = v;
    return true;
}

/* One number's range and the rules it sets (one value: bash:M 1..65535, moore:k 1..15, mult:N
 * 2..2^32 - 1; a list: sub:S and line:S, values 1..255). */
#define RULES_ONE_VALUE ((1u << ENGINE_GAME_BASH) | (1u << ENGINE_GAME_MOORE) | (1u << ENGINE_GAME_MULT))

static engine_status_t rules_parse_values(engine_rules_t *r, uint8_t game, const char *s,
                                          const char *end)
{
    const bool one = (RULES_ONE_VALUE >> game) & 1;
    const uint32_t min = game == ENGINE_GAME_MULT ? 2 : 1;
    const uint32_t max = game == ENGINE_GAME_BASH    ? 65535
                              : game == ENGINE_GAME_MOORE ? ENGINE_MOORE_MAX
                              : game == ENGINE_GAME_MULT  ? 0xFFFFFFFFul
                                                          : 255;
    rules_clear(r, game);
    for (;;) {
        uint32_t v;
        if (!rules_number(&s, end, min, max, &v)) return ENGINE_ERR_BAD_PARAMETER;
        if (one) {
            if (s != end) return ENGINE_ERR_BAD_PARAMETER;
            if (game == ENGINE_GAME_BASH) return engine_rules_bash(r, (uint16_t)v);
            if (game == ENGINE_GAME_MOORE) r->size = (uint8_t)v;
            else r->u.target = v;
            break;
        }
        if (rules_add_value(r, (uint8_t)v) != ENGINE_OK) return ENGINE_ERR_BAD_PARAMETER;
        if (s == end) break;
        if (*s++ != ',') return ENGINE_ERR_BAD_PARAMETER;
    }
    return rules_finish(r);
}

/* dag:E, edges a>b over nodes 0..63 separated by commas (duplicates ignored); ENGINE_ERR_CYCLE
 * when the graph has one. */
static engine_status_t rules_parse_dag(engine_rules_t *r, const char *s, const char *end)
{
    rules_clear(r, ENGINE_GAME_DAG);
    for (;;) {
        uint32_t a, b;
        if (!rules_number(&s, end, 0, ENGINE_DAG_NODES - 1, &a) || s == end || *s++ != '>' ||
            !rules_number(&s, end, 0, ENGINE_DAG_NODES - 1, &b))
            return ENGINE_ERR_BAD_PARAMETER;
        uint8_t e = 0;
        while (e < r->size && (r->u.edges[e][0] != a || r->u.edges[e][1] != b)) e++;
        if (e == r->size) {
            if (e == ENGINE_DAG_EDGES) return ENGINE_ERR_BAD_PARAMETER;
            r->u.edges[e][0] = (uint8_t)a;
            r->u.edges[e][1] = (uint8_t)b;
            r->size++;
        }
        if (s == end) break;
        if (*s++ != ',') return ENGINE_ERR_BAD_PARAMETER;
    }
    rules_finish(r);
#ifndef ENGINE_TABLEGEN
    return engine_dag_check(r);
#else
    return ENGINE_OK;
#endif
}

static engine_status_t rules_parse_octal(engine_rules_t *r, const char *s, const char *end)
{
    if (s < end && *s == '0') s++;
    if (s == end || *s++ != '.' || s == end) return ENGINE_ERR_BAD_PARAMETER;
    if (end - s > ENGINE_CODE_MAX) return ENGINE_ERR_BAD_PARAMETER;
    rules_clear(r, ENGINE_GAME_OCTAL);
    for (uint8_t k = 1; s < end; k++, s++) {
        if (*s < '0' || *s > '7') return ENGINE_ERR_BAD_PARAMETER;
        rules_set_digit(r, k, (uint8_t)(*s - '0'));
    }
    return rules_finish(r);
}

/* The game named by text .. name_end (no parameter), or ENGINE_GAME_COUNT. */
static uint8_t rules_lookup(const char *text, const char *name_end)
{
    const uint8_t len = (uint8_t)(name_end - text);
    uint8_t game = 0, j = 0;
    bool same = true;
    for (PGM_P name = rules_names; game < ENGINE_GAME_COUNT; name++) {
        const char c = (char)pgm_read_byte(name);
        if (c == ' ') {
            if (same && j == len) return game;
            game++;
            j = 0;
            same = true;
        } else if (same && j < len && text[j] == c) {
            j++;
        } else {
            same = false;
        }
    }
    return ENGINE_GAME_COUNT;
}

static __attribute__((noinline)) const char *rules_colon(const char *text, const char *end)
{
    while (text < end && *text != ':') text++;
    return text;
}

/* A name without the "misere:" prefix. */
static engine_status_t rules_parse_plain(engine_rules_t *r, const char *text, const char *end)
{
    const char *colon = rules_colon(text, end);
    const uint8_t game = rules_lookup(text, colon);
    if (game == ENGINE_GAME_COUNT) return ENGINE_ERR_UNKNOWN_GAME;
    if (!ENGINE_HAS(game)) return ENGINE_ERR_ELSEWHERE; /* the calculator's */
    if (!rules_has_parameter(game)) {
        if (colon != end) return ENGINE_ERR_BAD_PARAMETER;
        return engine_rules_init(r, (engine_game_t)game);
    }
    if (colon == end) return ENGINE_ERR_BAD_PARAMETER;
    if (ENGINE_HAS(ENGINE_GAME_OCTAL) && game == ENGINE_GAME_OCTAL) return rules_parse_octal(r, colon + 1, end);
    if (ENGINE_HAS(ENGINE_GAME_DAG) && game == ENGINE_GAME_DAG) return rules_parse_dag(r, colon + 1, end);
    return rules_parse_values(r, game, colon + 1, end);
}

engine_status_t engine_rules_parse(engine_rules_t *r, const char *text, uint8_t len)
{
    const char *end = text + len, *colon = rules_colon(text, end);
    if (colon == end || rules_lookup(text, colon) != ENGINE_GAME_MISERE)
        return rules_parse_plain(r, text, end);
    /* "misere:<game>": the game, then its misere variant; not "misere:" or "misere:misere" */
    if (colon + 1 == end) return ENGINE_ERR_BAD_PARAMETER;
    const engine_status_t s = rules_parse_plain(r, colon + 1, end);
    if (s != ENGINE_OK) return s;
    if (r->misere) return ENGINE_ERR_BAD_PARAMETER;
    return engine_rules_misere(r);
}

#define RULES_TABLE_ROW(id, label, game, v1, v2, v3, limit) {game, {v1, v2, v3}},
static const struct {
    uint8_t game, values[3];
} rules_tables[ENGINE_TABLE_COUNT] PROGMEM = {ENGINE_TABLE_LIST(RULES_TABLE_ROW)};

void engine_table_rules(uint8_t id, engine_rules_t *r)
{
    uint8_t game = pgm_read_byte(&rules_tables[id].game), values[3], count = 0;
    while (count < 3 && (values[count] = pgm_read_byte(&rules_tables[id].values[count]))) count++;
    rules_looking_up = true;
    if (count)
        engine_rules_set(r, (engine_game_t)game, values, count);
    else
        engine_rules_init(r, (engine_game_t)game);
    rules_looking_up = false;
}

/* Whether table id answers rules with the moves of r (misere or not), compared in place. */
static bool rules_table_same_moves(uint8_t id, const engine_rules_t *r)
{
    const uint8_t game = pgm_read_byte(&rules_tables[id].game);
    if (rules_is_octal(game)) /* made by engine_rules_init: compare its two digits in place */
        return rules_is_octal(r->game) && r->size == 2 &&
               r->u.digits[0] == rules_init_digit1(game) && r->u.digits[1] == 7;
    if (r->game != game) return false;
    uint8_t count = 0;
    for (; count < 3; count++) {
        const uint8_t v = pgm_read_byte(&rules_tables[id].values[count]);
        if (!v) break;
        if (count >= r->size || r->u.set[count] != v) return false;
    }
    return game != ENGINE_GAME_SUB || r->size == count;
}

uint8_t engine_table_for(const engine_rules_t *r)
{
    for (uint8_t id = 0; id < ENGINE_TABLE_COUNT; id++)
        if (rules_table_same_moves(id, r)) return id;
    return ENGINE_TABLE_NONE;
}

/* Each game's heap bits (ENGINE_GAME_LIST's; 32 stands for all of engine_heap_t's) and, below
 * them, its heap count (two bits). */
#define RULES_HEAPS(id, name, parameter, bits, heaps, ops, kind) (uint8_t)((bits) << 2 | (heaps)),
static const uint8_t rules_heaps[ENGINE_GAME_COUNT] PROGMEM = {ENGINE_GAME_LIST(RULES_HEAPS)};

engine_heap_t engine_heap_limit(const engine_rules_t *r)
{
    const uint8_t game = r->game < ENGINE_GAME_COUNT ? r->game : ENGINE_GAME_NIM;
    if (ENGINE_HAS(ENGINE_GAME_MULT) && game == ENGINE_GAME_MULT) return (engine_heap_t)(r->u.target - 1);
    /* Lasker's g(2^32 - 1) = 2^32 would not fit in 32 bits */
    if (game == ENGINE_GAME_LASKER) return ENGINE_HEAP_MAX - 1;
    uint8_t b = pgm_read_byte(&rules_heaps[game]) >> 2;
    /* without the window, a run-time set is answered from the work buffer's table: heaps <= 255 */
    if (!ENGINE_SUB_WINDOW && game == ENGINE_GAME_SUB && r->table == ENGINE_TABLE_NONE) b = 8;
    return b >= ENGINE_HEAP_BITS ? ENGINE_HEAP_MAX : (engine_heap_t)(((engine_heap_t)1 << b) - 1);
}

uint8_t engine_heap_count(const engine_rules_t *r)
{
    return pgm_read_byte(&rules_heaps[r->game]) & 3;
}
