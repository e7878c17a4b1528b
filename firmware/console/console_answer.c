/* The console's answers, written once for every home (device images, `uno`, `grundy` on a
 * computer): solve, moves, grundy, explain (console_explain.c), help and version, and every
 * refusal. A reply goes out a line, or a slice of run-time work, per console_answer_step, so
 * that the device can keep its buttons and LEDs going between them; a computer simply steps
 * until the reply is done. */
#include <stddef.h>

#include "console_answer.h"
#include "console_explain.h"
#include "engine_pgm.h"

#ifndef GRUNDY_VERSION
#define GRUNDY_VERSION "dev"
#endif
#ifndef GRUNDY_HOME
#define GRUNDY_HOME "dev" /* "board <name>", or "on a computer" */
#endif
#ifndef CONSOLE_HAS_GAME
#define CONSOLE_HAS_GAME 1 /* a device image: new and show are the game's */
#endif

typedef enum {
    ANSWER_IDLE,    /* nothing under way */
    ANSWER_VALUES,  /* run-time values: the Grundy value of heap i, a slice at a time */
    ANSWER_SEEKING, /* run-time values: winning moves in heap i */
    ANSWER_LISTING, /* moves of the other games: one line per step */
    ANSWER_HELPING, /* help: one line per step */
    ANSWER_EXPLAINING, /* explain: console_explain_step, a line or slice per step */
} answer_state_t;

static struct {
    char *line;     /* the line being answered, lent to the engine meanwhile */
    uint8_t len;
    uint8_t state;
    uint8_t help;   /* next help line */
    uint16_t count; /* moves listed so far */
    uint8_t i;      /* the heap being worked on */
    uint8_t value[ENGINE_MAX_HEAPS]; /* run-time games: Grundy values of the heaps (<= 255) */
    uint8_t x;      /* their nim-sum */
    engine_iter_t it;
    console_cmd_t cmd;
} ans;

/* The games past line that are compiled in (engine_config.h's ENGINE_OMIT_...), as help lists them. */
#define CONSOLE_MORE(omitted, text) CONSOLE_MORE_##omitted(text)
#define CONSOLE_MORE_0(text) text
#define CONSOLE_MORE_1(text) ""
#define CONSOLE_MORE_IF(omitted, text) CONSOLE_MORE(omitted, text)
#define CONSOLE_MORE_KING CONSOLE_MORE_IF(ENGINE_OMIT_KING, " king")
#define CONSOLE_MORE_MOORE CONSOLE_MORE_IF(ENGINE_OMIT_MOORE, " moore:k")
#define CONSOLE_MORE_LASKER CONSOLE_MORE_IF(ENGINE_OMIT_LASKER, " lasker")
#define CONSOLE_MORE_MULT CONSOLE_MORE_IF(ENGINE_OMIT_MULT, " mult:N (heap: p)")
#define CONSOLE_MORE_CALENDAR CONSOLE_MORE_IF(ENGINE_OMIT_CALENDAR, " calendar (heaps: year month day)")
#define CONSOLE_MORE_DAG CONSOLE_MORE_IF(ENGINE_OMIT_DAG, " dag:0>1,1>2 (heaps: nodes)")
/* calendar and dag on a "more:" line of their own, where the image has either (every line of
 * help fits 80 columns) */
#if ENGINE_OMIT_CALENDAR && ENGINE_OMIT_DAG
#define CONSOLE_HELP_MORE2 ""
#define CONSOLE_HELP_MORE2_LINES 0
#else
#define CONSOLE_HELP_MORE2 "more:" CONSOLE_MORE_CALENDAR CONSOLE_MORE_DAG "\0"
#define CONSOLE_HELP_MORE2_LINES 1
#endif

