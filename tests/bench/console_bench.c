/* make bench: how long the console takes to answer its worst cases, per game, on the real
 * firmware under simavr. A command goes in through the UART; the time from its last byte
 * arriving to the reply's first byte leaving is the total time to the reply's line end
 * minus the wire time of both lines (measured here from two trivial commands). Every case is
 * at the image's own limits (the largest heap it names when it refuses a larger one), so the
 * same cases run on a handheld and on uno. BENCH_QUICK=1: the longest cases shorter.
 * Usage: console_bench FIRMWARE.elf BOARD */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

#define BENCH_CYCLES_PER_MS 16000.0
#define BENCH_TARGET_MS 100.0
#define BENCH_CMD_MAX 600
#define BENCH_WATCHDOG_MS 256.0 /* WDTO_250MS: 32768 cycles of the 128 kHz watchdog oscillator */
#define BENCH_UNO_WATCHDOG_MS 2048.0 /* the uno image's WDTO_2S, on while it answers */

typedef struct {
    char game[32]; /* its row in docs/console.md's limits */
    char cmd[BENCH_CMD_MAX];
} bench_case_t;

static double bench_byte_ms; /* wire time of one byte, both ways */
static bool bench_quick;     /* BENCH_QUICK=1: the same cases, the longest ones shorter */

/* Send cmd, run until its first reply line; the ms from sending to that line's end, the line
 * in *reply. With `until` set, keep going to the line starting with it (a moves count). */
static double bench_send(scn_t *s, const char *cmd, const char *until, char *reply, size_t n,
                         double *total_ms, unsigned *lines)
{
    scn_run_ms(s, 30);
    const size_t first = scn_line_count(s);
    const uint64_t c0 = scn_cycles(s);
    char line[BENCH_CMD_MAX + 2];
    snprintf(line, sizeof line, "%s\n", cmd);
    scn_send(s, line);
    double first_ms = -1;
    *lines = 0;
    reply[0] = 0;
    for (unsigned waited = 0; scn_ok(s) && waited < 2000000; waited++) {
        scn_run_us(s, 50);
        for (size_t i = first + *lines; i < scn_line_count(s); i++) {
            const char *l = scn_line(s, i);
            if (l[0] == '@') continue;
            (*lines)++;
            const double ms = (double)(scn_line_cycle(s, i) - c0) / BENCH_CYCLES_PER_MS;
            if (first_ms < 0) {
                first_ms = ms;
                snprintf(reply, n, "%s", l);
            }
            if (!until || strncmp(l, until, strlen(until)) == 0 || strncmp(reply, "err", 3) == 0) {
                *total_ms = ms;
                return first_ms;
            }
        }
    }
    *total_ms = -1;
    return -1;
}

/* Hold B until the menu opens; ms from the press to the @menu line. Then back to the game. */
static double bench_menu_ms(scn_t *s)
{
    scn_set_cursor(s, scn_line_count(s));
    const uint64_t c0 = scn_cycles(s);
    scn_press(s, SIM_BTN_B);
    const char *l = scn_wait_line(s, "@menu", 3000);
    const double ms = l ? (double)(scn_line_cycle(s, scn_cursor(s) - 1) - c0) / BENCH_CYCLES_PER_MS : 1e9;
    scn_release(s, SIM_BTN_B);
    scn_run_ms(s, 100);
    scn_tap(s, SIM_BTN_B); /* back */
    scn_run_ms(s, 200);
    return ms;
}

static void bench_fill(bench_case_t *c, const char *game, const char *fmt, const char *arg)
{
    snprintf(c->game, sizeof c->game, "%s", game);
    snprintf(c->cmd, sizeof c->cmd, fmt, arg);
}

/* The largest heap `game` takes at this home: 4294967295, or the limit the home names when it
 * refuses that ("heap 4294967295 is larger than 65535 here"); 0 when it does not play the game
 * (its cases then get the home's refusal, and are listed as answered elsewhere). */
static unsigned long bench_limit(scn_t *s, const char *game, unsigned heaps)
{
    char cmd[80], reply[BENCH_CMD_MAX];
    double total;
    unsigned lines;
    snprintf(cmd, sizeof cmd, "solve %s 4294967295%s", game, heaps == 2 ? " 1" : "");
    bench_send(s, cmd, NULL, reply, sizeof reply, &total, &lines);
    const char *at = strstr(reply, "larger than ");
    if (at) return strtoul(at + 12, NULL, 10);
    return strncmp(reply, "err", 3) == 0 ? 0 : 4294967295ul;
}

