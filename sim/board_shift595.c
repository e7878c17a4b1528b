/* board_shift595.c: the `shift595` board as data (boards/shift595/README.md): four chained
 * 74HC595 on SPI, RCLK on D10, OE on D9 (pulled up), chip r driving row r's seven LEDs on
 * Q0..Q6 (lit when high) and status light r on Q7; buttons on A0..A5 as on every board.
 * attach() wires the hc595 model and remembers it per MCU for sim_shift595_chain(). */
#include "board_shift595.h"

#include <stddef.h>

#include "wiring_shift595.h"

#define SHIFT595_ROWS WIRING_SHIFT595_ROWS
#define SHIFT595_CHIPS WIRING_SHIFT595_HC595_CHIPS
#define SHIFT595_MAX_OPEN 8 /* simulations open at once (tests open a few) */

static const uint8_t shift595_row_len[SHIFT595_ROWS] = WIRING_SHIFT595_ROW_LENGTHS;

/* From the board's pin table (boards/shift595/wiring.yaml, build/gen/wiring/wiring_shift595.h):
 * bit 8c+q = chip c's Qq, the LED it lights (row, index), or none for a status light. */
#define SHIFT595_LED(row, index, chip, q, words) [8 * (chip) + (q)] = {row, index},
#define SHIFT595_LIGHT(light, chip, q, name, words) [8 * (chip) + (q)] = {HC595_NO_LED, 0},
static const hc595_led_t shift595_map[8 * SHIFT595_CHIPS] = {
    WIRING_SHIFT595_HC595_LEDS(SHIFT595_LED) WIRING_SHIFT595_HC595_STATUS(SHIFT595_LIGHT)};

/* status light i's bit in the chain */
#define SHIFT595_LIGHT_BIT(light, chip, q, name, words) [light] = 8 * (chip) + (q),
static const uint8_t shift595_light_bit[SIM_SHIFT595_LIGHTS] = {
    WIRING_SHIFT595_HC595_STATUS(SHIFT595_LIGHT_BIT)};
#define SHIFT595_LIGHT_NAME(light, chip, q, name, words) [light] = name,
static const char *const shift595_light_name[SIM_SHIFT595_LIGHTS] = {
    WIRING_SHIFT595_HC595_STATUS(SHIFT595_LIGHT_NAME)};

#define SHIFT595_BUTTON(name, port, bit, pin, words) [SIM_BTN_##name] = {port, bit, true},
static const sim_pin_t shift595_buttons[SIM_BTN_COUNT] = {WIRING_SHIFT595_BUTTONS(SHIFT595_BUTTON)};

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
        .chips = SHIFT595_CHIPS,
        .rclk = {WIRING_SHIFT595_HC595_RCLK, false},
        .oe = {WIRING_SHIFT595_HC595_OE, false},
        .oe_pulled_up = WIRING_SHIFT595_HC595_OE_PULLED_UP, /* dark through reset and the bootloader */
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
        lights |= (unsigned)(st.latched >> shift595_light_bit[r] & 1u) << r;
    return lights;
}

uint8_t sim_shift595_row(const hc595_t *h, unsigned r) {
    if (r >= SHIFT595_ROWS) return 0;
    hc595_state_t st;
    hc595_get_state(h, &st);
    uint8_t row = 0;
    for (unsigned k = 0; k < 8 * SHIFT595_CHIPS; k++)
        if (shift595_map[k].row == r && (st.latched >> k & 1)) row |= (uint8_t)(1u << shift595_map[k].col);
    return row;
}

const char *sim_shift595_light_name(unsigned i) {
    return i < SIM_SHIFT595_LIGHTS ? shift595_light_name[i] : "?";
}

const sim_board_t sim_board_shift595 = {
    .name = "shift595",
    .rows = SHIFT595_ROWS,
    .row_len = shift595_row_len,
    .buttons = shift595_buttons,
    .attach = shift595_attach,
    .detach = shift595_detach,
};
