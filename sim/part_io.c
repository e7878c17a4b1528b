/* part_io.c: the pin and SPI hooks chip models share. A pin's level follows simavr's pin IRQ
 * (raised on PORT writes and by timer compare outputs) and the port's direction IRQ, so a pin
 * that turns into an input falls back to the board's pull resistor as on real hardware.
 * The SPI lookup copes with simavr 1.6 naming the ATmega328P's only SPI 0 rather than '0'. */
#include "part_io.h"

#include <avr_ioport.h>
#include <avr_spi.h>
#include <sim_avr.h>

#include <string.h>

static void update(part_pin_t *w) {
    bool high = w->output ? w->driven : w->idle_high;
    if (high == w->high) return;
    w->high = high;
    if (w->fn) w->fn(w->user, high);
}

static void on_pin(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    part_pin_t *w = param;
    w->driven = value != 0;
    update(w);
}

static void on_direction(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    part_pin_t *w = param;
    w->output = (value >> w->bit) & 1;
    update(w);
}

bool part_pin_watch(part_pin_t *w, struct avr_t *avr, sim_pin_t pin, bool idle_high, part_pin_fn fn,
                    void *user) {
    memset(w, 0, sizeof *w);
    if (pin.bit > 7) return false;
    avr_irq_t *irq = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(pin.port), 0);
    if (!irq) return false;
    avr_ioport_state_t st = {0};
    if (avr_ioctl(avr, AVR_IOCTL_IOPORT_GETSTATE(pin.port), &st) == 0) {
        w->output = (st.ddr >> pin.bit) & 1;
        w->driven = (st.port >> pin.bit) & 1;
    }
    w->bit = pin.bit;
    w->idle_high = idle_high;
    w->high = w->output ? w->driven : idle_high;
    w->pin_irq = irq + pin.bit;
    w->dir_irq = irq + IOPORT_IRQ_DIRECTION_ALL;
    avr_irq_register_notify(w->pin_irq, on_pin, w);
    avr_irq_register_notify(w->dir_irq, on_direction, w);
    w->fn = fn; /* after the hooks: no callback for the level found at the start */
    w->user = user;
    return true;
}

void part_pin_unwatch(part_pin_t *w) {
    if (w->pin_irq) avr_irq_unregister_notify(w->pin_irq, on_pin, w);
    if (w->dir_irq) avr_irq_unregister_notify(w->dir_irq, on_direction, w);
    w->pin_irq = w->dir_irq = NULL;
    w->fn = NULL;
}

bool part_pin_high(const part_pin_t *w) {
    return w->high;
}

struct avr_irq_t *part_spi_output_irq(struct avr_t *avr) {
    avr_irq_t *irq = avr_io_getirq(avr, AVR_IOCTL_SPI_GETIRQ(0), SPI_IRQ_OUTPUT);
    if (!irq) irq = avr_io_getirq(avr, AVR_IOCTL_SPI_GETIRQ('0'), SPI_IRQ_OUTPUT);
    return irq;
}

struct avr_irq_t *part_spi_input_irq(struct avr_t *avr) {
    avr_irq_t *irq = avr_io_getirq(avr, AVR_IOCTL_SPI_GETIRQ(0), SPI_IRQ_INPUT);
    if (!irq) irq = avr_io_getirq(avr, AVR_IOCTL_SPI_GETIRQ('0'), SPI_IRQ_INPUT);
    return irq;
}
