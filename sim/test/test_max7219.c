/* test_max7219.c: checks the MAX7219 model against its datasheet, driven by spi_fw.c over real
 * (simulated) SPI with LOAD on D10: power-up state, latching on LOAD's rising edge only, frames
 * sent with LOAD high ignored, the last 16 bits winning, shutdown, display test, scan limit,
 * intensity, no-op, decode mode, and the matrix wiring seen on the LEDs.
 * Usage: test_max7219 dir/with/spi_fw.elf; ends with "test_max7219: N passed, M failed". */
#include "leds.h"
#include "max7219.h"
#include "sim_core.h"

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "part_fw.h"

static sim_t *sim;
static max7219_t *chip;
static sim_leds_t *leds;

/* Run a command line of spi_fw.c and return the chip's state after it. */
static max7219_state_t step(const char *cmds) {
    CHECKF(part_fw_run(sim, cmds), "no @ok after '%s'", cmds);
    max7219_state_t st;
    max7219_get_state(chip, &st);
    return st;
}

/* The commands sending one frame with LOAD low, then raising LOAD. */
static const char *frame(unsigned addr, unsigned data) {
    static char buf[32];
    snprintf(buf, sizeof buf, "lx%02xx%02xh", addr, data);
    return buf;
}

/* The matrix as the LEDs show it, one character per LED ('#' lit), rows separated by '|'. */
static const char *picture(void) {
    static char buf[8 * 9 + 1];
    char *p = buf;
    for (unsigned r = 0; r < 8; r++) {
        for (unsigned c = 0; c < 8; c++)
            *p++ = sim_led_on(leds, r, c) ? '#' : '.';
        *p++ = r < 7 ? '|' : 0;
    }
    return buf;
}

/* True when the LEDs show exactly st.rows (and max7219_pixel agrees). */
static bool leds_match(const max7219_state_t *st) {
    for (unsigned r = 0; r < 8; r++)
        for (unsigned c = 0; c < 8; c++) {
            bool want = st->rows[r] >> c & 1;
            if (sim_led_on(leds, r, c) != want || max7219_pixel(chip, r, c) != want) return false;
        }
    return true;
}

/* All registers equal (counters and shift register aside). */
static bool same_registers(const max7219_state_t *a, const max7219_state_t *b) {
    return memcmp(a->digit, b->digit, sizeof a->digit) == 0 && a->decode == b->decode &&
           a->intensity == b->intensity && a->scan_limit == b->scan_limit &&
           a->normal == b->normal && a->display_test == b->display_test &&
           memcmp(a->rows, b->rows, sizeof a->rows) == 0;
}

static const char *const DARK = "........|........|........|........|........|........|........|"
                                "........";

/* Before and after the firmware boots: shutdown, no decode, intensity 0, one digit scanned,
 * no test, digits 0, nothing latched (LOAD's pull-up then the firmware's high: no edge). */
static void test_power_up(const char *dir) {
    max7219_state_t st;
    max7219_get_state(chip, &st);
    static const uint8_t zero[8];
    CHECK(!st.normal && !st.display_test && st.decode == 0 && st.intensity == 0 &&
          st.scan_limit == 0 && memcmp(st.digit, zero, 8) == 0);
    CHECK(st.frames == 0 && st.bytes == 0 && st.shift == 0);
    CHECK(memcmp(st.rows, zero, 8) == 0 && strcmp(picture(), DARK) == 0);
    CHECKF(part_fw_wait(sim, "@hello spi_fw"), "spi_fw in %s did not boot", dir);
    max7219_get_state(chip, &st);
    CHECKF(st.frames == 0 && st.dropped_bytes == 0, "%llu frames after boot",
           (unsigned long long)st.frames);
}

