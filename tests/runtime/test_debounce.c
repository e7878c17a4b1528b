/* Host tests of debounce_update: chattering contacts replayed as tables of
 * {time, raw} at several scan rates and clock offsets (including a wrap of the
 * millisecond clock); each must give exactly the expected debounced edges, within
 * 20 ms of the contact settling, and nothing during a long quiet period after. */
#include <stdio.h>
#include <stdlib.h>

#include "debounce.h"

static unsigned test_passed, test_failed;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (cond) {                                                                                \
            test_passed++;                                                                         \
        } else {                                                                                   \
            test_failed++;                                                                         \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

/* Raw contact: a sequence of {time in 0.1 ms, level} changes for one button. */
typedef struct {
    unsigned at_tenths;
    int pressed;
} test_edge_t;

/* A press chattering for 10 ms, held 100 ms, released chattering for 10 ms. */
static const test_edge_t test_bouncy[] = {
    {0, 1},    {3, 0},    {9, 1},    {15, 0},   {40, 1},   {41, 0},   {70, 1},   {95, 0},
    {100, 1}, /* settles pressed at 10.0 ms */
    {1100, 0}, {1104, 1}, {1130, 0}, {1150, 1}, {1180, 0}, {1185, 1},
    {1200, 0}, /* settles released at 120.0 ms */
};

static int test_raw_at(const test_edge_t *edges, size_t n, unsigned tenths)
{
    int level = 0;
    for (size_t i = 0; i < n && edges[i].at_tenths <= tenths; i++) level = edges[i].pressed;
    return level;
}

/* Replay at one sample every `period_tenths`, starting the clock at `offset_ms`. */
static void test_replay(unsigned period_tenths, uint16_t offset_ms, uint8_t bit)
{
    debounce_t d;
    debounce_init(&d, offset_ms);
    int presses = 0, releases = 0;
    long pressed_at = -1, released_at = -1;
    for (unsigned t = 0; t <= 20000; t += period_tenths) { /* 2 s */
        const uint16_t now = (uint16_t)(offset_ms + t / 10);
        const uint8_t raw = test_raw_at(test_bouncy, sizeof test_bouncy / sizeof test_bouncy[0], t)
                                ? bit
                                : 0;
        const uint8_t before = d.cooked;
        if (debounce_update(&d, raw, now)) {
            if (d.cooked & ~before & bit) {
                presses++;
                pressed_at = t;
            }
            if (before & ~d.cooked & bit) {
                releases++;
                released_at = t;
            }
        }
        CHECK((d.cooked & ~bit) == 0, "other buttons stay released");
    }
    CHECK(presses == 1, "period %u/10 ms offset %u: %d presses", period_tenths, offset_ms, presses);
    CHECK(releases == 1, "period %u/10 ms offset %u: %d releases", period_tenths, offset_ms,
          releases);
    CHECK(pressed_at >= 100 && pressed_at <= 100 + 200, "pressed %ld/10 ms: within 20 ms of 10 ms",
          pressed_at);
    CHECK(released_at >= 1200 && released_at <= 1200 + 200,
          "released %ld/10 ms: within 20 ms of 120 ms", released_at);
}

int main(void)
{
    const unsigned periods[] = {1, 5, 10, 20};       /* 0.1, 0.5, 1 and 2 ms scans */
    const uint16_t offsets[] = {0, 1234, 65530};     /* the last one wraps the clock */
    for (size_t p = 0; p < sizeof periods / sizeof periods[0]; p++)
        for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; o++)
            for (uint8_t bit = 1; bit & 0x3F; bit = (uint8_t)(bit << 1))
                test_replay(periods[p], offsets[o], bit);

    /* two buttons at once: each debounced on its own */
    debounce_t d;
    debounce_init(&d, 100);
    debounce_update(&d, 0x01, 100);
    debounce_update(&d, 0x03, 103);
    debounce_update(&d, 0x03, 107);
    CHECK(d.cooked == 0x01, "first button settled, second not yet: %02x", d.cooked);
    debounce_update(&d, 0x03, 110);
    CHECK(d.cooked == 0x03, "both settled: %02x", d.cooked);

    /* a glitch shorter than DEBOUNCE_MS never shows */
    debounce_init(&d, 0);
    for (uint16_t t = 0; t < 1000; t++) {
        const uint8_t raw = (t % 100) < DEBOUNCE_MS - 1 ? 0x10 : 0;
        debounce_update(&d, raw, t);
        CHECK(d.cooked == 0, "glitch at %u ms taken for a press", t);
    }
    printf("debounce: %u passed, %u failed\n", test_passed, test_failed);
    return test_failed != 0;
}
