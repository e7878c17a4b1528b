/* Reading a judge's input: whitespace-separated tokens (as scanf reads them), line numbers for
 * the messages, and the one-line complaint about bad input. Internal to host/judge. */
#ifndef JUDGE_READ_H
#define JUDGE_READ_H

#include <stdint.h>
#include <stdio.h>

#define JUDGE_TOKEN_SHOWN 24 /* characters of a bad token quoted in a message */

typedef struct {
    FILE *in;
    FILE *err;
    const char *problem;             /* the HDU number, for messages */
    unsigned long line;              /* the line being read (1-based) */
    unsigned long token_line;        /* the line of the last token */
    char tok[JUDGE_TOKEN_SHOWN + 4]; /* the last token, cut to fit ("..." when cut) */
    size_t tok_len;                  /* its real length */
    int bad;                         /* a complaint has been written */
    /* the last token as a number, read whole (however long): */
    unsigned num_digits; /* its digits; 0 when it is not [+-]digits */
    int num_neg;         /* it began with '-' */
    int num_big;         /* its magnitude passes UINT64_MAX */
    uint64_t num_mag;    /* its magnitude, when not num_big */
    /* the input, read a block at a time (a character at a time from a terminal) */
    unsigned char buf[65536];
    size_t pos, len; /* buf[pos..len-1] not yet read */
    int ended;       /* the input has ended */
    int by_line;     /* in is a terminal */
} judge_rd_t;

enum { JUDGE_RD_OK = 0, JUDGE_RD_END = 1, JUDGE_RD_BAD = -1 };

/* Start reading in for problem, complaints to err. */
void judge_rd_init(judge_rd_t *rd, FILE *in, FILE *err, const char *problem);
/* Read the next token into rd->tok (and rd->num_*): JUDGE_RD_OK, or JUDGE_RD_END at the end of
 * the input. A line ends at LF, CR or CR LF. */
int judge_rd_token(judge_rd_t *rd);
/* Read a whole number in lo..hi (what names it in messages): OK, END when the input has ended
 * before it (nothing said), or BAD (one line said on err). */
int judge_rd_int(judge_rd_t *rd, int64_t lo, int64_t hi, const char *what, int64_t *v);
/* As judge_rd_int, but the end of the input is bad input too ("expected <what>, got end of
 * input"). */
int judge_rd_need(judge_rd_t *rd, int64_t lo, int64_t hi, const char *what, int64_t *v);
/* Say "judge <problem>: line <n>: <message>" on err (once per run); returns JUDGE_RD_BAD. */
int judge_rd_fail(judge_rd_t *rd, unsigned long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
