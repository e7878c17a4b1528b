/* One command line of grundy's console answered, the whole reply: the games only a computer
 * holds (host/grundy_dag.c, host/grundy_digits.c), then the console's own answering code. Apart
 * from host/grundy.c so that the fuzz target (tests/fuzz/fuzz_grundy.c) runs the same path. */
#ifndef GRUNDY_ANSWER_H
#define GRUNDY_ANSWER_H

#include <stddef.h>

/* Answer one command line of n characters (no line end; any bytes), the whole reply through the
 * console's output interface (console_out_put, console_out_u32, console_out_end_line). */
void grundy_answer(const char *text, size_t n);

#endif
