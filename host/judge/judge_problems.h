/* The solvers behind judge_run, one per problem: each reads the judge's input from rd, writes
 * the judge's expected output to out, and returns 0, or 1 after bad input (said on rd->err).
 * Internal to host/judge. */
#ifndef JUDGE_PROBLEMS_H
#define JUDGE_PROBLEMS_H

#include <stdio.h>

#include "judge_read.h"

typedef int (*judge_solve_fn)(judge_rd_t *rd, FILE *out);

/* judge_simple.c: one pile, a board, a calendar, a product, a digit string */
int judge_solve_1846(judge_rd_t *rd, FILE *out);
int judge_solve_1847(judge_rd_t *rd, FILE *out);
int judge_solve_2149(judge_rd_t *rd, FILE *out);
int judge_solve_2188(judge_rd_t *rd, FILE *out);
int judge_solve_2147(judge_rd_t *rd, FILE *out);
int judge_solve_1079(judge_rd_t *rd, FILE *out);
int judge_solve_1517(judge_rd_t *rd, FILE *out);
int judge_solve_1404(judge_rd_t *rd, FILE *out);
/* judge_nim.c: Nim and its relatives */
int judge_solve_1849(judge_rd_t *rd, FILE *out);
int judge_solve_1850(judge_rd_t *rd, FILE *out);
int judge_solve_1907(judge_rd_t *rd, FILE *out);
int judge_solve_2509(judge_rd_t *rd, FILE *out);
int judge_solve_1527(judge_rd_t *rd, FILE *out);
/* judge_sg.c: sums of games by Grundy values */
int judge_solve_1848(judge_rd_t *rd, FILE *out);
int judge_solve_1536(judge_rd_t *rd, FILE *out);
int judge_solve_2999(judge_rd_t *rd, FILE *out);
int judge_solve_1524(judge_rd_t *rd, FILE *out);

/* Read one whole number into the int64_t v or return 1 from the solver (bad input, or input
 * ended where it must not). */
#define JUDGE_NEED(rd, lo, hi, what, v)                                                            \
    do {                                                                                           \
        if (judge_rd_need((rd), (lo), (hi), (what), &(v)) != JUDGE_RD_OK) return 1;                \
    } while (0)

/* Read the number starting a test case into v: return 0 from the solver at the end of the
 * input (the case that ends it), 1 on bad input. */
#define JUDGE_NEXT_CASE(rd, lo, hi, what, v)                                                       \
    do {                                                                                           \
        const int judge_r_ = judge_rd_int((rd), (lo), (hi), (what), &(v));                         \
        if (judge_r_ == JUDGE_RD_END) return 0;                                                    \
        if (judge_r_ != JUDGE_RD_OK) return 1;                                                     \
    } while (0)

#endif
