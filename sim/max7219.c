/* max7219.c: the MAX7219 model. SPI bytes shift into a 16-bit register and LOAD's rising edge
 * latches it into the addressed register, then the 8x8 picture is recomputed and pushed to the
 * LEDs. Bytes sent while LOAD is high are dropped: the datasheet's MAX7219 shifts them anyway
 * (only the MAX7221 gates CLK with CS), but firmware drives LOAD low for each frame, so this
 * catches a frame sent without it instead of latching it by luck on the next LOAD edge. */
#include "max7219.h"

#include "leds.h"
#include "part_io.h"

#include <sim_avr.h>

#include <stdlib.h>
#include <string.h>

struct max7219 {
    struct avr_irq_t *spi_irq, *miso_irq;
    max7219_wiring_t wiring;
    bool dout_wire;
    uint32_t bits;     /* every bit that entered the chip, the latest in bit 0 */
    bool mosi_last;    /* MOSI's level after the last byte (DIN_CLK_SWAPPED counts its edges) */
    part_pin_t load;
    struct sim_leds *leds;
    unsigned bits_since_load;
    max7219_state_t st;
};

/* What each row shows, per the datasheet's precedence: display test lights every LED (all 8
 * digits scanned, shutdown overridden); otherwise shutdown blanks all; otherwise digits above
 * the scan limit are dark, and decoded digits are dark here (see decoded_rows). */
static void compute_rows(max7219_state_t *st) {
    st->decoded_rows = 0;
    for (unsigned d = 0; d < 8; d++) {
        unsigned r = MAX7219_ROW_OF_DIGIT(d);
        uint8_t row = 0;
        if (st->display_test) {
            row = 0xFF;
        } else if (st->normal && d <= st->scan_limit) {
            if (st->decode >> d & 1)
                st->decoded_rows |= (uint8_t)(1u << r);
            else
                for (unsigned b = 0; b < 8; b++)
                    if (st->digit[d] >> b & 1) row |= (uint8_t)(1u << MAX7219_COL_OF_BIT(b));
        }
        st->rows[r] = row;
    }
}

static void show(max7219_t *m) {
    compute_rows(&m->st);
    if (!m->leds) return;
    for (unsigned r = 0; r < 8; r++)
        for (unsigned c = 0; c < 8; c++)
            sim_leds_set(m->leds, r, c, m->st.rows[r] >> c & 1);
}

static void latch(max7219_t *m) {
    max7219_state_t *st = &m->st;
    uint16_t f = st->shift;
    uint8_t addr = (uint8_t)(f >> 8 & 0x0F), data = (uint8_t)(f & 0xFF);
    st->frames++;
    if (m->bits_since_load < 16) st->short_frames++;
    m->bits_since_load = 0;
    st->last_frame = f;
    switch (addr) {
    case MAX7219_REG_DECODE:
        st->decode = data;
        break;
    case MAX7219_REG_INTENSITY:
        st->intensity = data & 0x0F;
        break;
    case MAX7219_REG_SCAN_LIMIT:
        st->scan_limit = data & 0x07;
        break;
    case MAX7219_REG_SHUTDOWN:
        st->normal = data & 1;
        break;
    case MAX7219_REG_DISPLAY_TEST:
        st->display_test = data & 1;
        break;
    default:
        if (addr >= MAX7219_REG_DIGIT0 && addr < MAX7219_REG_DIGIT0 + 8)
            st->digit[addr - MAX7219_REG_DIGIT0] = data;
        break; /* no-op, and 0xD, 0xE which the chip does not decode */
    }
    show(m);
}

static void on_load(void *user, bool high) {
    if (high) latch(user);
}

/* What the MCU reads back on MISO for this byte (before it shifts in). */
static uint8_t dout_byte(const max7219_t *m) {
    if (!m->dout_wire) return 0xFF;
    if (m->wiring == MAX7219_DIN_CLK_SWAPPED) return (m->bits >> 15 & 1) ? 0xFF : 0; /* D15, unclocked */
    return (uint8_t)(m->bits >> 9); /* bit 7 - j of the reply: the bit sent 17 clocks before clock j */
}

static void on_spi_byte(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    max7219_t *m = param;
    const uint8_t reply = dout_byte(m);
    if (part_pin_high(&m->load)) {
        m->st.dropped_bytes++;
    } else {
        unsigned n = 8;
        uint32_t in = value & 0xFF;
        if (m->wiring == MAX7219_DIN_CUT) in = 0;
        if (m->wiring == MAX7219_DIN_CLK_SWAPPED) { /* a zero per rising MOSI edge */
            n = 0;
            for (int b = 7; b >= 0; b--) {
                const bool level = value >> b & 1;
                if (level && !m->mosi_last) n++;
                m->mosi_last = level;
            }
            in = 0;
        }
        m->bits = n ? (m->bits << n | in) : m->bits;
        m->st.shift = (uint16_t)m->bits;
        m->st.bytes++;
        m->bits_since_load += n;
    }
    if (m->miso_irq) avr_raise_irq(m->miso_irq, reply);
}

void max7219_set_wiring(max7219_t *m, max7219_wiring_t w, bool dout_wire) {
    m->wiring = w;
    m->dout_wire = dout_wire;
}

max7219_t *max7219_new(struct avr_t *avr, const max7219_config_t *cfg) {
    struct avr_irq_t *spi = part_spi_output_irq(avr);
    if (!spi) return NULL;
    max7219_t *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->leds = cfg->leds;
    if (!part_pin_watch(&m->load, avr, cfg->load, cfg->load_pulled_up, on_load, m)) {
        free(m);
        return NULL;
    }
    m->spi_irq = spi;
    m->miso_irq = part_spi_input_irq(avr);
    avr_irq_register_notify(spi, on_spi_byte, m);
    show(m);
    return m;
}

void max7219_free(max7219_t *m) {
    if (!m) return;
    part_pin_unwatch(&m->load);
    avr_irq_unregister_notify(m->spi_irq, on_spi_byte, m);
    free(m);
}

void max7219_get_state(const max7219_t *m, max7219_state_t *st) {
    *st = m->st;
}

bool max7219_pixel(const max7219_t *m, unsigned row, unsigned col) {
    return row < 8 && col < 8 && (m->st.rows[row] >> col & 1);
}

void max7219_inject(max7219_t *m, uint16_t frame) {
    const uint16_t shift = m->st.shift;
    const unsigned bits = m->bits_since_load;
    m->st.shift = frame;
    m->bits_since_load = 16;
    latch(m);
    m->st.shift = shift; /* the MCU's half-shifted frame, if any, goes on (bits keeps it too) */
    m->bits_since_load = bits;
}
