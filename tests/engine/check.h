/* A tiny test framework shared by the host and the AVR builds of the test suites.
 * CHECK() counts passes inline and only calls out on a failure. On the AVR the file name
 * and messages stay in flash, the message's arguments are left out (flash is too small for
 * the code that passes them: conversions print as '?', the host run shows the values) and
 * printf is not used at all, which keeps vfprintf's 1.8 KB out of the firmware. */
#ifndef CHECK_H
#define CHECK_H

#include <stdint.h>
#include <stdio.h>

#ifdef __AVR__
#include <avr/pgmspace.h>
#define CHECK_STR(s) PSTR(s) /* a string literal in flash */
#define CHECK_FLASH PROGMEM
#else
#define CHECK_STR(s) (s)
#define CHECK_FLASH
#endif

#ifndef CHECK_MAX_PRINTED
#define CHECK_MAX_PRINTED 20 /* failures printed per suite; all are counted */
#endif

extern uint32_t check_passed; /* checks passed in the current suite */
extern uint32_t check_failed; /* checks failed in the current suite */

/* The name of the file being compiled, once per file (in flash on the AVR). */
static const char check_file[] CHECK_FLASH __attribute__((unused)) = __BASE_FILE__;

/* Record a passed check when cond holds, else print "FAIL file:line: message" (printf format). */
#ifdef __AVR__
#define CHECK(cond, fmt, ...)                                                                      \
    do {                                                                                           \
        if (cond) {                                                                                \
            check_passed++;                                                                        \
        } else {                                                                                   \
            check_fail(check_file, __LINE__, CHECK_STR(fmt));                                      \
            (void)sizeof(printf(fmt, ##__VA_ARGS__)); /* type-checks, generates nothing */         \
        }                                                                                          \
    } while (0)
#else
#define CHECK(cond, fmt, ...)                                                                      \
    do {                                                                                           \
        if (cond)                                                                                  \
            check_passed++;                                                                        \
        else                                                                                       \
            check_fail(check_file, __LINE__, fmt, ##__VA_ARGS__);                                  \
    } while (0)
#endif

/* Count a failure and print it while under the limit (AVR: file and fmt in flash, no values). */
void check_fail(const char *file, uint16_t line, const char *fmt, ...);
/* Describe what is being tested: called after each printed failure, NULL for nothing. */
void check_context(void (*print)(void));
/* Print "<suite>: N passed, M failed", start a new suite, return M. */
uint32_t check_summary(const char *suite);

/* Output for failure contexts, small enough for the AVR (no printf there). */
void check_puts_P(const char *s); /* a string in flash (CHECK_STR) */
void check_puts(const char *s);   /* a string in RAM */
void check_put_u32(uint32_t v);   /* decimal */

#ifdef __AVR__
/* A test firmware under simavr: stdout on UART0 at 115200 8N1. */
void check_avr_begin(void);
/* Print the suite's summary, hand the simulator the result (exit 0 or 1) once the last byte
 * has left, and sleep for good. */
void check_avr_end(const char *suite) __attribute__((noreturn));
#endif

#endif
