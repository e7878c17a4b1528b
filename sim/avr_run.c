/* avr_run.c: command-line runner for firmware ELFs, used by tests and benchmarks.
 * Runs the firmware as fast as simavr allows, streams its UART lines to stdout and turns the
 * way it ended into an exit status: the probe's exit code, 0 for "cli; sleep", 124 for a
 * timeout, 125 for a crash. Probe statistics and stack depth are reported on request. */
#include "sim_core.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_CYCLES 4000000000ull
#define STACK_PATTERN 0xC5 /* the usual AVR stack-paint byte; rare in real stack contents */
#define EXIT_USAGE 2
#define EXIT_TIMEOUT 124
#define EXIT_CRASH 125

static void usage(FILE *f) {
    fprintf(f, "usage: avr-run [options] firmware.elf\n"
               "  --cycles N       stop after N simulated cycles (default 4e9), exit 124\n"
               "  --stats FILE     write probe statistics, one line per tag, to FILE\n"
               "  --stack          report the stack high-water mark on stderr\n"
               "  --uart-in FILE   feed FILE ('-' for stdin) to UART0 once the receiver is on\n"
               "  --realtime       run no faster than the real chip\n"
               "exit status: the firmware's probe exit code; 0 after cli+sleep; 124 timeout;\n"
               "125 crash; 1 error; 2 usage\n");
}

/* Accepts plain integers and forms like 4e9; rejects fractions and negatives. */
static bool parse_cycles(const char *s, uint64_t *out) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*s != '-' && end != s && !*end && !errno) {
        *out = v;
        return true;
    }
    double d = strtod(s, &end);
    if (end == s || *end || !(d >= 1) || d > 1.8e19 || (double)(uint64_t)d != d) return false;
    *out = (uint64_t)d;
    return true;
}

static bool read_file(const char *path, uint8_t **buf, size_t *len) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) return false;
    size_t cap = 4096, n = 0;
    uint8_t *b = malloc(cap);
    size_t got;
    while (b && (got = fread(b + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *nb = realloc(b, cap *= 2);
            if (!nb) free(b);
            b = nb;
        }
    }
    bool ok = b && !ferror(f);
    if (f != stdin) fclose(f);
    if (!ok) {
        free(b);
        return false;
    }
    *buf = b;
    *len = n;
    return true;
}

static void print_line(sim_t *sim, const char *line, void *user) {
    (void)sim;
    (void)user;
    puts(line);
    fflush(stdout);
}

int main(int argc, char **argv) {
    static const struct option opts[] = {{"cycles", required_argument, NULL, 'c'},
                                         {"stats", required_argument, NULL, 's'},
                                         {"stack", no_argument, NULL, 'k'},
                                         {"uart-in", required_argument, NULL, 'u'},
                                         {"realtime", no_argument, NULL, 'r'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    uint64_t max_cycles = DEFAULT_CYCLES;
    const char *stats_path = NULL, *uart_path = NULL;
    bool stack = false, realtime = false;
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'c':
            if (!parse_cycles(optarg, &max_cycles)) {
                fprintf(stderr, "avr-run: bad cycle count '%s'\n", optarg);
                return EXIT_USAGE;
            }
            break;
        case 's':
            stats_path = optarg;
            break;
        case 'k':
            stack = true;
            break;
        case 'u':
            uart_path = optarg;
            break;
        case 'r':
            realtime = true;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            usage(stderr);
            return EXIT_USAGE;
        }
    }
    if (optind != argc - 1) {
        usage(stderr);
        return EXIT_USAGE;
    }

    char err[256];
    sim_t *sim = sim_open(argv[optind], err, sizeof err);
    if (!sim) {
        fprintf(stderr, "avr-run: %s\n", err);
        return 1;
    }
    if (uart_path) {
        uint8_t *buf;
        size_t len;
        if (!read_file(uart_path, &buf, &len)) {
            fprintf(stderr, "avr-run: cannot read %s: %s\n", uart_path, strerror(errno));
            sim_close(sim);
            return 1;
        }
        sim_uart_send(sim, buf, len);
        free(buf);
    }
    if (stack) sim_paint_ram(sim, STACK_PATTERN);
    sim_set_line_callback(sim, print_line, NULL);
    sim_set_realtime(sim, realtime);

    sim_status_t st = sim_run(sim, max_cycles);

    if (*sim_uart_partial_line(sim)) print_line(sim, sim_uart_partial_line(sim), NULL);
    int rc = 0;
    switch (st) {
    case SIM_EXITED:
        rc = sim_exit_code(sim);
        break;
    case SIM_DONE:
        fprintf(stderr, "avr-run: firmware stopped (cli; sleep) after %" PRIu64 " cycles\n",
                sim_cycles(sim));
        break;
    case SIM_CRASHED:
        fprintf(stderr, "avr-run: firmware crashed at pc 0x%04" PRIx32 "\n", sim_pc(sim));
        rc = EXIT_CRASH;
        break;
    case SIM_TIMEOUT:
    case SIM_RUNNING:
    case SIM_EEPROM_STOP: /* never armed here */
        fprintf(stderr, "avr-run: timeout after %" PRIu64 " cycles\n", max_cycles);
        rc = EXIT_TIMEOUT;
        break;
    }
    if (stack) fprintf(stderr, "avr-run: stack high water %zu bytes\n", sim_stack_high_water(sim));
    if (stats_path) {
        FILE *f = fopen(stats_path, "w");
        if (!f || (sim_probe_write_stats(sim, f), fclose(f) != 0)) {
            fprintf(stderr, "avr-run: cannot write %s: %s\n", stats_path, strerror(errno));
            rc = rc ? rc : 1;
        }
    }
    sim_close(sim);
    return rc;
}
