/* Host tests of press_update, the tick's button rule every millisecond: LEFT held repeats
 * 400 ms after its press, then every 150 ms, exactly, also when another button's debounced
 * press or release lands on the very millisecond a repeat is due, and across a wrap of the
 * 16-bit millisecond clock; every press is reported once. */
#include <stdbool.h>
#include <stdio.h>

#include "check.h"
#include "press.h"

#define TEST_LEFT 0x04
#define TEST_RIGHT 0x08
#define TEST_A 0x10
#define TEST_REPEATING (TEST_LEFT | TEST_RIGHT)
#define TEST_HOLD_MS 1300 /* LEFT held this long (raw): repeats at 400, 550, ..., 1150 */
#define TEST_A_TAP_MS 30  /* A pressed this long (raw) */

/* One run: the clock starts at start; LEFT goes down (cleanly) at ms 10 for TEST_HOLD_MS, A at
 * 10 + a_at for TEST_A_TAP_MS. Checks LEFT's reports (its press, then its repeats on time) and
 * A's single press; returns how many of A's debounced edges landed on a due repeat. */
static unsigned test_run(uint16_t start, int a_at)
{
    press_t p;
    press_init(&p, start);
    int left_down = -1, a_edges[2] = {-1, -1}, reports[16];
    unsigned left_presses = 0, a_presses = 0, repeats = 0, on_due = 0;
    bool stray = false;
    for (int t = 0; t < 2000; t++) {
        const uint16_t now = (uint16_t)(start + t);
        uint8_t raw = 0;
        if (t >= 10 && t < 10 + TEST_HOLD_MS) raw |= TEST_LEFT;
        if (t >= 10 + a_at && t < 10 + a_at + TEST_A_TAP_MS) raw |= TEST_A;
        const uint8_t before = p.debounce.cooked;
        const uint8_t got = press_update(&p, raw, TEST_REPEATING, now);
        const uint8_t changed = (uint8_t)(p.debounce.cooked ^ before);
        if (changed & TEST_A) a_edges[(p.debounce.cooked & TEST_A) ? 0 : 1] = t;
        if (got & TEST_A) a_presses++;
        if ((got & TEST_LEFT) && (changed & TEST_LEFT)) {
            left_down = t;
            left_presses++;
        } else if (got & TEST_LEFT) {
            if (repeats < 16) reports[repeats] = t - left_down;
            repeats++;
        }
        stray |= (got & ~(TEST_LEFT | TEST_A)) != 0;
    }
    CHECK(left_presses == 1 && a_presses == 1 && !stray,
          "start %u, A at %d: LEFT pressed %u times, A %u times%s", start, a_at, left_presses, a_presses,
          stray ? ", other buttons reported" : "");
    /* LEFT stays down until DEBOUNCE_MS after its raw release at 10 + TEST_HOLD_MS */
    const int held_for = 10 + TEST_HOLD_MS + DEBOUNCE_MS - left_down;
    unsigned want = 0;
    bool on_time = true;
    for (int due = PRESS_REPEAT_DELAY_MS; due < held_for; due += PRESS_REPEAT_EVERY_MS, want++) {
        if (want >= repeats || want >= 16 || reports[want] != due) {
            if (on_time)
                printf("start %u, A at %d (edges at %d, %d): repeat %u at %d ms, wanted %d\n", start, a_at,
                       a_edges[0] - left_down, a_edges[1] - left_down, want + 1,
                       want < repeats && want < 16 ? reports[want] : -1, due);
            on_time = false;
        }
        for (int e = 0; e < 2; e++) on_due += a_edges[e] - left_down == due;
    }
    CHECK(on_time && repeats == want, "start %u, A at %d: %u repeats, wanted %u on time", start, a_at,
          repeats, want);
    return on_due;
}

int main(void)
{
    static const uint16_t starts[] = {0, 1000, 65535 - 700, 65535 - 300, 65535};
    unsigned on_due = 0, runs = 0;
    for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++)
        for (int a_at = 350; a_at <= 1000; a_at++, runs++) on_due += test_run(starts[s], a_at);
    /* at each start, A's press and its release each landed on every one of the first repeats */
    CHECK(on_due >= 5 * 4 * 2, "only %u runs had one of A's edges on a due repeat", on_due);
    printf("press: %u runs, %u with another button's edge on a due repeat\n", runs, on_due);
    return check_summary("press") != 0;
}
