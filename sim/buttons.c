/* buttons.c: push buttons with contact bounce on simavr input pins (see buttons.h).
 * Each button has a queue of timed contact edges; the first edge of a press or release is
 * applied at once when nothing is queued, the rest by one simavr cycle timer per button, so
 * the chatter lands at exact simulated times whatever the caller does meanwhile. */
#include "buttons.h"

#include <avr_ioport.h>
#include <sim_avr.h>
#include <sim_cycle_timers.h>

#include <stdlib.h>

#define BTN_MAX_PORTS 12 /* 'A'..'L' */

enum { EDGE_FIRST = 1, EDGE_SETTLES = 2 };

typedef struct {
    uint64_t cycle;
    bool closed;
    uint8_t mark;
} btn_edge_t;

typedef struct {
    sim_buttons_t *owner;
    sim_pin_t pin;
    avr_irq_t *irq;
    bool contact, held;
    btn_edge_t q[SIM_BUTTONS_MAX_EDGES];
    size_t qhead, qlen;
    uint64_t edges, first, last_released;
    uint64_t *press_first, *press_settled;
    size_t npress, cap;
} btn_t;

struct sim_buttons {
    avr_t *avr;
    unsigned n;
    uint64_t rng;
    uint8_t ext_mask[BTN_MAX_PORTS], ext_value[BTN_MAX_PORTS];
    btn_t btn[SIM_BUTTONS_MAX];
};

/* splitmix64: small, seedable, good enough for chatter timing. */
static uint64_t next_random(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

sim_buttons_t *sim_buttons_new(struct avr_t *avr, const sim_pin_t *pins, unsigned n,
                               uint64_t seed) {
    if (!avr || n > SIM_BUTTONS_MAX) return NULL;
    sim_buttons_t *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->avr = avr;
    b->n = n;
    b->rng = seed;
    for (unsigned i = 0; i < n; i++) {
        btn_t *btn = &b->btn[i];
        btn->owner = b;
        btn->pin = pins[i];
        btn->irq = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(pins[i].port), pins[i].bit);
        if ((unsigned)(pins[i].port - 'A') >= BTN_MAX_PORTS || pins[i].bit > 7 || !btn->irq) {
            sim_buttons_free(b);
            return NULL;
        }
    }
    return b;
}

static avr_cycle_count_t on_edge_timer(avr_t *avr, avr_cycle_count_t when, void *param);

void sim_buttons_seed(sim_buttons_t *b, uint64_t seed) {
    b->rng = seed;
}

void sim_buttons_free(sim_buttons_t *b) {
    if (!b) return;
    for (unsigned i = 0; i < b->n; i++) {
        avr_cycle_timer_cancel(b->avr, on_edge_timer, &b->btn[i]);
        free(b->btn[i].press_first);
        free(b->btn[i].press_settled);
    }
    free(b);
}

/* Closed: drive the pin to its active level from outside, which simavr keeps through PORT
 * writes. Open: drop the drive so the pull-up decides, and raise the pulled level now. */
static void drive(btn_t *btn, bool closed) {
    sim_buttons_t *b = btn->owner;
    unsigned p = (unsigned)(btn->pin.port - 'A');
    uint8_t bit = (uint8_t)(1u << btn->pin.bit);
    bool active_level = !btn->pin.active_low;
    if (closed) {
        b->ext_mask[p] |= bit;
        b->ext_value[p] = (uint8_t)(active_level ? b->ext_value[p] | bit : b->ext_value[p] & ~bit);
    } else {
        b->ext_mask[p] &= (uint8_t)~bit;
    }
    avr_ioport_external_t ext = {.name = (unsigned char)btn->pin.port,
                                 .mask = b->ext_mask[p],
                                 .value = b->ext_value[p] & b->ext_mask[p]};
    avr_ioctl(b->avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(btn->pin.port), &ext);
    avr_raise_irq(btn->irq, closed ? active_level : !active_level);
}

static void record_press(btn_t *btn, uint64_t settled) {
    if (btn->npress == btn->cap) {
        size_t cap = btn->cap ? btn->cap * 2 : 16;
        uint64_t *f = realloc(btn->press_first, cap * sizeof *f);
        if (f) btn->press_first = f;
        uint64_t *s = realloc(btn->press_settled, cap * sizeof *s);
        if (s) btn->press_settled = s;
        if (!f || !s) return; /* out of memory: the press still happened, just not recorded */
        btn->cap = cap;
    }
    btn->press_first[btn->npress] = btn->first;
    btn->press_settled[btn->npress++] = settled;
}

static void apply_next(btn_t *btn) {
    const btn_edge_t e = btn->q[btn->qhead];
    uint64_t now = btn->owner->avr->cycle;
    btn->qhead = (btn->qhead + 1) % SIM_BUTTONS_MAX_EDGES;
    btn->qlen--;
    if (e.closed != btn->contact) {
        btn->contact = e.closed;
        btn->edges++;
        drive(btn, e.closed);
    }
    if (e.mark & EDGE_FIRST) btn->first = now;
    if (e.mark & EDGE_SETTLES) {
        if (e.closed)
            record_press(btn, now);
        else
            btn->last_released = now;
    }
}

