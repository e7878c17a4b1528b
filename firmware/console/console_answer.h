/* The console's answers: one command line parsed (console_parse.c) and answered with the
 * engine, written through a small output interface. The same code answers on the device
 * (UART, a line or slice per main-loop pass), on the bare `uno` image and in `grundy` on a
 * computer (stdout, all at once); only `new` and `show` are handed back to a device. */
#ifndef CONSOLE_ANSWER_H
#define CONSOLE_ANSWER_H

#include <stdbool.h>
#include <stdint.h>

#include "console_out.h"
#include "console_parse.h"


typedef enum {
    CONSOLE_ANSWER_DONE,   /* the whole reply is out (or the line was blank) */
    CONSOLE_ANSWER_MORE,   /* more to come: call console_answer_step until it returns false */
    CONSOLE_ANSWER_DEVICE, /* new or show, parsed into console_answer_cmd(): the device's to do */
} console_answer_t;

#define CONSOLE_MOVES_MAX 1000 /* moves lists at most this many winning moves */

/* Start answering line[0 .. len-1], in a buffer of CONSOLE_LINE_MAX bytes (letters are lowered
 * in place; the buffer stays lent to the answer, and to the engine's run-time search, until it
 * is done); writes the first line of the reply at most. A line holding a NUL byte anywhere is
 * refused whole, with one err line. */
console_answer_t console_answer_start(char *line, uint8_t len);
/* Write one more line of the reply under way, or work one slice of it; true while more remain. */
bool console_answer_step(void);
/* The command console_answer_start parsed last (for new and show). */
const console_cmd_t *console_answer_cmd(void);
/* Write `err` and the message of error e about the command parsed last, as one line. */
void console_answer_fail(console_error_t e);
/* console_answer_fail, with value as the number the message names. */
void console_answer_fail_with(console_error_t e, engine_heap_t value);
/* Write "err input lost, n line(s) dropped ..." (n lines were lost, 1 at least) as one line. */
void console_answer_lost(uint8_t n);
/* Write "err line longer than 255 characters" as one line. */
void console_answer_too_long(void);

#endif
