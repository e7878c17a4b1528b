/* Command lines read from the UART's input queue, with what was lost on the way: the same
 * reader for the device's console and the bare `uno` calculator. */
#ifndef CONSOLE_LINE_H
#define CONSOLE_LINE_H

#include <stdbool.h>
#include <stdint.h>

typedef enum {
    CONSOLE_LINE_NONE,  /* no whole line yet */
    CONSOLE_LINE_READY, /* a line is in console_line_text (blank lines included) */
    CONSOLE_LINE_LOST,  /* input was lost: console_line_lost lines are gone, this one included */
    CONSOLE_LINE_LONG,  /* the line passed CONSOLE_LINE_MAX characters */
} console_line_t;

/* Read what the UART holds up to the end of a line; *seen is set when any byte (or a gap) was
 * taken. The line last returned stays in place until the next call. */
console_line_t console_line_read(bool *seen);
/* The line last returned (CONSOLE_LINE_MAX bytes of room, which the answer may borrow). */
char *console_line_text(void);
/* Its length. */
uint8_t console_line_len(void);
/* With CONSOLE_LINE_LOST: how many lines were lost, this one included (1 at least). */
uint8_t console_line_lost(void);

#endif