static avr_cycle_count_t on_edge_timer(avr_t *avr, avr_cycle_count_t when, void *param) {
    (void)when;
    btn_t *btn = param;
    while (btn->qlen && btn->q[btn->qhead].cycle <= avr->cycle)
        apply_next(btn);
    return btn->qlen ? btn->q[btn->qhead].cycle : 0;
}

static btn_edge_t *queue_tail(btn_t *btn) {
    return &btn->q[(btn->qhead + btn->qlen - 1) % SIM_BUTTONS_MAX_EDGES];
}

static bool enqueue(sim_buttons_t *b, unsigned i, bool closed, const sim_bounce_t *bounce) {
    if (i >= b->n) return false;
    btn_t *btn = &b->btn[i];
    if (btn->held == closed) return true;
    unsigned extra = bounce ? 2u * bounce->bounces : 0;
    if (btn->qlen + 1 + extra > SIM_BUTTONS_MAX_EDGES) return false;

    const uint64_t now = b->avr->cycle, f = b->avr->frequency;
    const bool was_idle = btn->qlen == 0;
    uint64_t t = was_idle ? now : queue_tail(btn)->cycle + 1;
    double gaps[SIM_BUTTONS_MAX_EDGES], total = 0;
    for (unsigned k = 0; k < extra; k++) {
        double span = (double)bounce->max_gap_us - bounce->min_gap_us;
        double u = (double)(next_random(&b->rng) >> 11) / 9007199254740992.0; /* [0, 1) */
        gaps[k] = bounce->min_gap_us + (span > 0 ? u * span : 0);
        total += gaps[k];
    }
    double scale = extra && total > bounce->max_us ? bounce->max_us / total : 1.0;
    for (unsigned k = 0; k <= extra; k++) {
        if (k > 0) {
            uint64_t c = (uint64_t)(gaps[k - 1] * scale * (double)f / 1e6 + 0.5);
            t += c ? c : 1;
        }
        btn_edge_t *e = &btn->q[(btn->qhead + btn->qlen++) % SIM_BUTTONS_MAX_EDGES];
        e->cycle = t;
        e->closed = (k % 2 == 0) ? closed : !closed;
        e->mark = (uint8_t)((k == 0 && closed ? EDGE_FIRST : 0) | (k == extra ? EDGE_SETTLES : 0));
    }
    btn->held = closed;
    if (was_idle) {
        while (btn->qlen && btn->q[btn->qhead].cycle <= now)
            apply_next(btn);
        if (btn->qlen)
            avr_cycle_timer_register(b->avr, btn->q[btn->qhead].cycle - now, on_edge_timer, btn);
    }
    return true;
}

void sim_buttons_rearm(sim_buttons_t *b) {
    const uint64_t now = b->avr->cycle;
    for (unsigned i = 0; i < b->n; i++) {
        btn_t *btn = &b->btn[i];
        avr_cycle_timer_cancel(b->avr, on_edge_timer, btn);
        while (btn->qlen && btn->q[btn->qhead].cycle <= now)
            apply_next(btn);
        if (btn->qlen)
            avr_cycle_timer_register(b->avr, btn->q[btn->qhead].cycle - now, on_edge_timer, btn);
    }
}

bool sim_buttons_press(sim_buttons_t *b, unsigned i, const sim_bounce_t *bounce) {
    return enqueue(b, i, true, bounce);
}

bool sim_buttons_release(sim_buttons_t *b, unsigned i, const sim_bounce_t *bounce) {
    return enqueue(b, i, false, bounce);
}

bool sim_buttons_contact(const sim_buttons_t *b, unsigned i) {
    return i < b->n && b->btn[i].contact;
}

bool sim_buttons_held(const sim_buttons_t *b, unsigned i) {
    return i < b->n && b->btn[i].held;
}

bool sim_buttons_busy(const sim_buttons_t *b, unsigned i) {
    return i < b->n && b->btn[i].qlen > 0;
}

uint64_t sim_buttons_edges(const sim_buttons_t *b, unsigned i) {
    return i < b->n ? b->btn[i].edges : 0;
}

size_t sim_buttons_presses(const sim_buttons_t *b, unsigned i) {
    return i < b->n ? b->btn[i].npress : 0;
}

bool sim_buttons_press_cycles(const sim_buttons_t *b, unsigned i, size_t k, uint64_t *first,
                              uint64_t *settled) {
    if (i >= b->n || k >= b->btn[i].npress) return false;
    if (first) *first = b->btn[i].press_first[k];
    if (settled) *settled = b->btn[i].press_settled[k];
    return true;
}

uint64_t sim_buttons_last_settled(const sim_buttons_t *b, unsigned i) {
    if (i >= b->n || !b->btn[i].npress) return 0;
    return b->btn[i].press_settled[b->btn[i].npress - 1];
}

uint64_t sim_buttons_last_released(const sim_buttons_t *b, unsigned i) {
    return i < b->n ? b->btn[i].last_released : 0;
}
