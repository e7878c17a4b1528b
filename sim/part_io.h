/* part_io.h: what a chip model on the board sees of the MCU: one control pin's level (the MCU's
 * drive while the pin is an output, the board's pull resistor while it is an input), with a
 * callback on each change, and the SPI's output IRQ, which simavr raises once per byte sent in
 * master mode. Used by the MAX7219 and 74HC595 models. */
#ifndef GRUNDY_SIM_PART_IO_H
#define GRUNDY_SIM_PART_IO_H

#include "board.h"

#include <stdbool.h>

struct avr_t;
struct avr_irq_t;

/* Called when the watched level changes; high is the new level. */
typedef void (*part_pin_fn)(void *user, bool high);

/* One watched pin; fill it with part_pin_watch(), read it with part_pin_high(). */
typedef struct {
    struct avr_irq_t *pin_irq, *dir_irq;
    uint8_t bit;
    bool idle_high;      /* the board's pull-up (true) or pull-down (false) */
    bool driven, output; /* the pin's last raised level, and whether it is an output */
    bool high;           /* the level the part sees */
    part_pin_fn fn;
    void *user;
} part_pin_t;

/* Watch pin.port/pin.bit (pin.active_low is ignored): read its level now, then call fn(user,
 * level) on every change. idle_high: the level while the MCU pin is an input. False if the
 * port does not exist. */
bool part_pin_watch(part_pin_t *w, struct avr_t *avr, sim_pin_t pin, bool idle_high, part_pin_fn fn,
                    void *user);

/* Stop watching (unregister the IRQ hooks); safe on a pin never watched. */
void part_pin_unwatch(part_pin_t *w);

/* The level the part sees now. */
bool part_pin_high(const part_pin_t *w);

/* The IRQ raised with each byte the SPI sends as master, at the end of its transfer; NULL if
 * the MCU has no SPI. */
struct avr_irq_t *part_spi_output_irq(struct avr_t *avr);

/* The IRQ that sets what the next SPDR read gives (the byte on MISO during the transfer just
 * ended): raise it from a SPI_IRQ_OUTPUT hook. NULL if the MCU has no SPI. */
struct avr_irq_t *part_spi_input_irq(struct avr_t *avr);

#endif /* GRUNDY_SIM_PART_IO_H */
