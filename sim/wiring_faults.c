/* wiring_faults.c: the wiring faults of wiring_faults.h. What the chip reads on an LED pin that is
 * an input is decided at each read of its PINx register (simavr 1.6 reads a pulled-up input high
 * whatever holds it, and takes one fixed external level per pin, not an impedance): the harness
 * wraps the port's PIN read and sets the LED pins' bits from the model below; outputs read their
 * own PORT bit as simavr has them. The chip models get their faults through max7219.h and hc595.h. */
#include "wiring_faults.h"

#include "board_matrix8.h"
#include "board_shift595.h"
#include "scenario.h"

#include <sim_avr.h>
#include <sim_io.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WF_MAX_LEDS 32
#define WF_SLOTS 8 /* simulations with a pin model at once */
#define WF_PIN_ADDR(port) (0x23 + 3 * ((port) - 'B')) /* ATmega328P: PINx; DDRx, PORTx follow */

typedef struct wf_model wf_model_t;

/* One port whose PIN read the model wraps. */
typedef struct {
    wf_model_t *model;
    char port;
    avr_io_read_t next;
    void *next_param;
} wf_port_t;

struct wf_model {
    avr_t *avr;
    sim_wiring_t w;
    unsigned count;
    sim_pin_t pin[WF_MAX_LEDS];
    wf_port_t ports[3]; /* 'B', 'C', 'D' */
};

static wf_model_t wf_slots[WF_SLOTS];
static unsigned wf_next;

static bool wf_bit(const avr_t *avr, char port, unsigned offset, uint8_t bit) {
    return avr->data[WF_PIN_ADDR(port) + offset] >> bit & 1;
}

/* The level LED i's pin shows as an input: a pin shorted to it that is an output drives it; else
 * an LED and resistor to ground on either holds it low (a red, yellow or green LED at the
 * pull-up's ~0.1 mA is ~1.7 V: below the input's switching point); else a pull-up on either
 * lifts it; else it floats, read low. */
static bool wf_level(const wf_model_t *m, unsigned i) {
    unsigned group[2] = {i, i}, n = 1;
    if ((int)i == m->w.short_a && m->w.short_b >= 0) group[n++] = (unsigned)m->w.short_b;
    else if ((int)i == m->w.short_b && m->w.short_a >= 0) group[n++] = (unsigned)m->w.short_a;
    for (unsigned k = 0; k < n; k++) {
        const sim_pin_t *p = &m->pin[group[k]];
        if (wf_bit(m->avr, p->port, 1, p->bit)) return wf_bit(m->avr, p->port, 2, p->bit);
    }
    for (unsigned k = 0; k < n; k++)
        if ((int)group[k] != m->w.led_missing && (int)group[k] != m->w.led_reversed) return false;
    for (unsigned k = 0; k < n; k++)
        if (wf_bit(m->avr, m->pin[group[k]].port, 2, m->pin[group[k]].bit)) return true;
    return false;
}

static uint8_t wf_read_pin(struct avr_t *avr, avr_io_addr_t addr, void *param) {
    wf_port_t *wp = param;
    uint8_t v = wp->next ? wp->next(avr, addr, wp->next_param) : avr->data[addr];
    const wf_model_t *m = wp->model;
    for (unsigned i = 0; i < m->count; i++) {
        const sim_pin_t *p = &m->pin[i];
        if (p->port != wp->port || wf_bit(avr, p->port, 1, p->bit)) continue; /* outputs: as is */
        v = (uint8_t)(wf_level(m, i) ? v | 1u << p->bit : v & ~(1u << p->bit));
    }
    avr->data[addr] = v;
    return v;
}

static bool wf_pin_model(avr_t *avr, const sim_board_t *b, const sim_wiring_t *w, char *err, size_t errlen) {
    unsigned count = 0;
    for (unsigned r = 0; r < b->rows; r++) count += b->row_len[r];
    if (count > WF_MAX_LEDS) {
        sim_set_error(err, errlen, "board %s: too many LEDs for the pin model", b->name);
        return false;
    }
    wf_model_t *m = &wf_slots[wf_next++ % WF_SLOTS];
    memset(m, 0, sizeof *m);
    m->avr = avr;
    m->w = *w;
    m->count = count;
    memcpy(m->pin, b->led_pins, count * sizeof *m->pin);
    for (unsigned k = 0; k < 3; k++) {
        const char port = (char)('B' + k);
        bool used = false;
        for (unsigned i = 0; i < count; i++) used |= m->pin[i].port == port;
        if (!used) continue;
        const avr_io_addr_t io = AVR_DATA_TO_IO(WF_PIN_ADDR(port));
        wf_port_t *wp = &m->ports[k];
        *wp = (wf_port_t){m, port, avr->io[io].r.c, avr->io[io].r.param};
        avr->io[io].r.c = wf_read_pin; /* simavr refuses a second reader: wrap the port's own */
        avr->io[io].r.param = wp;
    }
    return true;
}

