/* check.h: the simulator test programs' checks, included once by each: CHECK(cond) and
 * CHECKF(cond, fmt, ...) count a pass or print "FAIL: file:line: cond (message)"; passed
 * and failed feed the "N passed, M failed" line each program ends with. */
#ifndef SIM_TEST_CHECK_H
#define SIM_TEST_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static int passed, failed;

static inline void check(bool ok, const char *file, int line, const char *what, const char *fmt, ...)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    printf("FAIL: %s:%d: %s", file, line, what);
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        printf(" (");
        vprintf(fmt, ap);
        printf(")");
        va_end(ap);
    }
    printf("\n");
}

#define CHECK(cond) check((cond), __FILE__, __LINE__, #cond, NULL)
#define CHECKF(cond, ...) check((cond), __FILE__, __LINE__, #cond, __VA_ARGS__)
/* A scenario (scenario.h) on the real firmware: its painted stack within the image's proven
 * bound (stack.txt beside the image, which must be there). */
#define CHECK_STACK(scn)                                                                           \
    do {                                                                                           \
        CHECKF(scn_stack_bound(scn) > 0, "no proven stack bound beside the image (stack.txt)");   \
        CHECKF(scn_stack_high_water(scn) <= scn_stack_bound(scn),                                  \
               "stack high water %zu bytes above the proven bound %zu: the analysis is wrong",    \
               scn_stack_high_water(scn), scn_stack_bound(scn));                                   \
    } while (0)

#endif
