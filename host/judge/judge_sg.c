/* The problems that sum games by their Sprague-Grundy values: subtraction games (1848's
 * Fibonacci takes, 1536/1944's set S), a line that splits (2999), and a DAG (1524). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dag.h"
#include "judge_problems.h"

#define SG_HEAP_MAX 10000 /* 1536: heaps and takes up to 10000 */

/* Grundy values of the subtraction game with the takes take[0..k-1] for heaps 0..max. */
static void judge_subtraction(const int64_t *take, int k, uint16_t *sg, int max) {
    uint32_t seen[SG_HEAP_MAX + 2];
    memset(seen, 0, sizeof seen);
    for (int h = 0; h <= max; h++) {
        for (int i = 0; i < k; i++)
            if (take[i] <= h) seen[sg[h - take[i]]] = (uint32_t)h + 1;
        uint16_t mex = 0;
        while (seen[mex] == (uint32_t)h + 1)
            mex++;
        sg[h] = mex; /* at most k: the values fit seen */
    }
}

/* 1848 Fibonacci again and again: m n p per line until 0 0 0; take a Fibonacci number
 * (1, 2, 3, 5, 8...) from one pile; who takes the last wins; Fibo moves first. */
int judge_solve_1848(judge_rd_t *rd, FILE *out) {
    static const int64_t fib[] = {1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987};
    uint16_t sg[1001];
    judge_subtraction(fib, (int)(sizeof fib / sizeof fib[0]), sg, 1000);
    for (;;) {
        int64_t p[3];
        for (int i = 0; i < 3; i++)
            JUDGE_NEED(rd, 0, 1000, "a pile", p[i]);
        if (p[0] == 0 && p[1] == 0 && p[2] == 0) return 0;
        if (p[0] == 0 || p[1] == 0 || p[2] == 0)
            return judge_rd_fail(rd, rd->token_line, "a pile of 0 (only 0 0 0 ends)"), 1;
        fputs(sg[p[0]] ^ sg[p[1]] ^ sg[p[2]] ? "Fibo\n" : "Nacci\n", out);
    }
}

/* 1536 (and 1944) S-Nim: k and the k takes of S, then m positions of l heaps each, until k = 0;
 * one line per test case: W or L for each position. */
int judge_solve_1536(judge_rd_t *rd, FILE *out) {
    static uint16_t sg[SG_HEAP_MAX + 1];
    int64_t take[100];
    for (;;) {
        int64_t k, m, l, h;
        JUDGE_NEED(rd, 0, 100, "the size of S", k);
        if (k == 0) return 0;
        for (int64_t i = 0; i < k; i++)
            JUDGE_NEED(rd, 1, SG_HEAP_MAX, "a number of S", take[i]);
        judge_subtraction(take, (int)k, sg, SG_HEAP_MAX);
        JUDGE_NEED(rd, 1, 100, "the number of positions", m);
        char line[100 + 2]; /* the case's line, written whole or not at all */
        size_t n = 0;
        while (m--) {
            unsigned x = 0;
            JUDGE_NEED(rd, 1, 100, "the number of heaps", l);
            while (l--) {
                JUDGE_NEED(rd, 0, SG_HEAP_MAX, "a heap", h);
                x ^= sg[h];
            }
            line[n++] = x ? 'W' : 'L';
        }
        line[n++] = '\n';
        fwrite(line, 1, n, out);
    }
}

#define LINE_MAX_STONES 1000
#define LINE_WORDS_MAX 1024 /* 65,536 values: mex <= moves <= 100 x 501, and XORs within */

/* The Grundy values of lines of stones for the takes take[0..k-1] (sorted, distinct), extended
 * on demand. A take of t from a line of len leaves two lines whose lengths add to len - t, so the
 * values a move can reach are the union over the takes of split[len - t], the set of
 * sg[a] ^ sg[n - a] (a <= n / 2) for n = len - t: one pass over each length's splits, then the
 * union, where the plain way pays a pass over the splits per take (100 times the work). Takes
 * in a run (t, t + 1, ... t + r) read a run of sets: the union of each run is two reads of a
 * sparse table (span[h][n]: the union of split[n .. n + 2^h - 1]); a take alone reads its set
 * in a plain loop of its own.
 * Sets are bitsets of `words` 64-bit words, word j of every length's set in one row; a value
 * past them widens them (every XOR of two values is below the power of two above their OR). */
