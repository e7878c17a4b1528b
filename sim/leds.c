/* leds.c: LED state and history for any board, and the wiring of pin-driven LEDs.
 * Every change is stored with its cycle in a per-LED ring, so a window's lit fraction and its
 * on/off phases can be measured afterwards; classification turns those into off/on/blink.
 * Pins are followed through simavr's per-pin IRQs plus the port's direction IRQ. */
#include "leds.h"

#include <avr_ioport.h>
#include <sim_avr.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t cycle;
    bool on;
} led_event_t;

typedef struct {
    bool on, dead; /* dead: never lit (sim_leds_set_dead) */
    uint64_t last_change;
    uint64_t changes;
    size_t head; /* next slot of ring to write */
    led_event_t ring[SIM_LED_HISTORY];
} led_t;

/* A port with LEDs on it: its pin levels and directions as last raised by simavr. */
typedef struct {
    sim_leds_t *leds;
    char name;
    uint8_t level, ddr;
} led_port_t;

/* One LED's pin, the parameter of its IRQ hook. */
typedef struct {
    led_port_t *port;
    unsigned index;
    uint8_t bit;
    bool active_low;
} led_pin_t;

#define LED_MAX_PORTS 12 /* 'A'..'L' */

struct sim_leds {
    avr_t *avr;
    unsigned rows, count;
    uint8_t row_len[SIM_BOARD_MAX_ROWS];
    unsigned row_start[SIM_BOARD_MAX_ROWS];
    led_t *led;
    led_pin_t *pins;
    led_port_t ports[LED_MAX_PORTS];
};

sim_leds_t *sim_leds_new(struct avr_t *avr, unsigned rows, const uint8_t *row_len) {
    if (!avr || rows > SIM_BOARD_MAX_ROWS) return NULL; /* 0 rows: a board with no LEDs (uno) */
    sim_leds_t *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    l->avr = avr;
    l->rows = rows;
    for (unsigned r = 0; r < rows; r++) {
        l->row_len[r] = row_len[r];
        l->row_start[r] = l->count;
        l->count += row_len[r];
    }
    l->led = calloc(l->count ? l->count : 1, sizeof *l->led);
    if (!l->led) {
        free(l);
        return NULL;
    }
    return l;
}

void sim_leds_free(sim_leds_t *leds) {
    if (!leds) return;
    free(leds->led);
    free(leds->pins);
    free(leds);
}

unsigned sim_leds_rows(const sim_leds_t *leds) {
    return leds->rows;
}

unsigned sim_leds_row_len(const sim_leds_t *leds, unsigned row) {
    return row < leds->rows ? leds->row_len[row] : 0;
}

/* Index of (row, col) in row-major order, or -1. */
static long led_index(const sim_leds_t *leds, unsigned row, unsigned col) {
    if (row >= leds->rows || col >= leds->row_len[row]) return -1;
    return (long)(leds->row_start[row] + col);
}

static void set_index(sim_leds_t *leds, unsigned i, bool on) {
    led_t *d = &leds->led[i];
    on = on && !d->dead;
    if (d->on == on) return;
    d->on = on;
    d->last_change = leds->avr->cycle;
    d->changes++;
    d->ring[d->head] = (led_event_t){leds->avr->cycle, on};
    d->head = (d->head + 1) % SIM_LED_HISTORY;
}

void sim_leds_set(sim_leds_t *leds, unsigned row, unsigned col, bool on) {
    long i = led_index(leds, row, col);
    if (i >= 0) set_index(leds, (unsigned)i, on);
}

void sim_leds_set_dead(sim_leds_t *leds, unsigned index, bool dead) {
    if (index >= leds->count) return;
    leds->led[index].dead = dead;
    if (dead) set_index(leds, index, false);
}

/* ---- pin wiring ---- */

static void update_pin(const led_pin_t *p) {
    const led_port_t *port = p->port;
    bool high = port->level >> p->bit & 1, output = port->ddr >> p->bit & 1;
    set_index(port->leds, p->index, output && high != p->active_low);
}

static void on_pin(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    led_pin_t *p = param;
    uint8_t mask = (uint8_t)(1u << p->bit);
    p->port->level = (uint8_t)((p->port->level & ~mask) | ((value & 0xff) ? mask : 0));
    update_pin(p);
}

