/* Parsing the console's command lines into engine rules and positions, and writing
 * why a line is refused. Words are split on spaces and tabs; the game word goes to
 * engine_rules_parse, heaps are decimal with exact 32-bit overflow checks, and the
 * engine's own limits decide what is too large. */

#include "console_parse.h"
#include "engine_pgm.h"

static const char console_verb_names[CONSOLE_VERBS][8] PROGMEM = {
    "solve", "moves", "grundy", "explain", "new", "show", "help", "version",
};

/* The words behind CONSOLE_W_* (console_parse.h), in the order of their codes. */
static const char console_words[] PROGMEM =
    "heap\0game\0 (type help)\0 needs \0 winning move\0wythoff\0misere\0Grundy value\0solve\0"
    "unknown \0sub:1,3,4\0octal:0.137\0line:1,2\0the uno image and grundy on a computer";

/* explain grundy's limit (no text in an image without explain): the uno image's names the home
 * that lists more; grundy's is that home */
#define CONSOLE_OPTIONS_GRUNDY "more than \2 options to list: the grundy command gives the value"
#define CONSOLE_OPTIONS_UNO CONSOLE_OPTIONS_GRUNDY "; grundy on a computer lists 1000"
#if CONSOLE_HAS_EXPLAIN && defined(__AVR__)
#define CONSOLE_OPTIONS_TEXT CONSOLE_OPTIONS_UNO
#elif CONSOLE_HAS_EXPLAIN
#define CONSOLE_OPTIONS_TEXT CONSOLE_OPTIONS_GRUNDY
#else
#define CONSOLE_OPTIONS_TEXT ""
#endif
#define HEAP CONSOLE_W_HEAP
#define GAME CONSOLE_W_GAME
#define NEEDS CONSOLE_W_NEEDS
#define TYPE_HELP CONSOLE_W_TYPE_HELP

/* The messages only one kind of image gives: the handheld's (new's refusals, what it leaves to
 * the calculator) and the calculator's (no game to start); tests/docs builds every one. */
#ifndef CONSOLE_HAS_GAME
#define CONSOLE_HAS_GAME 1 /* a device image; uno and grundy are built with 0 */
#endif
#if CONSOLE_HAS_GAME || defined(CONSOLE_ALL_MESSAGES)
#define CONSOLE_ON_DEVICE(text) text
#else
#define CONSOLE_ON_DEVICE(text) ""
#endif
#if !CONSOLE_HAS_GAME || defined(CONSOLE_ALL_MESSAGES)
#define CONSOLE_ON_CALCULATOR(text) text
#else
#define CONSOLE_ON_CALCULATOR(text) ""
#endif
#define ELSEWHERE CONSOLE_W_ELSEWHERE

/* The messages, in console_error_t order, one after another. In them: \1 the word
 * (printable), \2 the value, \3 the command, \4 the game's parameter hint (the value picks it),
 * and CONSOLE_W_* words. */
