/* The problems that sum games by their Sprague-Grundy values: subtraction games (1848's
 * Fibonacci takes, 1536/1944's set S), a line that splits (2999), and a DAG (1524). */
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
#define LINE_VALUES (1u << 17) /* above every value: mex <= moves <= 100 x 1001, and XORs */

/* The Grundy values of lines of stones for the takes take[0..k-1] (sorted, distinct), extended
 * on demand from *have + 1 to want. */
static void judge_line_extend(const int64_t *take, int k, uint32_t *sg, int *have, int want) {
    static uint32_t seen[LINE_VALUES];
    static uint32_t stamp;
    for (int len = *have + 1; len <= want; len++) {
        if (++stamp == 0) { /* wrapped: start the stamps afresh */
            memset(seen, 0, sizeof seen);
            stamp = 1;
        }
        for (int i = 0; i < k && take[i] <= len; i++)
            for (int left = 0; left <= (len - (int)take[i]) / 2; left++)
                seen[sg[left] ^ sg[len - take[i] - left]] = stamp;
        uint32_t mex = 0;
        while (seen[mex] == stamp)
            mex++;
        sg[len] = mex;
    }
    if (want > *have) *have = want;
}

static int judge_cmp_i64(const void *a, const void *b) {
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* 2999 Stone Game, Why are you always there?: N and N numbers, then M and M lengths K, to the
 * end; a move takes a given number of consecutive stones from a line (splitting it); who takes
 * the last wins; Bob first; "1" if Bob can win, "2" if not (never "0": every game ends). */
int judge_solve_2999(judge_rd_t *rd, FILE *out) {
    uint32_t sg[LINE_MAX_STONES + 1];
    int64_t take[100];
    for (;;) {
        int64_t n, m, len;
        JUDGE_NEXT_CASE(rd, 1, 100, "the number of takes", n);
        for (int64_t i = 0; i < n; i++)
            JUDGE_NEED(rd, 1, 1000000000, "a take", take[i]);
        qsort(take, (size_t)n, sizeof take[0], judge_cmp_i64);
        int k = 0;
        for (int64_t i = 0; i < n; i++)
            if (k == 0 || take[i] != take[k - 1]) take[k++] = take[i];
        int have = 0;
        sg[0] = 0;
        JUDGE_NEED(rd, 0, 1000, "the number of rounds", m);
        while (m--) {
            JUDGE_NEED(rd, 1, LINE_MAX_STONES, "a length", len);
            judge_line_extend(take, k, sg, &have, (int)len);
            fputs(sg[len] ? "1\n" : "2\n", out);
        }
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