#define LINE_ROW (LINE_MAX_STONES + 1)
#define LINE_LEVELS 7 /* spans of 1 to 64 sets: two cover a run of up to 100 takes */
typedef struct {
    int runs;           /* runs of two or more consecutive takes */
    int run_lo[100];    /* run i: the takes run_lo[i] .. run_hi[i] */
    int run_hi[100];
    int active;         /* runs whose least take fits the longest line so far */
    int singles;        /* the takes in no run, ascending */
    int single[100];
    int single_active;  /* singles that fit the longest line so far */
    unsigned levels;    /* span levels kept: enough for the longest run */
    uint16_t sg[LINE_ROW];  /* values: below 65,536 (LINE_WORDS_MAX) */
    uint16_t rev[LINE_ROW]; /* sg backwards: rev[LINE_MAX_STONES - n] = sg[n] */
    int have;        /* sg[0..have] and the table for 0..have are known */
    uint32_t bits;   /* the OR of sg[0..have] */
    unsigned words;  /* bitset width in use, a power of two */
    unsigned held;   /* bitset width the table has room for */
    uint64_t *span;  /* word j of span[h][n] at span[(h * held + j) * LINE_ROW + n] */
} judge_line_t;

static uint64_t *judge_line_row(judge_line_t *l, unsigned h, unsigned j) {
    return l->span + ((size_t)h * l->held + j) * LINE_ROW;
}

/* Length n's splits are in level 0: fill the spans that end at n. */
static void judge_line_spans(judge_line_t *l, int n) {
    for (unsigned h = 1; h < l->levels; h++) {
        const int i = n - (1 << h) + 1;
        if (i < 0) break;
        for (unsigned j = 0; j < l->words; j++) {
            const uint64_t *below = judge_line_row(l, h - 1, j);
            judge_line_row(l, h, j)[i] = below[i] | below[i + (1 << (h - 1))];
        }
    }
}

/* Lengths from 0 again, in a table of held words (grown when larger); false: out of memory. */
static bool judge_line_restart(judge_line_t *l, unsigned held, unsigned words) {
    if (held > l->held) {
        uint64_t *grown = realloc(l->span, sizeof *l->span * LINE_LEVELS * held * LINE_ROW);
        if (!grown) return false;
        l->span = grown;
        l->held = held;
    }
    l->words = words;
    l->active = 0;
    l->single_active = 0;
    l->sg[0] = 0;
    l->rev[LINE_MAX_STONES] = 0;
    l->have = 0;
    l->bits = 0;
    for (unsigned j = 0; j < words; j++) /* split[0]: the empty line twice, 0 ^ 0 */
        judge_line_row(l, 0, j)[0] = j == 0;
    return true;
}

/* Start l afresh for the takes; false when out of memory. */
static bool judge_line_start(judge_line_t *l, const int64_t *take, int k) {
    l->runs = 0;
    for (int i = 0; i < k && take[i] <= LINE_MAX_STONES; i++) {
        if (l->runs && l->run_hi[l->runs - 1] + 1 == take[i]) {
            l->run_hi[l->runs - 1]++;
        } else {
            l->run_lo[l->runs] = l->run_hi[l->runs] = (int)take[i];
            l->runs++;
        }
    }
    int runs = 0; /* runs of one take to the singles */
    l->singles = 0;
    for (int r = 0; r < l->runs; r++) {
        if (l->run_lo[r] == l->run_hi[r]) {
            l->single[l->singles++] = l->run_lo[r];
        } else {
            l->run_lo[runs] = l->run_lo[r];
            l->run_hi[runs++] = l->run_hi[r];
        }
    }
    l->runs = runs;
    int longest = 1;
    for (int r = 0; r < l->runs; r++)
        if (l->run_hi[r] - l->run_lo[r] + 1 > longest) longest = l->run_hi[r] - l->run_lo[r] + 1;
    l->levels = (unsigned)(32 - __builtin_clz((unsigned)longest)); /* 2^(levels-1) <= longest */
    if (l->levels > LINE_LEVELS) l->levels = LINE_LEVELS;
    return judge_line_restart(l, l->held ? l->held : 1, 1);
}

