/* scenario.c: the scripted test API of scenario.h: a sim_core MCU plus a board's LED and
 * button models, run in short slices so a failure (crash, restart, stop) is caught close to
 * where it happened, with UART lines stamped by the cycle they completed on. Resets go through
 * sim_reset(), then the button model schedules its pending edges again. */
#include "scenario.h"

#include <sim_avr.h>

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCN_SLICE_US 10000    /* longest run between two health checks */
#define SCN_WAIT_SLICE_US 100 /* run granularity of scn_wait_line() */
#define SCN_DATA_OFFSET 0x800000u
#define SCN_EEPROM_MAX 4096 /* the largest AVR EEPROM */

struct scn {
    sim_t *sim;
    const sim_board_t *board;
    sim_leds_t *leds;
    sim_buttons_t *buttons;
    void *part; /* the board's attach() handle */
    sim_bounce_t bounce;
    bool bouncing;
    uint64_t *line_cycle;
    size_t nline_cycle, line_cap;
    size_t cursor, scanned;
    size_t ram_free; /* bytes between the end of .bss and RAMEND + 1 */
    size_t stack_bound; /* proven worst-case stack (stack.txt beside the ELF); 0: none */
    bool failed;
    sim_status_t status;
    char failure[160];
    uint64_t rng; /* power-up garbage and torn bytes */
    unsigned resets;
    bool watchdog_ok;     /* watchdog resets are expected (scn_expect_watchdog) */
    unsigned restarts_ok; /* restarts seen and accepted so far */
};

static void on_line(sim_t *sim, const char *line, void *user) {
    (void)line;
    scn_t *s = user;
    if (s->nline_cycle == s->line_cap) {
        size_t cap = s->line_cap ? s->line_cap * 2 : 64;
        uint64_t *p = realloc(s->line_cycle, cap * sizeof *p);
        if (!p) {
            fprintf(stderr, "scenario: out of memory\n");
            abort();
        }
        s->line_cycle = p;
        s->line_cap = cap;
    }
    s->line_cycle[s->nline_cycle++] = sim_cycles(sim);
}

static size_t ram_free_bytes(scn_t *s) {
    static const char *const names[] = {"_end", "__heap_start", "__bss_end"};
    const avr_t *avr = sim_avr(s->sim);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        uint32_t v;
        if (sim_symbol(s->sim, names[i], &v) && v >= SCN_DATA_OFFSET &&
            v - SCN_DATA_OFFSET <= avr->ramend)
            return (size_t)(avr->ramend + 1 - (v - SCN_DATA_OFFSET));
    }
    return 0;
}

/* The number in stack.txt in elf's directory; 0 if it cannot be read. */
static size_t read_stack_bound(const char *elf) {
    char path[4096];
    const char *slash = strrchr(elf, '/');
    const int dir = slash ? (int)(slash - elf) + 1 : 0;
    if (snprintf(path, sizeof path, "%.*sstack.txt", dir, elf) >= (int)sizeof path) return 0;
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    unsigned long n = 0;
    if (fscanf(f, "%lu", &n) != 1) n = 0;
    fclose(f);
    return (size_t)n;
}

scn_t *scn_open(const char *elf, const char *board, char *err, size_t errlen) {
    const sim_board_t *b = sim_board_find(board);
    if (!b) {
        sim_set_error(err, errlen, "unknown board '%s'", board);
        return NULL;
    }
    scn_t *s = calloc(1, sizeof *s);
    if (!s) {
        sim_set_error(err, errlen, "out of memory");
        return NULL;
    }
    s->board = b;
    s->bounce = SIM_BOUNCE_DEFAULT;
    s->bouncing = true;
    s->status = SIM_RUNNING;
    s->rng = 1;
    s->sim = sim_open(elf, err, errlen);
    if (!s->sim) goto fail;
    avr_t *avr = sim_avr(s->sim);
    s->leds = sim_leds_new(avr, b->rows, b->row_len);
    if (!s->leds) {
        sim_set_error(err, errlen, "board %s: bad LED rows", b->name);
        goto fail;
    }
    if (b->led_pins && !sim_leds_attach_pins(s->leds, b->led_pins)) {
        sim_set_error(err, errlen, "board %s: LED pins do not exist on this MCU", b->name);
        goto fail;
    }
    if (b->attach && !(s->part = b->attach(avr, s->leds))) {
        sim_set_error(err, errlen, "board %s: cannot attach its parts", b->name);
        goto fail;
    }
    s->buttons = sim_buttons_new(avr, b->buttons, SIM_BTN_COUNT, 1);
    if (!s->buttons) {
        sim_set_error(err, errlen, "board %s: button pins do not exist on this MCU", b->name);
        goto fail;
    }
    sim_set_line_callback(s->sim, on_line, s);
    sim_paint_ram(s->sim, SCN_STACK_PAINT);
    s->ram_free = ram_free_bytes(s);
    s->stack_bound = read_stack_bound(elf);
    return s;
fail:
    scn_close(s);
    return NULL;
}

