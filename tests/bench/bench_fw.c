/* Benchmark firmware: times the device's move choice (engine_best_move: Perfect)
 * cycle-exactly under simavr through the probe registers, for every game, over
 * every position of up to 4 heaps <= 8, 10,000 random 8-heap positions and known
 * worst cases, then for misere variants over every position of 1-16 tokens with the
 * exact search's memo kept and emptied; reports each game's deepest stack by painting RAM.
 * Built with BENCH_QUICK=1 (make test's quick form): the same decisions, fewer of them. */
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr_mcu_section.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "engine_internal.h" /* engine_work_serial: to empty the work buffer between decisions */
#include "sim_probe.h"

AVR_MCU(F_CPU, "atmega328p");

#define BENCH_PAINT 0xC5
#ifndef BENCH_QUICK
#define BENCH_QUICK 0
#endif
#define BENCH_RANDOM_POSITIONS (BENCH_QUICK ? 500u : 10000u)
#define BENCH_ALL_HEAPS (BENCH_QUICK ? 3 : 4)       /* every position of up to this many heaps */
#define BENCH_HARD_POSITIONS (BENCH_QUICK ? 8 : 64) /* the known hard ones */
#define BENCH_MISERE_MAX (BENCH_QUICK ? 10 : ENGINE_MISERE_TOKENS) /* tokens, misere variants */
#define BENCH_TAG_CONSOLE 255 /* console-sized positions: not the device's 10,000-cycle target */
#define BENCH_TAG_CONSOLE_MOORE 254 /* ... of moore:k: 16 heaps near 2^32 */
#define BENCH_TAG_CONSOLE_LASKER 253 /* ... of lasker */

extern uint8_t __heap_start;

static const char *const bench_games[] = {
    "nim",  "misere", "bash:3", "sub:1,3,4", "sub:2,5", "sub:1,2,4,8", "fib",        "pow2",
    "wythoff", "kayles", "dawson", "octal:0.137", "line:1,3", "king", "moore:2", "moore:3",
    "lasker",
};
#define BENCH_GAMES (sizeof bench_games / sizeof bench_games[0])

/* Misere variants: decided by the exact search, for positions of up to 16 tokens. */
static const char *const bench_misere_games[] = {
    "misere:bash:3", "misere:sub:1,3,4", "misere:sub:2,5",      "misere:sub:1,2,4,8",
    "misere:fib",    "misere:pow2",      "misere:kayles",       "misere:dawson",
    "misere:octal:0.137", "misere:line:1,3",
};
#define BENCH_MISERE_GAMES (sizeof bench_misere_games / sizeof bench_misere_games[0])
#define BENCH_TAG_MISERE 64 /* three tags per misere variant from here */

static int bench_putc(char c, FILE *f)
{
    (void)f;
    if (c == '\n') bench_putc('\r', f);
    while (!(UCSR0A & _BV(UDRE0))) {
    }
    UDR0 = (uint8_t)c;
    return 0;
}
static FILE bench_out = FDEV_SETUP_STREAM(bench_putc, NULL, _FDEV_SETUP_WRITE);

static uint16_t bench_state = 0xACE1;
static uint16_t bench_random(void)
{
    bench_state ^= (uint16_t)(bench_state << 7);
    bench_state ^= (uint16_t)(bench_state >> 9);
    bench_state ^= (uint16_t)(bench_state << 8);
    return bench_state;
}

/* Paint the free RAM below the stack pointer; bench_stack_used measures what was overwritten. */
static uint8_t *bench_paint_top;
static void __attribute__((noinline)) bench_paint(void)
{
    uint8_t *p = &__heap_start;
    bench_paint_top = (uint8_t *)SP - 8;
    while (p < bench_paint_top) *p++ = BENCH_PAINT;
}
static uint16_t bench_stack_used(void)
{
    uint8_t *p = &__heap_start;
    while (p < bench_paint_top && *p == BENCH_PAINT) p++;
    return (uint16_t)(bench_paint_top + 8 - p);
}

static engine_rules_t bench_rules;
static engine_position_t bench_pos;

/* Forget what the work buffer holds (run-time Grundy values, the misere memo), as new rules
 * would, without making rules while the stack is being watched. */
static void bench_forget(void)
{
    engine_work_serial = 0;
}

