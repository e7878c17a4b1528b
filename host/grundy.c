/* grundy: the device's serial console on a computer, built from the same engine and the same
 * answering code (firmware/console/console_answer.c), with the games no Uno can hold and the
 * course's problems (`grundy judge`). Three ways in, as with SQLite's or Lua's shell: arguments
 * answer one command; a pipe or a file answers line after line; a terminal gets a prompt. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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


static const char grundy_usage[] =
    "usage: grundy                    a prompt on a terminal; line after line from a pipe or file\n"
    "       grundy <command ...>      answer one command, e.g. grundy solve nim 3 4 5\n"
    "       grundy judge [problem]    answer a course problem's judge input from standard input\n"
    "                                 (no problem: list them)\n"
    "Commands as on the device's console (type help at the prompt). Exit status: 0, or 1 when a\n"
    "line was answered with err; 2 for a usage error.\n";

/* Read lines from in and answer each (a line ends at LF, CR or CR LF, as on the device);
 * prompt before each line on a terminal. */
static void grundy_lines(FILE *in, bool prompt)
{
    char line[CONSOLE_LINE_MAX + 1];
    if (prompt)
        printf("grundy %s: the Grundy console on a computer (help for commands; quit or Ctrl-D "
               "to leave)\n",
               GRUNDY_VERSION);
    for (bool more = true; more;) {
        if (prompt) {
            fputs("grundy> ", stdout);
            fflush(stdout);
        }
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
            const char *w = line + strspn(line, " \t");
            if (prompt && (!strcmp(w, "quit") || !strcmp(w, "exit"))) break;
            grundy_answer(line, n);
        }
        fflush(stdout);
    }
    if (prompt) putchar('\n');
}

int main(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(grundy_usage, stdout);
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "judge")) {
        if (argc == 2) {
            judge_list(stdout);
            return 0;
        }
        if (argc > 3) {
            fputs("grundy judge: one problem at a time (grundy judge lists them)\n", stderr);
            return 2;
        }
        return judge_run(argv[2], stdin, stdout, stderr);
    }
    if (argc > 1) {
        char line[CONSOLE_LINE_MAX + 2] = "";
        size_t n = 0;
        for (int i = 1; i < argc; i++) {
            const size_t w = strlen(argv[i]);
            if (n + w + 1 > CONSOLE_LINE_MAX + 1) {
                console_answer_too_long();
                return 1;
            }
            if (i > 1) line[n++] = ' ';
            memcpy(line + n, argv[i], w + 1);
            n += w;
        }
        grundy_answer(line, n);
        return grundy_failed ? 1 : 0;
    }
    grundy_lines(stdin, isatty(STDIN_FILENO) && isatty(STDOUT_FILENO));
    if (ferror(stdin)) {
        fprintf(stderr, "grundy: reading standard input: %s\n", strerror(errno));
        return 1;
    }
    return grundy_failed ? 1 : 0;
}
