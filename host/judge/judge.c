/* `grundy judge`: the table of problems (number, short name, what each asks, its solver),
 * judge_list over it, and judge_run, which finds a problem and hands it the input. */
#include "judge.h"

#include <errno.h>
#include <stdbool.h>
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

/* Each problem's input as --help tells it, and its sample (the HDU statement's, as in
 * tests/judge/samples, which test_judge holds these to). */
static const struct {
    const char *number, *input, *sample_in, *sample_out;
} judge_inputs[] = {
    {"1846", "C (1..100), then C lines of n m (1..1000): one pile of n, take 1 to m",
     "2\n23 2\n4 3\n",
     "first\nsecond\n"},
    {"1847", "n (1..1000) per line, to the end of the input",
     "1\n3\n",
     "Kiki\nCici\n"},
    {"1848", "m n p (piles 1..1000) per line, until 0 0 0",
     "1 1 1\n1 4 1\n0 0 0\n",
     "Fibo\nNacci\n"},
    {"1849", "m (0..1000) and m positions (0..1000), until m = 0",
     "2\n3 5\n3\n3 5 6\n0\n",
     "Rabbit Win!\nGrass Win!\n"},
    {"1850", "M (0..100) and M piles (1..1000000), until M = 0",
     "3\n5 7 9\n0\n",
     "1\n"},
    {"2149", "M N (1..1099) per line, to the end: the price to reach, the largest bid",
     "4 2\n3 2\n3 5\n",
     "1\nnone\n3 4 5\n"},
    {"2188", "C (1..1000000), then C lines of n m (1..1000000000)",
     "2\n8 10\n11 10\n",
     "Grass\nRabbit\n"},
    {"2147", "n m (1..2000) per line, until 0 0: the board's size",
     "5 3\n5 4\n6 6\n0 0\n",
     "What a pity!\nWonderful!\nWonderful!\n"},
    {"1079", "T, then T dates YYYY MM DD from 1900 1 1 to 2001 11 4",
     "3\n2001 11 3\n2001 11 2\n2001 10 3\n",
     "YES\nNO\nNO\n"},
    {"1517", "n (2..4294967294) per line, to the end",
     "162\n17\n34012226\n",
     "Stan wins.\nOllie wins.\nStan wins.\n"},
    {"1404", "a string of 1 to 6 digits per line, to the end",
     "0\n00\n1\n20\n",
     "Yes\nYes\nNo\nNo\n"},
    {"1536", "k and the k numbers of S (1..10000), m (1..100), then m lines of l and l heaps (0..10000); cases until k = 0",
     "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n",
     "LWW\nWWL\n"},
    {"1907", "T (1..474), then per case N (1..47) and N numbers of M&Ms (1..4747)",
     "2\n3\n3 5 1\n1\n1\n",
     "John\nBrother\n"},
    {"2509", "n (1..100) and n groups of apples (1..100), to the end",
     "2\n2 2\n1\n3\n",
     "No\nYes\n"},
    {"1527", "a b (0..1000000000) per line, to the end",
     "2 1\n8 4\n4 7\n",
     "0\n1\n0\n"},
    {"1944", "as 1536: k and the k numbers of S, m, then m lines of l and l heaps; until k = 0",
     "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n",
     "LWW\nWWL\n"},
    {"2999", "N (1..100) and N takes (1..1000000000), M (0..1000) and M lengths (1..1000); cases to the end",
     "3\n1 5 1\n1\n1\n",
     "1\n"},
    {"1524", "N (1..1000), N lines of X and X out-positions, then lines of M (0..10) and M positions until M = 0; graphs to the end",
     "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n",
     "WIN\nWIN\nWIN\nLOSE\nWIN\n"},
};



/* text at column col of a line, its words wrapped before column 80, later lines from column at. */
static void judge_wrap(FILE *out, const char *text, int col, int at) {
    for (bool first = true; *text; first = false) {
        const size_t n = strcspn(text, " ");
        int shown = 0; /* columns: a UTF-8 letter one, a CJK one (lead byte 0xE3 and up) two */
        for (size_t i = 0; i < n; i++)
            shown += ((unsigned char)text[i] & 0xC0) != 0x80 ? 1 + ((unsigned char)text[i] >= 0xE3) : 0;
        if (!first && col + 1 + shown > 79) {
            fprintf(out, "\n%*s", at, "");
            col = at;
        } else if (!first) {
            fputc(' ', out);
            col++;
        }
        fwrite(text, 1, n, out);
        col += shown;
        text += n + strspn(text + n, " ");
    }
    fputc('\n', out);
}

void judge_list(FILE *out) {
    for (size_t i = 0; i < JUDGE_PROBLEMS; i++) {
        fprintf(out, "%s  %-14s  ", judge_problems[i].number, judge_problems[i].name);
        judge_wrap(out, judge_problems[i].asks, 22, 22);
    }
}

/* The problem named by number or short name, or NULL. */
static const judge_problem_t *judge_find(const char *problem) {
    for (size_t i = 0; i < JUDGE_PROBLEMS; i++)
        if (!strcmp(problem, judge_problems[i].number) || !strcmp(problem, judge_problems[i].name))
            return &judge_problems[i];
    return NULL;
}

static void judge_unknown(const char *problem, FILE *err) {
    fprintf(err, "judge: unknown problem '%s' (the problems: ", problem);
    for (size_t i = 0; i < JUDGE_PROBLEMS; i++)
        fprintf(err, i ? " %s" : "%s", judge_problems[i].number);
    fputs(")\n", err);
}

int judge_help(const char *problem, FILE *out, FILE *err) {
    const judge_problem_t *p = judge_find(problem);
    if (!p) {
        judge_unknown(problem, err);
        return 2;
    }
    for (size_t i = 0; i < sizeof judge_inputs / sizeof judge_inputs[0]; i++) {
        if (strcmp(judge_inputs[i].number, p->number) != 0) continue;
        fprintf(out, "grundy judge %s (or %s): ", p->number, p->name);
        judge_wrap(out, p->asks, 24 + (int)strlen(p->name), 2);
        fputs("\ninput: ", out);
        judge_wrap(out, judge_inputs[i].input, 7, 2);
        fprintf(out, "\nsample input (grundy judge %s < tests/judge/samples/%s.in):\n%s\n"
                "its output:\n%s", p->number, p->number, judge_inputs[i].sample_in,
                judge_inputs[i].sample_out);
        return 0;
    }
    return 2;
}

const char *judge_waits_for(const char *problem) {
    const judge_problem_t *p = judge_find(problem);
    return p ? p->asks : NULL;
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
    judge_unknown(problem, err);
    return 2;
}
