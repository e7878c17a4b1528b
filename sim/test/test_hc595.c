/* test_hc595.c: checks the 74HC595 chain model against its datasheet, driven by spi_fw.c over
 * real (simulated) SPI with RCLK on D10 and OE on D9: power-up, nothing shown before RCLK
 * rises, no latch on its falling edge, the order of a 4-chip chain and a shorter one, OE high
 * blanking, LED wiring and polarity, and the OE low fraction under Timer1 PWM.
 * Usage: test_hc595 dir/with/spi_fw.elf; ends with "test_hc595: N passed, M failed". */
#include "hc595.h"
#include "leds.h"
#include "sim_core.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "part_fw.h"

static sim_t *sim;
static hc595_t *chain;
static sim_leds_t *leds;

#define RCLK_PIN ((sim_pin_t){'B', 2, false})
#define OE_PIN ((sim_pin_t){'B', 1, false})

/* Run a command line of spi_fw.c and return the chain's state after it. */
static hc595_state_t step(const char *cmds) {
    CHECKF(part_fw_run(sim, cmds), "no @ok after '%s'", cmds);
    hc595_state_t st;
    hc595_get_state(chain, &st);
    return st;
}

/* The 32 LEDs as bits, (r, c) at bit 8r+c. */
static uint32_t lit_leds(void) {
    uint32_t v = 0;
    for (unsigned i = 0; i < 32; i++)
        if (sim_led_on(leds, i / 8, i % 8)) v |= 1u << i;
    return v;
}

/* Registers 0 and OE high (pulled up at reset, then driven high by the firmware): dark. */
static void test_power_up(void) {
    hc595_state_t st;
    hc595_get_state(chain, &st);
    CHECK(st.shift == 0 && st.latched == 0 && st.oe_high && hc595_outputs(chain) == 0);
    CHECK(part_fw_wait(sim, "@hello spi_fw"));
    hc595_get_state(chain, &st);
    CHECKF(st.oe_high && st.oe_edges == 0 && st.latches == 0, "%llu OE edges, %llu latches",
           (unsigned long long)st.oe_edges, (unsigned long long)st.latches);
    CHECK(lit_leds() == 0);
}

/* Shifted bytes stay invisible until RCLK rises. */
static void test_latch_on_rising_edge(void) {
    hc595_state_t st = step("o");
    CHECK(!st.oe_high && hc595_outputs(chain) == 0);
    st = step("lx12x34x56x78");
    CHECK(st.bytes == 4 && st.shift == 0x12345678);
    CHECKF(st.latched == 0 && hc595_outputs(chain) == 0 && lit_leds() == 0,
           "outputs %08x before RCLK rose", hc595_outputs(chain));
    st = step("h");
    CHECK(st.latches == 1 && st.latched == 0x12345678 && hc595_outputs(chain) == 0x12345678);
    CHECKF(lit_leds() == 0x12345678, "LEDs %08x", lit_leds());
}

/* Shifting goes on with RCLK high (SRCLK and RCLK are independent); RCLK falling latches
 * nothing, rising does. */
static void test_falling_edge(void) {
    hc595_state_t st = step("x9axbcxdexf0");
    CHECK(st.shift == 0x9abcdef0 && st.latched == 0x12345678);
    st = step("l");
    CHECKF(st.latched == 0x12345678 && st.latches == 1, "latched %08x on RCLK falling", st.latched);
    CHECK(lit_leds() == 0x12345678);
    st = step("h");
    CHECK(st.latched == 0x9abcdef0 && lit_leds() == 0x9abcdef0);
}

/* The first of 4 bytes ends in the last chip; bit 7 of a byte on Q7. A fifth byte pushes the
 * first out of the chain. */
static void test_chain_order(void) {
    hc595_state_t st = step("lx01x02x04x80h");
    CHECKF(st.latched == 0x01020480, "latched %08x", st.latched);
    /* chip 0 Q7, chip 1 Q2, chip 2 Q1, chip 3 Q0 */
    CHECK(sim_led_on(leds, 0, 7) && sim_led_on(leds, 1, 2) && sim_led_on(leds, 2, 1) &&
          sim_led_on(leds, 3, 0) && lit_leds() == 0x01020480);
    st = step("lxaax01x02x04x80h");
    CHECK(st.latched == 0x01020480);
    st = step("lx11h");
    CHECK(st.latched == 0x02048011);
}

/* OE high turns every output off and keeps the storage registers; low shows them again. */
static void test_oe_blanks(void) {
    hc595_state_t st = step("O");
    CHECK(st.oe_high && st.latched == 0x02048011 && hc595_outputs(chain) == 0 && lit_leds() == 0);
    st = step("lx55x55x55x55h"); /* latching while disabled shows nothing */
    CHECK(st.latched == 0x55555555 && lit_leds() == 0);
    st = step("o");
    CHECK(!st.oe_high && hc595_outputs(chain) == 0x55555555 && lit_leds() == 0x55555555);
}

/* Timer1 inverting fast PWM on OC1A (D9): OE low (HH+1)/256 of the time; the model's measure
 * and the LEDs' lit fraction agree within 1 %. */