/* Bytes shifted with LOAD low change nothing until LOAD rises; LOAD falling latches nothing. */
static void test_latch_on_rising_edge(void) {
    max7219_state_t st = step("lx01x82");
    CHECK(st.bytes == 2 && st.shift == 0x0182);
    CHECKF(st.frames == 0 && st.digit[0] == 0, "latched with LOAD low: digit0 %02x", st.digit[0]);
    st = step("h");
    CHECK(st.frames == 1 && st.short_frames == 0 && st.last_frame == 0x0182);
    CHECK(st.digit[0] == 0x82);
    CHECK(strcmp(picture(), DARK) == 0); /* still shut down */
    st = step(frame(MAX7219_REG_SHUTDOWN, 1));
    CHECK(st.normal && st.frames == 2);
    /* Scan limit 0 at power-up: digit 0 only. Bit 7 lights column 0, bit 1 column 6. */
    CHECKF(st.rows[0] == 0x41 && strcmp(picture(), "#.....#.|........|........|........|"
                                                   "........|........|........|........") == 0,
           "%s", picture());
    CHECK(leds_match(&st));
    st = step("lx01x01");
    CHECK(st.digit[0] == 0x82 && st.frames == 2);
    st = step("l"); /* a falling edge, with a new frame in the shift register */
    CHECK(st.digit[0] == 0x82 && st.frames == 2);
    st = step("h");
    CHECK(st.digit[0] == 0x01 && st.frames == 3 && sim_led_on(leds, 0, 7) && leds_match(&st));
}

/* A frame sent while LOAD stays high is not shifted in; a bare LOAD pulse then latches the
 * old shift register again (a short frame), not the ignored one. */
static void test_frame_with_load_high(void) {
    max7219_state_t before = step(""), st = step("x01xff");
    CHECK(st.dropped_bytes == before.dropped_bytes + 2 && st.bytes == before.bytes);
    CHECK(st.shift == before.shift && st.frames == before.frames);
    CHECK(same_registers(&st, &before));
    st = step("lh");
    CHECK(st.frames == before.frames + 1 && st.short_frames == before.short_frames + 1);
    CHECKF(st.digit[0] == before.digit[0], "digit0 %02x, was %02x", st.digit[0], before.digit[0]);
}

/* More than 16 bits before LOAD rises: the last 16 count (a single chip's view of a cascade). */
static void test_last_16_bits(void) {
    max7219_state_t st = step("lx0fx01x01x3ch");
    CHECK(!st.display_test && st.digit[0] == 0x3c);
    st = step("lx0cx00x0ax05x0bx07h"); /* shutdown, intensity 5: dropped; scan limit 7 */
    CHECK(st.normal && st.intensity == 0 && st.scan_limit == 7 && st.last_frame == 0x0b07);
}

static void set_digits(const uint8_t *v) {
    for (unsigned d = 0; d < 8; d++)
        step(frame(MAX7219_REG_DIGIT0 + d, v[d]));
}

/* Shutdown blanks the display and keeps every register; normal operation restores it. */
static void test_shutdown(void) {
    static const uint8_t v[8] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80};
    set_digits(v);
    max7219_state_t on = step(frame(MAX7219_REG_SHUTDOWN, 1));
    /* A diagonal from the top right to the bottom left. */
    CHECKF(strcmp(picture(), ".......#|......#.|.....#..|....#...|...#....|..#.....|.#......|"
                             "#.......") == 0,
           "%s", picture());
    max7219_state_t off = step(frame(MAX7219_REG_SHUTDOWN, 0));
    CHECK(!off.normal && memcmp(off.digit, v, 8) == 0 && strcmp(picture(), DARK) == 0);
    CHECK(leds_match(&off));
    max7219_state_t st = step(frame(MAX7219_REG_SHUTDOWN, 0xFE)); /* only D0 counts */
    CHECK(!st.normal);
    st = step(frame(MAX7219_REG_SHUTDOWN, 1));
    CHECK(same_registers(&st, &on) && leds_match(&st));
}

/* Display test lights all 64 LEDs, over shutdown and scan limit, and alters no register. */
static void test_display_test(void) {
    max7219_state_t before = step(frame(MAX7219_REG_SCAN_LIMIT, 2));
    max7219_state_t st = step(frame(MAX7219_REG_DISPLAY_TEST, 1));
    CHECK(st.display_test && st.scan_limit == 2);
    for (unsigned r = 0; r < 8; r++)
        CHECKF(st.rows[r] == 0xFF, "row %u %02x", r, st.rows[r]);
    CHECK(leds_match(&st) && strchr(picture(), '.') == NULL);
    st = step(frame(MAX7219_REG_SHUTDOWN, 0));
    CHECK(leds_match(&st) && strchr(picture(), '.') == NULL);
    st = step(frame(MAX7219_REG_SHUTDOWN, 1));
    st = step(frame(MAX7219_REG_DISPLAY_TEST, 0));
    CHECK(!st.display_test && same_registers(&st, &before) && leds_match(&st));
}

