/* scenario.h: scripted play of a firmware on a simulated board, for tests: run for simulated
 * milliseconds, press buttons (with contact bounce), look at the LEDs and the UART lines, read
 * and preload the EEPROM, cut the power between any two EEPROM byte writes, press reset.
 * Nothing is paced to the wall clock unless asked for (sim_set_realtime on scn_sim()).
 * Every run call checks the firmware's health: a crash, a restart (jump to 0, watchdog reset),
 * a stop (cli; sleep) or a probe exit makes it fail, and the scenario stays failed; a reset
 * made with scn_reset() is not a failure. */
#ifndef GRUNDY_SIM_SCENARIO_H
#define GRUNDY_SIM_SCENARIO_H

#include "board.h"
#include "buttons.h"
#include "leds.h"
#include "sim_core.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct scn scn_t;

#define SCN_TAP_HOLD_MS 80 /* how long scn_tap() holds a button */
#define SCN_TAP_GAP_MS 40  /* how long scn_hold()/scn_tap() run on after the release */
#define SCN_STACK_PAINT 0xC5
#define SCN_WINDOW_MS 1000 /* the classification window scn_leds_pattern() uses when given 0 */

/* Load elf onto board ("direct", ...; see sim_board_names()), paint free RAM for the stack
 * measurement; NULL and a message in err on failure. Bounce seed 1, default bounce. */
scn_t *scn_open(const char *elf, const char *board, char *err, size_t errlen);

/* Free everything; NULL is ignored. */
void scn_close(scn_t *s);

/* The parts, for finer access. */
sim_t *scn_sim(scn_t *s);
sim_leds_t *scn_leds(scn_t *s);
sim_buttons_t *scn_buttons(scn_t *s);
const sim_board_t *scn_board(const scn_t *s);

/* ---- running and health ---- */

/* Run ms of simulated time; false (and the run stops) once the firmware has failed. */
bool scn_run_ms(scn_t *s, uint32_t ms);

/* Run us microseconds of simulated time; as scn_run_ms(). */
bool scn_run_us(scn_t *s, uint64_t us);

/* True while the firmware runs normally: no crash, restart, stop or exit so far. */
bool scn_ok(const scn_t *s);

/* Why the scenario failed ("firmware crashed at pc 0x1234 after 12.300 ms"...); "" if it has not.
 */
const char *scn_failure(const scn_t *s);

/* The simulator's status: SIM_RUNNING while scn_ok(). */
sim_status_t scn_status(const scn_t *s);

/* Cycles since reset, and the same as milliseconds. */
uint64_t scn_cycles(const scn_t *s);
double scn_now_ms(const scn_t *s);

/* Deepest stack use in bytes so far (sim_stack_high_water). */
size_t scn_stack_high_water(const scn_t *s);

/* RAM never touched so far between the end of .bss and the deepest stack byte. */
size_t scn_ram_headroom(const scn_t *s);

/* The image's proven worst-case stack in bytes: the number in stack.txt beside the ELF, which
 * tools/stack_depth.py writes; 0 when there is none. A painted high water above it would mean
 * the analysis is wrong. */
size_t scn_stack_bound(const scn_t *s);

/* ---- buttons ---- */

/* Bounce used by press, release, hold and tap from now on; NULL for clean contacts. */
void scn_set_bounce(scn_t *s, const sim_bounce_t *bounce);

/* Reseed the generators of bounce, power-up RAM garbage and torn EEPROM bytes (the same seed
 * and script give the same run). */
void scn_set_seed(scn_t *s, uint64_t seed);

/* Start pressing or releasing b now (after its pending edges); no time passes. */
bool scn_press(scn_t *s, sim_button_t b);
bool scn_release(scn_t *s, sim_button_t b);

/* Press b, run ms, release, run SCN_TAP_GAP_MS; false if the firmware failed. */
bool scn_hold(scn_t *s, sim_button_t b, uint32_t ms);

/* scn_hold(s, b, SCN_TAP_HOLD_MS). */
bool scn_tap(scn_t *s, sim_button_t b);

/* Cycle at which b's last press settled (0 if none). */
uint64_t scn_press_settled(const scn_t *s, sim_button_t b);

/* ---- LEDs ---- */

/* Rows, and LEDs in a row. */
unsigned scn_rows(const scn_t *s);
unsigned scn_row_len(const scn_t *s, unsigned row);

