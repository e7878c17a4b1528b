/* `grundy judge`: the table of problems (number, short name, what each asks, its solver),
 * judge_list over it, and judge_run, which finds a problem and hands it the input. */
#include "judge.h"

#include <errno.h>
#include <string.h>

#include "judge_problems.h"
#include "judge_read.h"

typedef struct {
    const char *number; /* the HDU Online Judge's problem number */
    const char *name;   /* a short name for the command line */
    const char *asks;   /* title: the game, and what the judge wants printed */
    judge_solve_fn solve;
} judge_problem_t;

static const judge_problem_t judge_problems[] = {
    {"1846", "brave", "Brave Game: one pile, take 1 to m; \"first\" or \"second\" wins",
     judge_solve_1846},
    {"1847", "cet4",
     "Good Luck in CET-4 Everybody!: take a power of 2; \"Kiki\" (first) or \"Cici\" wins",
     judge_solve_1847},
    {"1848", "fibonacci",
     "Fibonacci again and again: 3 piles, take a Fibonacci number; \"Fibo\" (first) or \"Nacci\"",
     judge_solve_1848},
    {"1849", "rabbit",
     "Rabbit and Grass: pieces move left on a strip; \"Rabbit Win!\" (first) or \"Grass Win!\"",
     judge_solve_1849},
    {"1850", "goodboy",
     "Being a Good Boy in Spring Festival: Nim; how many first moves win (0 if none)",
     judge_solve_1850},
    {"2149", "sale", "Public Sale: bids of 1 to N, M buys; every winning first bid, or \"none\"",
     judge_solve_2149},
    {"2188", "volunteers",
     "选拔志愿者 (selection of volunteers): give 1 to m, n first wins; \"Grass\" (first) or "
     "\"Rabbit\"",
     judge_solve_2188},
    {"2147", "kiki",
     "Kiki's game: a coin goes left, down or diagonally; \"Wonderful!\" if Kiki (first) wins, "
     "else \"What a pity!\"",
     judge_solve_2147},
    {"1079", "calendar",
     "Calendar Game: next day or same day next month, reach 2001-11-04; \"YES\" if Adam (first) "
     "wins",
     judge_solve_1079},
    {"1517", "multiplication",
     "A Multiplication Game: multiply by 2 to 9, reach n; \"Stan wins.\" (first) or \"Ollie "
     "wins.\"",
     judge_solve_1517},
    {"1404", "digits",
     "Digital Deletions: lower a digit or erase a 0 and all right of it; \"Yes\" if the first "
     "wins",
     judge_solve_1404},
    {"1536", "snim", "S-Nim: Nim with the takes in a set S; a line of W or L per test case",
     judge_solve_1536},
    {"1907", "john", "John: misère Nim, who eats the last loses; \"John\" (first) or \"Brother\"",
     judge_solve_1907},
    {"2509", "winner",
     "Be the Winner: take consecutive apples, who takes the last loses; \"Yes\" if the first "
     "wins",
     judge_solve_2509},
    {"1527", "wythoff",
     "取石子游戏 (Wythoff's game): one pile, or both equally; 1 if the first wins, else 0",
     judge_solve_1527},
    {"1944", "snim2", "S-Nim (1536's game under a second number): a line of W or L per test case",
     judge_solve_1536},
    {"2999", "stones",
     "Stone Game: take k consecutive stones, k in a set; 1 if Bob (first) can win, else 2",
     judge_solve_2999},
    {"1524", "chess", "A Chess Game: chessmen on a DAG of up to 1000 positions; WIN or LOSE",
     judge_solve_1524},
};

#define JUDGE_PROBLEMS (sizeof judge_problems / sizeof judge_problems[0])

void judge_list(FILE *out) {
    for (size_t i = 0; i < JUDGE_PROBLEMS; i++)
        fprintf(out, "%s  %-14s  %s\n", judge_problems[i].number, judge_problems[i].name,
                judge_problems[i].asks);
}

int judge_run(const char *problem, FILE *in, FILE *out, FILE *err) {
    for (size_t i = 0; i < JUDGE_PROBLEMS; i++) {
        const judge_problem_t *p = &judge_problems[i];
        if (strcmp(problem, p->number) != 0 && strcmp(problem, p->name) != 0) continue;
        judge_rd_t rd;
        judge_rd_init(&rd, in, err, p->number);
        const int bad = p->solve(&rd, out);
        if (fflush(out) != 0 || ferror(out)) {
            fprintf(err, "judge %s: writing the output: %s\n", p->number,
                    strerror(errno ? errno : EIO));
            return 1;
        }
        return bad ? 1 : 0;
    }
    fprintf(err, "judge: unknown problem '%s' (the problems: ", problem);
    for (size_t i = 0; i < JUDGE_PROBLEMS; i++)
        fprintf(err, i ? " %s" : "%s", judge_problems[i].number);
    fputs(")\n", err);
    return 2;
}
