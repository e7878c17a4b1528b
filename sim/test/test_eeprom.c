/* test_eeprom.c: checks the simulator's EEPROM and reset support against eeprom_fw.c: reading
 * and preloading the EEPROM, counting the firmware's byte writes exactly (eeprom_update_* skips
 * equal bytes), stopping right after the n-th write, that simavr's EEPROM still works, and
 * scn_reset(): button and power resets, held buttons, torn bytes, unexpected restarts.
 * Usage: test_eeprom dir/with/eeprom_fw.elf; ends with "N passed, M failed". */
#include "scenario.h"

#include <sim_avr.h>

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define EE_SIZE 1024
#define BLOCK 0x20
#define BLOCK_LEN 16
#define LAST 0x3FF
#define CYCLES_PER_MS 16000u
/* A 16-byte block at the chip's 3.4 ms a byte (54.4 ms), with room to spare. */
#define BLOCK_MS 100

#include "check.h"

static const char *dir;

/* What eeprom_fw.c writes: P by 'w' and 'p', Q by 'u'. */
static uint8_t pattern_p(unsigned i) {
    return (uint8_t)(0xA0 + i);
}

static uint8_t pattern_q(unsigned i) {
    static const uint8_t q[BLOCK_LEN] = {0xA0, 0xA1, 0xA2, 0x13, 0xA4, 0xA5, 0xA6, 0x17,
                                         0xA8, 0xA9, 0xAA, 0xAB, 0x1C, 0xAD, 0xAE, 0xAF};
    return q[i];
}

static sim_t *open_fw(void) {
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/eeprom_fw.elf", dir);
    sim_t *sim = sim_open(path, err, sizeof err);
    if (!sim) {
        printf("FAIL: %s\n", err);
        printf("%d passed, %d failed\n", passed, failed + 1);
        exit(1);
    }
    return sim;
}

/* Run until a line starting with prefix arrives after line `from`, at most ms; it, or NULL. */
static const char *core_wait(sim_t *sim, size_t from, const char *prefix, unsigned ms) {
    uint64_t end = sim_cycles(sim) + (uint64_t)ms * CYCLES_PER_MS;
    for (;;) {
        for (size_t i = from; i < sim_uart_line_count(sim); i++)
            if (strncmp(sim_uart_line(sim, i), prefix, strlen(prefix)) == 0)
                return sim_uart_line(sim, i);
        if (sim_cycles(sim) >= end || sim_run_for(sim, CYCLES_PER_MS / 10) != SIM_RUNNING)
            return NULL;
    }
}

/* Send a command and wait for its "@done c" (or, for 'd', its "@ee" line). */
static const char *core_command(sim_t *sim, char c) {
    char want[16];
    snprintf(want, sizeof want, c == 'd' ? "@ee" : "@done %c", c);
    size_t from = sim_uart_line_count(sim);
    sim_uart_send(sim, (const uint8_t *)&c, 1);
    return core_wait(sim, from, want, BLOCK_MS);
}

static sim_t *core_boot(void) {
    sim_t *sim = open_fw();
    CHECK(core_wait(sim, 0, "@boot", 20) != NULL);
    return sim;
}

/* The whole EEPROM reads back as preloaded, the firmware reads the same through simavr's EEPROM
 * module (behind the counting hook), and preloading is not a firmware write. */
