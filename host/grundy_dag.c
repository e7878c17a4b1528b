/* dag: games too big for the engine's dag:E (64 nodes, 64 edges), answered on a computer:
 * up to 1,000 nodes and 200,000 edges, given on the line or in a file (dag:@path: edges a>b
 * separated by commas, spaces or line ends; # starts a comment). Pieces on nodes are the heaps;
 * a move slides one piece along one edge; values by host/judge/dag.c. Replies as the engine's
 * dag:E gives them: winning moves piece by piece, each piece's edges in the order given; explain
 * in console_explain.c's words (pieces on nodes, moves from node to node). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "dag.h"
#include "engine.h"
#include "grundy_dag.h"

typedef struct {
    uint32_t count;
    uint16_t (*edge)[2];
    uint32_t id; /* a file's graph: its number in the cache (0: a graph on the line) */
} dag_edges_t;

static void dag_text(const char *s)
{
    while (*s) console_out_put(*s++);
}

/* detail in quotes, its first 64 characters, each unprintable one as '?' */
static void dag_quoted(const char *detail)
{
    console_out_put('\'');
    for (int i = 0; i < 64 && detail[i]; i++) console_out_put(detail[i] >= ' ' && detail[i] < 127 ? detail[i] : '?');
    console_out_put('\'');
}

static void dag_err(const char *what, const char *detail)
{
    dag_text("err ");
    dag_text(what);
    if (detail) {
        console_out_put(' ');
        dag_quoted(detail);
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
static const char *dag_parse(dag_edges_t *g, const char *text)
{
    static char bad[80];
    for (const char *p = text; *p;) {
        if (*p == '#') {
            while (*p && *p != '\n') p++;
            continue;
        }
        if (*p == ',' || *p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') {
            p++;
            continue;
        }
        const char *q = p;
        unsigned long a = 0, b = 0;
        bool ok = *q >= '0' && *q <= '9';
        for (; *q >= '0' && *q <= '9'; q++)
            if ((a = a * 10 + (unsigned long)(*q - '0')) >= GRUNDY_DAG_NODES) ok = false;
        ok = ok && *q == '>' && q[1] >= '0' && q[1] <= '9';
        if (ok) {
            for (q++; *q >= '0' && *q <= '9'; q++)
                if ((b = b * 10 + (unsigned long)(*q - '0')) >= GRUNDY_DAG_NODES) ok = false;
            ok = ok && (!*q || strchr(", \t\r\n#", *q)) && dag_add(g, a, b);
        }
        if (!ok) {
            const size_t n = strcspn(p, ", \t\r\n#");
            snprintf(bad, sizeof bad, "%.*s", (int)(n < 60 ? n : 60), p);
            return bad;
        }
        p = q;
    }
    return NULL;
}

/* The whole of the file at path, NUL-terminated, its length in *len; NULL with the reason in
 * *why (a directory, a NUL byte, past GRUNDY_DAG_FILE_MAX bytes, or the system's word). */
static char *dag_read_file(const char *path, size_t *len, const char **why)
{
    static char reason[96];
    FILE *f = fopen(path, "rb");
    if (!f) {
        *why = strerror(errno);
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        *why = "it is a directory";
        return NULL;
    }
    size_t cap = 0, n = 0;
    char *text = NULL;
    *why = NULL;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            const size_t want = cap ? cap * 2 : 65536;
            char *grown = realloc(text, want);
            if (!grown) {
                *why = "out of memory";
                break;
            }
            text = grown;
            cap = want;
        }
        const size_t got = fread(text + n, 1, cap - n - 1, f);
        const char *nul = memchr(text + n, 0, got);
        if (nul) {
            snprintf(reason, sizeof reason, "a NUL byte at offset %zu (a graph file is text)",
                     n + (size_t)(nul - (text + n)));
            *why = reason;
            break;
        }
        n += got;
        if (n > GRUNDY_DAG_FILE_MAX) {
            snprintf(reason, sizeof reason, "longer than %u bytes", GRUNDY_DAG_FILE_MAX);
            *why = reason;
            break;
        }
        if (got == 0) {
            if (ferror(f)) *why = strerror(errno ? errno : EIO);
            break;
        }
    }
    fclose(f);
    if (*why) {
        free(text);
        return NULL;
    }
    text[n] = 0;
    *len = n;
    return text;
}

