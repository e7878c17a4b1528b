/* sim_core.h: a small library around libsimavr for running Grundy firmware on the host.
 * One sim_t is one simulated ATmega328P loaded from an ELF: UART0 in and out, the probe
 * protocol of sim_probe.h (cycle measurements and exit codes), stack painting, the EEPROM with
 * a count of the firmware's byte writes, resets, and a run loop.
 * Board models (buttons, LEDs, displays) attach to the avr_t returned by sim_avr().
 * Include it as "sim_core.h" from sim/ or with -I sim before pkg-config's -I/usr/include/simavr:
 * simavr installs a different header with the same name there. */
#ifndef GRUNDY_SIM_CORE_H
#define GRUNDY_SIM_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct avr_t;
typedef struct sim sim_t;

typedef enum {
    SIM_RUNNING = 0, /* sim_run_for() only: the requested time passed, the firmware runs on */
    SIM_DONE,        /* the firmware slept with interrupts off (cli; sleep) */
    SIM_EXITED,      /* the firmware used sim_probe_exit(); see sim_exit_code() */
    SIM_CRASHED,     /* simavr detected a crash (bad RAM write, stack overflow...) */
    SIM_TIMEOUT,     /* sim_run() only: the cycle limit was reached */
    SIM_EEPROM_STOP, /* the EEPROM write armed with sim_eeprom_stop_at() has just happened */
} sim_status_t;

typedef struct {
    size_t count;
    uint64_t min, median, max; /* median: the lower of the two middle values for even counts */
} sim_stats_t;

/* How long the chip takes to program one EEPROM byte (datasheet Table 8-1: 3.4 ms to erase and
 * write, EEPM 00, as avr-libc does; 1.8 ms to erase only or write only). simavr 1.6 stores the
 * byte and clears EEPE at once; this library keeps EEPE set for that long, ignores EEPE and EERE
 * strobes and EEAR writes meanwhile, and requests EE_READY while EERIE is set and EEPE clear, as
 * the chip does. A reset (pin, watchdog) does not stop a write under way; a power cut does. */
#define SIM_EEPROM_WRITE_US 3400

/* One EEPROM byte programmed by the firmware. */
typedef struct {
    uint16_t addr;
    uint8_t before, after; /* the byte before the write, and the value written */
    uint64_t cycle;        /* the cycle EEPE was set on */
} sim_eeprom_write_t;

/* What sim_reset() models. */
typedef enum {
    SIM_RESET_PIN,   /* the RESET pin pulled low (a reset button): SRAM and registers kept */
    SIM_RESET_POWER, /* power off and on: SRAM and registers hold garbage at power-up */
    SIM_RESET_BROWNOUT, /* the supply dipped below the brown-out level and came back before
                         * SRAM lost its contents: SRAM and registers kept, BORF added */
} sim_reset_t;

/* Called for every complete UART0 line, without CR or LF, as it arrives. */
typedef void (*sim_line_fn)(sim_t *sim, const char *line, void *user);

/* Load an ELF into a new simulated MCU (its AVR_MCU section, else atmega328p at 16 MHz);
 * returns NULL and a message in err on failure. */
sim_t *sim_open(const char *elf_path, char *err, size_t errlen);

/* Free everything sim_open() allocated; NULL is ignored. */
void sim_close(sim_t *sim);

/* One step of splitmix64 on *state: a small seedable generator for part models and tests. */
uint64_t sim_random_next(uint64_t *state);