static void test_get_set(void) {
    sim_t *sim = open_fw();
    uint8_t want[EE_SIZE], got[EE_SIZE + 8];
    CHECK(sim_eeprom_size(sim) == EE_SIZE);
    memset(got, 0, sizeof got);
    CHECK(sim_eeprom_get(sim, got, sizeof got) == EE_SIZE);
    size_t blank = 0;
    for (size_t i = 0; i < EE_SIZE; i++)
        blank += got[i] == 0xFF;
    CHECKF(blank == EE_SIZE, "%zu of %d bytes are 0xFF at start", blank, EE_SIZE);
    uint64_t rng = 42;
    for (size_t i = 0; i < EE_SIZE; i++)
        want[i] = (uint8_t)sim_random_next(&rng);
    CHECK(sim_eeprom_set(sim, want, sizeof want) == EE_SIZE);
    memset(got, 0, sizeof got);
    CHECK(sim_eeprom_get(sim, got, EE_SIZE) == EE_SIZE && memcmp(got, want, EE_SIZE) == 0);
    CHECK(sim_eeprom_get(sim, got, 3) == 3);
    uint8_t two[2] = {0x11, 0x22};
    CHECK(sim_eeprom_set(sim, two, 2) == 2);
    want[0] = 0x11;
    want[1] = 0x22;
    CHECK(sim_eeprom_get(sim, got, EE_SIZE) == EE_SIZE && memcmp(got, want, EE_SIZE) == 0);

    CHECK(core_wait(sim, 0, "@boot", 20) != NULL);
    const char *l = core_command(sim, 'd');
    char line[64] = "@ee ";
    for (unsigned i = 0; i < BLOCK_LEN; i++)
        snprintf(line + 4 + 2 * i, 3, "%02x", want[BLOCK + i]);
    snprintf(line + 4 + 2 * BLOCK_LEN, 4, " %02x", want[LAST]);
    CHECKF(l && strcmp(l, line) == 0, "firmware read '%s', want '%s'", l ? l : "(nothing)", line);
    CHECK(sim_eeprom_writes(sim) == 0);
    sim_eeprom_write_t w;
    CHECK(!sim_eeprom_last_write(sim, &w));
    sim_close(sim);
}

/* Bytes of the EEPROM that differ from before[], as a count; first and last such address. */
static size_t diff(const uint8_t *before, const uint8_t *after, size_t *lo, size_t *hi) {
    size_t n = 0;
    for (size_t i = 0; i < EE_SIZE; i++)
        if (before[i] != after[i]) {
            if (!n) *lo = i;
            *hi = i;
            n++;
        }
    return n;
}

/* The counter counts exactly the bytes programmed: every byte of a write, only the changed
 * bytes of an update, none of the reads; the bytes land where avr-libc put them. */
static void test_counter(void) {
    sim_t *sim = core_boot();
    uint8_t ee0[EE_SIZE], ee[EE_SIZE];
    sim_eeprom_get(sim, ee0, EE_SIZE);
    CHECK(core_command(sim, 'w') != NULL);
    CHECKF(sim_eeprom_writes(sim) == BLOCK_LEN, "%llu writes",
           (unsigned long long)sim_eeprom_writes(sim));
    sim_eeprom_get(sim, ee, EE_SIZE);
    size_t lo = 0, hi = 0, n = diff(ee0, ee, &lo, &hi);
    CHECKF(n == BLOCK_LEN && lo == BLOCK && hi == BLOCK + BLOCK_LEN - 1, "%zu bytes changed", n);
    bool is_p = true;
    for (unsigned i = 0; i < BLOCK_LEN; i++)
        is_p &= ee[BLOCK + i] == pattern_p(i);
    CHECK(is_p);
    sim_eeprom_write_t w = {0};
    CHECK(sim_eeprom_last_write(sim, &w));
    CHECKF(w.addr == BLOCK + BLOCK_LEN - 1 && w.before == 0xFF && w.after == pattern_p(15) &&
               w.cycle > 0 && w.cycle <= sim_cycles(sim),
           "last write %03x %02x->%02x", w.addr, w.before, w.after);

    CHECK(core_command(sim, 'p') != NULL); /* update with equal data: nothing programmed */
    CHECK(sim_eeprom_writes(sim) == BLOCK_LEN);
    CHECK(core_command(sim, 'u') != NULL); /* three bytes differ */
    CHECKF(sim_eeprom_writes(sim) == BLOCK_LEN + 3, "%llu writes",
           (unsigned long long)sim_eeprom_writes(sim));
    memcpy(ee0, ee, EE_SIZE);
    sim_eeprom_get(sim, ee, EE_SIZE);
    n = diff(ee0, ee, &lo, &hi);
    CHECKF(n == 3 && ee[BLOCK + 3] == pattern_q(3) && ee[BLOCK + 7] == pattern_q(7) &&
               ee[BLOCK + 12] == pattern_q(12),
           "%zu bytes changed", n);
    /* avr-libc's eeprom_update_block goes from the last byte down: byte 3 comes last. */
    CHECK(sim_eeprom_last_write(sim, &w) && w.addr == BLOCK + 3 && w.before == pattern_p(3) &&
          w.after == pattern_q(3));
    const char *l = core_command(sim, 'd');
    CHECKF(l && strcmp(l, "@ee a0a1a213a4a5a617a8a9aaab1cadaeaf ff") == 0, "'%s'", l ? l : "");
    CHECK(sim_eeprom_writes(sim) == BLOCK_LEN + 3); /* reading counts nothing */

    CHECK(core_command(sim, 'w') != NULL); /* write_block programs equal bytes too */
    CHECK(sim_eeprom_writes(sim) == 2 * BLOCK_LEN + 3);
    CHECK(core_command(sim, 'b') != NULL); /* the last address: 0xFF + 1 */
    CHECK(sim_eeprom_writes(sim) == 2 * BLOCK_LEN + 4);
    sim_eeprom_get(sim, ee, EE_SIZE);
    CHECK(ee[LAST] == 0x00 && sim_eeprom_last_write(sim, &w) && w.addr == LAST);
    CHECK(sim_run_for(sim, 10 * CYCLES_PER_MS) == SIM_RUNNING);
    sim_close(sim);
}

