/* The judge inputs' tokenizer: tokens are runs of non-space characters, as scanf("%d") and
 * scanf("%s") see them, with the line each starts on kept for the one-line complaints. */
#include "judge_read.h"

#include <stdarg.h>
#include <string.h>
#include <unistd.h>

void judge_rd_init(judge_rd_t *rd, FILE *in, FILE *err, const char *problem) {
    memset(rd, 0, sizeof *rd);
    rd->in = in;
    const int fd = fileno(in);
    rd->by_line = fd >= 0 && isatty(fd); /* a person typing: each line answered as it comes */
    rd->err = err;
    rd->problem = problem;
    rd->line = 1;
    rd->token_line = 1;
}

/* The next character of the input, or EOF: from rd->buf, filled a block at a time (a line at
 * a time from a terminal). */
static inline int judge_rd_getc(judge_rd_t *rd) {
    if (rd->pos == rd->len) {
        if (rd->ended) return EOF;
        if (rd->by_line) {
            const int c = getc(rd->in);
            rd->pos = rd->len = 0;
            if (c == EOF) {
                rd->ended = 1;
                return EOF;
            }
            rd->buf[0] = (unsigned char)c;
            rd->len = 1;
        } else {
            rd->pos = 0;
            rd->len = fread(rd->buf, 1, sizeof rd->buf, rd->in);
            if (rd->len == 0) {
                rd->ended = 1;
                return EOF;
            }
        }
        rd->pos = 0;
    }
    return rd->buf[rd->pos++];
}

/* Give back the character just read (not EOF). */
static inline void judge_rd_ungetc(judge_rd_t *rd) {
    rd->pos--;
}

/* A line end at c (already read): LF, CR, or CR LF (the LF read here too). */
static int judge_rd_line_end(judge_rd_t *rd, int c) {
    if (c == '\r') {
        const int next = judge_rd_getc(rd);
        if (next != '\n' && next != EOF) judge_rd_ungetc(rd);
        return 1;
    }
    return c == '\n';
}

/* Bytes after a token's first that the fast way needs in the block: 19 digits and a space. */
#define JUDGE_RD_FAST 20

/* isspace in the C locale, without the call */
static inline int judge_rd_space(int c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

int judge_rd_token(judge_rd_t *rd) {
    int c;
    while ((c = judge_rd_getc(rd)) != EOF && judge_rd_space(c))
        rd->line += (unsigned long)judge_rd_line_end(rd, c);
    rd->tok_len = 0;
    rd->num_digits = 0;
    rd->num_big = 0;
    rd->num_mag = 0;
    if (c == EOF) {
        rd->tok[0] = '\0';
        return JUDGE_RD_END;
    }
    rd->token_line = rd->line;
    /* the common token, digits ending before the block does: read straight from the block */
    if ((unsigned)c - '0' <= 9 && rd->len - rd->pos >= JUDGE_RD_FAST) {
        const unsigned char *after = rd->buf + rd->pos; /* the characters after c */
        uint64_t mag = (unsigned)c - '0';
        size_t n = 1; /* digits so far: at most 19, so mag cannot pass UINT64_MAX */
        for (; n < JUDGE_RD_FAST - 1 && (unsigned)after[n - 1] - '0' <= 9; n++)
            mag = mag * 10 + ((unsigned)after[n - 1] - '0');
        if (judge_rd_space(after[n - 1])) { /* the token ended: the same as the loop below */
            memcpy(rd->tok, after - 1, n);
            rd->tok[n] = '\0';
            rd->pos += n - 1; /* the space after it left for the next token */
            rd->tok_len = n;
            rd->num_neg = 0;
            rd->num_mag = mag;
            rd->num_digits = (unsigned)n;
            return JUDGE_RD_OK;
        }
    }
    rd->num_neg = c == '-';
    int number = 1; /* an optional sign, then digits only */
    if (c == '-' || c == '+') {
        rd->tok[rd->tok_len++] = (char)c;
        c = judge_rd_getc(rd);
    }
    size_t len = rd->tok_len;
    uint64_t mag = 0;
    unsigned digits = 0;
    int big = 0;
    for (; c != EOF && !judge_rd_space(c); c = judge_rd_getc(rd), len++) {
        if (len < JUDGE_TOKEN_SHOWN) rd->tok[len] = c >= ' ' && c < 127 ? (char)c : '?';
        const unsigned d = (unsigned)c - '0';
        if (d > 9) {
            number = 0;
        } else {
            if (mag > (UINT64_MAX - d) / 10) big = 1; /* past every limit */
            else mag = mag * 10 + d;
            digits++;
        }
    }
    if (c != EOF) judge_rd_ungetc(rd); /* a line end: counted when the next token is looked for */
    rd->tok_len = len;
    rd->num_mag = mag;
    rd->num_big = big;
    rd->num_digits = number ? digits : 0;
    if (len > JUDGE_TOKEN_SHOWN)
        strcpy(rd->tok + JUDGE_TOKEN_SHOWN, "...");
    else
        rd->tok[len] = '\0';
    return JUDGE_RD_OK;
}

int judge_rd_fail(judge_rd_t *rd, unsigned long line, const char *fmt, ...) {
    if (!rd->bad) {
        va_list ap;
        fprintf(rd->err, "judge %s: line %lu: ", rd->problem, line);
        va_start(ap, fmt);
        vfprintf(rd->err, fmt, ap);
        va_end(ap);
        fputc('\n', rd->err);
        rd->bad = 1;
    }
    return JUDGE_RD_BAD;
}

int judge_rd_int(judge_rd_t *rd, int64_t lo, int64_t hi, const char *what, int64_t *v) {
    if (judge_rd_token(rd) == JUDGE_RD_END) return JUDGE_RD_END;
    if (rd->num_digits == 0)
        return judge_rd_fail(rd, rd->token_line, "expected a number, got '%s'", rd->tok);
    /* compared as magnitudes: no negation of INT64_MIN, no overflow */
    const uint64_t mag = rd->num_mag;
    int in = !rd->num_big;
    if (in && rd->num_neg) in = lo <= 0 && mag <= (uint64_t)0 - (uint64_t)lo;
    else if (in) in = hi >= 0 && mag <= (uint64_t)hi;
    const int64_t val = !in ? 0 : rd->num_neg ? (int64_t)((uint64_t)0 - mag) : (int64_t)mag;
    if (!in || val < lo || val > hi)
        return judge_rd_fail(rd, rd->token_line, "%s %s out of range (%lld..%lld)", what, rd->tok,
                             (long long)lo, (long long)hi);
    *v = val;
    return JUDGE_RD_OK;
}

int judge_rd_need(judge_rd_t *rd, int64_t lo, int64_t hi, const char *what, int64_t *v) {
    int r = judge_rd_int(rd, lo, hi, what, v);
    if (r == JUDGE_RD_END)
        return judge_rd_fail(rd, rd->line, "expected %s, got end of input", what);
    return r;
}