/* Extend l to lengths up to want; false when out of memory. */
static bool judge_line_extend(judge_line_t *l, int want) {
    static uint8_t mark[LINE_WORDS_MAX * 64];
    while (l->have < want) {
        const int len = l->have + 1;
        const unsigned w = l->words;
        while (l->active < l->runs && l->run_lo[l->active] <= len)
            l->active++;
        while (l->single_active < l->singles && l->single[l->single_active] <= len)
            l->single_active++;
        /* the union's words one by one, until one has a gap: the mex is there */
        unsigned j = 0;
        uint64_t reach = 0;
        for (; j < w; j++) {
            reach = 0;
            const uint64_t *row0 = judge_line_row(l, 0, j) + len;
            /* row0[len - take], four at a time, until the word is full (the words below the
             * mex's are full after a few takes) */
            int i = 0;
            for (; i + 4 <= l->single_active && reach != UINT64_MAX; i += 4)
                reach |= row0[-l->single[i]] | row0[-l->single[i + 1]] |
                         row0[-l->single[i + 2]] | row0[-l->single[i + 3]];
            if (reach != UINT64_MAX)
                for (; i < l->single_active; i++)
                    reach |= row0[-l->single[i]];
            for (int r = 0; r < l->active && reach != UINT64_MAX; r++) {
                const int hi = l->run_hi[r] < len ? l->run_hi[r] : len;
                const int from = len - hi, to = len - l->run_lo[r], m = to - from + 1;
                if (m == 1) { /* a take alone */
                    reach |= judge_line_row(l, 0, j)[from];
                    continue;
                }
                unsigned h = (unsigned)(31 - __builtin_clz((unsigned)m));
                if (h >= l->levels) h = l->levels - 1;
                const uint64_t *row = judge_line_row(l, h, j);
                reach |= row[from] | row[to - (1 << h) + 1];
            }
            if (reach != UINT64_MAX) break;
        }
        const uint32_t mex = j * 64 + (j < w ? (uint32_t)__builtin_ctzll(~reach) : 0);
        if ((l->bits | mex) >= w * 64) { /* len's splits may pass the bitsets: widen them */
            if (w * 2 > l->held) { /* a wider table: lengths from 0 again */
                if (!judge_line_restart(l, w * 2, w * 2)) return false;
                continue;
            }
            for (unsigned h = 0; h < l->levels; h++)
                memset(judge_line_row(l, h, w), 0, sizeof *l->span * w * LINE_ROW);
            l->words = w * 2;
            continue;
        }
        l->sg[len] = (uint16_t)mex;
        l->rev[LINE_MAX_STONES - len] = (uint16_t)mex;
        l->bits |= mex;
        /* sg[a] ^ sg[len - a] for a <= len / 2, both read forwards */
        const int half = len / 2;
        const uint16_t *fore = l->sg, *back = l->rev + LINE_MAX_STONES - len;
        if (w == 1) {
            /* four chains at once, in registers; four values (each below 64) by one XOR of 64
             * bits (which lane is which does not matter: all four go to the set) */
            uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
            int a = 0;
            for (; a + 3 <= half; a += 4) {
                uint64_t f, b;
                memcpy(&f, fore + a, 8);
                memcpy(&b, back + a, 8);
                const uint64_t x = f ^ b;
                s0 |= UINT64_C(1) << (x & 63);
                s1 |= UINT64_C(1) << (x >> 16 & 63);
                s2 |= UINT64_C(1) << (x >> 32 & 63);
                s3 |= UINT64_C(1) << (x >> 48);
            }
            for (; a <= half; a++)
                s0 |= UINT64_C(1) << (fore[a] ^ back[a]);
            judge_line_row(l, 0, 0)[len] = s0 | s1 | s2 | s3;
        } else { /* marks first (stores only, no chain through a word), then the words */
            int a = 0;
            for (; a + 3 <= half; a += 4) {
                mark[fore[a] ^ back[a]] = 1;
                mark[fore[a + 1] ^ back[a + 1]] = 1;
                mark[fore[a + 2] ^ back[a + 2]] = 1;
                mark[fore[a + 3] ^ back[a + 3]] = 1;
            }
            for (; a <= half; a++)
                mark[fore[a] ^ back[a]] = 1;
            for (unsigned i = 0; i < w; i++) {
                uint64_t set = 0;
                for (unsigned b = 0; b < 8; b++) { /* 8 marks of 0 or 1 to 8 bits at once */
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the marks are read 8 at a time, lowest address to lowest bit: little-endian only"
#endif
                    uint64_t eight;
                    memcpy(&eight, mark + i * 64 + b * 8, 8);
                    set |= ((eight * UINT64_C(0x0102040810204080)) >> 56) << (b * 8);
                }
                judge_line_row(l, 0, i)[len] = set;
            }
            memset(mark, 0, (size_t)w * 64);
        }
        judge_line_spans(l, len);
        l->have = len;
    }
    return true;
}

