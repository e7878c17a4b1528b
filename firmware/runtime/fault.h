/* Fault injection, for the watchdog's tests only: built with -DGRUNDY_FAULTS (make's faults
 * image, build/<board>/faults/), never in the shipped one, where every hook here is empty.
 * The console's command (console_fault.c) arms them: "fault loop" hangs the main loop at
 * once, "fault tick" the tick interrupt,
 * "fault save" the main loop halfway through the next EEPROM save's writing, and "fault timer"
 * stops the tick's timer (the main loop runs on whenever a UART byte wakes it). */
#ifndef FAULT_H
#define FAULT_H

#include <stdbool.h>
#include <stdint.h>

enum { FAULT_NONE, FAULT_TICK, FAULT_SAVE, FAULT_TIMER };

#ifdef GRUNDY_FAULTS
extern volatile uint8_t fault_armed;
/* Hang here for good once fault `where` is armed. */
#define FAULT_POINT(where)                  \
    do {                                    \
        if (fault_armed == (where))         \
            for (;;) {                      \
            }                               \
    } while (0)
#else
#define FAULT_POINT(where) ((void)0)
#endif

#endif
