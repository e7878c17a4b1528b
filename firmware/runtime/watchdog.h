/* The watchdog, in interrupt-then-reset mode: the main loop feeds it only while the 1 kHz tick
 * runs, so a stuck loop, a dead timer or a stuck interrupt all end in a reset. Its interrupt
 * stage (a stuck main loop) seals everything in .noinit with a CRC; the main loop also seals
 * it every WATCHDOG_SEAL_MS, for the hangs that keep that interrupt out (a stuck interrupt).
 * The boot after a watchdog reset finds the seal and resumes what .noinit holds. */
#ifndef WATCHDOG_H
#define WATCHDOG_H

#include <stdbool.h>
#include <stdint.h>

/* State a watchdog reset keeps: the startup code leaves .noinit alone, and the seal covers all
 * of it. Only main-loop state belongs there (an interrupt could change it under the seal), and
 * a cold boot must initialise it. */
#define WATCHDOG_KEEP __attribute__((section(".noinit")))

#define WATCHDOG_TIMEOUT WDTO_250MS /* each stage: the interrupt after 0.26 s, the reset 0.26 s on */
#define WATCHDOG_SEAL_MS 1024       /* the main loop seals .noinit this often (0.05 % of the CPU) */

typedef enum {
    WATCHDOG_RESET_POWER,    /* power-up or brown-out: .noinit holds garbage */
    WATCHDOG_RESET_EXTERNAL, /* the reset pin (a button, or the bootloader's serial reset) */
    WATCHDOG_RESET_WATCHDOG, /* a hang */
} watchdog_reset_t;

/* Set with WATCHDOG_RESET_WATCHDOG or _EXTERNAL by watchdog_reset_cause(): .noinit's seal holds. */
#define WATCHDOG_KEPT 0x80

/* At boot, before anything writes .noinit: find what reset the chip, then start the watchdog. */
void watchdog_start(void);
/* What reset the chip (watchdog_reset_t), with WATCHDOG_KEPT when .noinit may be resumed. */
uint8_t watchdog_reset_cause(void);
/* Feed the watchdog if the tick's time now_ms (tick_now) has moved on since the last feed; seal
 * .noinit now and then. Called by the main loop every pass, and by the waits that may last
 * longer than a pass. */
void watchdog_feed(uint16_t now_ms);
/* The main loop changed (or may have changed) kept state: the next feed seals it, so that a
 * reset 16 ms later finds it (a serial monitor opening the port resets an Uno at any time). */
void watchdog_changed(void);
/* Stop the watchdog (before power-down: it would wake or reset the chip). */
void watchdog_pause(void);
/* Start it again (after the wake); the timeout counts from now. */
void watchdog_resume(void);

#endif
