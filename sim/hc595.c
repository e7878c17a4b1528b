/* hc595.c: the 74HC595 chain model. SPI bytes shift the chain's registers, RCLK's rising edge
 * (the chip's, unlike simavr's bundled part, which latches on the falling edge) copies them to
 * the storage registers, and OE gates the outputs; the LEDs follow every change. OE low time is
 * summed at each OE edge from simavr's cycle counter, for the PWM brightness measure. */
#include "hc595.h"

#include "leds.h"
#include "part_io.h"

#include <sim_avr.h>

#include <stdlib.h>

struct hc595 {
    struct avr_t *avr;
    struct avr_irq_t *spi_irq, *miso_irq;
    part_pin_t rclk, oe;
    unsigned chips, cut_before; /* cut_before: see hc595_set_wiring */
    bool qh_wire;
    uint32_t mask; /* the chain's bits */
    struct sim_leds *leds;
    hc595_led_t map[8 * HC595_MAX_CHIPS];
    bool leds_active_low;
    hc595_state_t st;
    uint64_t window_start, oe_low_cycles, oe_changed; /* OE low time since window_start */
};

uint32_t hc595_outputs(const hc595_t *h) {
    return h->st.oe_high ? 0 : h->st.latched;
}

/* A high-impedance output lights no LED, whichever way the LED is wired. */
static void show(hc595_t *h) {
    if (!h->leds) return;
    for (unsigned i = 0; i < 8 * HC595_MAX_CHIPS; i++) {
        if (!(h->mask >> i & 1) || h->map[i].row == HC595_NO_LED) continue;
        bool level = h->st.latched >> i & 1;
        bool lit = !h->st.oe_high && level != h->leds_active_low;
        sim_leds_set(h->leds, h->map[i].row, h->map[i].col, lit);
    }
}

static void on_rclk(void *user, bool high) {
    hc595_t *h = user;
    if (!high) return;
    h->st.latched = h->st.shift;
    h->st.latches++;
    show(h);
}

static void on_oe(void *user, bool high) {
    hc595_t *h = user;
    uint64_t now = h->avr->cycle;
    if (!h->st.oe_high) h->oe_low_cycles += now - h->oe_changed;
    h->oe_changed = now;
    h->st.oe_high = high;
    h->st.oe_edges++;
    show(h);
}

static void on_spi_byte(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    hc595_t *h = param;
    uint8_t reply = 0;
    for (int b = 7; b >= 0; b--) { /* MSB first, one SRCLK each */
        reply = (uint8_t)(reply << 1 | (h->st.shift >> (8 * h->chips - 1) & 1)); /* QH' before it */
        h->st.shift = (h->st.shift << 1 | (value >> b & 1)) & h->mask;
        if (h->cut_before) h->st.shift &= ~(1u << (8 * h->cut_before));
    }
    h->st.bytes++;
    if (h->miso_irq) avr_raise_irq(h->miso_irq, h->qh_wire ? reply : 0xFF);
}

void hc595_set_wiring(hc595_t *h, unsigned cut_before, bool qh_wire) {
    h->cut_before = cut_before < h->chips ? cut_before : 0;
    h->qh_wire = qh_wire;
}

double hc595_oe_low_fraction(hc595_t *h) {
    uint64_t now = h->avr->cycle, low = h->oe_low_cycles;
    if (!h->st.oe_high) low += now - h->oe_changed;
    uint64_t span = now - h->window_start;
    h->window_start = h->oe_changed = now;
    h->oe_low_cycles = 0;
    return span ? (double)low / (double)span : -1.0;
}

hc595_t *hc595_new(struct avr_t *avr, const hc595_config_t *cfg) {
    if (cfg->chips < 1 || cfg->chips > HC595_MAX_CHIPS) return NULL;
    struct avr_irq_t *spi = part_spi_output_irq(avr);
    if (!spi) return NULL;
    hc595_t *h = calloc(1, sizeof *h);
    if (!h) return NULL;
    h->avr = avr;
    h->mask = cfg->chips == 4 ? 0xFFFFFFFFu : (1u << (8 * cfg->chips)) - 1;
    h->leds = cfg->leds;
    h->leds_active_low = cfg->leds_active_low;
    for (unsigned i = 0; i < 8 * cfg->chips; i++)
        h->map[i] = cfg->map ? cfg->map[i] : (hc595_led_t){(uint8_t)(i / 8), (uint8_t)(i % 8)};
    h->window_start = h->oe_changed = avr->cycle;
    if (!part_pin_watch(&h->rclk, avr, cfg->rclk, cfg->rclk_pulled_up, on_rclk, h)) goto fail;
    if (cfg->oe.port) { /* else OE is tied low: always enabled */
        if (!part_pin_watch(&h->oe, avr, cfg->oe, cfg->oe_pulled_up, on_oe, h)) goto fail;
        h->st.oe_high = part_pin_high(&h->oe);
    }
    h->spi_irq = spi;
    h->miso_irq = part_spi_input_irq(avr);
    h->chips = cfg->chips;
    avr_irq_register_notify(spi, on_spi_byte, h);
    show(h);
    return h;
fail:
    part_pin_unwatch(&h->rclk);
    free(h);
    return NULL;
}

void hc595_free(hc595_t *h) {
    if (!h) return;
    part_pin_unwatch(&h->rclk);
    part_pin_unwatch(&h->oe);
    avr_irq_unregister_notify(h->spi_irq, on_spi_byte, h);
    free(h);
}

void hc595_get_state(const hc595_t *h, hc595_state_t *st) {
    *st = h->st;
}
