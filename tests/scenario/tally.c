/* The scenario tests' one pass/fail counter, so every test program reports failures and
 * its summary line the same way. */
#include "tally.h"

#include <stdarg.h>
#include <stdio.h>

char tally_context[200];
static unsigned tally_passed, tally_failed;

bool tally_check(bool ok, const char *fmt, ...)
{
    if (ok) {
        tally_passed++;
        return true;
    }
    if (tally_failed++ < TALLY_SHOWN) {
        va_list ap;
        va_start(ap, fmt);
        printf("FAIL [%s] ", tally_context);
        vprintf(fmt, ap);
        printf("\n");
        va_end(ap);
    }
    return false;
}

int tally_finish(const char *suite)
{
    printf("%s: %u passed, %u failed\n", suite, tally_passed, tally_failed);
    return tally_failed != 0;
}

void tally_stack(const scn_t *s)
{
    tally_check(scn_stack_bound(s) > 0,
                "no proven stack bound beside the image (stack.txt from tools/stack_depth.py)");
    tally_check(scn_stack_high_water(s) <= scn_stack_bound(s),
                "stack high water %zu bytes above the proven bound %zu: the analysis is wrong",
                scn_stack_high_water(s), scn_stack_bound(s));
}
