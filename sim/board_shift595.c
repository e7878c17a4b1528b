/* board_shift595.c: the `shift595` board as data (boards/shift595/README.md): four chained
 * 74HC595 on SPI, RCLK on D10, OE on D9 (pulled up), chip r driving row r's seven LEDs on
 * Q0..Q6 (lit when high) and status light r on Q7; buttons on A0..A5 as on every board.
 * attach() wires the hc595 model and remembers it per MCU for sim_shift595_chain(). */
#include "board_shift595.h"

#include <stddef.h>

#define SHIFT595_ROWS 4
#define SHIFT595_STATUS_Q 7 /* Q7 of chip r: status light r */
#define SHIFT595_MAX_OPEN 8 /* simulations open at once (tests open a few) */

static const uint8_t shift595_row_len[SHIFT595_ROWS] = {7, 7, 7, 7};

/* bit 8c+k = chip c's Qk: Q0..Q6 are row c's LEDs 0..6, Q7 a status light (no LED row) */
/* clang-format off */
static const hc595_led_t shift595_map[8 * SHIFT595_ROWS] = {
    /* chip 0: row 0; Q7 "your move" */
    {0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {HC595_NO_LED, 0},
    /* chip 1: row 1; Q7 "my move" */
    {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {HC595_NO_LED, 0},
    /* chip 2: row 2; Q7 "you win" */
    {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6}, {HC595_NO_LED, 0},
    /* chip 3: row 3; Q7 "I win" */
    {3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5}, {3, 6}, {HC595_NO_LED, 0},
};
/* clang-format on */

static struct {
    const struct avr_t *avr;
    hc595_t *chain;
} shift595_open[SHIFT595_MAX_OPEN];

static void *shift595_attach(struct avr_t *avr, struct sim_leds *leds) {
    size_t i = 0;
    while (i < SHIFT595_MAX_OPEN && shift595_open[i].chain)
        i++;
    if (i == SHIFT595_MAX_OPEN) return NULL;
    const hc595_config_t cfg = {
        .chips = SHIFT595_ROWS,
        .rclk = {'B', 2, false},
        .oe = {'B', 1, false},
        .oe_pulled_up = true, /* 10 kOhm to 5 V: dark through reset and the bootloader */
        .leds = leds,
        .map = shift595_map,
    };
    hc595_t *h = hc595_new(avr, &cfg);
    if (h) shift595_open[i].avr = avr, shift595_open[i].chain = h;
    return h;
}

static void shift595_detach(void *part) {
    for (size_t i = 0; i < SHIFT595_MAX_OPEN; i++)
        if (shift595_open[i].chain == part)
            shift595_open[i].avr = NULL, shift595_open[i].chain = NULL;
    hc595_free(part);
}

hc595_t *sim_shift595_chain(const struct avr_t *avr) {
    for (size_t i = 0; i < SHIFT595_MAX_OPEN; i++)
        if (shift595_open[i].chain && shift595_open[i].avr == avr) return shift595_open[i].chain;
    return NULL;
}

unsigned sim_shift595_lights(const hc595_t *h) {
    hc595_state_t st;
    hc595_get_state(h, &st);
    unsigned lights = 0;
    for (unsigned r = 0; r < SIM_SHIFT595_LIGHTS; r++)
        lights |= (st.latched >> (8 * r + SHIFT595_STATUS_Q) & 1u) << r;
    return lights;
}

uint8_t sim_shift595_row(const hc595_t *h, unsigned r) {
    if (r >= SHIFT595_ROWS) return 0;
    hc595_state_t st;
    hc595_get_state(h, &st);
    return (uint8_t)(st.latched >> (8 * r) & 0x7F);
}

const char *sim_shift595_light_name(unsigned i) {
    static const char *const names[SIM_SHIFT595_LIGHTS] = {"your move", "my move", "you win",
                                                           "I win"};
    return i < SIM_SHIFT595_LIGHTS ? names[i] : "?";
}

const sim_board_t sim_board_shift595 = {
    .name = "shift595",
    .rows = SHIFT595_ROWS,
    .row_len = shift595_row_len,
    .buttons = sim_buttons_a0_a5,
    .attach = shift595_attach,
    .detach = shift595_detach,
};