static const char console_messages[] PROGMEM =
    "\0"                                                        /* CONSOLE_OK */
    CONSOLE_W_UNKNOWN "command '\1'" TYPE_HELP "\0"              /* CONSOLE_ERR_COMMAND */
    "\3 takes no arguments\0"                                   /* CONSOLE_ERR_EXTRA */
    "\3" NEEDS "a " GAME ", then " HEAP "s" TYPE_HELP "\0"        /* CONSOLE_ERR_NO_GAME */
    CONSOLE_W_UNKNOWN GAME " '\1'" TYPE_HELP "\0"                /* CONSOLE_ERR_GAME */
    "bad " GAME " '\1': \4\0"                                    /* CONSOLE_ERR_PARAMETER */
    "\3" NEEDS HEAP "s after the " GAME "\0"                     /* CONSOLE_ERR_NO_HEAPS */
    HEAP " '\1' is not a number\0"                              /* CONSOLE_ERR_NUMBER */
    HEAP " \1 is larger than \2\0"                              /* CONSOLE_ERR_HEAP_LIMIT */
    "more than \2 " HEAP "s\0"                                   /* CONSOLE_ERR_HEAPS_MAX */
    "\1" NEEDS "\2 " HEAP "s\0"                                 /* CONSOLE_ERR_HEAP_COUNT */
    "grundy takes one " HEAP "\0"                                /* CONSOLE_ERR_ONE_HEAP */
    "\1 is not a sum of " HEAP "s with " CONSOLE_W_GRUNDY_VALUE "s (try " CONSOLE_W_SOLVE ")\0"
                                                                /* CONSOLE_ERR_NOT_A_SUM */
    "\1 is decided for at most \2 tokens in all, or 4 " HEAP "s up to 7 without splits\0"
                                                                /* CONSOLE_ERR_TOKENS */
    "line longer than 255 characters\0"                         /* CONSOLE_ERR_LONG_LINE */
    "input lost, \2 line(s) dropped (send a line at a time)\0"  /* CONSOLE_ERR_LOST */
    "\1 has " CONSOLE_W_GRUNDY_VALUE "s above 255 by " HEAP " \2\0" /* CONSOLE_ERR_VALUES */
    CONSOLE_ON_DEVICE("\1 is not in the device's menu") "\0"    /* CONSOLE_ERR_NOT_DEVICE */
    "that position has no move left\0"                          /* CONSOLE_ERR_FINISHED */
    "not a position of \1: \4\0"                               /* CONSOLE_ERR_POSITION */
    "more than 1000" CONSOLE_W_WINNING_MOVE "s (try " CONSOLE_W_SOLVE ")\0" /* CONSOLE_ERR_MANY */
    CONSOLE_ON_DEVICE("\1 is answered by " ELSEWHERE) "\0"       /* CONSOLE_ERR_ELSEWHERE */
    CONSOLE_ON_CALCULATOR("\3 plays on a device's LEDs: this is the calculator") "\0"
                                                                /* CONSOLE_ERR_NO_DEVICE */
    CONSOLE_ON_DEVICE(HEAP " \1 is larger than \2 here; " ELSEWHERE " answer it") "\0"
                                                                /* CONSOLE_ERR_HEAP_HERE */
    CONSOLE_OPTIONS_TEXT "\0"                                   /* CONSOLE_ERR_OPTIONS */
    "NUL byte in the line";                                     /* CONSOLE_ERR_NUL */

/* A hint's text, or nothing when its game is left out (engine_config.h's ENGINE_OMIT_...). */
#define CONSOLE_HINT_0(text) text
#define CONSOLE_HINT_1(text) ""
#define CONSOLE_HINT_SELECT(omitted, text) CONSOLE_HINT_##omitted(text)
#define CONSOLE_HINT_IF(omitted, text) CONSOLE_HINT_SELECT(omitted, text)

enum {
    HINT_PLAIN,
    HINT_BASH,
    HINT_SET,
    HINT_OCTAL,
    HINT_MISERE,
    HINT_MOORE,
    HINT_MULT,
    HINT_DAG,
    HINT_NODE,
    HINT_CYCLE,
    HINT_DATE,
    HINT_P,
    HINTS
};
static const char console_hints[] PROGMEM =
    "this " GAME " takes no parameter\0"
    "bash:M" NEEDS "M from 1 to 65535\0"
    "up to 32 values 1..255, like " CONSOLE_W_SUB_EXAMPLE " or " CONSOLE_W_LINE_EXAMPLE "\0"
    CONSOLE_HINT_IF(ENGINE_DEVICE, "up to 255 octal digits, like " CONSOLE_W_OCTAL_EXAMPLE) "\0"
    "this " GAME " has no " CONSOLE_W_MISERE " variant\0"
    CONSOLE_HINT_IF(ENGINE_OMIT_MOORE, "moore:k" NEEDS "k from 1 to 15") "\0"
    CONSOLE_HINT_IF(ENGINE_OMIT_MULT, "mult:N" NEEDS "N from 2 to 4294967295") "\0"
    CONSOLE_HINT_IF(ENGINE_OMIT_DAG, "malformed edge: up to 64 edges a>b separated by commas, like dag:0>1,1>2") "\0"
    CONSOLE_HINT_IF(ENGINE_OMIT_DAG, "a node over 63") "\0"
    CONSOLE_HINT_IF(ENGINE_OMIT_DAG, "the graph has a cycle") "\0"
    CONSOLE_HINT_IF(ENGINE_OMIT_CALENDAR, "a date from 1900 1 1 to 2001 11 4") "\0"
    CONSOLE_HINT_IF(ENGINE_OMIT_MULT, "p from 1 to N - 1");

