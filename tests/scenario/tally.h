/* Pass/fail counting for the scenario tests: each check counts, the first failures are
 * printed with what the test was doing (tally_context), and the summary line is the
 * "N passed, M failed" that tests/run_suites.sh sums. */
#ifndef TALLY_H
#define TALLY_H

#include <stdbool.h>

#include "scenario.h"

#define TALLY_SHOWN 30 /* failures printed in full; the rest are only counted */

/* What the test is doing now; printed with every failure. */
extern char tally_context[200];

/* Count ok; when false, print the message (printf-style) with the context. Returns ok. */
bool tally_check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The run's painted stack high water within the image's proven bound (stack.txt beside it,
 * from tools/stack_depth.py): two checks; a bound missing or passed fails. */
void tally_stack(const scn_t *s);

/* Print "<suite>: N passed, M failed"; the exit status: 0 when nothing failed. */
int tally_finish(const char *suite);

#endif
