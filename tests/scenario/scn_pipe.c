/* The scenario API (sim/scenario.h) over a pipe to a program on this computer instead of a
 * simulated board: the console suite's second transport, for `grundy`. Lines go to the
 * program's standard input and come back from its standard output; time is real time. A board
 * with no LEDs or buttons: the device-only calls fail the scenario if a suite makes them. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "scenario.h"

#define PIPE_LINE_MAX 8192

struct scn {
    pid_t pid;
    int to, from;      /* the program's standard input and output */
    char **lines;
    size_t count, cap, cursor;
    char partial[PIPE_LINE_MAX];
    size_t partial_len;
    double start_ms;
    char failure[256];
};

static double pipe_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

static void pipe_fail(scn_t *s, const char *why)
{
    if (!s->failure[0]) snprintf(s->failure, sizeof s->failure, "%s", why);
}

scn_t *scn_open(const char *program, const char *board, char *err, size_t errlen)
{
    (void)board;
    int in[2], out[2];
    if (pipe(in) || pipe(out)) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return NULL;
    }
    signal(SIGPIPE, SIG_IGN);
    const pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        return NULL;
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl(program, program, (char *)NULL);
        fprintf(stderr, "cannot run %s: %s\n", program, strerror(errno));
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    scn_t *s = calloc(1, sizeof *s);
    s->pid = pid;
    s->to = in[1];
    s->from = out[0];
    s->start_ms = pipe_now();
    return s;
}

void scn_close(scn_t *s)
{
    if (!s) return;
    close(s->to);
    close(s->from);
    waitpid(s->pid, NULL, 0);
    for (size_t i = 0; i < s->count; i++) free(s->lines[i]);
    free(s->lines);
    free(s);
}

static void pipe_keep(scn_t *s)
{
    if (s->count == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 1024;
        s->lines = realloc(s->lines, s->cap * sizeof *s->lines);
    }
    s->partial[s->partial_len] = 0;
    s->lines[s->count++] = strdup(s->partial);
    s->partial_len = 0;
}

/* Read what the program has written within ms (at least one poll). */
static void pipe_read(scn_t *s, int ms)
{
    struct pollfd p = {.fd = s->from, .events = POLLIN};
    if (s->failure[0] || poll(&p, 1, ms) <= 0) return;
    char buf[4096];
    const ssize_t n = read(s->from, buf, sizeof buf);
    if (n <= 0) {
        pipe_fail(s, "the program closed its output");
        return;
    }
    for (ssize_t i = 0; i < n; i++) {
        if (buf[i] == '\n') pipe_keep(s);
        else if (s->partial_len + 1 < PIPE_LINE_MAX) s->partial[s->partial_len++] = buf[i];
    }
}

bool scn_run_ms(scn_t *s, uint32_t ms)
{
    const double until = pipe_now() + ms;
    do pipe_read(s, 1);
    while (pipe_now() < until && !s->failure[0]);
    return scn_ok(s);
}

bool scn_ok(const scn_t *s)
{
    return !s->failure[0];
}

const char *scn_failure(const scn_t *s)
{
    return s->failure[0] ? s->failure : NULL;
}

double scn_now_ms(const scn_t *s)
{
    return pipe_now() - s->start_ms;
}

void scn_set_seed(scn_t *s, uint64_t seed)
{
    (void)s, (void)seed;
}

size_t scn_line_count(const scn_t *s)
{
    return s->count;
}

const char *scn_line(const scn_t *s, size_t i)
{
    return i < s->count ? s->lines[i] : NULL;
}

size_t scn_cursor(const scn_t *s)
{
    return s->cursor;
}

void scn_set_cursor(scn_t *s, size_t i)
{
    s->cursor = i <= s->count ? i : s->count;
}

const char *scn_wait_line(scn_t *s, const char *prefix, uint32_t timeout_ms)
{
    const double until = pipe_now() + timeout_ms;
    for (;;) {
        while (s->cursor < s->count) {
            const char *l = s->lines[s->cursor++];
            if (!strncmp(l, prefix, strlen(prefix))) return l;
        }
        if (s->failure[0] || pipe_now() >= until) return NULL;
        pipe_read(s, 5);
    }
}

const char *scn_last_line(const scn_t *s, const char *prefix)
{
    for (size_t i = s->count; i-- > 0;)
        if (!strncmp(s->lines[i], prefix, strlen(prefix))) return s->lines[i];
    return NULL;
}

void scn_send(scn_t *s, const char *text)
{
    scn_send_bytes(s, text, strlen(text));
}

void scn_send_bytes(scn_t *s, const char *text, size_t n)
{
    while (n && !s->failure[0]) {
        const ssize_t w = write(s->to, text, n);
        if (w <= 0) {
            pipe_fail(s, "the program stopped reading its input");
            return;
        }
        text += w, n -= (size_t)w;
    }
}

unsigned scn_rows(const scn_t *s)
{
    (void)s;
    return 0;
}

unsigned scn_row_len(const scn_t *s, unsigned row)
{
    (void)s, (void)row;
    return 0;
}

/* ---- what only a simulated board has: a suite that asks it of a program fails ---- */

size_t scn_stack_high_water(const scn_t *s)
{
    (void)s;
    return 0;
}

size_t scn_ram_headroom(const scn_t *s)
{
    (void)s;
    return 1;
}

size_t scn_stack_bound(const scn_t *s)
{
    (void)s;
    return 1;
}

sim_t *scn_sim(scn_t *s)
{
    pipe_fail(s, "a program on a computer has no simulated chip");
    return NULL;
}

bool scn_hold(scn_t *s, sim_button_t b, uint32_t ms)
{
    (void)b, (void)ms;
    pipe_fail(s, "a program on a computer has no buttons");
    return false;
}

bool scn_tap(scn_t *s, sim_button_t b)
{
    (void)b;
    pipe_fail(s, "a program on a computer has no buttons");
    return false;
}

char *scn_leds_pattern(const scn_t *s, uint32_t ms, char *buf, size_t len)
{
    (void)ms;
    pipe_fail((scn_t *)s, "a program on a computer has no LEDs");
    if (len) buf[0] = 0;
    return buf;
}

/* Bytes for a simulated UART: never reached, since scn_sim() has failed the scenario first. */
void sim_uart_send(sim_t *sim, const uint8_t *bytes, size_t n)
{
    (void)sim, (void)bytes, (void)n;
}