/* The games whose parameter has its own hint, by the first two letters of their name. */
static const char console_hint_names[] PROGMEM = "basuliocmomuda";
static const uint8_t console_hint_of[] PROGMEM = {HINT_BASH,  HINT_SET,  HINT_SET, HINT_OCTAL,
                                                  HINT_MOORE, HINT_MULT, HINT_DAG};

#undef HEAP
#undef GAME
#undef NEEDS
#undef TYPE_HELP

const char *console_nth(const char *pgm, uint8_t n)
{
    while (n--)
        while (pgm_read_byte(pgm++) != 0) {}
    return pgm;
}

static bool console_is_space(char c)
{
    return c == ' ' || c == '\t';
}

/* The next word at or after *at: its start in *start, its length returned (0: none). */
static uint8_t console_word(const char *line, uint8_t len, uint8_t *at, uint8_t *start)
{
    uint8_t i = *at;
    while (i < len && console_is_space(line[i])) i++;
    *start = i;
    while (i < len && !console_is_space(line[i])) i++;
    *at = i;
    return (uint8_t)(i - *start);
}

/* (console_parse.h) Read no further than the name's end: a word may hold any byte. */
bool console_word_is(const char *word, uint8_t n, const char *pgm_name)
{
    for (uint8_t i = 0; i < n; i++) {
        const char c = (char)pgm_read_byte(pgm_name + i);
        if (c == 0 || word[i] != c) return false;
    }
    return pgm_read_byte(pgm_name + n) == 0;
}

/* Whether word (n characters) starts with the name at pgm, in program memory. */
static bool console_starts(const char *word, uint8_t n, const char *pgm)
{
    for (uint8_t i = 0;; i++) {
        const char c = (char)pgm_read_byte(pgm + i);
        if (c == 0) return true;
        if (i == n || word[i] != c) return false;
    }
}

/* Which hint explains why the game word was refused with status s (rules: scratch). */
static uint8_t console_hint(const char *word, uint8_t n, engine_status_t s, engine_rules_t *rules)
{
    if (s == ENGINE_ERR_CYCLE) return HINT_CYCLE;
    /* "misere:<game>" where <game> alone is fine: the game has no misere variant */
    if (n > 7 && console_starts(word, n, PSTR("misere:"))) {
        if (engine_rules_parse(rules, word + 7, (uint8_t)(n - 7)) == ENGINE_OK) return HINT_MISERE;
        word += 7;
        n = (uint8_t)(n - 7);
    }
    uint8_t i = 0;
    while (i < sizeof console_hint_of &&
           (n < 2 || word[0] != (char)pgm_read_byte(&console_hint_names[2 * i]) ||
            word[1] != (char)pgm_read_byte(&console_hint_names[2 * i + 1])))
        i++;
    if (i == sizeof console_hint_of) return HINT_PLAIN;
    const uint8_t hint = pgm_read_byte(&console_hint_of[i]);
    if (ENGINE_HAS(ENGINE_GAME_DAG) && hint == HINT_DAG) { /* a number above 63 says more */
        uint16_t v = 0;
        for (i = 4; i < n; i++) {
            v = (word[i] >= '0' && word[i] <= '9') ? (uint16_t)(v * 10 + (word[i] - '0')) : 0;
            if (v > 63) return HINT_NODE;
        }
    }
    return hint;
}

