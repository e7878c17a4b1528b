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

int judge_rd_token(judge_rd_t *rd) {
    int c;
    while ((c = getc(rd->in)) != EOF && isspace(c))
        if (c == '\n') rd->line++;
    rd->tok_len = 0;
    rd->tok[0] = '\0';
    if (c == EOF) return JUDGE_RD_END;
    rd->token_line = rd->line;
    do {
        if (rd->tok_len < JUDGE_TOKEN_SHOWN) rd->tok[rd->tok_len] = isprint(c) ? (char)c : '?';
        rd->tok_len++;
    } while ((c = getc(rd->in)) != EOF && !isspace(c));
    if (c == '\n') ungetc(c, rd->in); /* counted when the next token is looked for */
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
    const char *s = rd->tok;
    size_t shown = rd->tok_len < JUDGE_TOKEN_SHOWN ? rd->tok_len : JUDGE_TOKEN_SHOWN;
    size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
    const int neg = s[0] == '-';
    if (i == shown)
        return judge_rd_fail(rd, rd->token_line, "expected a number, got '%s'", rd->tok);
    uint64_t x = 0;
    int big = rd->tok_len > JUDGE_TOKEN_SHOWN; /* more digits than any limit has */
    for (; i < shown; i++) {
        if (!isdigit((unsigned char)s[i]))
            return judge_rd_fail(rd, rd->token_line, "expected a number, got '%s'", rd->tok);
        if (x > (UINT64_C(1) << 58)) big = 1; /* beyond every limit, and no overflow below */
        x = x * 10 + (uint64_t)(s[i] - '0');
    }
    const int64_t val = neg ? -(int64_t)x : (int64_t)x;
    if (big || val < lo || val > hi)
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