/* A direction change can light or darken LEDs without any pin level changing. */
static void on_direction(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    led_port_t *port = param;
    sim_leds_t *leds = port->leds;
    port->ddr = (uint8_t)value;
    for (unsigned i = 0; i < leds->count; i++)
        if (leds->pins[i].port == port) update_pin(&leds->pins[i]);
}

bool sim_leds_attach_pins(sim_leds_t *leds, const sim_pin_t *pins) {
    if (leds->pins) return false;
    leds->pins = calloc(leds->count ? leds->count : 1, sizeof *leds->pins);
    if (!leds->pins) return false;
    for (unsigned i = 0; i < leds->count; i++) {
        unsigned pi = (unsigned)(pins[i].port - 'A');
        if (pi >= LED_MAX_PORTS || pins[i].bit > 7) return false;
        led_port_t *port = &leds->ports[pi];
        avr_irq_t *irq = avr_io_getirq(leds->avr, AVR_IOCTL_IOPORT_GETIRQ(pins[i].port), 0);
        if (!irq) return false;
        if (!port->leds) {
            port->leds = leds;
            port->name = pins[i].port;
            avr_ioport_state_t st = {0};
            if (avr_ioctl(leds->avr, AVR_IOCTL_IOPORT_GETSTATE(pins[i].port), &st) == 0) {
                port->ddr = (uint8_t)st.ddr;
                port->level = (uint8_t)st.port; /* outputs show PORTx */
            }
            avr_irq_register_notify(irq + IOPORT_IRQ_DIRECTION_ALL, on_direction, port);
        }
        leds->pins[i] = (led_pin_t){port, i, pins[i].bit, pins[i].active_low};
        avr_irq_register_notify(irq + pins[i].bit, on_pin, &leds->pins[i]);
    }
    for (unsigned i = 0; i < leds->count; i++)
        update_pin(&leds->pins[i]);
    return true;
}

/* ---- queries ---- */

bool sim_led_on(const sim_leds_t *leds, unsigned row, unsigned col) {
    long i = led_index(leds, row, col);
    return i >= 0 && leds->led[i].on;
}

uint64_t sim_led_last_change(const sim_leds_t *leds, unsigned row, unsigned col) {
    long i = led_index(leds, row, col);
    return i >= 0 ? leds->led[i].last_change : 0;
}

/* The window [t0, now] for the last ms milliseconds, clipped to the start of the run. */
static uint64_t window_start(const sim_leds_t *leds, uint32_t ms) {
    uint64_t span = (uint64_t)ms * leds->avr->frequency / 1000;
    return leds->avr->cycle > span ? leds->avr->cycle - span : 0;
}

/* Events of an LED from oldest to newest: count held, and the k-th of them. */
static size_t held(const led_t *d) {
    return d->changes < SIM_LED_HISTORY ? (size_t)d->changes : SIM_LED_HISTORY;
}

static const led_event_t *event(const led_t *d, size_t k) {
    return &d->ring[(d->head + SIM_LED_HISTORY - held(d) + k) % SIM_LED_HISTORY];
}

unsigned sim_led_changes(const sim_leds_t *leds, unsigned row, unsigned col, uint32_t ms) {
    long i = led_index(leds, row, col);
    if (i < 0) return 0;
    const led_t *d = &leds->led[i];
    uint64_t t0 = window_start(leds, ms);
    unsigned n = 0;
    for (size_t k = held(d); k > 0 && event(d, k - 1)->cycle > t0; k--)
        n++;
    return n;
}

/* Phase accumulator of sim_led_measure(): merges glitches, tracks complete phases. */
typedef struct {
    uint64_t glitch;
    int nphases;
    bool state;
    uint64_t len;
    /* complete phases (neither the first nor the one still running), per state */
    uint64_t sum[2], min[2], max[2];
    unsigned n[2];
} phases_t;

static void phase_close(phases_t *p) {
    if (p->nphases > 1) { /* the first phase started before the window: not complete */
        int s = p->state;
        p->sum[s] += p->len;
        if (!p->n[s] || p->len < p->min[s]) p->min[s] = p->len;
        if (p->len > p->max[s]) p->max[s] = p->len;
        p->n[s]++;
    }
}

/* Feed a segment of `len` cycles in `state`; `last` marks the segment running at the window's
 * end, which is never complete. */