/* Scan limit n shows digits 0..n; rows above it are dark; only D2-D0 count. */
static void test_scan_limit(void) {
    static const uint8_t v[8] = {0xFF, 0x7E, 0x3C, 0x18, 0x18, 0x3C, 0x7E, 0xFF};
    set_digits(v);
    for (unsigned n = 0; n < 8; n++) {
        max7219_state_t st = step(frame(MAX7219_REG_SCAN_LIMIT, 0xF8 | n));
        CHECK(st.scan_limit == n);
        unsigned bad = 0;
        for (unsigned r = 0; r < 8; r++)
            bad += st.rows[r] != (r <= n ? v[r] : 0); /* these rows read the same mirrored */
        CHECKF(bad == 0 && leds_match(&st), "scan limit %u: %s", n, picture());
    }
}

/* Intensity D3-D0 is kept; it changes no LED (leds.c has no brightness). */
static void test_intensity(void) {
    max7219_state_t before = step(""), st = step(frame(MAX7219_REG_INTENSITY, 7));
    CHECK(st.intensity == 7 && memcmp(st.rows, before.rows, 8) == 0);
    st = step(frame(MAX7219_REG_INTENSITY, 0xF9));
    CHECK(st.intensity == 9);
    st = step(frame(MAX7219_REG_INTENSITY, 15));
    CHECK(st.intensity == 15);
}

/* A no-op frame, with or without junk in D15-D12 and D7-D0, is counted and changes nothing;
 * so do the undecoded addresses 0xD and 0xE. */
static void test_noop(void) {
    max7219_state_t before = step("");
    static const char *const frames[] = {"lx00x00h", "lxf0xffh", "lx0dx55h", "lx0ex55h"};
    for (unsigned i = 0; i < 4; i++) {
        max7219_state_t st = step(frames[i]);
        CHECKF(same_registers(&st, &before) && st.frames == before.frames + i + 1, "frame '%s'",
               frames[i]);
    }
    /* D15-D12 are ignored on real registers too: 0xF1 addresses digit 0. */
    max7219_state_t st = step("lxf1x5ah");
    CHECK(st.digit[0] == 0x5a);
}

/* Code-B decode on a digit: its row is dark here, and flagged. */
static void test_decode(void) {
    max7219_state_t st = step(frame(MAX7219_REG_DECODE, 0x05));
    CHECK(st.decode == 0x05 && st.decoded_rows == 0x05);
    CHECK(st.rows[0] == 0 && st.rows[2] == 0 && st.rows[1] != 0 && leds_match(&st));
    st = step(frame(MAX7219_REG_DECODE, 0));
    CHECK(st.decoded_rows == 0 && st.rows[0] != 0 && leds_match(&st));
}

/* Each data bit of each digit lights exactly one LED, at (digit, 7 - bit). */
static void test_wiring(void) {
    static const uint8_t zero[8];
    set_digits(zero);
    for (unsigned d = 0; d < 8; d += 3)
        for (unsigned b = 0; b < 8; b++) {
            step(frame(MAX7219_REG_DIGIT0 + d, 1u << b));
            char want[8 * 9 + 1];
            strcpy(want, DARK);
            want[d * 9 + (7 - b)] = '#';
            CHECKF(strcmp(picture(), want) == 0, "digit %u bit %u: %s", d, b, picture());
            step(frame(MAX7219_REG_DIGIT0 + d, 0));
        }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_max7219 dir/with/spi_fw.elf\n");
        return 2;
    }
    sim = part_fw_open(argv[1]);
    static const uint8_t rows[8] = {8, 8, 8, 8, 8, 8, 8, 8};
    leds = sim_leds_new(sim_avr(sim), 8, rows);
    max7219_config_t cfg = {.load = {'B', 2, false}, .load_pulled_up = true, .leds = leds};
    chip = max7219_new(sim_avr(sim), &cfg);
    CHECK(leds && chip);
    if (!leds || !chip) {
        printf("test_max7219: %d passed, %d failed\n", passed, failed);
        return 1;
    }
    test_power_up(argv[1]);
    test_latch_on_rising_edge();
    test_frame_with_load_high();
    test_last_16_bits();
    test_shutdown();
    test_display_test();
    test_scan_limit();
    test_intensity();
    test_noop();
    test_decode();
    test_wiring();
    max7219_config_t bad = {.load = {'Z', 2, false}};
    CHECK(max7219_new(sim_avr(sim), &bad) == NULL);
    max7219_free(chip);
    sim_close(sim);
    sim_leds_free(leds);
    printf("test_max7219: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
