/* grundy's answer to one command line: a dag too big for the engine, then digits, then the
 * console's answer as the device gives it. Its own file so that the fuzz target links the very
 * function grundy runs for each line. */
#include <string.h>

#include "console_answer.h"
#include "grundy_answer.h"
#include "grundy_dag.h"
#include "grundy_digits.h"

void grundy_answer(const char *text, size_t n)
{
    if (n > CONSOLE_LINE_MAX) {
        console_answer_too_long();
        return;
    }
    char line[CONSOLE_LINE_MAX + 1];
    memcpy(line, text, n);
    line[n] = 0;
    /* a NUL byte inside: the console's answer, which sees the whole line (n bytes) and refuses
     * it; the readers below would stop at it and answer the line's first part */
    if (memchr(line, 0, n)) {
        if (console_answer_start(line, (uint8_t)n) == CONSOLE_ANSWER_MORE)
            while (console_answer_step()) {}
        return;
    }
    /* the games only a computer holds (a graph file's path keeps its letter case) */
    if (grundy_dag_answer(line)) return;
    memcpy(line, text, n);
    line[n] = 0;
    if (grundy_digits_answer(line)) return;
    memcpy(line, text, n);
    line[n] = 0;
    if (console_answer_start(line, (uint8_t)n) == CONSOLE_ANSWER_MORE)
        while (console_answer_step()) {}
}
