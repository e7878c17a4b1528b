/* The judge inputs' tokenizer: tokens are runs of non-space characters, as scanf("%d") and
 * scanf("%s") see them, with the line each starts on kept for the one-line complaints. */
#include "judge_read.h"

#include <ctype.h>
#include <stdarg.h>
#include <string.h>

void judge_rd_init(judge_rd_t *rd, FILE *in, FILE *err, const char *problem) {
    memset(rd, 0, sizeof *rd);
    rd->in = in;
    rd->err = err;
    rd->problem = problem;
    rd->line = 1;
    rd->token_line = 1;
}

/* A line end at c (already read): LF, CR, or CR LF (the LF read here too). */
static int judge_rd_line_end(judge_rd_t *rd, int c) {
    if (c == '\r') {
        const int next = getc_unlocked(rd->in);
        if (next != '\n' && next != EOF) ungetc(next, rd->in);
        return 1;
    }
    return c == '\n';
}

int judge_rd_token(judge_rd_t *rd) {
    int c;
    while ((c = getc_unlocked(rd->in)) != EOF && isspace(c))
        rd->line += (unsigned long)judge_rd_line_end(rd, c);
    rd->tok_len = 0;
    rd->tok[0] = '\0';
    rd->num_digits = 0;
    rd->num_big = 0;
    rd->num_mag = 0;
    if (c == EOF) return JUDGE_RD_END;
    rd->token_line = rd->line;
    rd->num_neg = c == '-';
    int number = 1; /* an optional sign, then digits only */
    do {
        if (rd->tok_len < JUDGE_TOKEN_SHOWN) rd->tok[rd->tok_len] = isprint(c) ? (char)c : '?';
        if (c >= '0' && c <= '9') {
            const unsigned d = (unsigned)(c - '0');
            if (rd->num_mag > (UINT64_MAX - d) / 10) rd->num_big = 1; /* past every limit */
            else rd->num_mag = rd->num_mag * 10 + d;
            rd->num_digits++;
        } else if (rd->tok_len > 0 || (c != '-' && c != '+')) {
            number = 0;
        }
        rd->tok_len++;
    } while ((c = getc_unlocked(rd->in)) != EOF && !isspace(c));
    if (c != EOF) ungetc(c, rd->in); /* a line end: counted when the next token is looked for */
    if (!number || rd->num_digits == 0) rd->num_digits = 0;
    if (rd->tok_len > JUDGE_TOKEN_SHOWN)
        strcpy(rd->tok + JUDGE_TOKEN_SHOWN, "...");
    else
        rd->tok[rd->tok_len] = '\0';
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
