/* Table generator: computes the Grundy sequence of every game in ENGINE_TABLE_LIST
 * by the mex rule, from the engine's own rules descriptors, finds its shortest
 * prefix + period, proves the period holds for ever, and writes a C header of
 * nibble-packed PROGMEM tables; a long table without a period (fib) is packed into
 * phrase tokens when that is smaller. Usage: tablegen OUTPUT.h (via OUTPUT.h.tmp). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "engine_tables.h"

#define TABLEGEN_N 6000 /* values computed per game: ample for the proofs below */

static uint8_t tablegen_g[TABLEGEN_N];

static void tablegen_fail(const char *what, const char *why)
{
    fprintf(stderr, "tablegen: %s: %s\n", what, why);
    exit(1);
}

/* The moves a heap of n allows, as the Grundy value of each option, marked in seen[]. */
static void tablegen_options(const engine_rules_t *r, int n, uint8_t *seen)
{
    if (r->game == ENGINE_GAME_SUB || r->game == ENGINE_GAME_FIB) {
        for (int s = 1; s <= n; s++) {
            int allowed = 0;
            if (r->game == ENGINE_GAME_FIB) {
                for (int a = 1, b = 2; a <= s; b += a, a = b - a) allowed |= (a == s);
            } else {
                for (int i = 0; i < r->size; i++) allowed |= (r->u.set[i] == s);
            }
            if (allowed) seen[tablegen_g[n - s]] = 1;
        }
        return;
    }
    for (int k = 1; k <= n && k <= ENGINE_CODE_MAX; k++) {
        const int d = engine_octal_digit(r, (uint16_t)k), rest = n - k;
        if ((d & 1) && rest == 0) seen[0] = 1;
        if ((d & 2) && rest > 0) seen[tablegen_g[rest]] = 1;
        if (d & 4)
            for (int a = 1; a <= rest / 2; a++) seen[tablegen_g[a] ^ tablegen_g[rest - a]] = 1;
    }
}

static void tablegen_sequence(const engine_rules_t *r, int count, const char *text)
{
    for (int n = 0; n < count; n++) {
        uint8_t seen[257] = {0};
        tablegen_options(r, n, seen);
        int g = 0;
        while (seen[g]) g++;
        if (g > 15) tablegen_fail(text, "a Grundy value does not fit in 4 bits");
        tablegen_g[n] = (uint8_t)g;
    }
}

/* Shortest prefix + period consistent with all computed values. */
static void tablegen_period(int count, int *prefix, int *period)
{
    int best = count + 1;
    for (int p = 1; p < count / 3; p++) {
        int n0 = count - p;
        while (n0 > 0 && tablegen_g[n0 - 1] == tablegen_g[n0 - 1 + p]) n0--;
        if (n0 + p < best) {
            best = n0 + p;
            *prefix = n0;
            *period = p;
        }
    }
    if (best > count) tablegen_fail("period", "no period found");
}

/* The period is proven when it holds on enough values: a subtraction game's future
 * depends only on its last max(S) values; octal games need n0 <= n < 2*n0 + p + t
 * (Guy and Smith's periodicity theorem, t the largest removal). */
static void tablegen_prove(const engine_rules_t *r, int prefix, int period, const char *text)
{
    int need;
    if (r->game == ENGINE_GAME_SUB)
        need = prefix + r->u.set[r->size - 1] + period;
    else
        need = 2 * prefix + period + r->size + period;
    if (need > TABLEGEN_N) tablegen_fail(text, "period not proven within the computed values");
    for (int n = prefix; n + period < need; n++)
        if (tablegen_g[n] != tablegen_g[n + period]) tablegen_fail(text, "period does not hold");
}


/* --- phrase packing (the format engine_table_value reads; see engine_tables.h) --- */

/* a mark's "how far back" must fit below ENGINE_TABLE_MARK_BACK */
_Static_assert(ENGINE_TABLE_PHRASE_MAX < ENGINE_TABLE_MARK_BACK, "phrases too long for the marks");
#define TABLEGEN_CANDIDATES 64

typedef struct {
    int at, len; /* a phrase is tablegen_g[at .. at + len - 1] */
} tablegen_phrase_t;

/* Tokens of g(0..values-1) when each position takes the longest phrase that matches there,
 * else one literal; with `out`, the tokens are also written there. */
static int tablegen_tokens(int values, const tablegen_phrase_t *ph, int nph, int literals,
                           uint8_t *out)
{
    int tokens = 0;
    for (int i = 0; i < values;) {
        int best = -1;
        for (int k = 0; k < nph; k++)
            if (i + ph[k].len <= values &&
                !memcmp(&tablegen_g[i], &tablegen_g[ph[k].at], (size_t)ph[k].len) &&
                (best < 0 || ph[k].len > ph[best].len))
                best = k;
        if (out) out[tokens] = (uint8_t)(best < 0 ? tablegen_g[i] : literals + best);
        i += best < 0 ? 1 : ph[best].len;
        tokens++;
    }
    return tokens;
}