/* Stopping right after write k leaves exactly k bytes written, the k-th last; the stop fires
 * once and the firmware then finishes. */
static void test_stop(void) {
    for (unsigned k = 1; k <= BLOCK_LEN; k++) {
        sim_t *sim = core_boot();
        sim_eeprom_stop_at(sim, k);
        sim_uart_send(sim, (const uint8_t *)"w", 1);
        sim_status_t st = sim_run(sim, BLOCK_MS * CYCLES_PER_MS);
        CHECKF(st == SIM_EEPROM_STOP, "k %u: status %d", k, (int)st);
        CHECKF(sim_eeprom_writes(sim) == k, "k %u: %llu writes", k,
               (unsigned long long)sim_eeprom_writes(sim));
        uint8_t ee[EE_SIZE];
        sim_eeprom_get(sim, ee, EE_SIZE);
        size_t wrong = 0;
        for (unsigned i = 0; i < EE_SIZE; i++) {
            bool written = i >= BLOCK && i < BLOCK + k;
            wrong += ee[i] != (written ? pattern_p(i - BLOCK) : 0xFF);
        }
        CHECKF(wrong == 0, "k %u: %zu bytes wrong", k, wrong);
        sim_eeprom_write_t w;
        CHECK(sim_eeprom_last_write(sim, &w) && w.addr == BLOCK + k - 1);
        /* The very next instruction has not run: the hook stopped in the strobing one. */
        CHECKF(sim_cycles(sim) - w.cycle < 8, "k %u: stopped %llu cycles after the write", k,
               (unsigned long long)(sim_cycles(sim) - w.cycle));
        CHECK(core_wait(sim, 0, "@done w", BLOCK_MS) != NULL);
        CHECK(sim_eeprom_writes(sim) == BLOCK_LEN);
        sim_close(sim);
    }

    sim_t *sim = core_boot();
    sim_eeprom_stop_at(sim, 5);
    sim_eeprom_stop_at(sim, 0); /* disarmed */
    CHECK(core_command(sim, 'w') != NULL && sim_eeprom_writes(sim) == BLOCK_LEN);
    sim_eeprom_stop_at(sim, 3); /* already reached: never fires */
    CHECK(core_command(sim, 'w') != NULL && sim_eeprom_writes(sim) == 2 * BLOCK_LEN);
    sim_eeprom_stop_at(sim, 2 * BLOCK_LEN + 1);
    CHECK(sim_run_for(sim, 5 * CYCLES_PER_MS) == SIM_RUNNING); /* nothing written: no stop */
    sim_uart_send(sim, (const uint8_t *)"b", 1);
    CHECK(sim_run_for(sim, 5 * CYCLES_PER_MS) == SIM_EEPROM_STOP);
    CHECK(sim_eeprom_writes(sim) == 2 * BLOCK_LEN + 1);
    sim_close(sim);
}

/* The chip's write time: EEPE stays set 3.4 ms after each strobe, so avr-libc's block write takes
 * 3.4 ms a byte; the ready interrupt comes when EEPE falls (once, as the handler turns EERIE
 * off); a reset does not stop a write under way, a power cut does. */