/* LED col of row lit now. */
bool scn_led(const scn_t *s, unsigned row, unsigned col);

/* Fraction of the last ms the LED was lit. */
double scn_led_lit(const scn_t *s, unsigned row, unsigned col, uint32_t ms);

/* The LED's appearance over the last ms (see leds.h). */
sim_led_class_t scn_led_class(const scn_t *s, unsigned row, unsigned col, uint32_t ms);

/* Every LED classified over the last ms (0: SCN_WINDOW_MS), rows separated by '|', one char
 * per LED: '.' off, '#' on, '*' blink, '?' other; e.g. "###|#*..|.....". Returns buf. */
char *scn_leds_pattern(const scn_t *s, uint32_t ms, char *buf, size_t len);

/* Every LED's state now, as scn_leds_pattern() with '#' lit and '.' dark. Returns buf. */
char *scn_leds_now(const scn_t *s, char *buf, size_t len);

/* ---- UART ---- */

/* Complete lines received so far, line i (NULL out of range), and the cycle its LF arrived. */
size_t scn_line_count(const scn_t *s);
const char *scn_line(const scn_t *s, size_t i);
uint64_t scn_line_cycle(const scn_t *s, size_t i);

/* The read position of scn_wait_line(): index of the first line it has not consumed. */
size_t scn_cursor(const scn_t *s);
void scn_set_cursor(scn_t *s, size_t i);

/* Consume lines from the cursor until one starts with prefix, running the firmware up to
 * timeout_ms more for it; returns that line (its index is scn_cursor() - 1), or NULL after
 * the timeout or once the scenario has failed (the cursor then stays where it was). */
const char *scn_wait_line(scn_t *s, const char *prefix, uint32_t timeout_ms);

/* The last line starting with prefix received so far, or NULL; consumes nothing. */
const char *scn_last_line(const scn_t *s, const char *prefix);

/* Send text to the firmware's UART (queued until it listens). */
void scn_send(scn_t *s, const char *text);
/* Send n bytes, NUL bytes among them, as scn_send does. */
void scn_send_bytes(scn_t *s, const char *bytes, size_t n);

/* ---- EEPROM and resets ---- */

/* Bits of scn_reset()'s how: BUTTON or POWER, optionally with TORN. */
enum {
    SCN_RESET_BUTTON = 0, /* the reset button: SRAM kept */
    SCN_RESET_POWER = 1,  /* power off and on: SRAM and registers garbage */
    /* A power cut during the 3.4 ms an EEPROM byte takes to program: the byte strobed less than
     * SIM_EEPROM_WRITE_US ago (if any) is left with a random value, neither old nor new. */
    SCN_RESET_TORN = 2,
};

/* Copy out, or preload, the first len bytes of the EEPROM (sim_eeprom_get/_set); returns the
 * count copied. A preload is not a firmware write. */
size_t scn_eeprom_get(const scn_t *s, uint8_t *buf, size_t len);
size_t scn_eeprom_set(scn_t *s, const uint8_t *buf, size_t len);

/* EEPROM bytes the firmware has programmed since scn_open(), resets included. */
uint64_t scn_eeprom_writes(const scn_t *s);

/* Run until the firmware has programmed n EEPROM bytes in all, stopping right after the n-th
 * (before another instruction), for at most max_ms: true once n are reached (at once if they
 * already are), false when max_ms passed first or the firmware failed (scn_ok() tells which). */
bool scn_run_until_eeprom_write(scn_t *s, uint64_t n, uint32_t max_ms);

/* Reset the MCU as how says (SCN_RESET_*): it restarts at address 0 with its I/O registers
 * reset and its EEPROM kept; buttons stay as the test holds them (A and B may be held through
 * a power-up) and queued presses go on; LED history and UART lines go on; this restart is not
 * a failure. No time passes. False, and nothing done, once the scenario has failed. */
bool scn_reset(scn_t *s, unsigned how);

/* Resets made with scn_reset() so far. */
unsigned scn_resets(const scn_t *s);

/* On: a watchdog reset (a restart with WDRF in MCUSR) is expected, not a failure; other
 * restarts still fail the scenario. Off by default. */
void scn_expect_watchdog(scn_t *s, bool on);

/* Watchdog resets accepted so far (while expected). */
unsigned scn_watchdog_resets(const scn_t *s);

#endif /* GRUNDY_SIM_SCENARIO_H */