#define GAME CONSOLE_W_GAME
#define HEAPS CONSOLE_W_HEAP "s"
#if CONSOLE_HAS_EXPLAIN
#define CONSOLE_HELP_EXPLAIN "explain [grundy] ...: why; "
#else
#define CONSOLE_HELP_EXPLAIN ""
#endif
#if CONSOLE_HAS_GAME
#define CONSOLE_HELP_PLAY "new <" GAME "> <" HEAPS ">; show; "
#else
#define CONSOLE_HELP_PLAY ""
#endif
#if ENGINE_DEVICE /* octal: codes are the calculator's */
#define CONSOLE_HELP_OCTAL ""
#else
#define CONSOLE_HELP_OCTAL CONSOLE_W_OCTAL_EXAMPLE " "
#endif
static const char console_help[] PROGMEM =
    CONSOLE_W_SOLVE " <" GAME "> <" HEAPS ">: P, or N and the " HEAPS " after a"
    CONSOLE_W_WINNING_MOVE "\0"
    "moves <" GAME "> <" HEAPS ">: each" CONSOLE_W_WINNING_MOVE ", then count <k>\0"
    "grundy <" GAME "> <n>; " CONSOLE_HELP_EXPLAIN CONSOLE_HELP_PLAY "version\0"
    GAME "s: nim " CONSOLE_W_MISERE " bash:M " CONSOLE_W_SUB_EXAMPLE " fib pow2 " CONSOLE_W_WYTHOFF
    " kayles dawson " CONSOLE_W_LINE_EXAMPLE "\0"
    "  " CONSOLE_HELP_OCTAL CONSOLE_W_MISERE ":<" GAME ">; " HEAPS ": 1 to 16 numbers\0"
    "more:" CONSOLE_MORE_KING CONSOLE_MORE_MOORE CONSOLE_MORE_LASKER CONSOLE_MORE_MULT "\0"
    CONSOLE_HELP_MORE2
    "example: " CONSOLE_W_SOLVE " nim 3 4 5 gives N 1 4 5";
#undef GAME
#undef HEAPS
#define CONSOLE_HELP_LINES (7 + CONSOLE_HELP_MORE2_LINES)

static void answer_end_line(void)
{
    console_out_end_line();
}

static void answer_put_text(const char *pgm)
{
    console_print_text(pgm, console_out_put);
}

static void answer_put_u32(uint32_t v)
{
    console_out_u32(v);
}

const console_cmd_t *console_answer_cmd(void)
{
    return &ans.cmd;
}

void console_answer_fail(console_error_t e)
{
    ans.cmd.error = (uint8_t)e;
    answer_put_text(PSTR("err "));
    console_print_error(&ans.cmd, ans.line, console_out_put, console_out_u32);
    answer_end_line();
    ans.state = ANSWER_IDLE;
}

void console_answer_fail_with(console_error_t e, engine_heap_t value)
{
    ans.cmd.value = value;
    console_answer_fail(e);
}

void console_answer_lost(uint8_t n)
{
    console_answer_fail_with(CONSOLE_ERR_LOST, n);
}

void console_answer_too_long(void)
{
    console_answer_fail(CONSOLE_ERR_LONG_LINE);
}

/* The heaps after move m, the moved heap replaced by its parts (0 when none is left). */
static void answer_print_after(const engine_move_t *m)
{
    const engine_position_t *p = &ans.cmd.pos;
    for (uint8_t i = 0; i < p->count; i++) {
        const engine_heap_t h = p->heap[i];
        if (i) console_out_put(' ');
        if (m->heap == ENGINE_HEAP_ALL) {
            answer_put_u32(engine_after_heap(&ans.cmd.rules, p, m, i));
        } else if (m->heap == ENGINE_HEAP_BOTH) {
            answer_put_u32(h - m->take);
        } else if (i != m->heap) {
            answer_put_u32(h);
        } else {
            const engine_heap_t right = h - m->take - m->left;
            if (m->left) answer_put_u32(m->left);
            if (m->left && right) console_out_put(' ');
            if (right || !m->left) answer_put_u32(right);
        }
    }
}

/* The line that ends a `moves` list, and the reply. */
static void answer_count_line(void)
{
    answer_put_text(PSTR("count "));
    answer_put_u32(ans.count);
    answer_end_line();
    ans.state = ANSWER_IDLE;
}

