/* dag: games too big for the engine's dag:E (64 nodes, 64 edges), answered on a computer:
 * up to 1,000 nodes and 200,000 edges, given on the line or in a file (dag:@path: edges a>b
 * separated by commas, spaces or line ends; # starts a comment). Pieces on nodes are the heaps;
 * a move slides one piece along one edge; values by host/judge/dag.c. Replies as the engine's
 * dag:E gives them: winning moves piece by piece, each piece's edges in the order given; explain
 * in console_explain.c's words (pieces on nodes, moves from node to node). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dag.h"
#include "engine.h"
#include "grundy_dag.h"

typedef struct {
    uint32_t count;
    uint16_t (*edge)[2];
} dag_edges_t;

static void dag_text(const char *s)
{
    while (*s) console_out_put(*s++);
}

static void dag_err(const char *what, const char *detail)
{
    dag_text("err ");
    dag_text(what);
    if (detail) {
        dag_text(" '");
        for (int i = 0; detail[i] && i < 64; i++) console_out_put(detail[i] >= ' ' && detail[i] < 127 ? detail[i] : '?');
        console_out_put('\'');
    }
    console_out_end_line();
}

static uint8_t dag_have[GRUNDY_DAG_NODES * GRUNDY_DAG_NODES / 8]; /* edges a>b seen */

static bool dag_add(dag_edges_t *g, unsigned long a, unsigned long b)
{
    const unsigned long bit = a * GRUNDY_DAG_NODES + b;
    if (dag_have[bit >> 3] & (1u << (bit & 7))) return true; /* ignored, as dag:E ignores them */
    if (g->count == GRUNDY_DAG_EDGES) return false;
    dag_have[bit >> 3] |= (uint8_t)(1u << (bit & 7));
    g->edge[g->count][0] = (uint16_t)a;
    g->edge[g->count][1] = (uint16_t)b;
    g->count++;
    return true;
}

/* Edges a>b from text, separated by commas, spaces, tabs or line ends (# to the line's end is a
 * comment); NULL, or the first word that is not an edge of nodes 0..999. */
static const char *dag_parse(dag_edges_t *g, char *text)
{
    static char bad[80];
    for (char *p = text; *p;) {
        if (*p == '#') {
            p += strcspn(p, "\n");
            continue;
        }
        if (strchr(", \t\r\n", *p)) {
            p++;
            continue;
        }
        const size_t n = strcspn(p, ", \t\r\n#");
        char *end;
        const unsigned long a = strtoul(p, &end, 10);
        unsigned long b = 0;
        bool ok = end != p && *end == '>' && p[0] >= '0' && p[0] <= '9';
        if (ok) {
            char *to = end + 1;
            b = strtoul(to, &end, 10);
            ok = end != to && to[0] >= '0' && to[0] <= '9' && end == p + n && a < GRUNDY_DAG_NODES &&
                 b < GRUNDY_DAG_NODES && dag_add(g, a, b);
        }
        if (!ok) {
            snprintf(bad, sizeof bad, "%.*s", (int)(n < 60 ? n : 60), p);
            return bad;
        }
        p += n;
    }
    return NULL;
}

/* The whole of the file at path, NUL-terminated (NULL when it cannot be read). */
static char *dag_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    for (size_t got; text && (got = fread(text + len, 1, cap - len - 1, f)) > 0;) {
        len += got;
        if (len + 1 == cap) text = realloc(text, cap *= 2);
    }
    fclose(f);
    if (text) text[len] = 0;
    return text;
}

/* The next word of line at *at: its start, its length in *n (0: none). */
static char *dag_word(char *line, size_t *at, size_t *n)
{
    const size_t i = *at + strspn(line + *at, " \t");
    *n = strcspn(line + i, " \t");
    *at = i + *n;
    return line + i;
}

/* Whether word w (n characters) is name, in any letter case. */
static bool dag_is(const char *w, size_t n, const char *name)
{
    return n == strlen(name) && !strncasecmp(w, name, n);
}

/* Whether the engine's dag:E takes the game word (its own replies then answer the line). */
static bool dag_engine_takes(const char *word, size_t n)
{
    engine_rules_t r;
    return n <= 255 && engine_rules_parse(&r, word, (uint8_t)n) != ENGINE_ERR_BAD_PARAMETER;
}