static void __attribute__((noinline)) bench_decide(uint8_t tag)
{
    engine_move_t m;
    sim_probe_start(tag);
    engine_best_move(&bench_rules, &bench_pos, &m);
    sim_probe_stop();
}

static bool bench_octal_like(void)
{
    return bench_rules.game >= ENGINE_GAME_KAYLES && bench_rules.game <= ENGINE_GAME_LINE;
}

/* A row of 8 pins with one random gap of 0..3 pins: its runs become heaps. */
static void bench_add_row(void)
{
    uint8_t gap_at = (uint8_t)(bench_random() % 8), gap = (uint8_t)(bench_random() % 4);
    if (gap_at + gap > 8) gap = (uint8_t)(8 - gap_at);
    if (gap_at) bench_pos.heap[bench_pos.count++] = gap_at;
    if (8 - gap_at - gap) bench_pos.heap[bench_pos.count++] = (uint8_t)(8 - gap_at - gap);
}

static void bench_game(uint8_t g)
{
    const char *name = bench_games[g];
    const uint8_t tag_all = (uint8_t)(3 * g), tag_random = tag_all + 1, tag_worst = tag_all + 2;
    /* a game this image's engine leaves out (the device profile: octal: codes, lasker) */
    if (engine_rules_parse(&bench_rules, name, (uint8_t)strlen(name)) != ENGINE_OK) return;
    printf("#probe %u %s/all\n#probe %u %s/random\n#probe %u %s/worst\n", tag_all, name,
           tag_random, name, tag_worst, name);
    bench_paint();
    const uint8_t two = engine_heap_count(&bench_rules) == 2; /* wythoff, king */
    const uint8_t max_heaps = two ? 2 : BENCH_ALL_HEAPS;
    /* every position of 1..4 heaps of 0..8 (Wythoff, king: 2 heaps), heaps in every order */
    for (uint8_t count = two ? 2 : 1; count <= max_heaps; count++) {
        memset(&bench_pos, 0, sizeof bench_pos);
        bench_pos.count = count;
        for (;;) {
            bench_decide(tag_all);
            uint8_t i = 0;
            while (i < count && bench_pos.heap[i] == 8) bench_pos.heap[i++] = 0;
            if (i == count) break;
            bench_pos.heap[i]++;
        }
    }
    /* random positions: 8 heaps <= 8 (Wythoff: 2), or rows of 8 pins with a gap */
    for (uint16_t n = 0; n < BENCH_RANDOM_POSITIONS; n++) {
        bench_pos.count = 0;
        if (two) {
            bench_pos.count = 2;
            bench_pos.heap[0] = bench_random() % 9;
            bench_pos.heap[1] = bench_random() % 9;
        } else if (bench_octal_like()) {
            for (uint8_t row = 0; row < 8; row++) bench_add_row();
        } else {
            for (uint8_t i = 0; i < 8; i++) bench_pos.heap[bench_pos.count++] = bench_random() % 9;
        }
        bench_decide(tag_random);
    }
    /* worst cases: lost positions make the engine scan everything; an emptied work buffer
     * makes run-time games recompute their values from scratch. Wythoff's are console-sized
     * (heaps near 2^32, the longest Zeckendorf representations) and reported apart. */
    for (uint8_t k = 0; k < BENCH_HARD_POSITIONS; k++) {
        if (two && bench_rules.game != ENGINE_GAME_WYTHOFF) { /* the king: 2^32 - 1 and less */
            bench_pos.count = 2;
            bench_pos.heap[0] = ENGINE_HEAP_MAX - k;
            bench_pos.heap[1] = ENGINE_HEAP_MAX - (k >> 1);
        } else if (bench_rules.game == ENGINE_GAME_WYTHOFF) {
            /* cold pairs (a_j, a_j + j) whose upper heap is just below 2^32 (device: 255) */
            const engine_heap_t j = (engine_heap_t)((ENGINE_DEVICE ? 97ul : 1640531526ul) - k);
            engine_heap_t a = 0;
            engine_wythoff_lower(j, &a);
            bench_pos.count = 2;
            bench_pos.heap[0] = a;
            bench_pos.heap[1] = a + j;
        } else {
            bench_pos.count = 8;
            for (uint8_t i = 0; i < 8; i++) bench_pos.heap[i] = 8 - (i & (k & 7));
            if (bench_octal_like()) {
                bench_pos.count = 16;
                for (uint8_t i = 0; i < 16; i++) bench_pos.heap[i] = (uint8_t)(1 + ((i + k) & 7));
            }
        }
        bench_forget();
        bench_decide(bench_rules.game == ENGINE_GAME_WYTHOFF ? BENCH_TAG_CONSOLE : tag_worst);
        if (bench_rules.game == ENGINE_GAME_MOORE || bench_rules.game == ENGINE_GAME_LASKER) {
            /* console-sized: 16 heaps near 2^32 */
            bench_pos.count = 16;
            for (uint8_t i = 0; i < 16; i++)
                bench_pos.heap[i] = (engine_heap_t)(ENGINE_HEAP_MAX - 15 - (7919ul * i * k) % ENGINE_HEAP_MAX);
            bench_decide(bench_rules.game == ENGINE_GAME_MOORE ? BENCH_TAG_CONSOLE_MOORE
                                                               : BENCH_TAG_CONSOLE_LASKER);
        }
    }
    printf("stack %s %u\n", name, bench_stack_used());
}

