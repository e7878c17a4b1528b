/* `grundy judge`: the course's Online Judge problems (HDU numbers), answered from the judge's
 * own input format, byte for byte in the judge's output format. Host only. */
#ifndef JUDGE_H
#define JUDGE_H

#include <stdio.h>

/* The problems `grundy judge` answers, one per line: number, name, what it asks (to out). */
void judge_list(FILE *out);
/* Answer problem (its HDU number, e.g. "1536", or its short name) for the judge input read from
 * in, written to out exactly as the judge expects; on bad input one clear line on err
 * ("judge 1536: line 3: expected a number, got 'x'") and a non-zero return. 2: unknown problem. */
int judge_run(const char *problem, FILE *in, FILE *out, FILE *err);
/* What problem asks, its input format and its sample input and output (to out); 2 with a line
 * on err for an unknown problem. */
int judge_help(const char *problem, FILE *out, FILE *err);
/* What problem asks (one line), or NULL for an unknown problem. */
const char *judge_waits_for(const char *problem);

#endif
