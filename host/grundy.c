/* grundy: the device's serial console on a computer, built from the same engine and the same
 * answering code (firmware/console/console_answer.c), with the games no Uno can hold and the
 * course's problems (`grundy judge`). Three ways in, as with SQLite's or Lua's shell: arguments
 * answer one command; a pipe or a file answers line after line; a terminal gets a prompt. */
#include <errno.h>
#include <histedit.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "console_answer.h"
#include "grundy_answer.h"
#include "judge.h"

#ifndef GRUNDY_VERSION
#define GRUNDY_VERSION "dev"
#endif

/* The output interface on a computer: standard output. The reply's current line is watched
 * to tell an `err` line; grundy_failed: whether any line of the run was one. */
static char grundy_head[4];
static unsigned grundy_col;
static bool grundy_failed;

void console_out_put(char c)
{
    if (grundy_col < sizeof grundy_head) grundy_head[grundy_col] = c;
    grundy_col++;
    putchar(c);
}

void console_out_u32(uint32_t v)
{
    char text[12];
    snprintf(text, sizeof text, "%lu", (unsigned long)v);
    for (const char *c = text; *c; c++) console_out_put(*c);
}

void console_out_end_line(void)
{
    if (grundy_col >= 4 && !memcmp(grundy_head, "err ", 4)) grundy_failed = true;
    grundy_col = 0;
    putchar('\n');
}


/* help's lines for what only this home answers, after the console's own */
static const char grundy_help_more[] =
    "here too: digits, misere:digits (a string of 1 to 6 digits): solve digits 1020\n"
    "dag: to 1000 nodes; dag:@file reads edges a>b from a file: solve dag:@g.txt 0\n"
    "in the shell: grundy judge [problem] answers the course's 18 problems' inputs\n"
    "quit or exit (or Ctrl-D) leaves\n";

/* Whether the n characters at text are word, spaces around it allowed, in any letter case. */
static bool grundy_line_is(const char *text, size_t n, const char *word)
{
    while (n && (*text == ' ' || *text == '\t')) text++, n--;
    while (n && (text[n - 1] == ' ' || text[n - 1] == '\t')) n--;
    return n == strlen(word) && !strncasecmp(text, word, n);
}

/* Answer a line as grundy does (help with this home's lines added). */
static void grundy_reply(const char *text, size_t n)
{
    const bool failed = grundy_failed;
    grundy_answer(text, n);
    if (!grundy_line_is(text, n, "help") || grundy_failed != failed) return;
    for (const char *c = grundy_help_more; *c; c++) {
        if (*c == '\n') console_out_end_line();
        else console_out_put(*c);
    }
}

/* Whether the line is quit or exit, which end the run quietly wherever they come from. */
static bool grundy_is_quit(const char *text, size_t n)
{
    return grundy_line_is(text, n, "quit") || grundy_line_is(text, n, "exit");
}

static const char grundy_usage[] =
    "usage: grundy                  a prompt at a terminal; from a pipe, line by line\n"
    "       grundy <command ...>    answer one command: grundy solve nim 3 4 5\n"
    "       grundy judge            list the course's problems\n"
    "       grundy judge <problem>  answer a problem's judge input (standard input)\n"
    "       grundy judge <problem> --help   its input format and a sample\n"
    "       grundy --version\n"
    "Commands as on the device's console: grundy help lists them. Quote dag: games in\n"
    "the shell (grundy solve 'dag:0>1,1>2' 0): > and , mean something to it.\n"
    "Exit status: 0; 1 when a line (arguments, pipe or file) got err, or reading\n"
    "input or writing output failed (said on stderr); 2 for a usage error or an\n"
    "unknown problem. At a prompt an err is the person's, not the run's: 0.\n";

static const char grundy_banner[] =
    "grundy " GRUNDY_VERSION ": the Grundy console on a computer (help; quit or Ctrl-D leaves)\n";

/* Read lines from in and answer each (a line ends at LF, CR or CR LF, as on the device; a NUL
 * byte is a character of the line); quit or exit ends. */
static void grundy_lines(FILE *in)
{
    char line[CONSOLE_LINE_MAX + 1];
    for (bool more = true; more;) {
        size_t n = 0;
        bool overlong = false;
        int c;
        while ((c = getc(in)) != EOF && c != '\n' && c != '\r') {
            if (n < CONSOLE_LINE_MAX) line[n++] = (char)c;
            else overlong = true;
        }
        more = c != EOF;
        if (!more && n == 0 && !overlong) break;
        line[n] = 0;
        if (overlong) {
            console_answer_too_long();
        } else {
            if (grundy_is_quit(line, n)) break;
            grundy_reply(line, n);
        }
        if (fflush(stdout) != 0 || ferror(stdout)) break; /* said by grundy_finish */
    }
}