/* A winning move's line: the heaps after m; a solve's reply is that line after "N ". */
static void answer_move_line(const engine_move_t *m)
{
    if (ans.cmd.verb == CONSOLE_SOLVE) {
        answer_put_text(PSTR("N "));
        ans.state = ANSWER_IDLE;
    }
    ans.count++;
    answer_print_after(m);
    answer_end_line();
}

/* One more line of a `moves` list, the count line last; or a solve's reply (the position is
 * won: P was answered otherwise). */
static void answer_list_next(void)
{
    engine_move_t m;
    if (engine_next_winning_move(&ans.cmd.rules, &ans.cmd.pos, &ans.it, &m)) {
        answer_move_line(&m);
    } else if (ans.cmd.verb == CONSOLE_SOLVE) {
        console_answer_fail(CONSOLE_ERR_FINISHED); /* misere: the player to move has already won */
    } else {
        answer_count_line();
    }
}

/* Make heap i's values ready: false while more slices are needed, or after an error reply. */
static bool answer_prepared(uint8_t i)
{
    const engine_status_t s = engine_prepare(&ans.cmd.rules, ans.cmd.pos.heap[i]);
    if (s == ENGINE_ERR_BUSY) return false;
    if (s == ENGINE_OK) return true;
    ans.cmd.value = ans.cmd.pos.heap[i];
    console_answer_fail(CONSOLE_ERR_VALUES);
    return false;
}

/* One slice of a run-time game's answer (subtraction sets and octal codes without a table):
 * from the heaps' values, so that a long computation never holds up the device for long. */
static void answer_work(void)
{
    const engine_position_t *p = &ans.cmd.pos;
    const uint8_t verb = ans.cmd.verb;
    if (ans.state == ANSWER_VALUES) {
        if (!answer_prepared(ans.i)) return;
        engine_heap_t g = 0;
        engine_heap_grundy(&ans.cmd.rules, p->heap[ans.i], &g);
        ans.value[ans.i] = (uint8_t)g;
        ans.x ^= (uint8_t)g;
        if (verb == CONSOLE_GRUNDY) {
            answer_put_u32(g);
            answer_end_line();
            ans.state = ANSWER_IDLE;
        } else if (++ans.i == p->count) {
            if (CONSOLE_HAS_EXPLAIN && verb == CONSOLE_EXPLAIN) {
                console_explain_start(&ans.cmd, ans.value);
                ans.state = ANSWER_EXPLAINING;
                return;
            }
            ans.i = 0;
            ans.it = (engine_iter_t){0};
            ans.state = ANSWER_SEEKING;
            if (ans.x == 0 && verb == CONSOLE_SOLVE) {
                console_out_put('P');
                answer_end_line();
                ans.state = ANSWER_IDLE;
            }
        }
        return;
    }
    /* seeking: a solve looks only where a move must exist (value ^ x < value) */
    if (ans.i == p->count) {
        answer_count_line();
        return;
    }
    const uint8_t target = (uint8_t)(ans.value[ans.i] ^ ans.x);
    if (verb == CONSOLE_SOLVE && target >= ans.value[ans.i]) {
        ans.i++;
        return;
    }
    if (!answer_prepared(ans.i)) return;
    engine_move_t m;
    if (engine_next_heap_move_to(&ans.cmd.rules, p->heap[ans.i], target, &ans.it, &m)) {
        m.heap = ans.i;
        answer_move_line(&m);
    } else {
        ans.i++;
        ans.it = (engine_iter_t){0};
    }
}

/* The winning moves' list begins: its first line now, the others one per step. */
static void answer_list_start(void)
{
    ans.it = (engine_iter_t){0};
    ans.state = ANSWER_LISTING;
    answer_list_next();
}

/* moore and lasker may have billions of winning moves: counted first (lasker's without
 * listing them), and refused past CONSOLE_MOVES_MAX. */
static bool answer_too_many(void)
{
    const uint8_t game = ans.cmd.rules.game;
    return ((ENGINE_HAS(ENGINE_GAME_MOORE) && game == ENGINE_GAME_MOORE) ||
            (ENGINE_HAS(ENGINE_GAME_LASKER) && game == ENGINE_GAME_LASKER)) &&
           engine_count_winning(&ans.cmd.rules, &ans.cmd.pos, CONSOLE_MOVES_MAX + 1) >
               CONSOLE_MOVES_MAX;
}