/* Choose up to nph phrases, one at a time, each the candidate that leaves fewest tokens.
 * Candidates: the substrings of 2..ENGINE_TABLE_PHRASE_MAX values that occur most (by values
 * they would save), found by sorting each length's substrings. */
static int tablegen_len;
static int tablegen_cmp(const void *x, const void *y)
{
    const int c = memcmp(&tablegen_g[*(const int *)x], &tablegen_g[*(const int *)y],
                         (size_t)tablegen_len);
    return c ? c : *(const int *)x - *(const int *)y;
}

static int tablegen_choose_phrases(int values, tablegen_phrase_t *ph, int nph, int literals)
{
    static tablegen_phrase_t cand[TABLEGEN_CANDIDATES];
    static long score[TABLEGEN_CANDIDATES];
    static int order[TABLEGEN_N];
    int ncand = 0;
    for (int len = 2; len <= ENGINE_TABLE_PHRASE_MAX; len++) {
        const int n = values - len + 1;
        if (n < 2) break;
        for (int i = 0; i < n; i++) order[i] = i;
        tablegen_len = len;
        qsort(order, (size_t)n, sizeof order[0], tablegen_cmp);
        for (int i = 0, j; i < n; i = j) {
            long count = 0;
            int last = -len;
            for (j = i; j < n && !memcmp(&tablegen_g[order[j]], &tablegen_g[order[i]], (size_t)len);
                 j++)
                if (order[j] >= last + len) count++, last = order[j]; /* without overlaps */
            const long saves = count * (len - 1);
            int slot = ncand;
            if (ncand < TABLEGEN_CANDIDATES) {
                ncand++;
            } else { /* full: replace the weakest, if weaker */
                slot = 0;
                for (int c = 1; c < ncand; c++)
                    if (score[c] < score[slot]) slot = c;
                if (score[slot] >= saves) continue;
            }
            cand[slot] = (tablegen_phrase_t){order[i], len};
            score[slot] = saves;
        }
    }
    int chosen = 0;
    for (; chosen < nph; chosen++) {
        int best = -1, best_tokens = tablegen_tokens(values, ph, chosen, literals, NULL);
        for (int c = 0; c < ncand; c++) {
            ph[chosen] = cand[c];
            const int t = tablegen_tokens(values, ph, chosen + 1, literals, NULL);
            if (t < best_tokens) best = c, best_tokens = t;
        }
        if (best < 0) break;
        ph[chosen] = cand[best];
    }
    return chosen;
}

static void tablegen_bytes(FILE *out, const char *type, const char *id, const char *what,
                           const uint8_t *b, int n)
{
    fprintf(out, "static const %s engine_table_%s_%s[%d] PROGMEM = {", type, id, what, n);
    for (int i = 0; i < n; i++) fprintf(out, "%s0x%02x,", i % 16 ? " " : "\n    ", b[i]);
    fprintf(out, "\n};\n");
}

/* Write g(0..values-1) as phrase tokens when that is smaller than plain nibbles; returns the
 * bytes written, 0 when plain nibbles are smaller (nothing written then). */
