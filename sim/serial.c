/* serial.c: grundy-serial, a serial monitor for the firmware on a simulated board. Each line
 * read from stdin goes to the UART as a command line; everything the firmware prints (replies
 * and '@' event lines) comes out on stdout once the firmware has been quiet for a while. Good
 * for trying the console without an Uno, and for scripts: `echo help | grundy-serial x.elf`. */
#include "scenario.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#define BOOT_MS 200   /* let the firmware start before the first line */
#define QUIET_MS 300  /* a reply is over when the UART has been silent this long */
#define LIMIT_MS 20000 /* give up waiting for the end of a reply after this long */
#define INPUT_MAX 4096

/* Run until the UART has been quiet QUIET_MS; print the new lines. False if the run failed. */
static bool drain(scn_t *s, size_t *printed) {
    uint32_t quiet = 0, total = 0;
    while (quiet < QUIET_MS && total < LIMIT_MS) {
        const size_t before = scn_line_count(s);
        if (!scn_run_ms(s, 10)) return false;
        total += 10;
        quiet = scn_line_count(s) == before ? quiet + 10 : 0;
    }
    for (; *printed < scn_line_count(s); (*printed)++) printf("%s\n", scn_line(s, *printed));
    fflush(stdout);
    return true;
}

static void usage(FILE *f) {
    fprintf(f, "usage: grundy-serial [--board NAME] FIRMWARE.elf < commands\n"
               "Runs the firmware on the simulated board (default: direct), sends each line of\n"
               "stdin to its UART and prints what it answers, '@' event lines included.\n");
}

int main(int argc, char **argv) {
    static const struct option opts[] = {{"board", required_argument, NULL, 'b'},
                                         {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    const char *board = "direct";
    int c;
    while ((c = getopt_long(argc, argv, "b:h", opts, NULL)) != -1) {
        if (c == 'b') board = optarg;
        else {
            usage(c == 'h' ? stdout : stderr);
            return c == 'h' ? 0 : 2;
        }
    }
    if (optind != argc - 1) {
        usage(stderr);
        return 2;
    }
    char err[256];
    scn_t *s = scn_open(argv[optind], board, err, sizeof err);
    if (!s) {
        fprintf(stderr, "grundy-serial: %s\n", err);
        return 1;
    }
    size_t printed = 0;
    bool ok = scn_run_ms(s, BOOT_MS) && drain(s, &printed);
    char line[INPUT_MAX];
    while (ok && fgets(line, sizeof line, stdin)) {
        const size_t n = strlen(line);
        if (n && line[n - 1] != '\n') strcat(line, "\n");
        scn_send(s, line);
        ok = drain(s, &printed);
    }
    if (!ok) fprintf(stderr, "grundy-serial: the firmware stopped: %s\n", scn_failure(s));
    scn_close(s);
    return ok ? 0 : 1;
}
