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

#endif
