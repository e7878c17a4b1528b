/* test_core.c: checks the parts of the sim_core API that avr-run does not reach: running for a
 * fixed time, sending UART input mid-run, the line and sample accessors, ELF symbols.
 * Usage: test_core dir/with/probe_*.elf; prints a line per failure, exits 1 on any failure. */
#include "sim_core.h"
#include "sim_probe.h"

#include <sim_avr.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            printf("FAIL: test_core.c:%d: %s\n", __LINE__, #cond);                                 \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static void count_lines(sim_t *sim, const char *line, void *user) {
    (void)sim;
    (void)line;
    ++*(int *)user;
}

static sim_t *open_variant(const char *dir, const char *variant) {
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/probe_%s.elf", dir, variant);
    sim_t *sim = sim_open(path, err, sizeof err);
    if (!sim) {
        printf("FAIL: %s\n", err);
        exit(1);
    }
    return sim;
}

static void test_echo_mid_run(const char *dir) {
    sim_t *sim = open_variant(dir, "echo");
    int lines = 0;
    sim_set_line_callback(sim, count_lines, &lines);
    CHECK(sim_frequency(sim) == 16000000);
    CHECK(sim_run_for(sim, 1000000) == SIM_RUNNING);
    CHECK(sim_cycles(sim) >= 1000000 && sim_cycles(sim) < 1000010);
    CHECK(sim_uart_line_count(sim) == 2);
    CHECK(lines == 2);
    CHECK(strcmp(sim_uart_line(sim, 0), "probe_fw: hello") == 0);
    CHECK(sim_uart_line(sim, 2) == NULL);
    CHECK(strcmp(sim_uart_partial_line(sim), "") == 0);
    size_t len;
    const uint8_t *out = sim_uart_output(sim, &len);
    CHECK(len > 2 && out[len - 2] == '\r' && out[len - 1] == '\n');

    static const char msg[] = "ping\nEND\n";
    sim_uart_send(sim, (const uint8_t *)msg, strlen(msg));
    CHECK(sim_uart_pending(sim) == strlen(msg));
    CHECK(sim_run(sim, 10000000) == SIM_EXITED);
    CHECK(sim_uart_pending(sim) == 0);
    CHECK(sim_exit_code(sim) == 0);
    CHECK(sim_uart_line_count(sim) == 5);
    CHECK(strcmp(sim_uart_line(sim, 2), "echo: ping") == 0);
    CHECK(strcmp(sim_uart_line(sim, 3), "echo: 9 bytes") == 0);
    CHECK(sim_run(sim, 1000) == SIM_EXITED); /* the final status sticks */
    sim_close(sim);
}

static void test_probe_and_symbols(const char *dir) {
    sim_t *sim = open_variant(dir, "exit3");
    uint32_t main_addr = 0, end_addr = 0;
    CHECK(sim_symbol(sim, "main", &main_addr) && main_addr > 0 && main_addr < 0x8000);
    CHECK(sim_symbol(sim, "_end", &end_addr) && end_addr >= 0x800100);
    CHECK(!sim_symbol(sim, "no_such_symbol", &main_addr));
    CHECK(sim_stack_high_water(sim) == 0); /* not painted */
    CHECK(sim_run(sim, 10000000) == SIM_EXITED);
    CHECK(sim_exit_code(sim) == 3);
    /* The hook must store the value at the data address, not over r30 (I/O address 0x1E). */
    CHECK(sim_avr(sim)->data[SIM_PROBE_GPIOR0_DATA] == SIM_PROBE_CMD_EXIT);
    CHECK(sim_avr(sim)->data[SIM_PROBE_GPIOR1_DATA] == 3);
    size_t n;
    const uint64_t *v = sim_probe_samples(sim, 3, &n);
    CHECK(n == 5 && v[0] == 30 && v[1] == 50 && v[2] == 10 && v[3] == 40 && v[4] == 20);
    sim_stats_t st;
    CHECK(!sim_probe_stats(sim, 200, &st) && st.count == 0);
    CHECK(sim_probe_stats(sim, 3, &st) && st.median == 30);
    CHECK(strcmp(sim_probe_name(sim, 2), "loop1000") == 0);
    CHECK(sim_probe_name(sim, 4) == NULL);
    sim_close(sim);
}

static void test_done_and_bad_file(const char *dir) {
    sim_t *sim = open_variant(dir, "done");
    CHECK(sim_run(sim, 10000000) == SIM_DONE);
    CHECK(sim_run_for(sim, 1000) == SIM_DONE);
    sim_close(sim);

    char err[256] = "";
    CHECK(sim_open("/nonexistent.elf", err, sizeof err) == NULL && strstr(err, "nonexistent"));
    sim_close(NULL);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_core firmware-dir\n");
        return 2;
    }
    test_echo_mid_run(argv[1]);
    test_probe_and_symbols(argv[1]);
    test_done_and_bad_file(argv[1]);
    return failures ? 1 : 0;
}
