/* The watchdog's hooks for standby (power-down must not be woken or reset by it). A
 * placeholder with empty bodies until the watchdog module (branch `watchdog`) replaces this
 * header with the real functions. */
#ifndef WATCHDOG_H
#define WATCHDOG_H

/* Stop the watchdog before power-down. */
static inline void watchdog_pause(void) {}
/* Start it again after the wake-up. */
static inline void watchdog_resume(void) {}

#endif
