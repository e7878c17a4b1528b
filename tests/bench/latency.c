/* make bench: input latency on the simulated board, from the moment a RIGHT press
 * settles on its pin (contact bounce included) to the moment the newly marked
 * token's LED changes. Marks blink in one shared phase, so one token is kept marked
 * to show the phase, and each press lands in its dark half at a different offset:
 * the new mark must then go dark at once, and that change is timed.
 * Usage: latency FIRMWARE.elf BOARD */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

#define LATENCY_PRESSES 200
#define LATENCY_QUICK_PRESSES 20 /* BENCH_QUICK=1: make test's quick form */
#define LATENCY_LOOK_MS 30

static int latency_compare(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    char err[256];
    if (argc != 3) return 2;
    const char *quick = getenv("BENCH_QUICK");
    const unsigned presses = quick && strcmp(quick, "0") != 0 ? LATENCY_QUICK_PRESSES : LATENCY_PRESSES;
    scn_t *s = scn_open(argv[1], argv[2], err, sizeof err);
    if (!s || !scn_wait_line(s, "@turn human", 3000)) {
        printf("latency: %s\n", s ? "no game" : err);
        return 1;
    }
    scn_set_bounce(s, &SIM_BOUNCE_DEFAULT);
    scn_run_ms(s, 1100);
    /* row 0's heap as the game stands (the device may have moved first: matrix8, shift595) */
    unsigned heap0 = scn_row_len(s, 0);
    for (size_t i = scn_line_count(s); i-- > 0;) {
        const char *l = scn_line(s, i), *at = NULL;
        if (strncmp(l, "@game ", 6) == 0) at = strchr(l + 6, ' ');                   /* @game nim 8 8 */
        else if (strncmp(l, "@move ", 6) == 0) at = strchr(l + 6, ' ');          /* @move cpu 8 7 */
        if (!at) continue;
        heap0 = (unsigned)strtoul(at, NULL, 10);
        break;
    }
    if (heap0 < 2) {
        printf("latency: row 0 holds %u token(s): two are needed\n", heap0);
        return 1;
    }
    const unsigned row = 0, shown = heap0 - 1, led = shown - 1;
    double ms[LATENCY_PRESSES];
    unsigned visible = 0, blipped = 0, missed = 0;
    const double cycles_per_ms = 16000.0;
    scn_tap(s, SIM_BTN_RIGHT); /* `shown` now blinks in the shared phase */
    for (unsigned i = 0; i < presses && scn_ok(s); i++) {
        unsigned waited = 0;
        while (scn_ok(s) && waited++ < 1000 && !sim_led_on(scn_leds(s), row, shown))
            scn_run_ms(s, 1); /* into a lit half... */
        while (scn_ok(s) && waited++ < 1000 && sim_led_on(scn_leds(s), row, shown))
            scn_run_ms(s, 1); /* ...until the dark half begins */
        scn_run_us(s, (i * 7919u) % 90000u); /* an offset into the 167 ms dark half */
        if (!sim_led_on(scn_leds(s), row, led)) { /* the cursor's own blip: not a fair start */
            blipped++;
            continue;
        }
        const uint64_t pressed = scn_cycles(s);
        scn_press(s, SIM_BTN_RIGHT);
        uint64_t dark = 0;
        for (unsigned step = 0; step < LATENCY_LOOK_MS * 10 && !dark; step++) {
            scn_run_us(s, 100);
            if (!sim_led_on(scn_leds(s), row, led)) dark = sim_led_last_change(scn_leds(s), row, led);
        }
        scn_run_ms(s, 12); /* let this press finish bouncing */
        const uint64_t settled = scn_press_settled(s, SIM_BTN_RIGHT);
        if (settled < pressed || (dark && dark < settled))
            blipped++; /* dark before the contact settled: the blip began, not the mark */
        else if (dark)
            ms[visible++] = (double)(dark - settled) / cycles_per_ms;
        else
            missed++;
        scn_release(s, SIM_BTN_RIGHT);
        scn_run_ms(s, 60);
        scn_tap(s, SIM_BTN_LEFT); /* unmark it again */
    }
    if (!scn_ok(s) || visible == 0) {
        printf("latency: %s\n", scn_ok(s) ? "no LED change seen" : scn_failure(s));
        return 1;
    }
    qsort(ms, visible, sizeof ms[0], latency_compare);
    printf("input latency, RIGHT settled on the pin -> the marked LED changes: %u presses timed "
           "(%u set aside: cursor blip; %u with no change in %u ms): median %.2f ms, worst "
           "%.2f ms: target <= 25 ms: %s\n",
           visible, blipped, missed, LATENCY_LOOK_MS, ms[visible / 2], ms[visible - 1],
           missed == 0 && ms[visible - 1] <= 25 ? "met" : "MISSED");
    scn_close(s);
    return 0;
}
