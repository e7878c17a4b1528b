/* The console on the device: command lines from the UART are parsed (console_parse.c),
 * answered with the engine, or handed to the UI. A reply goes out one line per main-loop
 * pass and only when the output queue has room for most of it, so the console never
 * holds up the buttons and LEDs for long and its lines never split an '@' event line. */
#include <avr/pgmspace.h>
#include <stddef.h>

#include "board.h"
#include "console.h"
#include "console_parse.h"
#include "fault.h"
#include "games.h"
#include "play.h"
#include "uart.h"
#include "ui.h"

#ifndef GRUNDY_VERSION
#define GRUNDY_VERSION "dev"
#endif

#define CONSOLE_TX_ROOM 96    /* free output bytes before a reply line starts */
#define CONSOLE_MOVES_MAX 1000 /* moves lists at most this many winning moves */

typedef enum {
    CONSOLE_READ,    /* reading a command line */
    CONSOLE_VALUES,  /* run-time values: the Grundy value of heap i, a slice at a time */
    CONSOLE_SEEKING, /* run-time values: winning moves in heap i */
    CONSOLE_LISTING, /* moves of the other games: one line per pass */
    CONSOLE_HELPING, /* help: one line per pass */
} console_state_t;

static struct {
    char line[CONSOLE_LINE_MAX];
    uint8_t len;
    uint8_t overlong; /* the line passed CONSOLE_LINE_MAX: the rest is dropped */
    uint8_t lost;     /* lines lost, this one included, to report at its end (0: none) */
    uint8_t state;
    uint8_t help;     /* next help line */
    uint16_t count;   /* moves listed so far */
    uint8_t i;        /* the heap being worked on */
    uint8_t value[ENGINE_MAX_HEAPS]; /* run-time games: Grundy values of the heaps (<= 255) */
    engine_heap_t x;  /* their nim-sum */
    engine_iter_t it;
    console_cmd_t cmd;
} con;

/* The games past line that are compiled in (engine.h's ENGINE_OMIT_...), as help lists them. */
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

#define GAME CONSOLE_W_GAME
#define HEAPS CONSOLE_W_HEAP "s"
static const char console_help[] PROGMEM =
    CONSOLE_W_SOLVE " <" GAME "> <" HEAPS ">: P, or N and the " HEAPS " after a"
    CONSOLE_W_WINNING_MOVE "\0"
    "moves <" GAME "> <" HEAPS ">: each" CONSOLE_W_WINNING_MOVE ", then count <k>\0"
    "grundy <" GAME "> <n>; new <" GAME "> <" HEAPS ">; show; version\0"
    GAME "s: nim " CONSOLE_W_MISERE " bash:M " CONSOLE_W_SUB_EXAMPLE " fib pow2 " CONSOLE_W_WYTHOFF
    " kayles dawson " CONSOLE_W_OCTAL_EXAMPLE " " CONSOLE_W_LINE_EXAMPLE " " CONSOLE_W_MISERE
    ":<" GAME ">; " HEAPS ": 1 to 16 numbers\0"
    "more:" CONSOLE_MORE_KING CONSOLE_MORE_MOORE CONSOLE_MORE_LASKER CONSOLE_MORE_MULT
    CONSOLE_MORE_CALENDAR CONSOLE_MORE_DAG "\0"
    "example: " CONSOLE_W_SOLVE " nim 3 4 5 gives N 1 4 5";
#undef GAME
#undef HEAPS
#define CONSOLE_HELP_LINES 6

static void console_end_line(void)
{
    uart_end_line();
}

static void console_error(void)
{
    uart_puts_P(PSTR("err "));
    console_print_error(&con.cmd, con.line, uart_putc, uart_put_u32);
    console_end_line();
}

static void console_fail(console_error_t e)
{
    con.cmd.error = (uint8_t)e;
    console_error();
}

/* The heaps after move m, the moved heap replaced by its parts (0 when none is left). */
static void console_print_after(const engine_move_t *m)
{
    const engine_position_t *p = &con.cmd.pos;
    for (uint8_t i = 0; i < p->count; i++) {
        const engine_heap_t h = p->heap[i];
        if (i) uart_putc(' ');
        if (m->heap == ENGINE_HEAP_ALL) {
            uart_put_u32(engine_after_heap(&con.cmd.rules, p, m, i));
        } else if (m->heap == ENGINE_HEAP_BOTH) {
            uart_put_u32(h - m->take);
        } else if (i != m->heap) {
            uart_put_u32(h);
        } else {
            const engine_heap_t right = h - m->take - m->left;
            if (m->left) uart_put_u32(m->left);
            if (m->left && right) uart_putc(' ');
            if (right || !m->left) uart_put_u32(right);
        }
    }
}

