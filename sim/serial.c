/* serial.c: grundy-serial, a serial monitor for the firmware on a simulated board. Each line
 * read from stdin goes to the UART as a command line; everything the firmware prints (replies
 * and '@' event lines) comes out on stdout once the firmware has been quiet for a while. Good
 * for trying the console without an Uno (make console: a first line says what it is and how to
 * leave), and for scripts: `echo help | grundy-serial x.elf` prints only the firmware's lines.
 * With --eeprom the EEPROM lives in a file between runs, as with grundy-play. */
#include "eeprom_file.h"
#include "scenario.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define BOOT_MS 200   /* let the firmware start before the first line */
#define QUIET_MS 300  /* a reply is over when the UART has been silent this long */
#define LIMIT_MS 20000 /* give up waiting for the end of a reply after this long */
#define LEAVE_MS 2000 /* on the way out: a save under way (up to 1.4 s on the chip) ends */
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
    fprintf(f, "usage: grundy-serial [--board NAME] [--eeprom FILE] FIRMWARE.elf < commands\n"
               "Runs the firmware on the simulated board (default: direct), sends each line of\n"
               "stdin to its UART and prints what it answers, '@' event lines included.\n"
               "  --eeprom FILE  the EEPROM (settings, score) loaded from FILE if it exists and\n"
               "                 saved to it on the way out (make console: build/<board>/eeprom.bin,\n"
               "                 the one make play keeps)\n"
               "From a terminal, a first line says what it is; Ctrl-D or quit leaves.\n");
}

/* A line that is only "quit" or "exit", spaces around it allowed (typed at a terminal: leave). */
static bool is_quit(const char *line) {
    line += strspn(line, " \t");
    size_t n = strcspn(line, " \t\r\n");
    const bool word = (n == 4 && !strncmp(line, "quit", 4)) || (n == 4 && !strncmp(line, "exit", 4));
    return word && line[n + strspn(line + n, " \t\r\n")] == '\0';
}

int main(int argc, char **argv) {
    static const struct option opts[] = {{"board", required_argument, NULL, 'b'},
                                         {"eeprom", required_argument, NULL, 'e'},
                                         {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    const char *board = "direct", *eeprom = NULL;
    int c;
    while ((c = getopt_long(argc, argv, "b:h", opts, NULL)) != -1) {
        if (c == 'b') board = optarg;
        else if (c == 'e') eeprom = optarg;
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
    if (eeprom && eeprom_load(s, eeprom, err, sizeof err) < 0) {
        fprintf(stderr, "grundy-serial: %s\n", err);
        scn_close(s);
        return 1;
    }
    const bool person = isatty(STDIN_FILENO);
    if (person) {
        /* each line within 80 columns with make's own paths */
        printf("Grundy's serial console: the simulated %s board, 115200 baud as on an Uno.\n"
               "Type a command and Enter (help lists them); Ctrl-D or quit leaves.\n"
               "(%s%s%s)\n",
               board, argv[optind], eeprom ? "; EEPROM kept in " : "", eeprom ? eeprom : "");
        fflush(stdout);
    }
    size_t printed = 0;
    bool ok = scn_run_ms(s, BOOT_MS) && drain(s, &printed);
    char line[INPUT_MAX];
    while (ok && fgets(line, sizeof line, stdin)) {
        if (person && is_quit(line)) break;
        const size_t n = strlen(line);
        if (n && line[n - 1] != '\n') strcat(line, "\n");
        scn_send(s, line);
        ok = drain(s, &printed);
    }
    if (ok && eeprom) ok = scn_run_ms(s, LEAVE_MS);
    int rc = ok ? 0 : 1;
    if (!ok) fprintf(stderr, "grundy-serial: the firmware stopped: %s\n", scn_failure(s));
    if (eeprom && !eeprom_save(s, eeprom, err, sizeof err)) {
        fprintf(stderr, "grundy-serial: %s\n", err);
        rc = 1;
    }
    scn_close(s);
    return rc;
}
