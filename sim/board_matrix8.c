/* board_matrix8.c: the `matrix8` board as data (boards/matrix8/README.md): a MAX7219 8x8
 * module on the SPI with LOAD on D10 drives the 64 LEDs (8 rows of 8, row 0 at the top), six
 * buttons on A0..A5 to ground, and a passive buzzer on D9 whose toggles are kept with their
 * cycle, so a sound's pitch can be told. attach() registers the parts per MCU for
 * matrix8_find(). */
#include "board_matrix8.h"

#include "part_io.h"
#include "wiring_matrix8.h"

#include <sim_avr.h>

#include <stdlib.h>

#define MATRIX8_EDGES 4096 /* buzzer edges kept: 0.5 s at 4 kHz */

struct matrix8 {
    struct avr_t *avr;
    max7219_t *chip;
    part_pin_t buzzer;
    uint64_t edge[MATRIX8_EDGES]; /* cycle of each buzzer edge, a ring */
    uint64_t edges;               /* edges so far */
    matrix8_t *next;
};

static matrix8_t *attached; /* every attached board, for matrix8_find() */

static const uint8_t matrix8_row_len[] = WIRING_MATRIX8_ROW_LENGTHS;

/* The pins and the matrix's order come from the board's pin table (boards/matrix8/wiring.yaml,
 * build/gen/wiring/wiring_matrix8.h): LOAD and the buzzer here, DIN and CLK are the SPI's own
 * (simavr's SPI), and max7219.h's row and column order must be the table's. */
#define MATRIX8_PIN_BIT(...) MATRIX8_PIN_BIT_(__VA_ARGS__)
#define MATRIX8_PIN_BIT_(port, bit) ((port) == 'B' ? (bit) : -1)
_Static_assert(MATRIX8_PIN_BIT(WIRING_MATRIX8_MAX7219_DIN) == 3 && MATRIX8_PIN_BIT(WIRING_MATRIX8_MAX7219_CLK) == 5,
               "the table's DIN and CLK are not the SPI's MOSI and SCK");
#define MATRIX8_DIGIT(r, d) _Static_assert(MAX7219_ROW_OF_DIGIT((d) - MAX7219_REG_DIGIT0) == (r), "row order");
#define MATRIX8_COLUMN(i, b) _Static_assert(MAX7219_COL_OF_BIT(b) == (i), "column order");
WIRING_MATRIX8_MAX7219_DIGITS(MATRIX8_DIGIT)
WIRING_MATRIX8_MAX7219_COLUMNS(MATRIX8_COLUMN)

#define MATRIX8_BUTTON(name, port, bit, pin, words) [SIM_BTN_##name] = {port, bit, true},
static const sim_pin_t matrix8_buttons[SIM_BTN_COUNT] = {WIRING_MATRIX8_BUTTONS(MATRIX8_BUTTON)};

static void on_buzzer(void *user, bool high) {
    (void)high;
    matrix8_t *m = user;
    m->edge[m->edges++ % MATRIX8_EDGES] = m->avr->cycle;
}

static void *matrix8_attach(struct avr_t *avr, struct sim_leds *leds) {
    matrix8_t *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->avr = avr;
    /* LOAD idles high (the module's pull-up) until the firmware drives it */
    const max7219_config_t cfg = {.load = {WIRING_MATRIX8_MAX7219_LOAD, false},
                                  .load_pulled_up = WIRING_MATRIX8_MAX7219_LOAD_PULLED_UP,
                                  .leds = leds};
    m->chip = max7219_new(avr, &cfg);
    if (!m->chip || !part_pin_watch(&m->buzzer, avr, (sim_pin_t){WIRING_MATRIX8_BUZZER, false}, false,
                                    on_buzzer, m)) {
        max7219_free(m->chip);
        free(m);
        return NULL;
    }
    m->next = attached;
    attached = m;
    return m;
}

static void matrix8_detach(void *part) {
    matrix8_t *m = part;
    for (matrix8_t **p = &attached; *p; p = &(*p)->next)
        if (*p == m) {
            *p = m->next;
            break;
        }
    part_pin_unwatch(&m->buzzer);
    max7219_free(m->chip);
    free(m);
}

matrix8_t *matrix8_find(const struct avr_t *avr) {
    for (matrix8_t *m = attached; m; m = m->next)
        if (m->avr == avr) return m;
    return NULL;
}

max7219_t *matrix8_chip(matrix8_t *m) {
    return m->chip;
}

/* Edges in the window, and the cycles of the first and last of them. */
static unsigned window_edges(const matrix8_t *m, uint32_t ms, uint64_t *first, uint64_t *last) {
    const uint64_t span = (uint64_t)ms * m->avr->frequency / 1000;
    const uint64_t from = m->avr->cycle > span ? m->avr->cycle - span : 0;
    const uint64_t kept = m->edges < MATRIX8_EDGES ? m->edges : MATRIX8_EDGES;
    unsigned n = 0;
    for (uint64_t k = 0; k < kept; k++) {
        uint64_t c = m->edge[(m->edges - 1 - k) % MATRIX8_EDGES];
        if (c < from) break;
        if (!n) *last = c;
        *first = c;
        n++;
    }
    return n;
}

unsigned matrix8_buzzer_edges(const matrix8_t *m, uint32_t ms) {
    uint64_t first, last;
    return window_edges(m, ms, &first, &last);
}

double matrix8_buzzer_hz(const matrix8_t *m, uint32_t ms) {
    uint64_t first = 0, last = 0;
    unsigned n = window_edges(m, ms, &first, &last);
    if (n < 3 || last == first) return 0;
    return (double)(n - 1) / 2.0 * m->avr->frequency / (double)(last - first);
}

const sim_board_t sim_board_matrix8 = {
    .name = "matrix8",
    .rows = sizeof matrix8_row_len / sizeof matrix8_row_len[0],
    .row_len = matrix8_row_len,
    .led_pins = NULL,
    .buttons = matrix8_buttons,
    .attach = matrix8_attach,
    .detach = matrix8_detach,
};
