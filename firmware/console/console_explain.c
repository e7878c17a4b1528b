/* The console's `explain`: a sum game's position as Bouton's rule sees it, heap by heap (the
 * Grundy value in decimal and binary, in columns), the nim-sum, the verdict and the winning
 * move found from the nim-sum's highest one; `explain grundy`: the options of one heap and the
 * mex of their values. Moves are worded as each game's rules make them (a take and what is
 * left, a split, a piece moved from node to node). A line, or a slice of run-time work, per
 * step like every reply. Each line is a template in program memory filled from seven numbers
 * (data, not code: flash). */
#include "console_explain.h"

#include "console_out.h"
#include "engine_pgm.h"

#if CONSOLE_HAS_EXPLAIN

enum { EX_HEAPS, EX_SUM, EX_VERDICT, EX_MOVE, EX_COUNT, EX_OPTIONS };

/* Template codes: 1..7 arg[0..6] in decimal; 8 the word for a heap ("piece" on a graph);
 * 0x10..0x13 arg[k] right-aligned to w[k] columns; 0x18..0x1B arg[k] in wb binary digits. */
#define EX_UNIT "\x08"
static const char ex_heap[] PROGMEM = "heap \x10: \x11 value \x12 = \x1A";
static const char ex_piece[] PROGMEM = "piece \x10: node \x11 value \x12 = \x1A";
static const char ex_sum[] PROGMEM = "nim-sum\x13 = \x1B";
static const char ex_lost[] PROGMEM = "P: lost for the player to move";
static const char ex_won[] PROGMEM = "N: won; the nim-sum's highest one, \1, is in " EX_UNIT " \2";
static const char ex_move[] PROGMEM = "move " EX_UNIT " \1: value \2 to \3 = \x1A, ";
static const char ex_option[] PROGMEM = ": value \3";
static const char ex_mex[] PROGMEM = "mex = g(\2) = \3";
/* A move in the words of the game's rules (arg[3] the take, arg[4] <= arg[5] the parts left,
 * arg[5] alone when one part or none is left; arg[6] the heap or node it is made from). */
static const char ex_take[] PROGMEM = "take \4, leave \6";
static const char ex_take_split[] PROGMEM = "take \4, leave \5 and \6";
static const char ex_split[] PROGMEM = "split into \5 and \6";  /* lasker: no take */
static const char ex_slide[] PROGMEM = "from node \7 to node \6"; /* dag: a piece moved */

static struct {
    console_cmd_t *cmd;    /* the command explained (its error set when explain refuses) */
    const uint8_t *values; /* run-time games: the heaps' values, from console_answer.c */
    uint8_t phase;
    uint8_t i;             /* next heap line; then the heap that moves */
    uint8_t dag;           /* pieces on a graph's nodes, not heaps */
    uint8_t w[4], wb;      /* columns: heap number, heap, value, nim-sum line; binary digits */
    engine_heap_t x;       /* the nim-sum */
    engine_heap_t arg[7];
    engine_iter_t it;      /* explain grundy: the options listed so far */
    uint8_t seen[CONSOLE_EXPLAIN_OPTIONS / 8 + 1]; /* ... their values up to the cap */
} ex;

static uint8_t ex_digits(engine_heap_t v)
{
    uint8_t d = 1;
    while (v >= 10) v /= 10, d++;
    return d;
}

/* Write template t filled from ex.arg (no line end). */
static void ex_text(const char *t)
{
    char c;
    while ((c = (char)pgm_read_byte(t++)) != 0) {
        const engine_heap_t v = ex.arg[c & 3];
        if (c >= ' ') {
            console_out_put(c);
        } else if (c >= 0x18) {
            for (uint8_t b = ex.wb; b--;) console_out_put((char)('0' + (uint8_t)(v >> b & 1)));
        } else if (c >= 0x10) {
            for (uint8_t d = ex_digits(v); d < ex.w[c & 3]; d++) console_out_put(' ');
            console_out_u32(v);
        } else if (c == 8) {
            const char *w = ex.dag ? PSTR("piece") : PSTR("heap");
            while ((c = (char)pgm_read_byte(w++)) != 0) console_out_put(c);
        } else {
            console_out_u32(ex.arg[c - 1]);
        }
    }
}

/* Write template t filled from ex.arg, and end the line. */
static void ex_line(const char *t)
{
    ex_text(t);
    console_out_end_line();
}

static engine_heap_t ex_grundy(engine_heap_t n)
{
    engine_heap_t g = 0;
    engine_heap_grundy(&ex.cmd->rules, n, &g);
    return g;
}

/* The Grundy value of heap i of the position. */
static engine_heap_t ex_value(uint8_t i)
{
    return ex.values ? ex.values[i] : ex_grundy(ex.cmd->pos.heap[i]);
}

/* arg[3..6] from move m of a heap (node) n; returns the template that words it. */
static const char *ex_take_words(engine_heap_t n, const engine_move_t *m)
{
    engine_heap_t a = m->left, b = n - m->take - m->left; /* dag: b is the node reached */
    if (a > b) {
        const engine_heap_t t = a;
        a = b;
        b = t;
    }
    ex.arg[3] = m->take;
    ex.arg[4] = a;
    ex.arg[5] = b;
    ex.arg[6] = n;
    if (ex.dag) return ex_slide;
    if (!m->take) return ex_split;
    return a ? ex_take_split : ex_take;
}

