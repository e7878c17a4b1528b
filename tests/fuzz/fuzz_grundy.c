/* libFuzzer target for the whole answer path `grundy` runs: the input is what a pipe gives it,
 * lines ended by LF or CR, each answered by grundy_answer (host/grundy_answer.c: dag, digits,
 * then the console's parse, answer and explain) with the sanitizers watching. The reply goes to
 * a sink that checks what every home promises: printable text in whole lines, and no more lines
 * than a command can have. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "console_answer.h"
#include "grundy_answer.h"

/* The most lines a reply may have: moves lists every winning move (only moore's and lasker's are
 * refused past 1000), and a heap has fewer than 2 * 65536 distinct moves in every game whose
 * heaps pass 255 and that has more than a few (kayles and dawson: one or two pins from 65535, a
 * split of its row; `moves dawson 25650 6550 ...` lists 22,545); 16 heaps, and the count line.
 * Past that, a runaway answer. */
#define FUZZ_REPLY_LINES (ENGINE_MAX_HEAPS * 2ul * 65536ul + 2ul)

static size_t fuzz_col;   /* characters in the reply's current line */
static size_t fuzz_lines; /* lines of the reply to the current command line */

static void fuzz_fail(const char *what)
{
    fprintf(stderr, "fuzz_grundy: %s\n", what);
    abort();
}

void console_out_put(char c)
{
    if (c < ' ' || c > '~') fuzz_fail("an unprintable byte in a reply");
    fuzz_col++;
}

void console_out_u32(uint32_t v)
{
    char text[12];
    snprintf(text, sizeof text, "%lu", (unsigned long)v);
    for (const char *c = text; *c; c++) console_out_put(*c);
}

void console_out_end_line(void)
{
    fuzz_col = 0;
    if (++fuzz_lines > FUZZ_REPLY_LINES) fuzz_fail("a reply of more lines than any command has");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* lines as host/grundy.c's grundy_lines cuts them: each LF or CR ends one */
    for (size_t start = 0; start < size;) {
        size_t end = start;
        while (end < size && data[end] != '\n' && data[end] != '\r') end++;
        fuzz_lines = 0;
        grundy_answer((const char *)data + start, end - start);
        if (fuzz_col != 0) fuzz_fail("a reply that does not end its last line");
        start = end + 1;
    }
    return 0;
}