void scn_close(scn_t *s) {
    if (!s) return;
    sim_buttons_free(s->buttons); /* cancels its cycle timers, so before the MCU goes */
    if (s->part && s->board->detach) s->board->detach(s->part);
    sim_close(s->sim); /* before the LEDs: their IRQ hooks point into them */
    sim_leds_free(s->leds);
    free(s->line_cycle);
    free(s);
}

sim_t *scn_sim(scn_t *s) {
    return s->sim;
}

sim_leds_t *scn_leds(scn_t *s) {
    return s->leds;
}

sim_buttons_t *scn_buttons(scn_t *s) {
    return s->buttons;
}

const sim_board_t *scn_board(const scn_t *s) {
    return s->board;
}

/* ---- running and health ---- */

static void fail(scn_t *s, sim_status_t st, const char *fmt, ...) {
    char what[120];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(s->failure, sizeof s->failure, "%s after %.3f ms", what, scn_now_ms(s));
    s->failed = true;
    s->status = st;
}

static bool check(scn_t *s, sim_status_t st) {
    if (s->failed) return false;
    uint32_t from;
    switch (st) {
    case SIM_RUNNING:
    case SIM_TIMEOUT:
    case SIM_EEPROM_STOP:
        if (sim_restarts(s->sim, &from) > s->restarts_ok) {
            const unsigned n = sim_restarts(s->sim, NULL);
            if (!s->watchdog_ok || n != sim_watchdog_resets(s->sim)) {
                fail(s, SIM_RUNNING, "firmware restarted (jump to 0 or watchdog) from pc 0x%04" PRIx32,
                     from);
                return false;
            }
            s->restarts_ok = n;
        }
        return true;
    case SIM_CRASHED:
        fail(s, st, "firmware crashed at pc 0x%04" PRIx32, sim_pc(s->sim));
        return false;
    case SIM_DONE:
        fail(s, st, "firmware stopped (cli; sleep) at pc 0x%04" PRIx32, sim_pc(s->sim));
        return false;
    case SIM_EXITED:
        fail(s, st, "firmware exited with code %d", sim_exit_code(s->sim));
        return false;
    }
    return false;
}

bool scn_run_us(scn_t *s, uint64_t us) {
    const uint64_t f = sim_frequency(s->sim);
    uint64_t end = sim_cycles(s->sim) + us * f / 1000000;
    if (!check(s, SIM_RUNNING)) return false;
    while (sim_cycles(s->sim) < end) {
        uint64_t left = end - sim_cycles(s->sim), slice = (uint64_t)SCN_SLICE_US * f / 1000000;
        if (!check(s, sim_run_for(s->sim, left < slice ? left : slice))) return false;
    }
    return true;
}

bool scn_run_ms(scn_t *s, uint32_t ms) {
    return scn_run_us(s, (uint64_t)ms * 1000);
}

bool scn_ok(const scn_t *s) {
    return !s->failed;
}

const char *scn_failure(const scn_t *s) {
    return s->failure;
}

sim_status_t scn_status(const scn_t *s) {
    return s->status;
}

uint64_t scn_cycles(const scn_t *s) {
    return sim_cycles(s->sim);
}

double scn_now_ms(const scn_t *s) {
    return (double)sim_cycles(s->sim) * 1000.0 / sim_frequency(s->sim);
}

size_t scn_stack_high_water(const scn_t *s) {
    return sim_stack_high_water(s->sim);
}

size_t scn_stack_bound(const scn_t *s) {
    return s->stack_bound;
}