static int wf_number(const char *s, const char *key, char *err, size_t errlen) {
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || v < 0 || v > 255 || (*end && *end != ':')) {
        sim_set_error(err, errlen, "%s: a number, not '%s'", key, s);
        return -1;
    }
    return (int)v;
}

bool sim_wiring_parse(const char *spec, sim_wiring_t *w, char *err, size_t errlen) {
    *w = (sim_wiring_t)SIM_WIRING_NONE;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec ? spec : "");
    for (char *save = NULL, *f = strtok_r(buf, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
        char *val = strchr(f, '=');
        if (val) *val++ = '\0';
        if (!strcmp(f, "none")) continue;
        if (!strcmp(f, "wire")) w->readback_wire = true;
        else if (!strcmp(f, "swapped")) w->din_clk_swapped = true;
        else if (!strcmp(f, "din-cut")) w->din_cut = true;
        else if (val && !strcmp(f, "led-missing")) w->led_missing = wf_number(val, f, err, errlen);
        else if (val && !strcmp(f, "led-reversed")) w->led_reversed = wf_number(val, f, err, errlen);
        else if (val && !strcmp(f, "chain-cut")) w->chain_cut = (unsigned)wf_number(val, f, err, errlen);
        else if (val && !strcmp(f, "short") && strchr(val, ':')) {
            w->short_a = wf_number(val, f, err, errlen);
            w->short_b = wf_number(strchr(val, ':') + 1, f, err, errlen);
            if (w->short_a == w->short_b) w->short_a = -1;
        } else if (val && !strcmp(f, "stuck")) {
            for (int b = 0; b < SIM_BTN_COUNT; b++)
                if (!strcmp(val, sim_button_name((sim_button_t)b))) w->button_stuck = b;
            if (w->button_stuck < 0) {
                sim_set_error(err, errlen, "stuck: no button '%s'", val);
                return false;
            }
        } else {
            sim_set_error(err, errlen, "unknown wiring fault '%s'", f);
            return false;
        }
        if (w->led_missing < -1 || w->led_reversed < -1 || w->short_a < -1 || w->short_b < -1 ||
            (int)w->chain_cut < 0) {
            if (err && !*err) sim_set_error(err, errlen, "bad value in '%s'", f);
            return false;
        }
    }
    return true;
}

bool sim_wiring_apply(struct scn *s, const sim_wiring_t *w, char *err, size_t errlen) {
    avr_t *avr = sim_avr(scn_sim(s));
    const sim_board_t *b = scn_board(s);
    const bool leds = w->led_missing >= 0 || w->led_reversed >= 0 || w->short_a >= 0;
    if (b->led_pins) {
        if (!wf_pin_model(avr, b, w, err, errlen)) return false;
        if (w->led_missing >= 0) sim_leds_set_dead(scn_leds(s), (unsigned)w->led_missing, true);
        if (w->led_reversed >= 0) sim_leds_set_dead(scn_leds(s), (unsigned)w->led_reversed, true);
    } else if (leds) {
        sim_set_error(err, errlen, "board %s: its LEDs are behind a chip, not on pins", b->name);
        return false;
    }
    matrix8_t *m8 = matrix8_find(avr);
    hc595_t *chain = sim_shift595_chain(avr);
    if (m8) {
        max7219_set_wiring(matrix8_chip(m8),
                           w->din_clk_swapped ? MAX7219_DIN_CLK_SWAPPED
                           : w->din_cut       ? MAX7219_DIN_CUT
                                              : MAX7219_WIRED,
                           w->readback_wire);
    } else if (w->din_clk_swapped || w->din_cut) {
        sim_set_error(err, errlen, "board %s has no MAX7219", b->name);
        return false;
    }
    if (chain) {
        hc595_set_wiring(chain, w->chain_cut, w->readback_wire);
    } else if (w->chain_cut) {
        sim_set_error(err, errlen, "board %s has no 74HC595 chain", b->name);
        return false;
    }
    if (w->readback_wire && !m8 && !chain) {
        sim_set_error(err, errlen, "board %s has no chain to read back", b->name);
        return false;
    }
    if (w->button_stuck >= 0) scn_press(s, (sim_button_t)w->button_stuck);
    return true;
}