/* `count` heaps near max, as " h1 h2 ...": 32-bit heaps max - 7919 i^2, smaller ones max - step i. */
static void bench_heaps(char *out, size_t n, unsigned long max, unsigned count)
{
    const unsigned long step = max / 675 ? max / 675 : 1;
    out[0] = 0;
    for (unsigned long i = 0; i < count; i++) {
        unsigned long v = max > 0xFFFFul ? max - 7919ul * i * i : max > step * i ? max - step * i : 1;
        snprintf(out + strlen(out), n - strlen(out), " %lu", v);
    }
}

int main(int argc, char **argv)
{
    char err[256], reply[BENCH_CMD_MAX];
    if (argc != 3) return 2;
    bench_quick = getenv("BENCH_QUICK") && strcmp(getenv("BENCH_QUICK"), "0") != 0;
    scn_t *s = scn_open(argv[1], argv[2], err, sizeof err);
    const bool calculator = s && scn_rows(s) == 0; /* the uno image: no game, no buttons */
    if (!s || !scn_wait_line(s, calculator ? "@ready" : "@turn", 3000)) {
        printf("console bench: %s\n", s ? "no console" : err);
        return 1;
    }
    const double watchdog_ms = calculator ? BENCH_UNO_WATCHDOG_MS : BENCH_WATCHDOG_MS;
    /* wire time per byte: the same answer to a short and a long (space-padded) line */
    double total, t_short, t_long;
    unsigned lines;
    char padded[300];
    snprintf(padded, sizeof padded, "solve nim 1 2 3%200s", "");
    t_short = bench_send(s, "solve nim 1 2 3", NULL, reply, sizeof reply, &total, &lines);
    t_long = bench_send(s, padded, NULL, reply, sizeof reply, &total, &lines);
    bench_byte_ms = (t_long - t_short) / 200.0;

    /* Each case at this home's limits: the largest heap each game takes here, from the home's
     * own refusal of a larger one; the games this image leaves out are listed as such. */
    static bench_case_t cases[48];
    unsigned n = 0;
    char big[BENCH_CMD_MAX], code[300], set[200], heaps[200];
    const unsigned long nim_max = bench_limit(s, "nim", 1);
    /* 16 heaps near the limit with a non-zero nim-sum */
    bench_heaps(heaps, sizeof heaps, nim_max, 16);
    bench_fill(&cases[n++], "nim", "solve nim%s", heaps);
    bench_fill(&cases[n++], "nim", "moves nim%s", heaps);
    bench_heaps(heaps, sizeof heaps, bench_limit(s, "misere", 1), 16);
    bench_fill(&cases[n++], "misere", "solve misere%s", heaps);
    bench_heaps(heaps, sizeof heaps, bench_limit(s, "bash:65535", 1), 16);
    bench_fill(&cases[n++], "bash:M", "solve bash:65535%s", heaps);
    bench_heaps(heaps, sizeof heaps, bench_limit(s, "pow2", 1), 16);
    bench_fill(&cases[n++], "pow2", "solve pow2%s", heaps);
    unsigned long top = bench_limit(s, "wythoff", 2);
    snprintf(big, sizeof big, "solve wythoff %lu %lu", (unsigned long)(top * 0.6180339887), top);
    bench_fill(&cases[n++], "wythoff", "%s", big);
    snprintf(big, sizeof big, "solve wythoff %lu %lu", top, top - 1);
    bench_fill(&cases[n++], "wythoff", "%s", big);
    /* 32 values up to 255: the primes below 131 */
    strcpy(set, "1,2,3,5,7,11,13,17,19,23,29,31,37,41,43,47,53,59,61,67,71,73,79,83,89,97,101,103,107,109,113,127");
    top = bench_limit(s, "sub:1", 1);
    bench_heaps(heaps, sizeof heaps, top, 16);
    snprintf(big, sizeof big, "solve sub:%s%s", set, heaps);
    bench_fill(&cases[n++], "sub:S", "%s", big);
    snprintf(big, sizeof big, "grundy sub:%s %lu", set, top);
    bench_fill(&cases[n++], "sub:S", "%s", big);
    strcpy(set, "224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255");
    snprintf(big, sizeof big, "solve sub:%s%s", set, heaps);
    bench_fill(&cases[n++], "sub:S", "%s", big);
    bench_heaps(heaps, sizeof heaps, bench_limit(s, "fib", 1), 16);
    bench_fill(&cases[n++], "fib", "solve fib%s", heaps);
    top = bench_limit(s, "kayles", 1);
    bench_heaps(heaps, sizeof heaps, top, 16);
    bench_fill(&cases[n++], "kayles", "solve kayles%s", heaps);
    bench_heaps(heaps, sizeof heaps, bench_limit(s, "dawson", 1), 16);
    bench_fill(&cases[n++], "dawson", "solve dawson%s", heaps);
    /* every winning move of a long heap: the quick form takes a shorter one */
    snprintf(big, sizeof big, " %lu 3 4", bench_quick ? top / 16 : top);
    bench_fill(&cases[n++], "dawson", "moves dawson%s", big);
    bench_heaps(heaps, sizeof heaps, top, 16);
    bench_fill(&cases[n++], "kayles", "moves kayles%s", heaps);
    /* the longest codes a 255-character line holds (the quick form: a tenth as long) */
    const unsigned digits = bench_quick ? 24 : 236, moves_digits = bench_quick ? 16 : 160;
    top = bench_limit(s, "octal:0.7", 1);
    memset(code, '7', digits);
    code[digits] = 0;
    snprintf(big, sizeof big, "grundy octal:0.%s %lu", code, top);
    snprintf(cases[n].cmd, sizeof cases[n].cmd, "%s", big);
    snprintf(cases[n++].game, sizeof cases[0].game, "octal:0.77...7 (%u)", digits);
    memset(code, '4', digits);
    snprintf(big, sizeof big, "grundy octal:0.%s %lu", code, top);
    snprintf(cases[n].cmd, sizeof cases[n].cmd, "%s", big);
    snprintf(cases[n++].game, sizeof cases[0].game, "octal:0.44...4 (%u)", digits);
    memset(code, '7', moves_digits);
    code[moves_digits] = 0;
    bench_heaps(heaps, sizeof heaps, top, 15);
    snprintf(big, sizeof big, "moves octal:0.%s%s", code, heaps);
    snprintf(cases[n].cmd, sizeof cases[n].cmd, "%s", big);
    snprintf(cases[n++].game, sizeof cases[0].game, "octal:0.77...7 (%u)", moves_digits);
    bench_heaps(heaps, sizeof heaps, bench_limit(s, "octal:0.137", 1), 16);
    bench_fill(&cases[n++], "octal:0.137", "solve octal:0.137%s", heaps);
    bench_heaps(heaps, sizeof heaps, bench_limit(s, "line:1,2,3", 1), 16);
    bench_fill(&cases[n++], "line:1,2,3", "solve line:1,2,3%s", heaps);
    bench_fill(&cases[n++], "misere:kayles", "solve misere:kayles%s", " 3 4 4 5");
    bench_fill(&cases[n++], "misere:bash:3 (bounded)", "solve misere:bash:3%s", " 7 7 7 6");
    bench_fill(&cases[n++], "misere:sub (bounded)", "solve misere:sub:1,3,4%s", " 7 7 7 7");
    /* the games past line (those an image leaves out are listed as such) */
    top = bench_limit(s, "king", 2);
    snprintf(big, sizeof big, "%lu %lu", top, top);
    bench_fill(&cases[n++], "king", "solve king %s", big);
    snprintf(big, sizeof big, "%lu %lu", top, top - 1);
    bench_fill(&cases[n++], "king", "moves king %s", big);
    bench_fill(&cases[n++], "calendar", "solve calendar %s", "1900 1 1");
    bench_fill(&cases[n++], "calendar", "moves calendar %s", "2000 2 28");
    bench_fill(&cases[n++], "mult:N", "solve mult:4294967295 %s", "1");
    bench_fill(&cases[n++], "mult:N", "moves mult:4294967295 %s", "2");
    top = bench_limit(s, "lasker", 1);
    snprintf(big, sizeof big, " %lu %lu 7 1", top, top - 1);
    bench_fill(&cases[n++], "lasker", "moves lasker%s", big);
    bench_heaps(heaps, sizeof heaps, top > 65535 ? 65535 : top, 16);
    bench_fill(&cases[n++], "lasker", "solve lasker%s", heaps);
    top = bench_limit(s, "moore:15", 1);
    bench_heaps(heaps, sizeof heaps, top, 16);
    bench_fill(&cases[n++], "moore:k", "solve moore:15%s", heaps);
    snprintf(big, sizeof big, " %lu %lu 1", top, top - 1);
    bench_fill(&cases[n++], "moore:k", "moves moore:2%s", big);
    bench_fill(&cases[n++], "dag:E", "solve dag:%s 63 62 61 60 59 58 57 56 55 54 53 52 51 50 49 48",
               "63>62,62>61,61>60,60>59,59>58,58>57,57>56,56>55,55>54,54>53,53>52,52>51,51>50,"
               "50>49,49>48,48>47,47>46,46>45,45>44,44>43,43>42,42>41,41>40,40>39,39>38");

    printf("Console replies, simulated time on the %s board (ms): from the command's last byte\n"
           "arriving to the reply's first byte leaving (wire time %.4f ms per byte taken off).\n",
           argv[2], bench_byte_ms);
    printf("%-22s %10s %10s %8s  %s\n", "game", "reply-ms", "done-ms", "feed-ms", "command");
    double worst = 0, gap_worst = 0;
    const char *gap_at = "";
    const char *worst_at = "";
    unsigned worst_i = 0;
    char worst_reply[BENCH_CMD_MAX];
    for (unsigned i = 0; i < n && scn_ok(s); i++) {
        const bool moves = strncmp(cases[i].cmd, "moves", 5) == 0;
        sim_wdr_gap(scn_sim(s), true);
        const double t = bench_send(s, cases[i].cmd, moves ? "count" : NULL, reply, sizeof reply, &total, &lines);
        const double wire = (double)(strlen(cases[i].cmd) + 1 + strlen(reply) + 2) * bench_byte_ms;
        const double ms = t - wire;
        if (strncmp(reply, "err unknown game", 16) == 0 || strstr(reply, "is answered by the uno image") ||
            strstr(reply, "is not in the device's menu")) {
            printf("%-22s %10s %10s  (answered by uno and grundy)\n", cases[i].game, "-", "-");
            continue;
        }
        const double gap = (double)sim_wdr_gap(scn_sim(s), true) / BENCH_CYCLES_PER_MS;
        if (gap > gap_worst) {
            gap_worst = gap;
            gap_at = cases[i].game;
        }
        char shown[48];
        snprintf(shown, sizeof shown, "%.44s", cases[i].cmd);
        printf("%-22s %10.2f %10.2f %8.2f  %s%s  -> %.20s%s\n", cases[i].game, ms, total - wire, gap, shown,
               strlen(cases[i].cmd) > 44 ? "..." : "", reply, strlen(reply) > 20 ? "..." : "");
        if (strncmp(reply, "err", 3) == 0 || t < 0 || !scn_ok(s)) {
            printf("console bench: '%s' failed: %s\n", cases[i].cmd,
                   !scn_ok(s) ? scn_failure(s) : t < 0 ? "no reply" : reply);
            for (size_t k = scn_line_count(s) > 6 ? scn_line_count(s) - 6 : 0; k < scn_line_count(s); k++)
                printf("  the board's last lines: %.1f ms %s\n", scn_line_cycle(s, k) / 16000.0, scn_line(s, k));
            return 1;
        }
        if (ms > worst) {
            worst = ms;
            worst_at = cases[i].game;
            worst_i = i;
            snprintf(worst_reply, sizeof worst_reply, "%s", reply);
        }
    }
    printf("console worst reply %.2f ms (%s): target <= %.0f ms: %s\n", worst, worst_at,
           BENCH_TARGET_MS, worst <= BENCH_TARGET_MS ? "met" : "MISSED");
    /* feed-ms: the longest time between two watchdog feeds (WDR) while the command ran */
    printf("watchdog: longest gap between feeds %.2f ms (%s); its interrupt stage comes after %.0f "
           "ms: %s\n", gap_worst, gap_at, watchdog_ms, gap_worst * 2 <= watchdog_ms ?
           "margin x2 met" : "MISSED");

    if (calculator) {
        scn_close(s);
        return 0;
    }
    /* The buttons while the console computes: B held opens the menu after 1 s; how much later
     * than without a computation, at 8 moments (the quick form: 2) of the longest one here. */
    const double base = bench_menu_ms(s);
    double stall = 0;
    const unsigned moments = bench_quick ? 2 : 8;
    for (unsigned k = 0; k < moments && scn_ok(s); k++) {
        char line[BENCH_CMD_MAX + 2];
        snprintf(line, sizeof line, "%s\n", cases[worst_i].cmd);
        scn_send(s, line);
        scn_run_ms(s, 100 + (unsigned)(worst * 0.9 / moments) * k);
        const double d = bench_menu_ms(s) - base;
        if (d > stall) stall = d;
        scn_wait_line(s, worst_reply, 30000); /* the answer, then quiet */
    }
    printf("buttons during the longest computation: the menu opened at most %.2f ms later than when "
           "idle: target <= %.0f ms: %s\n", stall, BENCH_TARGET_MS, stall <= BENCH_TARGET_MS ? "met" : "MISSED");
    scn_close(s);
    return scn_ok(s) ? 0 : 1;
}