size_t scn_ram_headroom(const scn_t *s) {
    size_t used = sim_stack_high_water(s->sim);
    return s->ram_free > used ? s->ram_free - used : 0;
}

/* ---- EEPROM and resets ---- */

size_t scn_eeprom_get(const scn_t *s, uint8_t *buf, size_t len) {
    return sim_eeprom_get(s->sim, buf, len);
}

size_t scn_eeprom_set(scn_t *s, const uint8_t *buf, size_t len) {
    return sim_eeprom_set(s->sim, buf, len);
}

uint64_t scn_eeprom_writes(const scn_t *s) {
    return sim_eeprom_writes(s->sim);
}

bool scn_run_until_eeprom_write(scn_t *s, uint64_t n, uint32_t max_ms) {
    const uint64_t f = sim_frequency(s->sim);
    const uint64_t end = sim_cycles(s->sim) + (uint64_t)max_ms * f / 1000;
    if (!check(s, SIM_RUNNING)) return false;
    if (sim_eeprom_writes(s->sim) >= n) return true;
    sim_eeprom_stop_at(s->sim, n);
    bool reached = false;
    while (!reached && sim_cycles(s->sim) < end) {
        uint64_t left = end - sim_cycles(s->sim), slice = (uint64_t)SCN_SLICE_US * f / 1000000;
        sim_status_t st = sim_run_for(s->sim, left < slice ? left : slice);
        if (!check(s, st)) break;
        reached = st == SIM_EEPROM_STOP;
    }
    sim_eeprom_stop_at(s->sim, 0);
    return reached;
}

/* A power cut while the last byte written is still being programmed leaves it neither old nor
 * new; any earlier byte had to finish before the next could start. */
static void tear(scn_t *s) {
    sim_eeprom_write_t w;
    uint8_t ee[SCN_EEPROM_MAX];
    const uint64_t busy = (uint64_t)SIM_EEPROM_WRITE_US * sim_frequency(s->sim) / 1000000;
    if (!sim_eeprom_last_write(s->sim, &w) || sim_cycles(s->sim) - w.cycle >= busy) return;
    size_t n = sim_eeprom_get(s->sim, ee, sizeof ee);
    if (w.addr >= n) return;
    uint8_t v;
    do
        v = (uint8_t)sim_random_next(&s->rng);
    while (v == w.before || v == w.after);
    ee[w.addr] = v;
    sim_eeprom_set(s->sim, ee, n);
}

bool scn_reset(scn_t *s, unsigned how) {
    if (!check(s, SIM_RUNNING)) return false;
    if (how & SCN_RESET_TORN) tear(s);
    sim_reset(s->sim, (how & SCN_RESET_POWER) ? SIM_RESET_POWER : SIM_RESET_PIN,
              sim_random_next(&s->rng));
    sim_buttons_rearm(s->buttons);
    s->resets++;
    return true;
}

unsigned scn_resets(const scn_t *s) {
    return s->resets;
}

void scn_expect_watchdog(scn_t *s, bool on) {
    s->watchdog_ok = on;
}

unsigned scn_watchdog_resets(const scn_t *s) {
    return s->restarts_ok;
}

/* ---- buttons ---- */

void scn_set_bounce(scn_t *s, const sim_bounce_t *bounce) {
    s->bouncing = bounce != NULL;
    if (bounce) s->bounce = *bounce;
}

void scn_set_seed(scn_t *s, uint64_t seed) {
    sim_buttons_seed(s->buttons, seed);
    s->rng = seed;
}

static const sim_bounce_t *bounce_of(const scn_t *s) {
    return s->bouncing ? &s->bounce : NULL;
}

bool scn_press(scn_t *s, sim_button_t b) {
    return sim_buttons_press(s->buttons, (unsigned)b, bounce_of(s));
}

bool scn_release(scn_t *s, sim_button_t b) {
    return sim_buttons_release(s->buttons, (unsigned)b, bounce_of(s));
}

bool scn_hold(scn_t *s, sim_button_t b, uint32_t ms) {
    if (!scn_press(s, b)) return false;
    bool ok = scn_run_ms(s, ms);
    if (!scn_release(s, b)) return false;
    return ok && scn_run_ms(s, SCN_TAP_GAP_MS);
}

bool scn_tap(scn_t *s, sim_button_t b) {
    return scn_hold(s, b, SCN_TAP_HOLD_MS);
}