static void console_grundy(void)
{
    engine_heap_t g = 0;
    engine_heap_grundy(&con.cmd.rules, con.cmd.pos.heap[0], &g); /* tables and closed forms */
    uart_put_u32(g);
    console_end_line();
}

static void console_new(uint16_t now)
{
    settings_t s = *ui_settings();
    uint8_t mask[BOARD_ROWS];
    if (!games_find(&con.cmd.rules, &s)) {
        console_fail(CONSOLE_ERR_NOT_DEVICE);
    } else if (!play_fit(s.game, &con.cmd.pos, mask)) {
        uart_puts_P(PSTR("err the heaps do not fit the board: at most"));
        for (uint8_t r = 0; r < games_rows(s.game); r++) {
            uart_putc(r ? ',' : ' ');
            uart_put_u32(play_heap_max(s.game, r));
        }
        console_end_line();
    } else if (engine_is_over(&con.cmd.rules, &con.cmd.pos)) {
        console_fail(CONSOLE_ERR_FINISHED);
    } else {
        ui_play(&s, mask, now);
        uart_puts_P(PSTR("ok"));
        console_end_line();
    }
}

/* The line that ends a `moves` list, and the reply. */
static void console_count_line(void)
{
    uart_puts_P(PSTR("count "));
    uart_put_u32(con.count);
    console_end_line();
    con.state = CONSOLE_READ;
}

/* A winning move's line: the heaps after m; a solve's reply is that line after "N ". */
static void console_move_line(const engine_move_t *m)
{
    if (con.cmd.verb == CONSOLE_SOLVE) {
        uart_puts_P(PSTR("N "));
        con.state = CONSOLE_READ;
    }
    con.count++;
    console_print_after(m);
    console_end_line();
}

/* One more line of a `moves` list, the count line last; or a solve's reply (the position is
 * won: console_run answered P otherwise). */
static void console_list_next(void)
{
    engine_move_t m;
    if (engine_next_winning_move(&con.cmd.rules, &con.cmd.pos, &con.it, &m)) {
        console_move_line(&m);
    } else if (con.cmd.verb == CONSOLE_SOLVE) {
        console_fail(CONSOLE_ERR_FINISHED); /* misere: the player to move has already won */
        con.state = CONSOLE_READ;
    } else {
        console_count_line();
    }
}

/* Games whose values the device computes (subtraction sets and octal codes without a table):
 * answered a slice at a time, from the heaps' values, so that a long computation never holds up
 * the buttons and LEDs. The others answer within a few milliseconds, or 0.1 s for a misere
 * search, in one go. */
static bool console_runtime(const engine_rules_t *r)
{
    return engine_values_at_run_time(r);
}

/* Make heap i's values ready: false while more slices are needed, or after an error reply. */
static bool console_prepared(uint8_t i)
{
    const engine_status_t s = engine_prepare(&con.cmd.rules, con.cmd.pos.heap[i]);
    if (s == ENGINE_ERR_BUSY) return false;
    if (s == ENGINE_OK) return true;
    con.cmd.value = con.cmd.pos.heap[i];
    console_fail(CONSOLE_ERR_VALUES);
    con.state = CONSOLE_READ;
    return false;
}

/* One slice of a run-time game's answer. */
static void console_work(void)
{
    const engine_position_t *p = &con.cmd.pos;
    const uint8_t verb = con.cmd.verb;
    if (con.state == CONSOLE_VALUES) {
        if (!console_prepared(con.i)) return;
        engine_heap_t g = 0;
        engine_heap_grundy(&con.cmd.rules, p->heap[con.i], &g);
        con.value[con.i] = (uint8_t)g;
        con.x ^= (uint8_t)g;
        if (verb == CONSOLE_GRUNDY) {
            uart_put_u32(g);
            console_end_line();
            con.state = CONSOLE_READ;
        } else if (++con.i == p->count) {
            con.i = 0;
            con.it = (engine_iter_t){0};
            con.state = CONSOLE_SEEKING;
            if (con.x == 0 && verb == CONSOLE_SOLVE) {
                uart_putc('P');
                console_end_line();
                con.state = CONSOLE_READ;
            }
        }
        return;
    }
    /* seeking: a solve looks only where a move must exist (value ^ x < value) */
    if (con.i == p->count) {
        console_count_line();
        return;
    }
    const uint8_t target = (uint8_t)(con.value[con.i] ^ con.x);
    if (verb == CONSOLE_SOLVE && target >= con.value[con.i]) {
        con.i++;
        return;
    }
    if (!console_prepared(con.i)) return;
    engine_move_t m;
    if (engine_next_heap_move_to(&con.cmd.rules, p->heap[con.i], target, &con.it, &m)) {
        m.heap = con.i;
        console_move_line(&m);
    } else {
        con.i++;
        con.it = (engine_iter_t){0};
    }
}