static int tablegen_write_packed(FILE *out, const char *id, int values, const char *text)
{
    static uint8_t tokens[TABLEGEN_N], nibbles[TABLEGEN_N / 2 + 1], blob[256];
    static uint16_t marks[TABLEGEN_N / ENGINE_TABLE_MARK_STEP + 1];
    int literals = 0;
    for (int i = 0; i < values; i++)
        if (tablegen_g[i] >= literals) literals = tablegen_g[i] + 1;
    tablegen_phrase_t ph[16];
    const int nph = tablegen_choose_phrases(values, ph, 16 - literals, literals);
    if (nph == 0) return 0;
    const int ntokens = tablegen_tokens(values, ph, nph, literals, tokens);
    const int nmarks = (values + ENGINE_TABLE_MARK_STEP - 1) / ENGINE_TABLE_MARK_STEP;
    int nblob = 1 + 2 * nph;
    blob[0] = (uint8_t)literals;
    for (int k = 0; k < nph; k++) {
        blob[1 + 2 * k] = (uint8_t)ph[k].len;
        blob[2 + 2 * k] = (uint8_t)nblob;
        for (int j = 0; j < ph[k].len; j++) blob[nblob++] = tablegen_g[ph[k].at + j];
    }
    if (nblob > 255) tablegen_fail(text, "phrases too long");
    const int bytes = (ntokens + 1) / 2 + 2 * nmarks + nblob;
    if (bytes >= (values + 1) / 2) return 0;
    if (ntokens > ENGINE_TABLE_MARK_TOKENS) tablegen_fail(text, "too many tokens for the marks");
    /* the marks: the token holding value MARK_STEP * k, and how far back that token starts */
    for (int t = 0, at = 0; t < ntokens; t++) {
        const int len = tokens[t] < literals ? 1 : ph[tokens[t] - literals].len;
        for (int k = (at + ENGINE_TABLE_MARK_STEP - 1) / ENGINE_TABLE_MARK_STEP;
             k * ENGINE_TABLE_MARK_STEP < at + len && k < nmarks; k++)
            marks[k] = (uint16_t)(t * ENGINE_TABLE_MARK_BACK + (k * ENGINE_TABLE_MARK_STEP - at));
        at += len;
    }
    for (int i = 0; i < ntokens; i += 2)
        nibbles[i / 2] = (uint8_t)(tokens[i] | (i + 1 < ntokens ? tokens[i + 1] << 4 : 0));
    fprintf(out, "/* packed: %d tokens (%d literals, %d phrases), %d marks */\n", ntokens, literals,
            nph, nmarks);
    tablegen_bytes(out, "uint8_t", id, "nibbles", nibbles, (ntokens + 1) / 2);
    tablegen_bytes(out, "uint8_t", id, "phrases", blob, nblob);
    fprintf(out, "static const uint16_t engine_table_%s_marks[%d] PROGMEM = {", id, nmarks);
    for (int k = 0; k < nmarks; k++) fprintf(out, "%s0x%04x,", k % 8 ? " " : "\n    ", marks[k]);
    fprintf(out, "\n};\n");
    return bytes;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: tablegen OUTPUT.h\n");
        return 2;
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", argv[1]);
    FILE *out = fopen(tmp, "w");
    if (!out) tablegen_fail(tmp, "cannot write");
    fprintf(out, "/* Generated by firmware/tablegen from ENGINE_TABLE_LIST - do not edit. */\n"
                 "/* Each table: Grundy values g(0), g(1), ... as 4-bit nibbles, low nibble first; */\n"
                 "/* PREFIX values, then PERIOD values that repeat for ever (PERIOD 0: no repeat). */\n"
                 "#include <stdint.h>\n#include \"engine_pgm.h\"\n\n");
    struct {
        const char *id, *text;
        int limit;
    } list[] = {
#define TABLEGEN_ROW(id, label, game, v1, v2, v3, limit) {#id, label, limit},
        ENGINE_TABLE_LIST(TABLEGEN_ROW)};
    int total = 0;
    for (size_t t = 0; t < sizeof list / sizeof list[0]; t++) {
        engine_rules_t r;
        engine_table_rules((uint8_t)t, &r);
        int prefix = 0, period = 0;
        if (r.game == ENGINE_GAME_FIB) {
            prefix = list[t].limit + 1; /* no known period: the whole range is stored */
            period = 0;
            tablegen_sequence(&r, prefix, list[t].text);
        } else {
            tablegen_sequence(&r, TABLEGEN_N, list[t].text);
            tablegen_period(TABLEGEN_N, &prefix, &period);
            tablegen_prove(&r, prefix, period, list[t].text);
        }
        const int values = prefix + period;
        fprintf(out, "/* %s: prefix %d, period %d: %d values */\n", list[t].text, prefix, period,
                values);
        fprintf(out, "#define ENGINE_TABLE_%s_PREFIX %d\n#define ENGINE_TABLE_%s_PERIOD %d\n",
                list[t].id, prefix, list[t].id, period);
        int bytes = tablegen_write_packed(out, list[t].id, values, list[t].text);
        if (bytes) {
            fprintf(out, "#define ENGINE_TABLE_%s_MARKS engine_table_%s_marks\n", list[t].id,
                    list[t].id);
            fprintf(out, "#define ENGINE_TABLE_%s_PHRASES engine_table_%s_phrases\n", list[t].id,
                    list[t].id);
        } else {
            uint8_t nibbles[TABLEGEN_N / 2 + 1];
            bytes = (values + 1) / 2;
            for (int i = 0; i < bytes; i++)
                nibbles[i] = (uint8_t)(tablegen_g[2 * i] |
                                       (2 * i + 1 < values ? tablegen_g[2 * i + 1] << 4 : 0));
            tablegen_bytes(out, "uint8_t", list[t].id, "nibbles", nibbles, bytes);
            fprintf(out, "#define ENGINE_TABLE_%s_MARKS 0\n#define ENGINE_TABLE_%s_PHRASES 0\n",
                    list[t].id, list[t].id);
        }
        fprintf(out, "/* %d bytes */\n\n", bytes);
        total += bytes;
    }
    fprintf(out, "/* total: %d bytes of tables */\n", total);
    if (fclose(out) != 0 || rename(tmp, argv[1]) != 0) tablegen_fail(argv[1], "cannot write");
    return 0;
}