uint64_t scn_press_settled(const scn_t *s, sim_button_t b) {
    return sim_buttons_last_settled(s->buttons, (unsigned)b);
}

/* ---- LEDs ---- */

unsigned scn_rows(const scn_t *s) {
    return sim_leds_rows(s->leds);
}

unsigned scn_row_len(const scn_t *s, unsigned row) {
    return sim_leds_row_len(s->leds, row);
}

bool scn_led(const scn_t *s, unsigned row, unsigned col) {
    return sim_led_on(s->leds, row, col);
}

double scn_led_lit(const scn_t *s, unsigned row, unsigned col, uint32_t ms) {
    return sim_led_lit(s->leds, row, col, ms);
}

sim_led_class_t scn_led_class(const scn_t *s, unsigned row, unsigned col, uint32_t ms) {
    return sim_led_classify(s->leds, row, col, ms);
}

/* Fills buf with one char per LED from fn, rows separated by '|'. */
static char *pattern(const scn_t *s, char *buf, size_t len,
                     char (*fn)(const scn_t *, unsigned, unsigned, uint32_t), uint32_t ms) {
    size_t n = 0;
    if (!len) return buf;
    for (unsigned r = 0; r < scn_rows(s); r++) {
        if (r && n + 1 < len) buf[n++] = '|';
        for (unsigned c = 0; c < scn_row_len(s, r) && n + 1 < len; c++)
            buf[n++] = fn(s, r, c, ms);
    }
    buf[n] = 0;
    return buf;
}

static char class_char(const scn_t *s, unsigned r, unsigned c, uint32_t ms) {
    return sim_led_class_char(scn_led_class(s, r, c, ms));
}

static char now_char(const scn_t *s, unsigned r, unsigned c, uint32_t ms) {
    (void)ms;
    return scn_led(s, r, c) ? '#' : '.';
}

char *scn_leds_pattern(const scn_t *s, uint32_t ms, char *buf, size_t len) {
    return pattern(s, buf, len, class_char, ms ? ms : SCN_WINDOW_MS);
}

char *scn_leds_now(const scn_t *s, char *buf, size_t len) {
    return pattern(s, buf, len, now_char, 0);
}

/* ---- UART ---- */

size_t scn_line_count(const scn_t *s) {
    return sim_uart_line_count(s->sim);
}

const char *scn_line(const scn_t *s, size_t i) {
    return sim_uart_line(s->sim, i);
}

uint64_t scn_line_cycle(const scn_t *s, size_t i) {
    return i < s->nline_cycle ? s->line_cycle[i] : 0;
}

size_t scn_cursor(const scn_t *s) {
    return s->cursor;
}

void scn_set_cursor(scn_t *s, size_t i) {
    s->cursor = i;
}

const char *scn_wait_line(scn_t *s, const char *prefix, uint32_t timeout_ms) {
    const uint64_t f = sim_frequency(s->sim);
    const uint64_t end = sim_cycles(s->sim) + (uint64_t)timeout_ms * f / 1000;
    const size_t plen = strlen(prefix);
    size_t i = s->cursor;
    if (s->failed) return NULL;
    for (;;) {
        for (; i < scn_line_count(s); i++) {
            const char *l = scn_line(s, i);
            if (strncmp(l, prefix, plen) == 0) {
                s->cursor = i + 1;
                return l;
            }
        }
        uint64_t now = sim_cycles(s->sim);
        if (now >= end) return NULL;
        uint64_t slice = (uint64_t)SCN_WAIT_SLICE_US * f / 1000000;
        if (!check(s, sim_run_for(s->sim, end - now < slice ? end - now : slice))) return NULL;
    }
}

const char *scn_last_line(const scn_t *s, const char *prefix) {
    size_t plen = strlen(prefix);
    for (size_t i = scn_line_count(s); i > 0; i--)
        if (strncmp(scn_line(s, i - 1), prefix, plen) == 0) return scn_line(s, i - 1);
    return NULL;
}

void scn_send(scn_t *s, const char *text) {
    sim_uart_send(s->sim, (const uint8_t *)text, strlen(text));
}

void scn_send_bytes(scn_t *s, const char *bytes, size_t n) {
    sim_uart_send(s->sim, (const uint8_t *)bytes, n);
}
