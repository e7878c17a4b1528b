/* explain: why a sum game's position is won or lost, by Bouton's rule on its heaps' Grundy
 * values (each in decimal and binary, their nim-sum, the verdict, the winning move from the
 * nim-sum's highest one); explain grundy: one heap's options, their values and their mex. */
#ifndef CONSOLE_EXPLAIN_H
#define CONSOLE_EXPLAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "console_parse.h"

/* Options explain grundy lists at most (more: err, CONSOLE_ERR_OPTIONS). */
#ifdef __AVR__
#define CONSOLE_EXPLAIN_OPTIONS 64
#else
#define CONSOLE_EXPLAIN_OPTIONS 1000
#endif

/* Begin explaining cmd, as parsed (verb CONSOLE_EXPLAIN, a sum game), which stays lent until
 * the end; values: its heaps' Grundy values when computed at run time (<= 255), else NULL. */
void console_explain_start(console_cmd_t *cmd, const uint8_t *values);
/* Write the next line of the explanation, or work a slice of it; true while more remain. False
 * with cmd->error set: refused, the caller writes the error (about cmd->value). */
bool console_explain_step(void);

#endif