/* A decimal heap: CONSOLE_OK, CONSOLE_ERR_NUMBER, or CONSOLE_ERR_HEAP_LIMIT past 2^32 - 1. */
static console_error_t console_number(const char *word, uint8_t n, uint32_t *v)
{
    uint32_t x = 0;
    for (uint8_t i = 0; i < n; i++)
        if (word[i] < '0' || word[i] > '9') return CONSOLE_ERR_NUMBER;
    for (uint8_t i = 0; i < n; i++) {
        const uint8_t d = (uint8_t)(word[i] - '0');
        if (x > 429496729ul || (x == 429496729ul && d > 5)) return CONSOLE_ERR_HEAP_LIMIT;
        x = x * 10u + d;
    }
    *v = x;
    return CONSOLE_OK;
}

static console_error_t console_fail(console_cmd_t *cmd, console_error_t e, uint8_t at, uint8_t len,
                                    engine_heap_t value)
{
    cmd->error = (uint8_t)e;
    cmd->at = at;
    cmd->len = len;
    cmd->value = value;
    return e;
}

console_error_t console_parse(const char *line, uint8_t len, console_cmd_t *cmd)
{
    uint8_t at = 0, start;
    cmd->pos.count = 0;
    cmd->error = CONSOLE_OK;
    cmd->at = cmd->len = 0;
#if CONSOLE_HAS_EXPLAIN
    cmd->mex = 0;
#endif
    uint8_t n = console_word(line, len, &at, &start);
    uint8_t verb = 0;
    while (verb < CONSOLE_VERBS && !console_word_is(line + start, n, console_verb_names[verb])) verb++;
    cmd->verb = verb;
    if (verb == CONSOLE_VERBS) return console_fail(cmd, CONSOLE_ERR_COMMAND, start, n, 0);
    if (!CONSOLE_HAS_EXPLAIN && verb == CONSOLE_EXPLAIN)
        return console_fail(cmd, CONSOLE_ERR_ELSEWHERE, start, n, 0);
    uint8_t game_at = console_word(line, len, &at, &start) ? start : 0;
#if CONSOLE_HAS_EXPLAIN
    if (verb == CONSOLE_EXPLAIN &&
        console_word_is(line + start, (uint8_t)(at - start), console_verb_names[CONSOLE_GRUNDY])) {
        cmd->mex = 1; /* explain grundy <game> <n> */
        game_at = console_word(line, len, &at, &start) ? start : 0;
    }
#endif
    const uint8_t game_len = (uint8_t)(at - start);
    if (verb >= CONSOLE_SHOW) {
        return game_len ? console_fail(cmd, CONSOLE_ERR_EXTRA, game_at, game_len, 0) : CONSOLE_OK;
    }
    if (!game_len) return console_fail(cmd, CONSOLE_ERR_NO_GAME, 0, 0, 0);
    const engine_status_t s = engine_rules_parse(&cmd->rules, line + game_at, game_len);
    if (s == ENGINE_ERR_UNKNOWN_GAME) return console_fail(cmd, CONSOLE_ERR_GAME, game_at, game_len, 0);
    if (s == ENGINE_ERR_ELSEWHERE) return console_fail(cmd, CONSOLE_ERR_ELSEWHERE, game_at, game_len, 0);
    if (s != ENGINE_OK)
        return console_fail(cmd, CONSOLE_ERR_PARAMETER, game_at, game_len,
                            console_hint(line + game_at, game_len, s, &cmd->rules));
    const engine_rules_t *r = &cmd->rules;
    if ((verb == CONSOLE_GRUNDY || (CONSOLE_HAS_EXPLAIN && verb == CONSOLE_EXPLAIN)) &&
        !engine_is_sum_game(r))
        return console_fail(cmd, CONSOLE_ERR_NOT_A_SUM, game_at, game_len, 0);
    const engine_heap_t limit = engine_heap_limit(r);
    /* a device image's heaps stop short of the calculator's, but for the games whose limit is
     * the same in both: at 65535 the tables (Kayles, Dawson, the fixed sets), at 255 line codes */
    const uint16_t same = limit == 0xFFu ? 1u << ENGINE_GAME_LINE
                                         : (1u << ENGINE_GAME_SUB) | (1u << ENGINE_GAME_KAYLES) |
                                               (1u << ENGINE_GAME_DAWSON);
    const bool larger_elsewhere = ENGINE_DEVICE && !((same >> r->game) & 1);
    while ((n = console_word(line, len, &at, &start)) != 0) {
        uint32_t v = 0;
        console_error_t e = console_number(line + start, n, &v);
        if (e == CONSOLE_OK && v > limit)
            e = larger_elsewhere ? CONSOLE_ERR_HEAP_HERE : CONSOLE_ERR_HEAP_LIMIT;
        if (e != CONSOLE_OK)
            return console_fail(cmd, e, start, n, e >= CONSOLE_ERR_HEAP_LIMIT ? limit : 0);
        if (cmd->pos.count == ENGINE_MAX_HEAPS)
            return console_fail(cmd, CONSOLE_ERR_HEAPS_MAX, start, n, ENGINE_MAX_HEAPS);
        cmd->pos.heap[cmd->pos.count++] = (engine_heap_t)v;
    }
    if (cmd->pos.count == 0) return console_fail(cmd, CONSOLE_ERR_NO_HEAPS, 0, 0, 0);
    if ((verb == CONSOLE_GRUNDY || CONSOLE_CMD_MEX(cmd)) && cmd->pos.count != 1)
        return console_fail(cmd, CONSOLE_ERR_ONE_HEAP, 0, 0, 0);
    const uint8_t heaps = engine_heap_count(r);
    if (heaps && cmd->pos.count != heaps)
        return console_fail(cmd, CONSOLE_ERR_HEAP_COUNT, game_at, game_len, heaps);
    const engine_status_t valid = engine_check_position(r, &cmd->pos);
    if (valid == ENGINE_ERR_TOO_BIG)
        return console_fail(cmd, CONSOLE_ERR_TOKENS, game_at, game_len, ENGINE_MISERE_TOKENS);
    if (valid == ENGINE_ERR_POSITION)
        return console_fail(cmd, CONSOLE_ERR_POSITION, game_at, game_len,
                            r->game == ENGINE_GAME_CALENDAR ? HINT_DATE : HINT_P);
    cmd->at = game_at; /* later errors (new, octal values) are about the game */
    cmd->len = game_len;
    return CONSOLE_OK;
}

