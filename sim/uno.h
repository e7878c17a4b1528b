/* uno.h: a simulated Arduino Uno around a sim_t: its bootloader in the boot section and the
 * fuses that start it (BOOTRST), UART0 on a pseudo-terminal that avrdude and serial monitors
 * open like /dev/ttyACM0, a reset whenever that port is opened (the Uno's DTR capacitor),
 * flash pages busy for the chip's write time, and resets that set MCUSR as the chip does.
 * Everything runs paced to the wall clock: avrdude and the bootloader count real time. */
#ifndef GRUNDY_SIM_UNO_H
#define GRUNDY_SIM_UNO_H

#include "sim_core.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct uno uno_t;

#define UNO_BOOT_START 0x7E00u   /* the boot section the Uno's fuses give (H=0xDE: 256 words) */
#define UNO_FLASH_BYTES 0x8000u
#define UNO_FUSE_LOW 0xFF        /* external crystal, slowest start-up */
#define UNO_FUSE_HIGH 0xDE       /* BOOTSZ 256 words, BOOTRST: reset into the boot section */
#define UNO_FUSE_EXT 0xFD        /* brown-out detection at 2.7 V */
#define UNO_PAGE_BUSY_US 4000    /* a flash page erase or write (the datasheet's 3.7-4.5 ms) */
#define UNO_PAGE_BYTES 128u      /* a flash page of the ATmega328P */
#define UNO_BYTE_US 87           /* one byte at 115,200 baud, 10 bits */

typedef enum {
    UNO_RESET_POWER,    /* unplugged and plugged in again: PORF, SRAM lost */
    UNO_RESET_BUTTON,   /* the reset button: EXTRF, SRAM kept */
    UNO_RESET_BROWNOUT, /* the supply dipped below 2.7 V and came back: BORF, SRAM kept */
} uno_reset_t;

/* Make sim an Uno: every flash byte below the boot section erased (0xFF), the bootloader from
 * the Intel hex boot_hex in the boot section, the fuses set, and a pty for UART0. It stays
 * unplugged until the port is first opened (or uno_reset()): then a power-on reset, and the
 * open's reset. (Powered with an erased application, Optiboot 4.4 jumps into the erased flash,
 * runs through it into itself again and loses two bytes of stack a pass, until the stack
 * wraps into the registers; a real Uno ships with a sketch instead.) NULL and a message in err
 * on failure. */
uno_t *uno_open(sim_t *sim, const char *boot_hex, char *err, size_t errlen);

/* Close the pty and free; the sim_t stays the caller's. NULL is ignored. */
void uno_close(uno_t *u);

/* The pty's slave path (/dev/pts/N): the Uno's serial port. */
const char *uno_port(const uno_t *u);

/* Run ms of simulated time at the wall clock's pace, carrying bytes between the pty and UART0
 * at the line rate, and resetting the chip as the port is opened. Returns the sim's status
 * (SIM_RUNNING unless the firmware stopped or crashed). */
sim_status_t uno_run_ms(uno_t *u, uint32_t ms);

/* Reset the chip as the Uno would be: MCUSR as the chip sets it, pins to their reset state
 * (plugged in first if it was not). */
void uno_reset(uno_t *u, uno_reset_t kind);

/* Resets made by opening the port so far. */
unsigned uno_port_resets(const uno_t *u);

/* Rising edges on D13 (PB5, the Uno's "L" LED) made by the bootloader so far. */
unsigned uno_d13_flashes(const uno_t *u);

/* Times the bootloader has started so far. */
unsigned uno_boot_runs(const uno_t *u);

/* The MCUSR the bootloader found at its start number run (0-based; PORF 1, EXTRF 2, BORF 4,
 * WDRF 8); 0 when that start has not happened or is too long ago (64 starts are kept). */
uint8_t uno_boot_mcusr(const uno_t *u, unsigned run);

/* Bytes from the port lost because the receiver's two-byte buffer was full, as on the chip
 * (avrdude's first sync requests, sent while Optiboot blinks D13, are). */
unsigned uno_overruns(const uno_t *u);

/* Flash page erases and writes made with SPM so far. */
unsigned uno_page_writes(const uno_t *u);

/* True if the flash holds every byte of the Intel hex file at its address; otherwise false
 * and the first difference (or the reading error) in err. */
bool uno_flash_matches(const uno_t *u, const char *hex, char *err, size_t errlen);

/* Write the Intel hex file hex into the application section as an ISP programmer would (the
 * rest of it erased, the bootloader kept), without running anything; false and a message in
 * err if it cannot. */
bool uno_program(uno_t *u, const char *hex, char *err, size_t errlen);

/* A chip with a bad flash page: from now on, SPM page writes to the page holding byte address
 * (erases still happen) do nothing, so the page reads back erased; -1 heals it. For the
 * flasher's verify test. */
void uno_lose_page(uno_t *u, long address);

/* True if the boot section still holds the bootloader as loaded. */
bool uno_boot_intact(const uno_t *u);

#endif /* GRUNDY_SIM_UNO_H */