/* Format a message into err (errlen bytes; nothing when err is NULL or errlen 0). */
void sim_set_error(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The underlying simavr core, for attaching part models through IRQs. */
struct avr_t *sim_avr(sim_t *sim);

/* Simulated clock frequency in Hz. */
uint32_t sim_frequency(const sim_t *sim);

/* Cycles simulated since reset, time asleep included. */
uint64_t sim_cycles(const sim_t *sim);

/* Off (default): run as fast as possible. On: never run ahead of the wall clock. */
void sim_set_realtime(sim_t *sim, bool on);

/* Run until the firmware stops, exits or crashes, or max_cycles more cycles have passed;
 * never returns SIM_RUNNING. A finished firmware keeps returning its final status. */
sim_status_t sim_run(sim_t *sim, uint64_t max_cycles);

/* Run for `cycles` more cycles (SIM_RUNNING) unless the firmware stops, exits or crashes first. */
sim_status_t sim_run_for(sim_t *sim, uint64_t cycles);

/* Exit code passed to sim_probe_exit(); meaningful after SIM_EXITED. */
int sim_exit_code(const sim_t *sim);

/* Restart the firmware at the reset address (0, or the boot section a harness set in
 * avr->reset_pc) as a reset of that kind does on the chip, at once and with the cycle counter
 * running on: I/O registers to their reset values, MCUSR with EXTRF (pin) or BORF (brown-out)
 * added, or PORF alone (power), every port an input again (pin-driven LEDs go dark), undriven
 * pins low as at power-up while externally driven ones keep their level (a held button stays
 * held), EEPROM kept. Power: registers and SRAM are filled from a generator seeded with seed,
 * except the painted stack area, which is painted again (the stack high water so far is kept).
 * A half-received UART line is ended as it stands; queued UART input waits for the receiver.
 * Not counted by sim_restarts(). simavr cancels every cycle timer on reset: part models must
 * schedule theirs again. */
void sim_reset(sim_t *sim, sim_reset_t kind, uint64_t seed);

/* Byte address of the instruction the last step started at; after SIM_CRASHED, the one that
 * crashed (simavr's own pc has moved past it by then). */
uint32_t sim_pc(const sim_t *sim);

/* Times execution came back to the reset address (avr->reset_pc) after the run began: a jump
 * there or a watchdog reset, which simavr turns into a silent restart of the firmware (sim_reset() is not
 * counted). from_pc (if not NULL) receives the byte address of the instruction executed just
 * before the last one. */
unsigned sim_restarts(const sim_t *sim, uint32_t *from_pc);

/* ---- power: time asleep, wake-ups, interrupts-off time ---- */

#define SIM_VECTORS 26              /* the ATmega328P's interrupt vectors, reset included */
#define SIM_SPI_SIMAVR_CYCLES 1600  /* an SPI byte in simavr 1.6 (100 us, whatever the clock) */
#define SIM_SPI_CHIP_CYCLES 32      /* the same byte on the chip at fosc/4 */
#define SIM_IRQ_ENTRY_CYCLES 4      /* the chip's interrupt response; simavr 1.6 takes none */

/* Registers read at the last SLEEP instruction (sim_power_t.at_sleep). */
enum {
    SIM_AT_SMCR, SIM_AT_MCUCR, SIM_AT_PRR, SIM_AT_TCCR0B, SIM_AT_TCCR1B, SIM_AT_TCCR2B,
    SIM_AT_PCICR, SIM_AT_PCMSK0, SIM_AT_PCMSK1, SIM_AT_PCMSK2, SIM_AT_EIMSK, SIM_AT_WDTCSR,
    SIM_AT_ADCSRA, SIM_AT_ACSR, SIM_AT_UCSR0B, SIM_AT_PORTD, SIM_AT_DDRD, SIM_AT_PCIFR, SIM_AT_COUNT
};

/* Counted since sim_power_watch(). The avr_run() call that executes SLEEP already advances the
 * cycle counter over the first sleep stretch: SLEEP's own cycle is booked awake, the rest of
 * that call asleep, and every later call that starts asleep is asleep. SPI bytes cost the
 * chip's 32 cycles: the other 1,568 of simavr's 1,600 are moved from awake to asleep (the
 * firmware waits for each byte awake, and the chip would have slept that long). */
typedef struct {
    uint64_t awake, asleep;  /* cycles, SPI corrected */
    uint64_t sleeps;         /* SLEEP instructions executed */
    uint64_t wakeups;        /* sleeps ended by an interrupt */
    uint64_t spi_bytes;      /* SPI bytes sent */
    int wake_vector;         /* the vector that ended the last sleep; -1 if none yet */
    /* per vector: handlers entered, and the longest stretch with interrupts off from the
     * entry to the return, in chip cycles (the 4-cycle response added, SPI bytes at 32) */
    uint64_t irq_count[SIM_VECTORS], irq_off_max[SIM_VECTORS];
    uint64_t cli_max;        /* the longest stretch main code kept interrupts off (cli) */
    uint8_t at_sleep[SIM_AT_COUNT]; /* the registers at the last SLEEP */
} sim_power_t;

/* Start counting (again) from now; counting costs a little host time on every step. */
void sim_power_watch(sim_t *sim);

/* The counts so far (zeros if sim_power_watch() was never called). */
const sim_power_t *sim_power(const sim_t *sim);

/* On: model the Uno's bootloader, which clears MCUSR before the firmware starts: after every
 * reset (sim_reset() and watchdog resets) MCUSR reads 0. Off by default. */
void sim_set_bootloader(sim_t *sim, bool on);

/* How many of sim_restarts() were watchdog resets (WDRF set as the firmware restarted). */
unsigned sim_watchdog_resets(const sim_t *sim);

/* The longest time, in cycles, between two WDR instructions (watchdog feeds) since sim_open() or
 * the last restart of the count; restart: begin a new count after reading this one. Resets
 * and sim_reset() end a gap without counting it. */
uint64_t sim_wdr_gap(sim_t *sim, bool restart);

/* Watchdog: in interrupt-and-reset mode the chip resets when the watchdog interrupt is still
 * pending at the next timeout (a handler stuck with interrupts off); simavr 1.6 does not, and
 * the run loop applies that rule itself, as simavr's own watchdog reset (WDRF set). After any
 * watchdog reset the pins are told they float, as sim_reset() does. */

/* ---- EEPROM ---- */

/* EEPROM size in bytes (1024 on the ATmega328P); 0 if the MCU has none. */
size_t sim_eeprom_size(const sim_t *sim);

/* Copy the first len bytes of the EEPROM (at most its size) into buf; returns the count copied.
 * The EEPROM starts as 0xFF, like an erased chip. */
size_t sim_eeprom_get(const sim_t *sim, uint8_t *buf, size_t len);

/* Overwrite the first len bytes of the EEPROM (at most its size) from buf, as a programmer
 * would: not counted as firmware writes. Returns the count copied. */
size_t sim_eeprom_set(sim_t *sim, const uint8_t *buf, size_t len);

/* EEPROM bytes the firmware has programmed (an EEPE strobe within 4 cycles of EEMPE, as
 * avr-libc's eeprom_write_* do for every byte and eeprom_update_* for each byte that differs)
 * since sim_open(), across resets. */
uint64_t sim_eeprom_writes(const sim_t *sim);

/* The firmware's last EEPROM byte write, into *w; false (and *w untouched) if none yet. */
bool sim_eeprom_last_write(const sim_t *sim, sim_eeprom_write_t *w);

/* True while the firmware's last EEPROM byte is still being programmed (EEPE set). */
bool sim_eeprom_busy(const sim_t *sim);

/* Arm a stop: the run under way returns SIM_EEPROM_STOP right after the instruction that makes
 * EEPROM write number n (as counted by sim_eeprom_writes()), before another instruction runs,
 * and the stop disarms. 0 disarms; a count already reached never fires. */
void sim_eeprom_stop_at(sim_t *sim, uint64_t n);

/* Install the per-line callback (NULL to remove). */
void sim_set_line_callback(sim_t *sim, sim_line_fn fn, void *user);

/* Queue bytes for UART0 input; they are fed from the run loop while the UART signals XON,
 * so bytes wait until the firmware has enabled its receiver and has room. */
void sim_uart_send(sim_t *sim, const uint8_t *bytes, size_t n);

/* Number of bytes queued by sim_uart_send() and not yet delivered. */
size_t sim_uart_pending(const sim_t *sim);

/* All bytes UART0 has sent so far, CRs included; *len receives the count. */
const uint8_t *sim_uart_output(const sim_t *sim, size_t *len);

/* Number of complete lines received so far. */
size_t sim_uart_line_count(const sim_t *sim);

/* Complete line i (0-based), without CR or LF; NULL when out of range. */
const char *sim_uart_line(const sim_t *sim, size_t i);

/* Text received after the last LF (never NULL, maybe ""). */
const char *sim_uart_partial_line(const sim_t *sim);

/* Summary of the measurements recorded for tag; returns false (and zeros) if there are none. */
bool sim_probe_stats(const sim_t *sim, uint8_t tag, sim_stats_t *stats);

/* The measured cycle counts for tag in arrival order, overhead already subtracted. */
const uint64_t *sim_probe_samples(const sim_t *sim, uint8_t tag, size_t *count);

/* Name given to tag by a "#probe <tag> <name>" UART line, or NULL. */
const char *sim_probe_name(const sim_t *sim, uint8_t tag);

/* Write "tag <n> count <c> min <a> median <b> max <d>[ name <name>]" for every tag that has
 * measurements, in tag order. */
void sim_probe_write_stats(const sim_t *sim, FILE *out);

/* Look up an ELF symbol's value (data addresses keep their 0x800000 offset); false if absent. */
bool sim_symbol(const sim_t *sim, const char *name, uint32_t *value);

/* Fill the RAM between the end of .bss/.noinit (ELF symbol _end) and RAMEND with pattern; call
 * before running. */
void sim_paint_ram(sim_t *sim, uint8_t pattern);

/* Deepest stack use in bytes since sim_paint_ram(): RAMEND + 1 minus the lowest address
 * (scanning up from the end of .bss) that no longer holds the pattern; 0 if none or unpainted;
 * the deepest before a power-cycle sim_reset() counts too. Heap use counts as stack; a deepest
 * byte that happens to equal the pattern is missed. */
size_t sim_stack_high_water(const sim_t *sim);

#endif /* GRUNDY_SIM_CORE_H */
