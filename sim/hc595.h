/* hc595.h: a chain of 74HC595 shift registers on the MCU's SPI (SER, SRCLK), one RCLK (latch)
 * pin and one OE pin, driving LEDs. Each SPI byte is 8 SRCLK rising edges, MSB first; RCLK's
 * rising edge copies the shift registers to the outputs; OE high turns every output off.
 * Bit numbering: bit 8*c+k is output Qk of chip c, chip 0 being the one whose SER the MCU
 * drives; a bit enters at chip 0's Q0 and moves up one per clock, so of 4 bytes sent in a row
 * the first ends in chip 3 and the last in chip 0, each with its bit 7 on Q7. */
#ifndef GRUNDY_SIM_HC595_H
#define GRUNDY_SIM_HC595_H

#include "board.h"

#include <stdbool.h>
#include <stdint.h>

struct avr_t;
struct sim_leds;
typedef struct hc595 hc595_t;

#define HC595_MAX_CHIPS 4
#define HC595_NO_LED 0xFF /* a map entry's row for an output that drives no LED */

/* The LED an output drives. */
typedef struct {
    uint8_t row, col;
} hc595_led_t;

typedef struct {
    unsigned chips;         /* 1..HC595_MAX_CHIPS */
    sim_pin_t rclk;         /* latch: D10 = {'B', 2} on Grundy boards; active_low ignored */
    bool rclk_pulled_up;    /* what RCLK reads while the MCU pin is an input */
    sim_pin_t oe;           /* output enable, active low: D9 = {'B', 1}; port 0: OE tied to GND */
    bool oe_pulled_up;      /* what OE reads while the MCU pin is an input (a pull-up keeps the
                               LEDs dark during reset) */
    struct sim_leds *leds;  /* LEDs to drive; NULL for none */
    const hc595_led_t *map; /* 8 * chips entries, by bit; NULL: bit i lights (i / 8, i % 8) */
    bool leds_active_low;   /* an LED is lit by a low output (it sinks the current) */
} hc595_config_t;

typedef struct {
    uint32_t shift;    /* the shift registers */
    uint32_t latched;  /* the storage registers, what the outputs drive while OE is low */
    bool oe_high;      /* OE high now: every output off (high impedance) */
    uint64_t latches;  /* RCLK rising edges */
    uint64_t bytes;    /* SPI bytes shifted in */
    uint64_t oe_edges; /* OE changes */
} hc595_state_t;

/* A chain as cfg describes on avr's SPI, all registers 0 (the datasheet leaves them undefined
 * at power-up); NULL on a bad chip count or a missing SPI or port. A board's attach() returns
 * this, its detach() calls hc595_free(). With PWM on OE the LEDs flicker at the PWM rate, as on
 * the chip, and leds.c records every edge: use hc595_oe_low_fraction() for brightness. */
hc595_t *hc595_new(struct avr_t *avr, const hc595_config_t *cfg);

/* Unhook from the MCU and free; NULL is ignored. The LEDs keep their last state. */
void hc595_free(hc595_t *h);

/* Copy the registers and counters into *st. */
void hc595_get_state(const hc595_t *h, hc595_state_t *st);

/* What the outputs show now: the storage registers while OE is low, 0 while it is high. */
uint32_t hc595_outputs(const hc595_t *h);

/* Fraction of the simulated time since the last call (or since hc595_new()) that OE was low,
 * 0..1 (-1 if no time passed); starts the next window. With PWM on OE, the LEDs' brightness. */
double hc595_oe_low_fraction(hc595_t *h);

/* Wiring faults and the optional read-back wire, for the self-test's suite: cut_before c (1..chips-1;
 * 0: none): chip c's SER is not connected to chip c - 1's QH' and clocks in zeros; qh_wire: the
 * last chip's QH' to the MCU's MISO (D12), sampled before each rising SRCLK, so each byte reads
 * back what went in 8 * chips clocks before. Without it MISO reads 0xFF (the firmware's pull-up). */
void hc595_set_wiring(hc595_t *h, unsigned cut_before, bool qh_wire);

#endif /* GRUNDY_SIM_HC595_H */