/* Text formatted as printf does, through the console's output (no line end). */
static void dag_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void dag_printf(const char *fmt, ...)
{
    char text[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    dag_text(text);
}

/* v in bits binary digits. */
static void dag_binary(unsigned v, unsigned bits)
{
    while (bits--) console_out_put((char)('0' + (v >> bits & 1)));
}

/* explain (mex: explain grundy) of the pieces on nodes piece[0..count-1], with the same lines
 * as console_explain.c: a line a piece with its node's value in decimal and binary, the
 * nim-sum, the verdict and the winning move; or one node's options and their mex. */
static void dag_explain(bool mex, const uint32_t *first, const uint16_t *succ, const uint16_t *value,
                        const unsigned long *piece, unsigned count)
{
    if (mex) {
        const unsigned long n = piece[0];
        for (uint32_t e = first[n]; e < first[n + 1]; e++) {
            dag_printf("from node %lu to node %u: value %u", n, succ[e], value[succ[e]]);
            console_out_end_line();
        }
        dag_printf("mex = g(%lu) = %u", n, value[n]);
        console_out_end_line();
        return;
    }
    unsigned x = 0, top = 0, bits = 1;
    int wn = 1;
    for (unsigned i = 0; i < count; i++) {
        const unsigned v = value[piece[i]];
        x ^= v;
        if (v > top) top = v;
        const int d = snprintf(NULL, 0, "%lu", piece[i]);
        if (d > wn) wn = d;
    }
    if (x > top) top = x;
    while (bits < 32 && top >> bits) bits++;
    const int wi = snprintf(NULL, 0, "%u", count), wg = snprintf(NULL, 0, "%u", top);
    for (unsigned i = 0; i < count; i++) {
        dag_printf("piece %*u: node %*lu value %*u = ", wi, i + 1, wn, piece[i], wg, value[piece[i]]);
        dag_binary(value[piece[i]], bits);
        console_out_end_line();
    }
    dag_printf("nim-sum%*s%*u = ", wi + wn + 13, "", wg, x);
    dag_binary(x, bits);
    console_out_end_line();
    if (!x) {
        dag_text("P: lost for the player to move");
        console_out_end_line();
        return;
    }
    unsigned bit = x, i = 0;
    while (bit & (bit - 1)) bit &= bit - 1;
    while (!(value[piece[i]] & bit)) i++;
    dag_printf("N: won; the nim-sum's highest one, %u, is in piece %u", bit, i + 1);
    console_out_end_line();
    const unsigned long a = piece[i];
    const unsigned to = value[a] ^ x;
    uint32_t e = first[a];
    while (value[succ[e]] != to) e++; /* the mex rule: an option of every smaller value */
    dag_printf("move piece %u: value %u to %u = ", i + 1, value[a], to);
    dag_binary(to, bits);
    dag_printf(", from node %lu to node %u", a, succ[e]);
    console_out_end_line();
}

static void dag_answer(const char *verb, bool mex, dag_edges_t *g, const unsigned long *piece,
                       unsigned count)
{
    static uint32_t first[GRUNDY_DAG_NODES + 1];
    static uint16_t succ[GRUNDY_DAG_EDGES], value[GRUNDY_DAG_NODES];
    memset(first, 0, sizeof first);
    for (uint32_t e = 0; e < g->count; e++) first[g->edge[e][0] + 1]++;
    for (unsigned v = 0; v < GRUNDY_DAG_NODES; v++) first[v + 1] += first[v];
    static uint32_t fill[GRUNDY_DAG_NODES];
    memcpy(fill, first, sizeof fill);
    for (uint32_t e = 0; e < g->count; e++) succ[fill[g->edge[e][0]]++] = g->edge[e][1];
    const judge_dag_t dag = {GRUNDY_DAG_NODES, first, succ};
    uint16_t cycle;
    if (judge_dag_grundy(&dag, value, &cycle) != 0) {
        char node[16];
        snprintf(node, sizeof node, "%u", cycle);
        dag_err("the graph has a cycle through node", node);
        return;
    }
    if (!strcmp(verb, "grundy") || mex) {
        if (count != 1) {
            dag_text("err grundy takes one heap");
            console_out_end_line();
            return;
        }
        if (mex) {
            dag_explain(true, first, succ, value, piece, count);
            return;
        }
        console_out_u32(value[piece[0]]);
        console_out_end_line();
        return;
    }
    if (!strcmp(verb, "explain")) {
        dag_explain(false, first, succ, value, piece, count);
        return;
    }
    unsigned x = 0;
    for (unsigned i = 0; i < count; i++) x ^= value[piece[i]];
    const bool solve = !strcmp(verb, "solve");
    if (solve && x == 0) {
        dag_text("P");
        console_out_end_line();
        return;
    }
    uint32_t listed = 0;
    for (unsigned i = 0; i < count && x; i++) {
        const unsigned a = (unsigned)piece[i], want = value[a] ^ x;
        for (uint32_t e = first[a]; e < first[a + 1]; e++) {
            if (value[succ[e]] != want) continue;
            if (solve) dag_text("N ");
            for (unsigned j = 0; j < count; j++) {
                if (j) console_out_put(' ');
                console_out_u32(j == i ? succ[e] : (uint32_t)piece[j]);
            }
            console_out_end_line();
            if (solve) return;
            listed++;
        }
    }
    dag_text("count ");
    console_out_u32(listed);
    console_out_end_line();
}

bool grundy_dag_answer(char *line)
{
    size_t at = 0, vn, gn;
    char *verb = dag_word(line, &at, &vn);
    char *game = dag_word(line, &at, &gn);
    const bool mex = dag_is(verb, vn, "explain") && dag_is(game, gn, "grundy"); /* explain grundy */
    if (mex) game = dag_word(line, &at, &gn);
    if (!(dag_is(verb, vn, "solve") || dag_is(verb, vn, "moves") || dag_is(verb, vn, "grundy") ||
          dag_is(verb, vn, "explain")))
        return false;
    if (gn < 5 || strncasecmp(game, "dag:", 4) != 0) return false;
    for (size_t i = 0; i < vn; i++) verb[i] = (char)(verb[i] | 0x20); /* letters: lowered */
    const bool from_file = game[4] == '@';
    if (!from_file && dag_engine_takes(game, gn)) return false;
    char *rest = line + at + (line[at] != 0); /* the heaps, past the space ended below */
    verb[vn] = 0;
    game[gn] = 0;
    char *text = from_file ? dag_read_file(game + 5) : strdup(game + 4);
    if (!text) {
        dag_err("cannot read the graph file", game + 5);
        return true;
    }
    dag_edges_t g = {0, malloc(sizeof *g.edge * GRUNDY_DAG_EDGES)};
    memset(dag_have, 0, sizeof dag_have);
    const char *bad = g.edge ? dag_parse(&g, text) : "out of memory";
    unsigned long piece[ENGINE_MAX_HEAPS];
    unsigned count = 0;
    if (bad) {
        dag_err("not an edge a>b of nodes 0..999 (at most 200000 edges):", bad);
    } else {
        size_t n, pos = 0;
        bool ok = true;
        for (;;) {
            char *w = dag_word(rest, &pos, &n);
            if (!n) break;
            char *end;
            const unsigned long v = strtoul(w, &end, 10);
            if (w[0] < '0' || w[0] > '9' || end != w + n) {
                w[n] = 0;
                dag_err("heap is not a number:", w);
                ok = false;
                break;
            }
            if (v >= GRUNDY_DAG_NODES) {
                w[n] = 0;
                dag_err("heap is larger than 999:", w);
                ok = false;
                break;
            }
            if (count == ENGINE_MAX_HEAPS) {
                dag_text("err more than 16 heaps");
                console_out_end_line();
                ok = false;
                break;
            }
            piece[count++] = v;
        }
        if (ok && count == 0) {
            dag_text("err ");
            dag_text(verb);
            dag_text(" needs heaps after the game");
            console_out_end_line();
        } else if (ok) {
            dag_answer(verb, mex, &g, piece, count);
        }
    }
    free(g.edge);
    free(text);
    return true;
}