static void console_put_pgm(const char *pgm, void (*put)(char c))
{
    char c;
    while ((c = (char)pgm_read_byte(pgm++)) != 0) put(c);
}

/* c itself, or the word a CONSOLE_W_* code stands for. */
static void console_put_char(char c, void (*put)(char c))
{
    if ((uint8_t)c >= 0x80) console_put_pgm(console_nth(console_words, (uint8_t)(c - 0x80)), put);
    else put(c);
}

void console_print_text(const char *pgm, void (*put)(char c))
{
    char c;
    while ((c = (char)pgm_read_byte(pgm++)) != 0) console_put_char(c, put);
}

void console_print_error(const console_cmd_t *cmd, const char *line, void (*put)(char c),
                         void (*put_u32)(uint32_t v))
{
    const uint8_t e = cmd->error < CONSOLE_ERRORS ? cmd->error : CONSOLE_ERR_COMMAND;
    const char *m = console_nth(console_messages, e);
    char c;
    while ((c = (char)pgm_read_byte(m++)) != 0) {
        if (c == '\1') {
            for (uint8_t i = 0; i < cmd->len && i < CONSOLE_ECHO_MAX; i++) {
                const char w = line[cmd->at + i];
                put(w > ' ' && w < 0x7F ? w : '?');
            }
            if (cmd->len > CONSOLE_ECHO_MAX) console_put_pgm(PSTR("..."), put);
        } else if (c == '\2') {
            put_u32(cmd->value);
        } else if (c == '\3') {
            console_put_pgm(console_verb_names[cmd->verb < CONSOLE_VERBS ? cmd->verb : 0], put);
        } else if (c == '\4') {
            console_print_text(console_nth(console_hints, cmd->value < HINTS ? (uint8_t)cmd->value : HINT_PLAIN), put);
        } else {
            console_put_char(c, put);
        }
    }
}
