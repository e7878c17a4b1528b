/* libFuzzer target for `grundy judge`: the first input byte picks one of the problems (its place
 * in judge_list's order, modulo their number), the rest is that problem's judge input, read by
 * judge_run as from standard input. What the judges' format promises is checked: a status of 0
 * or 1; output in whole lines; on 0 nothing on err, on 1 exactly one complaint, as one line
 * "judge <number>: ..." of printable text. */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "judge.h"

#define FUZZ_PROBLEMS_MAX 64

static char fuzz_problem[FUZZ_PROBLEMS_MAX][8]; /* the problems' numbers, as judge_list lists them */
static size_t fuzz_problems;

/* A stream read from the input's bytes. */
typedef struct {
    const uint8_t *data;
    size_t size, at;
} fuzz_in_t;

static ssize_t fuzz_read(void *cookie, char *buf, size_t n)
{
    fuzz_in_t *in = cookie;
    if (n > in->size - in->at) n = in->size - in->at;
    memcpy(buf, in->data + in->at, n);
    in->at += n;
    return (ssize_t)n;
}

/* A sink that keeps what the checks need: bytes written, the last byte, line ends, the first
 * bytes, and whether an unprintable byte came. */
typedef struct {
    size_t bytes, lines;
    char last;
    char head[32];
    int unprintable;
} fuzz_out_t;

static ssize_t fuzz_write(void *cookie, const char *buf, size_t n)
{
    fuzz_out_t *out = cookie;
    for (size_t i = 0; i < n; i++) {
        if (out->bytes < sizeof out->head - 1) out->head[out->bytes] = buf[i];
        out->bytes++;
        if (buf[i] == '\n') out->lines++;
        else if (buf[i] < ' ' || buf[i] > '~') out->unprintable = 1;
        out->last = buf[i];
    }
    return (ssize_t)n;
}

static void fuzz_fail(const char *problem, const char *what)
{
    fprintf(stderr, "fuzz_judge: problem %s: %s\n", problem, what);
    abort();
}

/* The problems' numbers, from judge_list's lines ("1846  brave  ..."; a line that goes on a
 * long description begins with spaces). */
static void fuzz_list_problems(void)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (!f) abort();
    judge_list(f);
    fclose(f);
    for (char *line = strtok(text, "\n"); line && fuzz_problems < FUZZ_PROBLEMS_MAX; line = strtok(NULL, "\n"))
        if (line[0] != ' ' && sscanf(line, "%7s", fuzz_problem[fuzz_problems]) == 1) fuzz_problems++;
    free(text);
    if (fuzz_problems < 2) {
        fprintf(stderr, "fuzz_judge: judge_list listed %zu problems\n", fuzz_problems);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!fuzz_problems) fuzz_list_problems();
    if (size == 0) return 0;
    const char *problem = fuzz_problem[data[0] % fuzz_problems];
    fuzz_in_t in = {data + 1, size - 1, 0};
    fuzz_out_t out = {0}, err = {0};
    FILE *fin = fopencookie(&in, "r", (cookie_io_functions_t){.read = fuzz_read});
    FILE *fout = fopencookie(&out, "w", (cookie_io_functions_t){.write = fuzz_write});
    FILE *ferr = fopencookie(&err, "w", (cookie_io_functions_t){.write = fuzz_write});
    if (!fin || !fout || !ferr) abort();
    const int status = judge_run(problem, fin, fout, ferr);
    fclose(fin);
    fclose(fout);
    fclose(ferr);
    if (status != 0 && status != 1) fuzz_fail(problem, "a status other than 0 or 1");
    if (out.bytes && out.last != '\n') fuzz_fail(problem, "output that does not end its last line");
    if (status == 0 && err.bytes) fuzz_fail(problem, "a complaint on err, yet status 0");
    if (status == 1) {
        char want[16];
        snprintf(want, sizeof want, "judge %s: ", problem);
        if (err.lines != 1 || err.last != '\n') fuzz_fail(problem, "status 1 without exactly one line on err");
        if (strncmp(err.head, want, strlen(want))) fuzz_fail(problem, "a complaint not starting 'judge <number>: '");
        if (err.unprintable) fuzz_fail(problem, "an unprintable byte in the complaint");
    }
    return 0;
}