/* The next partition of the same total in bench_pos (heaps largest first, 1s last); false
 * after the last one (all 1s). */
static bool bench_next_partition(void)
{
    uint8_t ones = 0;
    while (bench_pos.count && bench_pos.heap[bench_pos.count - 1] == 1) {
        bench_pos.count--;
        ones++;
    }
    if (bench_pos.count == 0) return false;
    /* lower the last heap above the 1s by one and spread the rest in heaps no larger */
    uint8_t v = (uint8_t)--bench_pos.heap[bench_pos.count - 1], rest = (uint8_t)(ones + 1);
    for (; rest > v; rest = (uint8_t)(rest - v)) bench_pos.heap[bench_pos.count++] = v;
    bench_pos.heap[bench_pos.count++] = rest;
    return true;
}

/* Every position of 1-16 tokens (each multiset of heaps once, largest first) for a misere
 * variant: decided in turn with the memo kept (warm), then each with the memo emptied
 * (cold); then heaps 3, 4, 5 with an empty memo. */
static void bench_misere(uint8_t g)
{
    const char *name = bench_misere_games[g];
    const uint8_t tag = (uint8_t)(BENCH_TAG_MISERE + 3 * g);
    if (engine_rules_parse(&bench_rules, name, (uint8_t)strlen(name)) != ENGINE_OK) return;
    printf("#probe %u %s/warm\n#probe %u %s/cold\n#probe %u %s/345\n", tag, name, tag + 1, name,
           tag + 2, name);
    bench_paint();
    for (uint8_t cold = 0; cold < 2; cold++)
        for (uint8_t total = 1; total <= BENCH_MISERE_MAX; total++) {
            memset(&bench_pos, 0, sizeof bench_pos);
            bench_pos.count = 1;
            bench_pos.heap[0] = total;
            do {
                if (cold) bench_forget();
                bench_decide((uint8_t)(tag + cold));
            } while (bench_next_partition());
        }
    bench_forget();
    memset(&bench_pos, 0, sizeof bench_pos);
    bench_pos.count = 3;
    bench_pos.heap[0] = 3;
    bench_pos.heap[1] = 4;
    bench_pos.heap[2] = 5;
    bench_decide((uint8_t)(tag + 2));
    printf("stack %s %u\n", name, bench_stack_used());
}

int main(void)
{
    UCSR0A = _BV(U2X0);
    UBRR0 = 16; /* 115200 baud at 16 MHz */
    UCSR0B = _BV(TXEN0);
    stdout = &bench_out;
    printf("bench: engine_best_move (Perfect), cycles per decision\n");
    /* the device profile's largest heaps: Wythoff's 255, the others' 2^16 - 1 */
    printf("#probe %u wythoff-%s/console\n", BENCH_TAG_CONSOLE, ENGINE_DEVICE ? "255" : "2^32");
    printf("#probe %u moore-16x2^%u/console\n", BENCH_TAG_CONSOLE_MOORE, (unsigned)ENGINE_HEAP_BITS);
    printf("#probe %u lasker-16x2^32/console\n", BENCH_TAG_CONSOLE_LASKER);
    for (uint8_t g = 0; g < BENCH_GAMES; g++) bench_game(g);
    for (uint8_t g = 0; g < BENCH_MISERE_GAMES; g++) bench_misere(g);
    printf("bench: done\n");
    sim_probe_exit(0);
    for (;;) sleep_cpu();
}