static char *grundy_prompt(EditLine *el)
{
    (void)el;
    return (char *)"grundy> ";
}

/* The prompt at a terminal: lines edited and recalled with libedit (arrows, Ctrl-A, Ctrl-R,
 * ~/.editrc), each answered; quit, exit or Ctrl-D ends. */
static void grundy_prompt_loop(void)
{
    setlocale(LC_CTYPE, ""); /* letters past ASCII edited whole */
    EditLine *el = el_init("grundy", stdin, stdout, stderr);
    History *hist = history_init();
    if (!el || !hist) { /* no terminal editing to be had: plain lines */
        if (el) el_end(el);
        if (hist) history_end(hist);
        fputs(grundy_banner, stdout);
        grundy_lines(stdin);
        return;
    }
    HistEvent ev;
    history(hist, &ev, H_SETSIZE, 1000);
    history(hist, &ev, H_SETUNIQUE, 1);
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_PROMPT, grundy_prompt);
    el_set(el, EL_HIST, history, hist);
    el_set(el, EL_SIGNAL, 1);
    el_source(el, NULL); /* ~/.editrc, as for every libedit program */
    fputs(grundy_banner, stdout);
    bool ended = false; /* by Ctrl-D: the prompt's line is ended for the shell's */
    for (;;) {
        int count = 0;
        const char *got = el_gets(el, &count);
        if (!got || count <= 0) {
            ended = true;
            break;
        }
        size_t n = (size_t)count;
        while (n && (got[n - 1] == '\n' || got[n - 1] == '\r')) n--;
        if (grundy_is_quit(got, n)) break;
        if (strspn(got, " \t\r\n") < n) history(hist, &ev, H_ENTER, got);
        if (n > CONSOLE_LINE_MAX) console_answer_too_long();
        else grundy_reply(got, n);
        if (fflush(stdout) != 0 || ferror(stdout)) break;
    }
    if (ended) putchar('\n');
    history_end(hist);
    el_end(el);
}

/* The run's end: standard output written out, or the reason it could not be on stderr.
 * Returns status, or 1 when the output failed. */
static int grundy_finish(int status)
{
    if (fflush(stdout) == 0 && !ferror(stdout)) return status;
    fprintf(stderr, "grundy: writing standard output: %s\n", strerror(errno ? errno : EIO));
    return 1;
}

int main(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(grundy_usage, stdout);
        return grundy_finish(0);
    }
    if (argc > 1 && !strcmp(argv[1], "--version")) {
        grundy_answer("version", 7);
        return grundy_finish(grundy_failed ? 1 : 0);
    }
    if (argc > 1 && !strcmp(argv[1], "judge")) {
        const bool help = argc == 4 && (!strcmp(argv[3], "--help") || !strcmp(argv[3], "-h"));
        if (argc == 2 || (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")))) {
            judge_list(stdout);
            fputs("\ngrundy judge <problem> < input: the judge's output for its input\n"
                  "grundy judge <problem> --help: its input format and a sample\n",
                  stdout);
            return grundy_finish(0);
        }
        if (help) return grundy_finish(judge_help(argv[2], stdout, stderr));
        if (argc > 3) {
            fputs("grundy judge: one problem at a time (grundy judge lists them)\n", stderr);
            return 2;
        }
        if (isatty(STDIN_FILENO) && judge_waits_for(argv[2]))
            fprintf(stderr,
                    "grundy judge %s reads the judge's input here; Ctrl-D ends it.\n"
                    "(grundy judge %s --help: its input format and a sample)\n",
                    argv[2], argv[2]);
        const int status = judge_run(argv[2], stdin, stdout, stderr);
        return ferror(stdout) ? 1 : status; /* a failed write: said by judge_run */
    }
    if (argc > 1) {
        char line[CONSOLE_LINE_MAX + 2] = "";
        size_t n = 0;
        for (int i = 1; i < argc; i++) {
            const size_t w = strlen(argv[i]);
            if (n + w + 1 > CONSOLE_LINE_MAX + 1) {
                console_answer_too_long();
                return grundy_finish(1);
            }
            if (i > 1) line[n++] = ' ';
            memcpy(line + n, argv[i], w + 1);
            n += w;
        }
        if (grundy_is_quit(line, n)) return grundy_finish(0);
        grundy_reply(line, n);
        return grundy_finish(grundy_failed ? 1 : 0);
    }
    if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
        grundy_prompt_loop(); /* errors at a prompt are the person's, not the run's */
        return grundy_finish(0);
    }
    grundy_lines(stdin);
    if (ferror(stdin)) {
        fprintf(stderr, "grundy: reading standard input: %s\n", strerror(errno));
        return grundy_finish(1);
    }
    return grundy_finish(grundy_failed ? 1 : 0);
}