#define EECR_DATA 0x3F
#define EEPE_BIT 0x02
static void test_write_time(void) {
    const uint64_t busy = (uint64_t)SIM_EEPROM_WRITE_US * CYCLES_PER_MS / 1000;
    sim_t *sim = core_boot();
    sim_eeprom_stop_at(sim, 1);
    sim_uart_send(sim, (const uint8_t *)"w", 1);
    CHECK(sim_run(sim, BLOCK_MS * CYCLES_PER_MS) == SIM_EEPROM_STOP);
    sim_eeprom_write_t first = {0}, last = {0};
    CHECK(sim_eeprom_last_write(sim, &first));
    CHECK(sim_eeprom_busy(sim) && (sim_avr(sim)->data[EECR_DATA] & EEPE_BIT));
    CHECK(sim_run_for(sim, busy - 100) == SIM_RUNNING);
    CHECK(sim_eeprom_busy(sim) && sim_eeprom_writes(sim) == 1); /* the next byte waits */
    sim_eeprom_stop_at(sim, BLOCK_LEN);
    CHECK(sim_run(sim, BLOCK_MS * CYCLES_PER_MS) == SIM_EEPROM_STOP);
    CHECK(sim_eeprom_last_write(sim, &last));
    const uint64_t span = last.cycle - first.cycle;
    CHECKF(span >= (BLOCK_LEN - 1) * busy && span < (BLOCK_LEN - 1) * (busy + 400),
           "16 bytes strobed over %llu cycles, 15 x %llu expected", (unsigned long long)span,
           (unsigned long long)busy);
    CHECK(core_wait(sim, 0, "@done w", BLOCK_MS) != NULL);
    CHECK(sim_run_for(sim, busy) == SIM_RUNNING && !sim_eeprom_busy(sim) &&
          !(sim_avr(sim)->data[EECR_DATA] & EEPE_BIT));

    const char *l = core_command(sim, 'i');
    l = core_wait(sim, 0, "@ready", BLOCK_MS);
    CHECKF(l && (!strcmp(l, "@ready 03 01") || !strcmp(l, "@ready 04 01")), "'%s'", l ? l : "(none)");

    /* a reset while a byte is programmed: EEPE still set after it, until the time is up */
    sim_eeprom_stop_at(sim, sim_eeprom_writes(sim) + 1);
    sim_uart_send(sim, (const uint8_t *)"b", 1);
    CHECK(sim_run(sim, BLOCK_MS * CYCLES_PER_MS) == SIM_EEPROM_STOP);
    sim_reset(sim, SIM_RESET_PIN, 1);
    CHECK(sim_eeprom_busy(sim) && (sim_avr(sim)->data[EECR_DATA] & EEPE_BIT));
    CHECK(sim_run_for(sim, busy) == SIM_RUNNING && !sim_eeprom_busy(sim) &&
          !(sim_avr(sim)->data[EECR_DATA] & EEPE_BIT));
    /* a power cut ends it */
    sim_eeprom_stop_at(sim, sim_eeprom_writes(sim) + 1);
    sim_uart_send(sim, (const uint8_t *)"b", 1);
    CHECK(sim_run(sim, BLOCK_MS * CYCLES_PER_MS) == SIM_EEPROM_STOP);
    sim_reset(sim, SIM_RESET_POWER, 1);
    CHECK(!sim_eeprom_busy(sim) && !(sim_avr(sim)->data[EECR_DATA] & EEPE_BIT));
    CHECK(core_wait(sim, 0, "@boot mcusr 01", 20) != NULL);
    sim_close(sim);
}

/* ---- scenario API ---- */

static scn_t *scn_boot(void) {
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/eeprom_fw.elf", dir);
    scn_t *s = scn_open(path, "direct", err, sizeof err);
    if (!s) {
        printf("FAIL: %s\n", err);
        printf("%d passed, %d failed\n", passed, failed + 1);
        exit(1);
    }
    CHECK(scn_wait_line(s, "@boot", 20) != NULL);
    return s;
}

/* Send a command and wait for its "@done c" (or, for 'd', its "@ee" line). */
static const char *scn_command(scn_t *s, char c) {
    char cmd[2] = {c, 0}, want[16];
    snprintf(want, sizeof want, c == 'd' ? "@ee" : "@done %c", c);
    scn_send(s, cmd);
    return scn_wait_line(s, want, BLOCK_MS);
}

/* The line "@ee ..." for block[0..15] and last. */
static void ee_line(char *line, size_t len, const uint8_t *block, uint8_t last) {
    size_t n = (size_t)snprintf(line, len, "@ee ");
    for (unsigned i = 0; i < BLOCK_LEN && n < len; i++)
        n += (size_t)snprintf(line + n, len - n, "%02x", block[i]);
    if (n < len) snprintf(line + n, len - n, " %02x", last);
}

