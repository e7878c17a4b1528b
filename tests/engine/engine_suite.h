/* The engine's test suite, shared by the host runner and the AVR test firmware. */
#ifndef ENGINE_SUITE_H
#define ENGINE_SUITE_H

/* Run every engine check; results go to check.h's counters. */
void engine_suite_run(void);

#endif