console_answer_t console_answer_start(char *line, uint8_t len)
{
    ans.line = line;
    ans.len = len;
    ans.state = ANSWER_IDLE;
    uint8_t blank = 1;
    for (uint8_t i = 0; i < len; i++) {
        if (line[i] >= 'A' && line[i] <= 'Z') line[i] = (char)(line[i] + ('a' - 'A'));
        if (line[i] != ' ' && line[i] != '\t') blank = 0;
        if (line[i] == 0) { /* no word holds a NUL: the whole line is refused */
            console_answer_fail(CONSOLE_ERR_NUL);
            return CONSOLE_ANSWER_DONE;
        }
    }
    if (blank) return CONSOLE_ANSWER_DONE;
    if (console_parse(line, len, &ans.cmd) != CONSOLE_OK) {
        console_answer_fail((console_error_t)ans.cmd.error);
        return CONSOLE_ANSWER_DONE;
    }
    ans.count = 0;
    const uint8_t verb = ans.cmd.verb;
    if (verb <= (CONSOLE_HAS_EXPLAIN ? CONSOLE_EXPLAIN : CONSOLE_GRUNDY) &&
        engine_values_at_run_time(&ans.cmd.rules)) {
        engine_lend((uint8_t *)line, CONSOLE_LINE_MAX); /* no input is read meanwhile */
        ans.i = 0;
        ans.x = 0;
        ans.state = ANSWER_VALUES;
        return CONSOLE_ANSWER_MORE;
    }
    switch (verb) {
    case CONSOLE_GRUNDY: {
        engine_heap_t g = 0;
        engine_heap_grundy(&ans.cmd.rules, ans.cmd.pos.heap[0], &g); /* tables and closed forms */
        answer_put_u32(g);
        answer_end_line();
        break;
    }
    case CONSOLE_SOLVE:
        if (engine_is_win(&ans.cmd.rules, &ans.cmd.pos)) {
            answer_list_start(); /* N, and the first of the winning moves */
        } else {
            console_out_put('P');
            answer_end_line();
        }
        break;
    case CONSOLE_MOVES:
        if (answer_too_many()) console_answer_fail(CONSOLE_ERR_MANY);
        else answer_list_start();
        break;
    case CONSOLE_EXPLAIN:
#if CONSOLE_HAS_EXPLAIN
        console_explain_start(&ans.cmd, NULL);
        ans.state = ANSWER_EXPLAINING;
#endif
        break;
    case CONSOLE_HELP:
        ans.help = 0;
        ans.state = ANSWER_HELPING;
        break;
    case CONSOLE_VERSION:
        answer_put_text(PSTR("grundy " GRUNDY_VERSION " " GRUNDY_HOME));
        answer_end_line();
        break;
    default: /* new, show */
#if CONSOLE_HAS_GAME
        return CONSOLE_ANSWER_DEVICE;
#else
        console_answer_fail(CONSOLE_ERR_NO_DEVICE);
#endif
    }
    return ans.state == ANSWER_IDLE ? CONSOLE_ANSWER_DONE : CONSOLE_ANSWER_MORE;
}

bool console_answer_step(void)
{
    switch (ans.state) {
    case ANSWER_VALUES:
    case ANSWER_SEEKING: answer_work(); break;
    case ANSWER_LISTING: answer_list_next(); break;
#if CONSOLE_HAS_EXPLAIN
    case ANSWER_EXPLAINING:
        if (!console_explain_step()) {
            ans.state = ANSWER_IDLE;
            if (ans.cmd.error != CONSOLE_OK) console_answer_fail((console_error_t)ans.cmd.error);
        }
        break;
#endif
    case ANSWER_HELPING:
        answer_put_text(console_nth(console_help, ans.help));
        answer_end_line();
        if (++ans.help == CONSOLE_HELP_LINES) ans.state = ANSWER_IDLE;
        break;
    default: break;
    }
    if (ans.state != ANSWER_IDLE) return true;
    engine_lend(NULL, 0);
    return false;
}
