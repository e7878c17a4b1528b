/* The console's command language, parsed: one line of text into a command (verb, game
 * rules, heaps) or into the reason it is refused, and that reason written as the
 * console's `err ...` line. Pure C on the engine only: the same code runs on the device,
 * in host tests and under the fuzzer. */
#ifndef CONSOLE_PARSE_H
#define CONSOLE_PARSE_H

#include <stdint.h>

#include "engine.h"

/* Whether this image answers explain (about 2,500 bytes of flash on an AVR: the calculator
 * images and grundy do; a device image answers `err explain is answered by the uno image...`). */
#ifndef CONSOLE_HAS_EXPLAIN
#define CONSOLE_HAS_EXPLAIN 0
#endif

#define CONSOLE_LINE_MAX 255 /* characters in a line, without its end */
#define CONSOLE_ECHO_MAX 32  /* characters of a word repeated in an error, then "..." */

typedef enum {
    CONSOLE_SOLVE,   /* solve <game> <heaps...> */
    CONSOLE_MOVES,   /* moves <game> <heaps...> */
    CONSOLE_GRUNDY,  /* grundy <game> <n> */
    CONSOLE_EXPLAIN, /* explain <game> <heaps...>, explain grundy <game> <n> (console_cmd_t.mex) */
    CONSOLE_NEW,     /* new <game> <heaps...> */
    CONSOLE_SHOW,    /* show */
    CONSOLE_HELP,    /* help */
    CONSOLE_VERSION, /* version */
    CONSOLE_VERBS
} console_verb_t;

typedef enum {
    CONSOLE_OK,
    CONSOLE_ERR_COMMAND,    /* unknown command 'word' */
    CONSOLE_ERR_EXTRA,      /* the verb takes no arguments */
    CONSOLE_ERR_NO_GAME,    /* the verb needs a game */
    CONSOLE_ERR_GAME,       /* unknown game 'word' */
    CONSOLE_ERR_PARAMETER,  /* a game's parameter is malformed */
    CONSOLE_ERR_NO_HEAPS,   /* no heaps after the game */
    CONSOLE_ERR_NUMBER,     /* a heap is not a decimal number */
    CONSOLE_ERR_HEAP_LIMIT, /* a heap is larger than the game's limit (value) */
    CONSOLE_ERR_HEAPS_MAX,  /* more than ENGINE_MAX_HEAPS heaps */
    CONSOLE_ERR_HEAP_COUNT, /* the game needs exactly `value` heaps (wythoff, king, calendar, mult) */
    CONSOLE_ERR_ONE_HEAP,   /* grundy takes one heap */
    CONSOLE_ERR_NOT_A_SUM,  /* grundy or explain of a game that is not a sum */
    CONSOLE_ERR_TOKENS,     /* a misere variant past ENGINE_MISERE_TOKENS tokens */
    CONSOLE_ERR_LONG_LINE,  /* the line passed CONSOLE_LINE_MAX characters */
    CONSOLE_ERR_LOST,       /* input was lost: the line is incomplete */
    CONSOLE_ERR_VALUES,     /* an octal game's Grundy values pass 255 before a heap */
    CONSOLE_ERR_NOT_DEVICE, /* new: the device's menu has no such game for this board */
    CONSOLE_ERR_FINISHED,   /* new: the position has no move left */
    CONSOLE_ERR_POSITION,   /* not a position of the game (a date out of range, mult's p = 0) */
    CONSOLE_ERR_MANY,       /* moves: more than 1000 winning moves */
    CONSOLE_ERR_ELSEWHERE,  /* a game (or parameter) this image leaves to uno and grundy */
    CONSOLE_ERR_NO_DEVICE,  /* new, show: the calculator (uno, grundy) plays no game */
    CONSOLE_ERR_HEAP_HERE,  /* a heap past this image's limit that uno and grundy answer (value) */
    CONSOLE_ERR_OPTIONS,    /* explain grundy: more than CONSOLE_EXPLAIN_OPTIONS options (value) */
    CONSOLE_ERR_NUL,        /* a NUL byte in the line */
    CONSOLE_ERRORS
} console_error_t;

typedef struct {
    uint8_t verb;               /* console_verb_t */
    uint8_t error;              /* console_error_t */
    uint8_t at, len;            /* the word the error is about: line[at .. at + len - 1] */
    engine_heap_t value;        /* a number the error names (a limit) */
    engine_rules_t rules;
    engine_position_t pos;
#if CONSOLE_HAS_EXPLAIN
    uint8_t mex; /* explain grundy: 1 (the options of one heap and their mex) */
#endif
} console_cmd_t;
/* Whether cmd is explain grundy (never in an image without explain: no byte for it). */
#if CONSOLE_HAS_EXPLAIN
#define CONSOLE_CMD_MEX(cmd) ((cmd)->mex)
#else
#define CONSOLE_CMD_MEX(cmd) 0
#endif

/* Words the console's messages and help share, written in them as one byte each (0x80 + the
 * word's place in console_words, console_parse.c) and printed by console_print_text: the
 * text is about 170 bytes shorter. Each is a string of its own, to be joined to the text
 * around it (a hex escape would swallow a digit or letter after it). */
#define CONSOLE_W_HEAP "\x80"
#define CONSOLE_W_GAME "\x81"
#define CONSOLE_W_TYPE_HELP "\x82"     /* " (type help)" */
#define CONSOLE_W_NEEDS "\x83"         /* " needs " */
#define CONSOLE_W_WINNING_MOVE "\x84"  /* " winning move" */
#define CONSOLE_W_WYTHOFF "\x85"
#define CONSOLE_W_MISERE "\x86"
#define CONSOLE_W_GRUNDY_VALUE "\x87"
#define CONSOLE_W_SOLVE "\x88"
#define CONSOLE_W_UNKNOWN "\x89"       /* "unknown " */
#define CONSOLE_W_SUB_EXAMPLE "\x8A"   /* "sub:1,3,4" */
#define CONSOLE_W_OCTAL_EXAMPLE "\x8B" /* "octal:0.137" */
#define CONSOLE_W_LINE_EXAMPLE "\x8C"  /* "line:1,2" */
#define CONSOLE_W_ELSEWHERE "\x8D"     /* "the uno image and grundy on a computer" */

/* Parse line[0 .. len-1] into cmd; returns cmd->error (CONSOLE_OK: cmd is ready to run, its
 * position checked by engine_check_position). */
console_error_t console_parse(const char *line, uint8_t len, console_cmd_t *cmd);
/* String n of the strings packed one after another (NUL-separated) at pgm, in program memory. */
const char *console_nth(const char *pgm, uint8_t n);
/* Whether word (n characters) is the name at pgm_name, in program memory. */
bool console_word_is(const char *word, uint8_t n, const char *pgm_name);
/* Write the NUL-terminated text at pgm, in program memory, through put, its CONSOLE_W_* words
 * spelt out. */
void console_print_text(const char *pgm, void (*put)(char c));
/* Write cmd's error as the text after "err " through put, and its numbers in decimal through
 * put_u32 (no line end); line is the parsed line, whose words some messages repeat (only
 * printable ASCII, others as '?'). */
void console_print_error(const console_cmd_t *cmd, const char *line, void (*put)(char c),
                         void (*put_u32)(uint32_t v));

#endif