/* The firmware's own reading of the block matches the EEPROM (after a restart, say). */
static void check_fw_reads(scn_t *s, int line) {
    uint8_t ee[EE_SIZE];
    char want[64];
    scn_eeprom_get(s, ee, EE_SIZE);
    ee_line(want, sizeof want, ee + BLOCK, ee[LAST]);
    const char *l = scn_command(s, 'd');
    check(l && strcmp(l, want) == 0, __FILE__, line, "firmware reads the EEPROM", "'%s', want '%s'",
          l ? l : "(nothing)", want);
}

/* The reset button and power cycles: the firmware boots again (EXTRF or PORF, .noinit kept or
 * garbage), the EEPROM stays, LEDs go dark at the reset and their history goes on, UART lines
 * go on, the cycle counter does not jump, and none of it is a failure. */
static void test_reset(void) {
    scn_t *s = scn_boot();
    CHECKF(strcmp(scn_line(s, 0), "@boot mcusr 01 btn 00 warm 00") == 0, "'%s'", scn_line(s, 0));
    CHECK(scn_command(s, 'w') != NULL);
    CHECK(scn_run_ms(s, 20));
    CHECK(scn_led(s, 0, 0));
    uint8_t before[EE_SIZE], after[EE_SIZE];
    scn_eeprom_get(s, before, EE_SIZE);
    uint64_t t0 = scn_cycles(s);
    size_t lines = scn_line_count(s);

    CHECK(scn_reset(s, SCN_RESET_BUTTON));
    CHECK(scn_cycles(s) == t0);
    CHECK(!scn_led(s, 0, 0)); /* every pin an input again */
    const char *l = scn_wait_line(s, "@boot", 20);
    CHECKF(l && strcmp(l, "@boot mcusr 02 btn 00 warm 01") == 0, "'%s'", l ? l : "(none)");
    CHECK(scn_line_count(s) == lines + 1 && scn_line_cycle(s, lines) > t0);
    CHECK(scn_run_ms(s, 5));
    CHECK(scn_led(s, 0, 0));
    CHECKF(sim_led_changes(scn_leds(s), 0, 0, 20) == 2, "%u changes",
           sim_led_changes(scn_leds(s), 0, 0, 20));
    CHECKF(scn_led_lit(s, 0, 0, 40) > 0.8 && scn_led_lit(s, 0, 0, 40) < 1.0, "lit %.3f",
           scn_led_lit(s, 0, 0, 40));
    scn_eeprom_get(s, after, EE_SIZE);
    CHECK(memcmp(before, after, EE_SIZE) == 0);
    check_fw_reads(s, __LINE__);
    CHECK(scn_eeprom_writes(s) == BLOCK_LEN);
    CHECK(scn_resets(s) == 1 && sim_restarts(scn_sim(s), NULL) == 0);

    CHECK(scn_reset(s, SCN_RESET_BUTTON));
    l = scn_wait_line(s, "@boot", 20);
    CHECKF(l && strcmp(l, "@boot mcusr 02 btn 00 warm 02") == 0, "'%s'", l ? l : "(none)");

    size_t hw = scn_stack_high_water(s);
    CHECK(hw > 0);
    CHECK(scn_reset(s, SCN_RESET_POWER));
    CHECKF(scn_stack_high_water(s) == hw, "stack %zu before, %zu after", hw,
           scn_stack_high_water(s));
    l = scn_wait_line(s, "@boot", 20);
    CHECKF(l && strcmp(l, "@boot mcusr 01 btn 00 warm 00") == 0, "'%s'", l ? l : "(none)");
    scn_eeprom_get(s, after, EE_SIZE);
    CHECK(memcmp(before, after, EE_SIZE) == 0);
    check_fw_reads(s, __LINE__);
    CHECK(strcmp(scn_line(s, 0), "@boot mcusr 01 btn 00 warm 00") == 0); /* history kept */

    /* A reset in the middle of a line: the part sent stands as a line of its own. */
    scn_send(s, "d");
    CHECK(scn_run_ms(s, 2));
    CHECK(scn_reset(s, SCN_RESET_BUTTON));
    l = scn_wait_line(s, "@", 20);
    CHECKF(l && strncmp(l, "@ee a0a1", 8) == 0 && strlen(l) < 30, "'%s'", l ? l : "(none)");
    l = scn_wait_line(s, "@", 20);
    CHECKF(l && strcmp(l, "@boot mcusr 02 btn 00 warm 01") == 0, "'%s'", l ? l : "(none)");
    CHECK(scn_resets(s) == 4 && scn_ok(s));
    CHECK(scn_run_ms(s, 100));
    CHECKF(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* Buttons held through a reset stay held; a press bouncing at the reset still settles. */
static void test_reset_buttons(void) {
    scn_t *s = scn_boot();
    scn_set_bounce(s, NULL);
    scn_press(s, SIM_BTN_A);
    scn_press(s, SIM_BTN_B);
    CHECK(scn_run_ms(s, 30));
    CHECK(scn_reset(s, SCN_RESET_POWER));
    const char *l = scn_wait_line(s, "@boot", 20);
    CHECKF(l && strcmp(l, "@boot mcusr 01 btn 30 warm 00") == 0, "'%s'", l ? l : "(none)");
    scn_release(s, SIM_BTN_A);
    scn_release(s, SIM_BTN_B);
    CHECK(scn_run_ms(s, 30));
    CHECK(scn_reset(s, SCN_RESET_BUTTON));
    l = scn_wait_line(s, "@boot", 20);
    CHECKF(l && strcmp(l, "@boot mcusr 02 btn 00 warm 01") == 0, "'%s'", l ? l : "(none)");

    scn_set_bounce(s, &SIM_BOUNCE_DEFAULT);
    scn_press(s, SIM_BTN_UP);
    CHECK(sim_buttons_busy(scn_buttons(s), SIM_BTN_UP));
    CHECK(scn_reset(s, SCN_RESET_BUTTON)); /* simavr drops every cycle timer here */
    CHECK(scn_run_ms(s, 30));
    CHECK(!sim_buttons_busy(scn_buttons(s), SIM_BTN_UP));
    CHECK(sim_buttons_presses(scn_buttons(s), SIM_BTN_UP) == 1);
    CHECK(sim_buttons_edges(scn_buttons(s), SIM_BTN_UP) == 9);
    CHECK(scn_reset(s, SCN_RESET_BUTTON));
    l = scn_wait_line(s, "@boot", 20);
    CHECKF(l && strncmp(l, "@boot mcusr 02 btn 01", 21) == 0, "'%s'", l ? l : "(none)");
    CHECKF(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* After resets made on purpose, a jump to 0 or a watchdog reset still fails the scenario. */
static void test_unexpected_restart(void) {
    static const char cmds[] = {'R', 'W'};
    for (size_t i = 0; i < sizeof cmds; i++) {
        scn_t *s = scn_boot();
        CHECK(scn_reset(s, SCN_RESET_BUTTON) && scn_wait_line(s, "@boot", 20));
        CHECK(scn_reset(s, SCN_RESET_POWER) && scn_wait_line(s, "@boot", 20));
        char cmd[2] = {cmds[i], 0};
        scn_send(s, cmd);
        CHECK(!scn_run_ms(s, 50));
        CHECKF(strstr(scn_failure(s), "restarted") != NULL, "'%c': '%s'", cmds[i], scn_failure(s));
        CHECK(!scn_reset(s, SCN_RESET_BUTTON) && scn_resets(s) == 2); /* failed stays failed */
        scn_close(s);
    }
}

/* Cutting the power right after write k of a 16-byte block: the firmware then reads exactly k
 * new bytes; with TORN, byte k alone is neither old nor new, unless its write had finished. */
static void test_cut(void) {
    for (unsigned k = 1; k <= BLOCK_LEN; k++) {
        for (int torn = 0; torn < 2; torn++) {
            scn_t *s = scn_boot();
            scn_send(s, "w");
            CHECK(scn_run_until_eeprom_write(s, k, BLOCK_MS));
            CHECKF(scn_eeprom_writes(s) == k, "k %u: %llu writes", k,
                   (unsigned long long)scn_eeprom_writes(s));
            uint8_t cut[EE_SIZE], after[EE_SIZE];
            scn_eeprom_get(s, cut, EE_SIZE);
            CHECK(scn_reset(s, SCN_RESET_POWER | (torn ? SCN_RESET_TORN : 0)));
            scn_eeprom_get(s, after, EE_SIZE);
            size_t lo = 0, hi = 0, n = diff(cut, after, &lo, &hi);
            if (torn) {
                unsigned a = BLOCK + k - 1;
                CHECKF(n == 1 && lo == a && after[a] != 0xFF && after[a] != pattern_p(k - 1),
                       "k %u: %zu bytes changed, first %03zx = %02x", k, n, lo, after[lo]);
            } else {
                CHECKF(n == 0, "k %u: %zu bytes changed", k, n);
            }
            CHECK(scn_eeprom_writes(s) == k); /* tearing is not a write */
            CHECK(scn_wait_line(s, "@boot", 20) != NULL);
            check_fw_reads(s, __LINE__);
            CHECKF(scn_ok(s), "%s", scn_failure(s));
            scn_close(s);
        }
    }
    /* The same seed tears the same way, another seed another way; TORN works with the reset
     * button too. */
    static const uint64_t seeds[3] = {7, 7, 8};
    uint8_t v[3];
    for (int run = 0; run < 3; run++) {
        scn_t *s = scn_boot();
        scn_set_seed(s, seeds[run]);
        scn_send(s, "w");
        CHECK(scn_run_until_eeprom_write(s, 5, BLOCK_MS));
        CHECK(scn_reset(s, SCN_RESET_BUTTON | SCN_RESET_TORN));
        uint8_t ee[EE_SIZE];
        scn_eeprom_get(s, ee, EE_SIZE);
        v[run] = ee[BLOCK + 4];
        CHECK(v[run] != pattern_p(4) && v[run] != 0xFF);
        scn_close(s);
    }
    CHECKF(v[0] == v[1] && v[1] != v[2], "torn %02x %02x %02x", v[0], v[1], v[2]);
    /* A seed whose first draw is the new value: a torn byte must still differ from it. */
    uint64_t seed = 0, r;
    do
        r = ++seed;
    while ((uint8_t)sim_random_next(&r) != pattern_p(4));
    scn_t *s = scn_boot();
    scn_set_seed(s, seed);
    scn_send(s, "w");
    CHECK(scn_run_until_eeprom_write(s, 5, BLOCK_MS));
    CHECK(scn_reset(s, SCN_RESET_POWER | SCN_RESET_TORN));
    uint8_t ee[EE_SIZE];
    scn_eeprom_get(s, ee, EE_SIZE);
    CHECKF(ee[BLOCK + 4] != pattern_p(4) && ee[BLOCK + 4] != 0xFF, "seed %llu: torn %02x",
           (unsigned long long)seed, ee[BLOCK + 4]);
    scn_close(s);

    /* A write that had 3.4 ms to finish is not torn. */
    s = scn_boot();
    CHECK(scn_command(s, 'w') != NULL);
    CHECK(scn_run_us(s, SIM_EEPROM_WRITE_US));
    uint8_t cut[EE_SIZE];
    scn_eeprom_get(s, cut, EE_SIZE);
    CHECK(scn_reset(s, SCN_RESET_POWER | SCN_RESET_TORN));
    scn_eeprom_get(s, ee, EE_SIZE);
    CHECK(memcmp(cut, ee, EE_SIZE) == 0);

    /* Waiting for writes that never come: false after max_ms, still ok; a count already
     * reached returns at once. */
    CHECK(scn_wait_line(s, "@boot", 20) != NULL);
    uint64_t t0 = scn_cycles(s);
    CHECK(!scn_run_until_eeprom_write(s, BLOCK_LEN + 1, 30));
    CHECK(scn_ok(s) && scn_cycles(s) - t0 >= 30 * CYCLES_PER_MS &&
          scn_cycles(s) - t0 < 31 * CYCLES_PER_MS);
    t0 = scn_cycles(s);
    CHECK(scn_run_until_eeprom_write(s, BLOCK_LEN, 30) && scn_cycles(s) == t0);
    scn_send(s, "b");
    CHECK(scn_run_until_eeprom_write(s, BLOCK_LEN + 1, 30));
    CHECK(scn_eeprom_writes(s) == BLOCK_LEN + 1);
    CHECKF(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_eeprom dir/with/eeprom_fw.elf\n");
        return 2;
    }
    dir = argv[1];
    test_get_set();
    test_counter();
    test_stop();
    test_write_time();
    test_reset();
    test_reset_buttons();
    test_unexpected_restart();
    test_cut();
    printf("test_eeprom: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