/* The winning moves' list begins: its first line now, the others one per pass. */
static void console_list_start(void)
{
    con.it = (engine_iter_t){0};
    con.state = CONSOLE_LISTING;
    console_list_next();
}

static void console_run(uint16_t now)
{
    if (fault_command(con.line, con.len)) return; /* the faults image only */
    if (console_parse(con.line, con.len, &con.cmd) != CONSOLE_OK) {
        console_error();
        return;
    }
    con.count = 0;
    if (con.cmd.verb <= CONSOLE_GRUNDY && console_runtime(&con.cmd.rules)) {
        engine_lend((uint8_t *)con.line, sizeof con.line); /* no input is read meanwhile */
        con.i = 0;
        con.x = 0;
        con.state = CONSOLE_VALUES;
        return;
    }
    switch (con.cmd.verb) {
    case CONSOLE_GRUNDY: console_grundy(); break;
    case CONSOLE_NEW: console_new(now); break;
    case CONSOLE_SOLVE:
        if (engine_is_win(&con.cmd.rules, &con.cmd.pos)) {
            console_list_start(); /* N, and the first of the winning moves */
        } else {
            uart_putc('P');
            console_end_line();
        }
        break;
    case CONSOLE_MOVES:
        /* moore and lasker may have billions: counted first, lasker's without listing them */
        if (((ENGINE_HAS(ENGINE_GAME_MOORE) && con.cmd.rules.game == ENGINE_GAME_MOORE) ||
             (ENGINE_HAS(ENGINE_GAME_LASKER) && con.cmd.rules.game == ENGINE_GAME_LASKER)) &&
            engine_count_winning(&con.cmd.rules, &con.cmd.pos, CONSOLE_MOVES_MAX + 1) >
                CONSOLE_MOVES_MAX) {
            console_fail(CONSOLE_ERR_MANY);
            break;
        }
        console_list_start();
        break;
    case CONSOLE_SHOW:
        play_print_state();
        console_end_line();
        break;
    case CONSOLE_HELP:
        con.help = 0;
        con.state = CONSOLE_HELPING;
        break;
    default:
        uart_puts_P(PSTR("grundy " GRUNDY_VERSION " board " BOARD_NAME));
        console_end_line();
        break;
    }
}

/* A whole line is in: answer it (blank lines need no answer). */
static void console_finish_line(uint16_t now)
{
    if (con.lost) {
        con.cmd.value = con.lost;
        console_fail(CONSOLE_ERR_LOST);
    } else if (con.overlong) {
        console_fail(CONSOLE_ERR_LONG_LINE);
    } else {
        uint8_t i = 0;
        while (i < con.len && (con.line[i] == ' ' || con.line[i] == '\t')) i++;
        if (i < con.len) console_run(now);
    }
    con.len = 0;
    con.overlong = con.lost = 0;
}

__attribute__((noinline)) bool console_update(uint16_t now_ms)
{
    if (!ui_ready() || uart_tx_free() < CONSOLE_TX_ROOM) return con.state != CONSOLE_READ;
    if (con.state == CONSOLE_VALUES || con.state == CONSOLE_SEEKING) {
        console_work();
        return con.state != CONSOLE_READ;
    }
    if (con.state == CONSOLE_LISTING) {
        console_list_next();
        return con.state != CONSOLE_READ;
    }
    if (con.state == CONSOLE_HELPING) {
        console_print_text(console_nth(console_help, con.help), uart_putc);
        console_end_line();
        if (++con.help == CONSOLE_HELP_LINES) con.state = CONSOLE_READ;
        return con.state != CONSOLE_READ;
    }
    engine_lend(NULL, 0);
    for (;;) {
        const int16_t c = uart_getc();
        if (c == UART_RX_NONE) return false;
        ui_touch(); /* a byte, kept or lost: the person is there */
        if (c == UART_RX_LOST) {
            uint8_t clean;
            const uint8_t ends = uart_lost_line_ends(&clean);
            con.lost = ends ? ends : 1; /* this line, and ends - 1 more that went whole */
            if (ends) { /* this line ended in the gap */
                console_finish_line(now_ms);
                con.lost = !clean; /* the next line lost its start */
                return true;
            }
        } else if (c == '\n' || c == '\r') {
            const uint8_t answered = con.len || con.overlong || con.lost;
            console_finish_line(now_ms);
            if (answered) return con.state != CONSOLE_READ; /* one command per pass */
        } else if (con.len < CONSOLE_LINE_MAX) {
            con.line[con.len++] = (char)c;
        } else {
            con.overlong = 1;
        }
    }
}