/* The value of the move ex_take_words described: its parts' values XORed (a graph's: the
 * node reached). */
static engine_heap_t ex_move_value(void)
{
    return ex_grundy(ex.arg[5]) ^ (ex.arg[4] ? ex_grundy(ex.arg[4]) : 0);
}

void console_explain_start(console_cmd_t *cmd, const uint8_t *values)
{
    const console_cmd_t *c = ex.cmd = cmd;
    ex.values = values;
    ex.phase = c->mex ? EX_COUNT : EX_HEAPS;
    ex.dag = ENGINE_HAS(ENGINE_GAME_DAG) && c->rules.game == ENGINE_GAME_DAG;
    ex.i = 0;
    ex.x = 0;
    ex.it = (engine_iter_t){0};
    ex.w[1] = 1;
    engine_heap_t top = 0;
    for (uint8_t i = 0; i < c->pos.count; i++) {
        const engine_heap_t g = ex_value(i);
        const uint8_t d = ex_digits(c->pos.heap[i]);
        if (d > ex.w[1]) ex.w[1] = d;
        if (g > top) top = g;
        ex.x ^= g;
    }
    if (ex.x > top) top = ex.x;
    ex.w[2] = ex_digits(top);
    ex.w[0] = ex_digits(c->pos.count);
    /* "heap i: n value " (ex_piece's: 6 more) less "nim-sum" */
    ex.w[3] = (uint8_t)(ex.w[0] + ex.w[1] + ex.w[2] + (ex.dag ? 13 : 7));
    for (ex.wb = 1; ex.wb < 32 && top >> ex.wb; ex.wb++) {}
}

/* Refuse the explanation: the answerer writes error e about value. */
static void ex_refuse(console_error_t e, engine_heap_t value)
{
    ex.cmd->error = (uint8_t)e;
    ex.cmd->value = value;
}

/* Make heap n's values ready: false while more slices are needed, or after a refusal. */
static bool ex_prepared(engine_heap_t n)
{
    const engine_status_t s = engine_prepare(&ex.cmd->rules, n);
    if (s == ENGINE_OK) return true;
    if (s != ENGINE_ERR_BUSY) ex_refuse(CONSOLE_ERR_VALUES, n);
    return false;
}

bool console_explain_step(void)
{
    const console_cmd_t *c = ex.cmd;
    const engine_rules_t *r = &c->rules;
    /* the heap the step is about (after the heap lines, i is past the last one: none) */
    const engine_heap_t n = ex.i < c->pos.count ? c->pos.heap[ex.i] : 0;
    engine_move_t m = {0};
    switch (ex.phase) {
    case EX_HEAPS:
        ex.arg[0] = ex.i + 1u;
        ex.arg[1] = n;
        ex.arg[2] = ex_value(ex.i);
        ex_line(ex.dag ? ex_piece : ex_heap);
        if (++ex.i == c->pos.count) ex.phase = EX_SUM;
        return true;
    case EX_SUM:
        ex.arg[3] = ex.x;
        ex_line(ex_sum);
        ex.phase = EX_VERDICT;
        return true;
    case EX_VERDICT: {
        if (!ex.x) {
            ex_line(ex_lost);
            return false;
        }
        engine_heap_t bit = ex.x;
        while (bit & (bit - 1)) bit &= bit - 1;
        for (ex.i = 0; !(ex_value(ex.i) & bit); ex.i++) {}
        ex.arg[0] = bit;
        ex.arg[1] = ex.i + 1u;
        ex_line(ex_won);
        ex.phase = EX_MOVE;
        return true;
    }
    case EX_MOVE: {
        if (!ex_prepared(n)) return c->error == CONSOLE_OK;
        ex.arg[0] = ex.i + 1u;
        ex.arg[1] = ex_value(ex.i);
        ex.arg[2] = ex.arg[1] ^ ex.x;
        engine_next_heap_move_to(r, n, ex.arg[2], &ex.it, &m);
        const char *words = ex_take_words(n, &m);
        ex_text(ex_move);
        ex_line(words);
        return false;
    }
    case EX_COUNT: { /* explain grundy: too many options to list? */
        if (!ex_prepared(n)) return c->error == CONSOLE_OK;
        engine_iter_t it = {0};
        uint16_t k = 0;
        while (k <= CONSOLE_EXPLAIN_OPTIONS && engine_next_move(r, &c->pos, &it, &m)) k++;
        if (k > CONSOLE_EXPLAIN_OPTIONS) {
            ex_refuse(CONSOLE_ERR_OPTIONS, CONSOLE_EXPLAIN_OPTIONS);
            return false;
        }
        for (k = 0; k < sizeof ex.seen; k++) ex.seen[k] = 0;
        ex.phase = EX_OPTIONS;
        return true;
    }
    default: /* EX_OPTIONS: one option a line, then the mex */
        ex.arg[1] = n;
        if (engine_next_move(r, &c->pos, &ex.it, &m)) {
            ex_text(ex_take_words(n, &m));
            const engine_heap_t v = ex_move_value();
            if (v <= CONSOLE_EXPLAIN_OPTIONS) ex.seen[v >> 3] |= (uint8_t)(1u << (v & 7));
            ex.arg[2] = v;
            ex_line(ex_option);
            return true;
        }
        uint16_t v = 0;
        while (ex.seen[v >> 3] >> (v & 7) & 1) v++;
        ex.arg[2] = v;
        ex_line(ex_mex);
        return false;
    }
}

#endif
