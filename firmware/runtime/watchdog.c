/* The watchdog and the record that tells the next boot what happened: MCUSR as the reset left
 * it (the Uno's bootloader clears it, so the record's own fields decide then), whether the
 * interrupt stage fired, and the CRC that seals the rest of .noinit, begun from a sum of the
 * image itself: what another image (a reflash) left is never resumed. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <avr/wdt.h>
#include <util/atomic.h>
#include <util/crc16.h>

#include "tick.h"
#include "watchdog.h"

#define WATCHDOG_WARM 0x5EED /* record.warm once a boot has run: SRAM has been kept since */
#define WATCHDOG_FEED_MS 16 /* feed at most this often */
#define WATCHDOG_TRUST_MS 4096 /* a resumed state that hangs sooner is not resumed again */
#define WATCHDOG_RESUMED 1     /* record.resumed: this boot resumed kept state */
#define WATCHDOG_YOUNG 2       /* record.resumed: this boot is younger than WATCHDOG_TRUST_MS */
#define WATCHDOG_BITS (_BV(WDIE) | _BV(WDE) | (WATCHDOG_TIMEOUT & 7) | ((WATCHDOG_TIMEOUT & 8) << 2))

extern uint8_t __noinit_start[], __noinit_end[]; /* the linker's */
extern const uint8_t __data_load_end[]; /* the linker's: the end of the image in flash */

static struct {
    uint8_t mcusr;  /* MCUSR at this boot, saved before the startup code runs */
    uint8_t fired;  /* 1: the interrupt stage sealed (the main loop was stuck) */
    uint8_t resumed; /* until this boot has run WATCHDOG_TRUST_MS: WATCHDOG_YOUNG, and
                      * WATCHDOG_RESUMED if it resumed */
    uint16_t warm;  /* WATCHDOG_WARM: a boot has run since power-up */
    uint16_t crc;   /* the seal: CRC of every other .noinit byte */
} watchdog_record WATCHDOG_KEEP;

static uint8_t watchdog_cause; /* watchdog_reset_t, with WATCHDOG_KEPT */
static uint16_t watchdog_image; /* a sum of the image's flash words: this build's identity */
static uint16_t watchdog_fed;  /* the tick's time at the last feed */
static uint16_t watchdog_sealed; /* and at the last seal */
static uint8_t watchdog_on;      /* 0 while paused: a feed must not start it again */
static uint8_t watchdog_dirty;   /* the main loop may have changed .noinit since the last seal */

/* First thing after a reset, before .data and .bss are set up (avr-libc's wdt.h): after a
 * watchdog reset the watchdog runs on at its shortest timeout until WDRF is cleared. */
__attribute__((naked, used, section(".init3"))) static void watchdog_early(void)
{
    watchdog_record.mcusr = MCUSR;
    MCUSR = 0;
    wdt_disable();
}

static uint16_t watchdog_crc(void)
{
    uint16_t crc = watchdog_image;
    /* addresses as integers: compared as pointers into different objects, GCC may assume the
     * end of watchdog_record is never __noinit_end (and read past RAM when it is) */
    const uintptr_t record = (uintptr_t)&watchdog_record;
    for (uintptr_t a = (uintptr_t)__noinit_start; a != (uintptr_t)__noinit_end; a++) {
        if (a - record < sizeof watchdog_record) continue;
        crc = _crc_ccitt_update(crc, *(const uint8_t *)a);
    }
    return crc;
}

static void watchdog_seal(uint8_t fired)
{
    const uint16_t crc = watchdog_crc();
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        watchdog_record.fired = fired;
        watchdog_record.crc = crc;
    }
}

/* The interrupt stage: the main loop has not fed for a whole timeout. Seal what it left; the
 * reset follows one timeout later (the interrupt is not enabled again here). */
ISR(WDT_vect)
{
    watchdog_seal(1);
}

void watchdog_start(void)
{
    const uint8_t flags = watchdog_record.mcusr;
    /* every word avrdude writes (.text and .data's initial values; an odd end reads the page's
     * 0xFF padding): a rotate-and-add, in which any one changed word changes the sum, 7 ms for
     * a 29 KB image where a CRC took 37 ms before the @reset line */
    uint16_t image = 0;
    for (uintptr_t a = 0; a < (uintptr_t)__data_load_end; a += 2)
        image = (uint16_t)((uint16_t)(image << 1 | image >> 15) + pgm_read_word(a));
    watchdog_image = image;
    const uint8_t sealed = watchdog_record.crc == watchdog_crc();
    uint8_t cause = WATCHDOG_RESET_POWER;
    if (flags & (_BV(PORF) | _BV(BORF))) cause = WATCHDOG_RESET_POWER;
    else if (flags & _BV(WDRF)) cause = WATCHDOG_RESET_WATCHDOG;
    else if (flags & _BV(EXTRF)) cause = WATCHDOG_RESET_EXTERNAL;
    else if (sealed && watchdog_record.fired) cause = WATCHDOG_RESET_WATCHDOG; /* MCUSR cleared */
    else if (watchdog_record.warm == WATCHDOG_WARM) cause = WATCHDOG_RESET_EXTERNAL;
    /* a resumed state that hung again at once is not resumed twice */
    const uint8_t recent = watchdog_record.resumed;
    if (cause == WATCHDOG_RESET_WATCHDOG && sealed && !(recent & WATCHDOG_RESUMED)) cause |= WATCHDOG_KEPT;
    /* the reset pin (the button, or a serial monitor opening the Uno's port) keeps the game too,
     * unless the boot before is younger than WATCHDOG_TRUST_MS: pressed twice, it starts afresh */
    if (cause == WATCHDOG_RESET_EXTERNAL && sealed && !(recent & WATCHDOG_YOUNG)) cause |= WATCHDOG_KEPT;
    watchdog_cause = cause;
    watchdog_record.warm = WATCHDOG_WARM;
    watchdog_record.fired = 0;
    watchdog_record.resumed = WATCHDOG_YOUNG | (cause & WATCHDOG_KEPT ? WATCHDOG_RESUMED : 0);
    watchdog_resume();
}

uint8_t watchdog_reset_cause(void)
{
    return watchdog_cause;
}

void watchdog_feed(uint16_t now)
{
    /* the tick must have moved (it may be dead); every few ms is enough, and cheaper */
    if (!watchdog_on || (uint16_t)(now - watchdog_fed) < WATCHDOG_FEED_MS) return;
    watchdog_fed = now;
    wdt_reset();
    WDTCSR = WATCHDOG_BITS; /* the interrupt stage again, after a late feed */
    if (watchdog_dirty || (uint16_t)(now - watchdog_sealed) >= WATCHDOG_SEAL_MS) {
        watchdog_dirty = 0;
        watchdog_sealed = now;
        watchdog_seal(0);
        if (now >= WATCHDOG_TRUST_MS) watchdog_record.resumed = 0;
    }
}

void watchdog_changed(void)
{
    watchdog_dirty = 1;
}

void watchdog_pause(void)
{
    watchdog_on = 0;
    wdt_disable();
}

void watchdog_resume(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        wdt_reset();
        WDTCSR = _BV(WDCE) | _BV(WDE);
        WDTCSR = WATCHDOG_BITS;
    }
    watchdog_fed = tick_now();
    watchdog_on = 1;
}