static void phase_add(phases_t *p, bool state, uint64_t len, bool last) {
    if (!p->nphases) {
        p->nphases = 1;
        p->state = state;
        p->len = len;
    } else if (state == p->state || (len < p->glitch && !last)) {
        p->len += len;
    } else if (len < p->glitch) {
        p->len += len; /* a short trailing segment: cannot tell a glitch from a new phase */
    } else {
        phase_close(p);
        p->nphases++;
        p->state = state;
        p->len = len;
    }
}

void sim_led_measure(const sim_leds_t *leds, unsigned row, unsigned col, uint32_t ms,
                     sim_led_stats_t *st) {
    memset(st, 0, sizeof *st);
    st->cls = SIM_LED_OTHER;
    long i = led_index(leds, row, col);
    if (i < 0) return;
    const led_t *d = &leds->led[i];
    const uint64_t now = leds->avr->cycle, f = leds->avr->frequency;
    uint64_t t0 = window_start(leds, ms);
    size_t n = held(d), k = n;
    while (k > 0 && event(d, k - 1)->cycle > t0)
        k--;
    /* k: first event inside the window. The state at t0 is the event before it, or dark at
     * the start of the run; if the ring lost that event, the window starts at event k. */
    bool state = false;
    if (k > 0) {
        state = event(d, k - 1)->on;
    } else if (d->changes > n && n > 0) {
        t0 = event(d, 0)->cycle;
        state = event(d, 0)->on;
        k = 1;
    }
    phases_t ph = {.glitch = (uint64_t)SIM_LED_GLITCH_US * f / 1000000};
    uint64_t lit = 0, t = t0;
    for (; k < n; k++) {
        const led_event_t *e = event(d, k);
        if (state) lit += e->cycle - t;
        phase_add(&ph, state, e->cycle - t, false);
        t = e->cycle;
        state = e->on;
    }
    if (state) lit += now - t;
    phase_add(&ph, state, now - t, true);

    uint64_t span = now - t0;
    st->window_ms = (double)span * 1000.0 / (double)f;
    st->lit = span ? (double)lit / (double)span : (d->on ? 1.0 : 0.0);
    st->edges = ph.nphases > 0 ? (unsigned)ph.nphases - 1 : 0;
    if (ph.n[0] && ph.n[1]) {
        double on = (double)ph.sum[1] / ph.n[1], off = (double)ph.sum[0] / ph.n[0];
        st->hz = (double)f / (on + off);
        st->duty = on / (on + off);
        st->regular = true;
        for (int s = 0; s < 2; s++) {
            double mean = (double)ph.sum[s] / ph.n[s];
            if ((double)ph.min[s] < 0.5 * mean || (double)ph.max[s] > 1.5 * mean)
                st->regular = false;
        }
    }
    if (st->lit >= SIM_LED_ON_MIN)
        st->cls = SIM_LED_ON;
    else if (st->lit < SIM_LED_OFF_MAX)
        st->cls = SIM_LED_OFF;
    else if (st->regular && st->hz >= SIM_LED_BLINK_HZ_MIN && st->hz <= SIM_LED_BLINK_HZ_MAX &&
             st->duty >= SIM_LED_BLINK_DUTY_MIN && st->duty <= SIM_LED_BLINK_DUTY_MAX &&
             st->lit >= SIM_LED_BLINK_DUTY_MIN && st->lit <= SIM_LED_BLINK_DUTY_MAX)
        st->cls = SIM_LED_BLINK;
    else
        st->cls = SIM_LED_OTHER;
}

double sim_led_lit(const sim_leds_t *leds, unsigned row, unsigned col, uint32_t ms) {
    sim_led_stats_t st;
    sim_led_measure(leds, row, col, ms, &st);
    return st.lit;
}

sim_led_class_t sim_led_classify(const sim_leds_t *leds, unsigned row, unsigned col, uint32_t ms) {
    sim_led_stats_t st;
    sim_led_measure(leds, row, col, ms, &st);
    return st.cls;
}

const char *sim_led_class_name(sim_led_class_t c) {
    static const char *const names[] = {"off", "on", "blink", "other"};
    return (unsigned)c < 4 ? names[c] : "?";
}

char sim_led_class_char(sim_led_class_t c) {
    return (unsigned)c < 4 ? ".#*?"[c] : '?';
}