/* The graph last read from a file, kept while the file is the same one unchanged (device,
 * inode, size and modification time), so that a run of queries on a big graph reads it once. */
static struct {
    char *path;
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
    dag_edges_t g;
} dag_cache;

/* Whether the graph file at path is the one in dag_cache, unchanged since it was read. */
static bool dag_cache_holds(const char *path, struct stat *st)
{
    if (stat(path, st) != 0 || !S_ISREG(st->st_mode)) return false;
    return dag_cache.path && !strcmp(dag_cache.path, path) && dag_cache.dev == st->st_dev &&
           dag_cache.ino == st->st_ino && dag_cache.size == st->st_size &&
           dag_cache.mtime.tv_sec == st->st_mtim.tv_sec &&
           dag_cache.mtime.tv_nsec == st->st_mtim.tv_nsec;
}

static bool regular_now(const struct stat *st)
{
    return S_ISREG(st->st_mode);
}

/* The graph in the file at path into *g (owned by the cache: not to be freed); false, with the
 * whole err line written, when it cannot be had. */
static bool dag_load_file(const char *path, dag_edges_t *g)
{
    struct stat st;
    st.st_mode = 0; /* stat may fail: then nothing is kept */
    if (dag_cache_holds(path, &st)) {
        *g = dag_cache.g;
        return true;
    }
    size_t len;
    const char *why;
    char *text = dag_read_file(path, &len, &why);
    if (!text) {
        dag_text("err cannot read the graph file ");
        dag_quoted(path);
        dag_text(": ");
        dag_text(why);
        console_out_end_line();
        return false;
    }
    dag_edges_t fresh = {0, malloc(sizeof *fresh.edge * GRUNDY_DAG_EDGES), 0};
    memset(dag_have, 0, sizeof dag_have);
    const char *bad = fresh.edge ? dag_parse(&fresh, text) : "out of memory";
    free(text);
    if (bad) {
        free(fresh.edge);
        dag_err("not an edge a>b of nodes 0..999 (at most 200000 edges):", bad);
        return false;
    }
    free(dag_cache.g.edge); /* the one graph kept: this one, when the file is a plain file */
    free(dag_cache.path);
    memset(&dag_cache, 0, sizeof dag_cache);
    struct stat after; /* kept only when nothing changed the file while it was read */
    if (regular_now(&st) && stat(path, &after) == 0 && after.st_ino == st.st_ino &&
        after.st_size == st.st_size && after.st_mtim.tv_sec == st.st_mtim.tv_sec &&
        after.st_mtim.tv_nsec == st.st_mtim.tv_nsec && (dag_cache.path = strdup(path))) {
        dag_cache.dev = st.st_dev;
        dag_cache.ino = st.st_ino;
        dag_cache.size = st.st_size;
        dag_cache.mtime = st.st_mtim;
    }
    static uint32_t files; /* graphs read from files so far */
    fresh.id = ++files;
    dag_cache.g = fresh; /* kept until the next file, even when not a plain file */
    *g = fresh;
    return true;
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
    static uint32_t built; /* the file's graph whose values these are (0: none) */
    static int built_cycle;
    static uint16_t cycle;
    if (!g->id || g->id != built) {
        memset(first, 0, sizeof first);
        for (uint32_t e = 0; e < g->count; e++) first[g->edge[e][0] + 1]++;
        for (unsigned v = 0; v < GRUNDY_DAG_NODES; v++) first[v + 1] += first[v];
        static uint32_t fill[GRUNDY_DAG_NODES];
        memcpy(fill, first, sizeof fill);
        for (uint32_t e = 0; e < g->count; e++) succ[fill[g->edge[e][0]]++] = g->edge[e][1];
        const judge_dag_t dag = {GRUNDY_DAG_NODES, first, succ};
        built_cycle = judge_dag_grundy(&dag, value, &cycle);
        built = g->id;
    }
    if (built_cycle != 0) {
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
    dag_edges_t g = {0, NULL, 0};
    const char *bad = NULL;
    if (from_file) {
        if (!dag_load_file(game + 5, &g)) return true;
    } else {
        g.edge = malloc(sizeof *g.edge * GRUNDY_DAG_EDGES);
        memset(dag_have, 0, sizeof dag_have);
        bad = g.edge ? dag_parse(&g, game + 4) : "out of memory";
    }
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
    if (!from_file) free(g.edge); /* a file's graph stays in the cache */
    return true;
}
