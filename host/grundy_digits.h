/* Digital Deletions in grundy's console (`digits`, and Conway's original as `misere:digits`):
 * a game no Uno holds (its table takes 1.1 MB), decided by host/judge/digits.c. */
#ifndef GRUNDY_DIGITS_H
#define GRUNDY_DIGITS_H

#include <stdbool.h>

#include "console_answer.h"

/* Answer line when its game is digits or misere:digits (the whole reply, through the console's output) and
 * return true; false, with nothing written, for every other line. Lowers line's letters. */
bool grundy_digits_answer(char *line);

#endif