static int judge_cmp_i64(const void *a, const void *b) {
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* 2999 Stone Game, Why are you always there?: N and N numbers, then M and M lengths K, to the
 * end; a move takes a given number of consecutive stones from a line (splitting it); who takes
 * the last wins; Bob first; "1" if Bob can win, "2" if not (never "0": every game ends).
 * A line of len with a take t <= len of len's parity is won without any table: take the middle
 * t, leaving two equal lines, then copy every move on the other line. Only the other lengths
 * ask the table: with takes of both parities, those below the least take of the other parity
 * (a few), so the table is built that far only. A case with the previous case's takes keeps
 * the previous table. */
int judge_solve_2999(judge_rd_t *rd, FILE *out) {
    static judge_line_t line;
    static int64_t take[100], last[100];
    static int last_k; /* the takes of the table in line; 0: no table (a case has a take) */
    bool room = true;
    for (;;) {
        int64_t n, m, len;
        JUDGE_NEXT_CASE(rd, 1, 100, "the number of takes", n);
        for (int64_t i = 0; i < n; i++)
            JUDGE_NEED(rd, 1, 1000000000, "a take", take[i]);
        qsort(take, (size_t)n, sizeof take[0], judge_cmp_i64);
        int k = 0;
        for (int64_t i = 0; i < n; i++)
            if (k == 0 || take[i] != take[k - 1]) take[k++] = take[i];
        int64_t least[2] = {INT64_MAX, INT64_MAX}; /* the least even take, the least odd */
        for (int i = k - 1; i >= 0; i--)
            least[take[i] & 1] = take[i];
        if (k != last_k || memcmp(take, last, sizeof take[0] * (size_t)k)) {
            room = judge_line_start(&line, take, k);
            memcpy(last, take, sizeof take[0] * (size_t)k);
            last_k = room ? k : 0;
        }
        JUDGE_NEED(rd, 0, 1000, "the number of rounds", m);
        char said[2 * 1000]; /* the case's answers, written at once (and before an error) */
        size_t n_said = 0;
        while (m--) {
            if (judge_rd_need(rd, 1, LINE_MAX_STONES, "a length", &len) != JUDGE_RD_OK)
                return fwrite(said, 1, n_said, out), 1;
            if (least[len & 1] > len && (!room || !(room = judge_line_extend(&line, (int)len)))) {
                last_k = 0;
                fwrite(said, 1, n_said, out);
                return judge_rd_fail(rd, rd->token_line, "out of memory"), 1;
            }
            said[n_said++] = least[len & 1] <= len || line.sg[len] ? '1' : '2';
            said[n_said++] = '\n';
        }
        fwrite(said, 1, n_said, out);
    }
}

/* 1524 A Chess Game: N, then N lines of Xi and Xi out-positions, then queries of M and M
 * positions until M = 0, graphs to the end; who cannot move loses; WIN or LOSE for the first. */
int judge_solve_1524(judge_rd_t *rd, FILE *out) {
    uint32_t first[JUDGE_DAG_MAX + 1];
    uint16_t grundy[JUDGE_DAG_MAX];
    uint16_t *succ = NULL;
    size_t cap = 0;
    int bad = 0;
    for (;;) {
        int64_t n, x, v, m;
        const int r = judge_rd_int(rd, 1, JUDGE_DAG_MAX, "the number of positions", &n);
        if (r != JUDGE_RD_OK) {
            bad = r == JUDGE_RD_BAD;
            break;
        }
        uint32_t edges = 0;
        first[0] = 0;
        for (int64_t i = 0; i < n && !bad; i++) {
            bad = judge_rd_need(rd, 0, n, "the number of out-positions", &x) != JUDGE_RD_OK;
            if (!bad && edges + (size_t)x > cap) {
                cap = (edges + (size_t)x) * 2;
                uint16_t *grown = realloc(succ, cap * sizeof *succ);
                if (!grown) {
                    bad = judge_rd_fail(rd, rd->token_line, "out of memory") != 0;
                    break;
                }
                succ = grown;
            }
            for (int64_t j = 0; j < x && !bad; j++) {
                bad = judge_rd_need(rd, 0, n - 1, "an out-position", &v) != JUDGE_RD_OK;
                if (!bad) succ[edges++] = (uint16_t)v;
            }
            first[i + 1] = edges;
        }
        if (bad) break;
        const judge_dag_t g = {(uint16_t)n, first, succ};
        uint16_t cyc;
        if (judge_dag_grundy(&g, grundy, &cyc) != 0) {
            judge_rd_fail(rd, rd->token_line,
                          "the positions form a cycle through %u (the graph "
                          "must have none)",
                          cyc);
            bad = 1;
            break;
        }
        for (;;) {
            unsigned sum = 0;
            bad = judge_rd_need(rd, 0, 10, "the number of chessmen", &m) != JUDGE_RD_OK;
            if (bad || m == 0) break;
            for (int64_t i = 0; i < m && !bad; i++) {
                bad = judge_rd_need(rd, 0, n - 1, "a position", &v) != JUDGE_RD_OK;
                if (!bad) sum ^= grundy[v];
            }
            if (bad) break;
            fputs(sum ? "WIN\n" : "LOSE\n", out);
        }
        if (bad) break;
    }
    free(succ);
    return bad;
}
