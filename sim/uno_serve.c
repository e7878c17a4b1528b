/* uno_serve.c: grundy-uno, a simulated Uno (sim/uno.h: Optiboot, DTR reset, real time) kept
 * running for programs that flash it through its port, as the page's flasher tests and
 * `make bench` do. It prints the port's path, then answers one-line questions on stdin about
 * the chip that the port cannot answer: is this .hex in flash, the EEPROM's checksum. */
#include "board.h"
#include "buttons.h"
#include "uno.h"

#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SERVE_EEPROM_MAX 4096

static void usage(FILE *f) {
    fprintf(f, "usage: grundy-uno [--board NAME] [--lose-page ADDRESS] OPTIBOOT.hex FIRMWARE.elf\n"
               "A simulated Uno with its bootloader on a pseudo-terminal, run in real time; opening\n"
               "the port resets it (DTR). Prints 'port PATH', then answers lines on stdin:\n"
               "  check FILE.hex   'match N bytes' or 'differ WHERE'\n"
               "  eeprom           'eeprom HASH' (FNV-1a of the EEPROM's bytes)\n"
               "  stats            'stats PAGE_WRITES BOOT_RUNS PORT_RESETS CYCLES OVERRUNS'\n"
               "  quit             leave (end of input too)\n"
               "  --board NAME        its buttons released as on that board (default: none)\n"
               "  --lose-page ADDRESS page writes to the page at this byte address do nothing\n");
}

/* One question from stdin; false on quit. */
static bool serve_line(uno_t *uno, sim_t *sim, char *line) {
    line[strcspn(line, "\r\n")] = 0;
    char err[256];
    if (!strncmp(line, "check ", 6)) {
        const bool ok = uno_flash_matches(uno, line + 6, err, sizeof err);
        printf("%s %s\n", ok ? "match" : "differ", err);
    } else if (!strcmp(line, "eeprom")) {
        static uint8_t ee[SERVE_EEPROM_MAX];
        const size_t n = sim_eeprom_get(sim, ee, sizeof ee);
        uint32_t h = 2166136261u;
        for (size_t i = 0; i < n; i++) h = (h ^ ee[i]) * 16777619u;
        printf("eeprom %08x\n", (unsigned)h);
    } else if (!strcmp(line, "stats")) {
        printf("stats %u %u %u %llu %u\n", uno_page_writes(uno), uno_boot_runs(uno), uno_port_resets(uno),
               (unsigned long long)sim_cycles(sim), uno_overruns(uno));
    } else if (!strcmp(line, "quit")) {
        return false;
    } else {
        printf("unknown '%s'\n", line);
    }
    fflush(stdout);
    return true;
}

int main(int argc, char **argv) {
    static const struct option opts[] = {{"board", required_argument, NULL, 'b'},
                                         {"lose-page", required_argument, NULL, 'l'},
                                         {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    const char *board = NULL;
    long lose = -1;
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'b') board = optarg;
        else if (c == 'l') lose = strtol(optarg, NULL, 0);
        else {
            usage(c == 'h' ? stdout : stderr);
            return c == 'h' ? 0 : 2;
        }
    }
    if (argc - optind != 2) {
        usage(stderr);
        return 2;
    }
    char err[256];
    sim_t *sim = sim_open(argv[optind + 1], err, sizeof err);
    if (!sim) {
        fprintf(stderr, "grundy-uno: %s\n", err);
        return 1;
    }
    sim_buttons_t *buttons = NULL;
    if (board) {
        const sim_board_t *b = sim_board_find(board);
        if (!b) {
            fprintf(stderr, "grundy-uno: no board '%s'\n", board);
            return 2;
        }
        if (b->rows) buttons = sim_buttons_new(sim_avr(sim), b->buttons, SIM_BTN_COUNT, 1);
    }
    uno_t *uno = uno_open(sim, argv[optind], err, sizeof err);
    if (!uno) {
        fprintf(stderr, "grundy-uno: %s\n", err);
        return 1;
    }
    uno_lose_page(uno, lose);
    printf("port %s\n", uno_port(uno));
    fflush(stdout);
    fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
    char line[600];
    size_t len = 0;
    for (;;) {
        const sim_status_t st = uno_run_ms(uno, 10);
        if (st != SIM_RUNNING) {
            fprintf(stderr, "grundy-uno: the chip stopped (status %d) at pc 0x%04X\n", (int)st,
                    (unsigned)sim_pc(sim));
            break;
        }
        const ssize_t n = read(0, line + len, sizeof line - 1 - len);
        if (n == 0) break;
        if (n < 0) continue;
        len += (size_t)n;
        line[len] = 0;
        char *nl;
        bool more = true;
        while (more && (nl = strchr(line, '\n'))) {
            *nl = 0;
            more = serve_line(uno, sim, line);
            len -= (size_t)(nl + 1 - line);
            memmove(line, nl + 1, len + 1);
        }
        if (!more) break;
        if (len == sizeof line - 1) len = 0; /* a line too long: dropped */
    }
    uno_close(uno);
    sim_buttons_free(buttons);
    sim_close(sim);
    return 0;
}