static void test_oe_pwm(void) {
    static const struct {
        const char *cmd;
        double duty;
    } pwm[] = {{"p3f", 0.25}, {"p7f", 0.50}, {"pbf", 0.75}};
    step("lxffxffxffxffh");
    for (unsigned i = 0; i < 3; i++) {
        step(pwm[i].cmd);
        sim_run_for(sim, 16000 * 2); /* a couple of PWM periods (1.02 ms) to settle */
        hc595_oe_low_fraction(chain);
        hc595_state_t st0, st1;
        hc595_get_state(chain, &st0);
        sim_run_for(sim, 16000 * 50);
        double f = hc595_oe_low_fraction(chain);
        hc595_get_state(chain, &st1);
        double lit = sim_led_lit(leds, 1, 3, 50);
        CHECKF(fabs(f - pwm[i].duty) < 0.01, "%s: OE low %.4f, want %.2f", pwm[i].cmd, f,
               pwm[i].duty);
        CHECKF(fabs(lit - pwm[i].duty) < 0.01, "%s: LED lit %.4f", pwm[i].cmd, lit);
        /* 977 Hz, two edges a period: about 98 in 50 ms */
        unsigned long long edges = st1.oe_edges - st0.oe_edges;
        CHECKF(edges >= 95 && edges <= 100, "%s: %llu OE edges in 50 ms", pwm[i].cmd, edges);
    }
    /* simavr 1.6 leaves the pin at the timer's last level when PWM stops, until PORTB is
     * written again (the chip hands it back to PORTB1 at once): write it. */
    step("so");
    hc595_oe_low_fraction(chain);
    sim_run_for(sim, 16000 * 5);
    CHECK(hc595_oe_low_fraction(chain) == 1.0);
    CHECK(hc595_oe_low_fraction(chain) == -1.0); /* no time since the last call */
    step("O");
    hc595_oe_low_fraction(chain);
    sim_run_for(sim, 16000 * 5);
    CHECK(hc595_oe_low_fraction(chain) == 0.0);
}

/* A second, 2-chip chain on the same wires, with a map and LEDs lit by a low output: it keeps
 * the last 2 bytes; unmapped outputs light nothing. */
static void test_short_chain_map(void) {
    static const uint8_t len[] = {4, 4};
    sim_leds_t *l2 = sim_leds_new(sim_avr(sim), 2, len);
    hc595_led_t map[16];
    for (unsigned i = 0; i < 16; i++) /* chip 0 Q0..Q3 -> row 0 right to left; chip 1 -> row 1 */
        map[i] = (i % 8) < 4 ? (hc595_led_t){(uint8_t)(i / 8), (uint8_t)(3 - i % 8)}
                             : (hc595_led_t){HC595_NO_LED, 0};
    hc595_config_t cfg = {.chips = 2,
                          .rclk = RCLK_PIN,
                          .oe = OE_PIN,
                          .leds = l2,
                          .map = map,
                          .leds_active_low = true};
    hc595_t *h2 = hc595_new(sim_avr(sim), &cfg);
    CHECK(h2 != NULL);
    if (!h2) return;
    hc595_state_t st;
    step("olx12x34xf7xfeh");
    hc595_get_state(h2, &st);
    CHECK(st.shift == 0xf7fe && st.latched == 0xf7fe && hc595_outputs(h2) == 0xf7fe);
    /* low outputs light: chip 0 Q0 (col 3 of row 0), chip 1 Q3 (col 0 of row 1) */
    CHECK(sim_led_on(l2, 0, 3) && !sim_led_on(l2, 0, 2) && !sim_led_on(l2, 0, 0));
    CHECK(sim_led_on(l2, 1, 0) && !sim_led_on(l2, 1, 1) && !sim_led_on(l2, 1, 3));
    step("O"); /* high impedance lights nothing, whatever the polarity */
    CHECK(!sim_led_on(l2, 0, 3) && !sim_led_on(l2, 1, 0));
    step("o");
    hc595_free(h2);
    sim_leds_free(l2);
}

static void test_bad_config(void) {
    hc595_config_t cfg = {.chips = 5, .rclk = RCLK_PIN, .oe = OE_PIN};
    CHECK(hc595_new(sim_avr(sim), &cfg) == NULL);
    cfg.chips = 0;
    CHECK(hc595_new(sim_avr(sim), &cfg) == NULL);
    cfg.chips = 1;
    cfg.oe.port = 'Z';
    CHECK(hc595_new(sim_avr(sim), &cfg) == NULL);
    cfg.oe.port = 0; /* OE tied low: always enabled */
    hc595_t *h = hc595_new(sim_avr(sim), &cfg);
    CHECK(h != NULL);
    if (!h) return;
    step("Olx3ch");
    CHECK(hc595_outputs(h) == 0x3c);
    step("o");
    hc595_free(h);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_hc595 dir/with/spi_fw.elf\n");
        return 2;
    }
    sim = part_fw_open(argv[1]);
    static const uint8_t rows[4] = {8, 8, 8, 8};
    leds = sim_leds_new(sim_avr(sim), 4, rows);
    hc595_config_t cfg = {.chips = 4,
                          .rclk = RCLK_PIN,
                          .rclk_pulled_up = true,
                          .oe = OE_PIN,
                          .oe_pulled_up = true,
                          .leds = leds};
    chain = hc595_new(sim_avr(sim), &cfg);
    CHECK(leds && chain);
    if (!leds || !chain) {
        printf("test_hc595: %d passed, %d failed\n", passed, failed);
        return 1;
    }
    test_power_up();
    test_latch_on_rising_edge();
    test_falling_edge();
    test_chain_order();
    test_oe_blanks();
    test_oe_pwm();
    test_short_chain_map();
    test_bad_config();
    hc595_free(chain);
    sim_close(sim);
    sim_leds_free(leds);
    printf("test_hc595: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
