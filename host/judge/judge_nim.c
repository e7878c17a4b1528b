/* Nim and its relatives: the XOR of the heaps (1849, 1850), misère Nim by Bouton's rule
 * (1907, and 2509, whose lines of apples split but have Grundy value n as Nim heaps do), and
 * Wythoff's pairs computed exactly in integers (1527). */
#include <stdint.h>

#include "judge_problems.h"

/* 1849 Rabbit and Grass: m then m positions, until m = 0; each piece moves any number of cells
 * left, never past the leftmost (0); who makes the last move wins; Rabbit moves first. */
int judge_solve_1849(judge_rd_t *rd, FILE *out) {
    for (;;) {
        int64_t m, p, x = 0;
        JUDGE_NEED(rd, 0, 1000, "the number of pieces", m);
        if (m == 0) return 0;
        while (m--) {
            JUDGE_NEED(rd, 0, 1000, "a position", p);
            x ^= p;
        }
        fputs(x ? "Rabbit Win!\n" : "Grass Win!\n", out);
    }
}

/* 1850 Being a Good Boy in Spring Festival: M then M piles, until M = 0; Nim; the number of
 * first moves that win (one per pile whose size the XOR of the others is below). */
int judge_solve_1850(judge_rd_t *rd, FILE *out) {
    int64_t pile[100];
    for (;;) {
        int64_t m, x = 0, ways = 0;
        JUDGE_NEED(rd, 0, 100, "the number of piles", m);
        if (m == 0) return 0;
        for (int64_t i = 0; i < m; i++) {
            JUDGE_NEED(rd, 1, 1000000, "a pile", pile[i]);
            x ^= pile[i];
        }
        for (int64_t i = 0; i < m; i++)
            ways += (x ^ pile[i]) < pile[i];
        fprintf(out, "%lld\n", (long long)ways);
    }
}

/* Bouton's rule for misère Nim: with a heap of two or more, win iff the XOR is not 0; with
 * heaps of one only, win iff their number is even. */
static int judge_misere_wins(int64_t x, int big) {
    return big ? x != 0 : x == 0;
}

/* 1907 John: T cases of N then N colours; who eats the last M&M loses; John eats first. */
int judge_solve_1907(judge_rd_t *rd, FILE *out) {
    int64_t t, n, a;
    JUDGE_NEED(rd, 1, 474, "the number of test cases", t);
    while (t--) {
        int64_t x = 0;
        int big = 0;
        JUDGE_NEED(rd, 1, 47, "the number of colours", n);
        while (n--) {
            JUDGE_NEED(rd, 1, 4747, "a number of M&Ms", a);
            x ^= a;
            big |= a > 1;
        }
        fputs(judge_misere_wins(x, big) ? "John\n" : "Brother\n", out);
    }
    return 0;
}

/* 2509 Be the Winner: n then n groups to the end; a move takes consecutive apples of one line
 * (perhaps splitting it); who takes the last apple loses. */
int judge_solve_2509(judge_rd_t *rd, FILE *out) {
    for (;;) {
        int64_t n, a, x = 0;
        int big = 0;
        JUDGE_NEXT_CASE(rd, 1, 100, "the number of groups", n);
        while (n--) {
            JUDGE_NEED(rd, 1, 100, "a group of apples", a);
            x ^= a;
            big |= a > 1;
        }
        fputs(judge_misere_wins(x, big) ? "Yes\n" : "No\n", out);
    }
}

/* The integer square root of v. */
static uint64_t judge_isqrt(uint64_t v) {
    uint64_t r = 0;
    for (uint64_t bit = UINT64_C(1) << 62; bit; bit >>= 2) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
    }
    return r;
}

/* 1527 取石子游戏: a b per line to the end; take any number from one pile or the same number
 * from both; who takes the last wins; 1 if the first player wins, else 0. The lost pairs are
 * (floor(k phi), floor(k phi) + k), and floor(k phi) = (k + floor(k sqrt 5)) / 2. */
int judge_solve_1527(judge_rd_t *rd, FILE *out) {
    for (;;) {
        int64_t a, b;
        JUDGE_NEXT_CASE(rd, 0, 1000000000, "a", a);
        JUDGE_NEED(rd, 0, 1000000000, "b", b);
        if (a > b) {
            const int64_t t = a;
            a = b;
            b = t;
        }
        const uint64_t k = (uint64_t)(b - a);
        fputs((k + judge_isqrt(5 * k * k)) / 2 == (uint64_t)a ? "0\n" : "1\n", out);
    }
}
