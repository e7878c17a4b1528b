/* The Uno as it ships, in real time: a simulated Uno (sim/uno.h) running Optiboot, flashed with
 * the project's own `make flash PORT=<its pty>` (avrdude), the flash then compared byte for
 * byte with the board's .hex; then, with the bootloader first each time, a power cycle, the
 * reset button (and a second press soon after), opening the port as a serial monitor does
 * (DTR), a brown-out that keeps SRAM, and a hang of the faults image (programmed directly)
 * must each give the @reset line and the game the README promises; and Optiboot blinks D13
 * three times after the reset pin only, which a board's README must say if it uses D13.
 * Usage: test_uno OPTIBOOT.hex BUILD_DIR BOARD... (run from the project's top directory) */
#define _GNU_SOURCE /* cfmakeraw */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <sim_avr.h>

#include "board.h"
#include "buttons.h"
#include "tally.h"
#include "uno.h"

#define UNO_MCUSR_PORF 0x01
#define UNO_MCUSR_EXTRF 0x02
#define UNO_MCUSR_BORF 0x04
#define UNO_MCUSR_WDRF 0x08
#define UNO_FLASH_LIMIT_MS 60000 /* avrdude's whole run, in simulated (= wall) time */
#define UNO_BOOT_MS 2500         /* reset to the firmware's first line: Optiboot's 1 s, and more */
#define UNO_OLD_MS 4300          /* a boot this old: one reset resumes (the firmware's 4,096 ms) */
#define UNO_SEAL_MS 200          /* a change this old must survive a reset */
#define UNO_GAME "nim 1 3 5"     /* the game the tests play; no board starts from it */

static const char *boot_hex, *build_dir;

typedef struct {
    sim_t *sim;
    uno_t *uno;
    sim_buttons_t *buttons;
    const char *board;
    size_t pos;   /* UART0 output bytes already looked at */
    char line[512];
    char game[160]; /* the game start_game() started, as @game printed it */
    int monitor;  /* the serial monitor's fd on the port, or -1 */
    char heard[4096]; /* what the monitor read */
    size_t heard_len;
} uno_case_t;

static double wall_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Run ms, reading what the monitor gets. */
static void run(uno_case_t *c, uint32_t ms)
{
    for (uint32_t t = 0; t < ms; t += 10) {
        const sim_status_t st = uno_run_ms(c->uno, ms - t < 10 ? ms - t : 10);
        if (st != SIM_RUNNING) {
            uint32_t from = 0;
            const unsigned restarts = sim_restarts(c->sim, &from);
            tally_check(false, "the firmware stopped (status %d) at pc 0x%04X (restarts %u, the last from 0x%04X)", (int)st,
                        (unsigned)sim_pc(c->sim), restarts, (unsigned)from);
            exit(tally_finish("uno"));
        }
        if (c->monitor >= 0) {
            char buf[512];
            ssize_t n;
            while ((n = read(c->monitor, buf, sizeof buf)) > 0) {
                const size_t room = sizeof c->heard - 1 - c->heard_len;
                const size_t k = (size_t)n < room ? (size_t)n : room;
                memcpy(c->heard + c->heard_len, buf, k);
                c->heard_len += k;
                c->heard[c->heard_len] = 0;
            }
        }
    }
}

/* The next complete line of UART0's output after c->pos (CRs dropped) into c->line, its length
 * into *len; false if no complete line is there yet. The firmware's first line after avrdude
 * follows the bootloader's binary replies on the wire, NULs and all: lines are bytes here. */
static bool next_line(uno_case_t *c, size_t *len)
{
    size_t n;
    const uint8_t *out = sim_uart_output(c->sim, &n);
    const uint8_t *nl = c->pos < n ? memchr(out + c->pos, '\n', n - c->pos) : NULL;
    if (!nl) return false;
    size_t k = 0;
    for (const uint8_t *p = out + c->pos; p < nl; p++)
        if (*p != '\r' && k < sizeof c->line - 1) c->line[k++] = (char)*p;
    c->line[k] = 0;
    *len = k;
    c->pos = (size_t)(nl - out) + 1;
    return true;
}

/* Run until a line holding prefix comes ('@' lines: its last place in it, after the bootloader's
 * bytes; others: at its start); the line from there, NULL if none came within ms. Lines before
 * it are passed over. */
static const char *wait_line(uno_case_t *c, const char *prefix, uint32_t ms)
{
    const size_t plen = strlen(prefix);
    for (uint32_t t = 0;; t += 10) {
        size_t len;
        while (next_line(c, &len)) {
            const char *p = NULL;
            if (prefix[0] != '@') p = strncmp(c->line, prefix, plen) ? NULL : c->line;
            else /* the last: the bytes avrdude read back hold the image's own strings */
                for (const char *q = c->line; (q = memmem(q, len - (size_t)(q - c->line), prefix, plen)); q++) p = q;
            if (p) return p;
        }
        if (t >= ms) return NULL;
        run(c, 10);
    }
}

/* Pass over everything UART0 has sent so far. */
static void skip_output(uno_case_t *c)
{
    sim_uart_output(c->sim, &c->pos);
}

/* The next line starting with prefix, into out; a failed check if none came. */
static bool expect_line(uno_case_t *c, const char *prefix, uint32_t ms, char *out, size_t len)
{
    const char *l = wait_line(c, prefix, ms);
    snprintf(out, len, "%s", l ? l : "");
    return tally_check(l != NULL, "no '%s' line within %u ms", prefix, (unsigned)ms);
}

/* Run a command (sh -c) while the Uno runs; its exit status, its output in log. */
static int run_command(uno_case_t *c, const char *cmd, const char *log, double *seconds)
{
    const double t0 = wall_s();
    const pid_t pid = fork();
    if (pid == 0) {
        const int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) dup2(fd, 1), dup2(fd, 2);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    int status = -1;
    for (uint32_t t = 0; t < UNO_FLASH_LIMIT_MS; t += 10) {
        if (waitpid(pid, &status, WNOHANG) == pid) {
            *seconds = wall_s() - t0;
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
        }
        run(c, 10);
    }
    kill(pid, 9);
    waitpid(pid, &status, 0);
    *seconds = wall_s() - t0;
    return 124;
}

/* Flash hex with `cmd` (make flash or tools/flash.sh) and compare the flash with it. */
static void flash(uno_case_t *c, const char *cmd, const char *hex)
{
    char log[256], err[256];
    snprintf(log, sizeof log, "%s/%s/uno-flash.log", build_dir, c->board);
    const unsigned pages = uno_page_writes(c->uno), boots = uno_boot_runs(c->uno);
    skip_output(c);
    double seconds = 0;
    int rc = run_command(c, cmd, log, &seconds);
    if (rc != 0) { /* avrdude lost its sync with the bootloader (a busy machine lags the simulated
                    * chip behind avrdude's timeouts): once more, as a person would */
        printf("  %s: exited %d after %.1f s; once more\n", cmd, rc, seconds);
        run(c, 1000);
        rc = run_command(c, cmd, log, &seconds);
    }
    printf("  %s: %.1f s, %u flash pages erased or written\n", cmd, seconds, uno_page_writes(c->uno) - pages);
    if (!tally_check(rc == 0, "'%s' exited %d (its output: %s)", cmd, rc, log)) {
        char show[300];
        snprintf(show, sizeof show, "tail -n 15 %s", log);
        if (system(show) != 0) printf("(no log)\n");
    }
    /* what avrdude read back holds the image's own strings: the firmware's lines begin at its
     * last "@reset " (Optiboot starts it 16 ms after avrdude's last command) */
    run(c, 300);
    size_t n;
    const uint8_t *out = sim_uart_output(c->sim, &n);
    for (const uint8_t *q = out + c->pos; (q = memmem(q, n - (size_t)(q - out), "@reset ", 7)); q++)
        c->pos = (size_t)(q - out);
    tally_check(uno_flash_matches(c->uno, hex, err, sizeof err), "the flash after '%s': %s", cmd, err);
    tally_check(uno_boot_intact(c->uno), "the bootloader changed while flashing");
    tally_check(uno_page_writes(c->uno) > pages, "no flash page written");
    tally_check(uno_boot_runs(c->uno) > boots, "avrdude's open did not start the bootloader");
}

static void monitor_open(uno_case_t *c)
{
    c->monitor = open(uno_port(c->uno), O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (!tally_check(c->monitor >= 0, "cannot open %s: %s", uno_port(c->uno), strerror(errno))) return;
    struct termios t;
    if (tcgetattr(c->monitor, &t) == 0) {
        cfmakeraw(&t);
        cfsetspeed(&t, B115200);
        tcsetattr(c->monitor, TCSANOW, &t);
    }
    c->heard_len = 0;
    c->heard[0] = 0;
}

static void monitor_close(uno_case_t *c)
{
    if (c->monitor >= 0) close(c->monitor);
    c->monitor = -1;
    run(c, 20);
}

static void monitor_send(uno_case_t *c, const char *text)
{
    const ssize_t n = write(c->monitor, text, strlen(text));
    tally_check(n == (ssize_t)strlen(text), "the monitor could not send '%s'", text);
}

/* The bootloader started first after the reset (start number boots_before) and found MCUSR as
 * the chip sets it. */
static void check_boot(uno_case_t *c, unsigned boots_before, uint8_t want, const char *what)
{
    const uint8_t mcusr = uno_boot_mcusr(c->uno, boots_before);
    tally_check(uno_boot_runs(c->uno) > boots_before, "%s: the bootloader did not run first", what);
    tally_check((mcusr & want) == want, "%s: the bootloader found MCUSR 0x%02X, not with 0x%02X", what, mcusr, want);
}

/* Start UNO_GAME from the monitor and let it be UNO_SEAL_MS old. */
static void start_game(uno_case_t *c)
{
    char l[160];
    skip_output(c);
    monitor_send(c, "new " UNO_GAME "\n");
    expect_line(c, "@game ", 1000, l, sizeof l);
    /* boards with more rows show them empty: nim 1 3 5 0 0 ... */
    tally_check(!strncmp(l, "@game " UNO_GAME, strlen("@game " UNO_GAME)), "'new " UNO_GAME "' gave '%s'", l);
    snprintf(c->game, sizeof c->game, "%s", l + 6);
    /* where the device begins by default (matrix8, shift595: their classic starts are lost for
     * the player to move), the game to resume is the one after its first move */
    expect_line(c, "@turn ", 1000, l, sizeof l);
    if (!strcmp(l, "@turn cpu")) {
        char moved[160];
        if (expect_line(c, "@move cpu ", 5000, moved, sizeof moved))
            snprintf(c->game, sizeof c->game, "nim %s", moved + 10);
        expect_line(c, "@turn human", 1000, l, sizeof l);
    }
    run(c, UNO_SEAL_MS);
}

/* A boot's lines: @reset, then @eeprom (a fresh start) or not, up to @game or @resume. */
typedef struct {
    char reset[80], eeprom[80], end[160];
} boot_t;

static void read_boot(uno_case_t *c, boot_t *b)
{
    memset(b, 0, sizeof *b);
    const char *l = wait_line(c, "@reset ", UNO_BOOT_MS);
    if (!tally_check(l != NULL, "no @reset line within %u ms", UNO_BOOT_MS)) {
        return;
    }
    snprintf(b->reset, sizeof b->reset, "%.79s", l);
    for (uint32_t t = 0; t <= 1000; t += 10) {
        size_t len;
        while (next_line(c, &len)) {
            l = c->line;
            if (!strncmp(l, "@eeprom ", 8)) snprintf(b->eeprom, sizeof b->eeprom, "%.79s", l);
            if (!strncmp(l, "@game ", 6) || !strncmp(l, "@resume ", 8)) {
                snprintf(b->end, sizeof b->end, "%.159s", l);
                return;
            }
        }
        run(c, 10);
    }
    tally_check(false, "after '%s', no @game or @resume within 1 s", b->reset);
}

/* After a reset that keeps the game: @reset <cause>, then the game goes on where it was. */
static void check_resumed(uno_case_t *c, const char *cause, const char *what)
{
    boot_t b;
    char want[64];
    read_boot(c, &b);
    snprintf(want, sizeof want, "@reset %s", cause);
    tally_check(!strcmp(b.reset, want), "%s: '%s', the README says '%s'", what, b.reset, want);
    char game[200];
    snprintf(game, sizeof game, "@resume %s turn human", c->game);
    tally_check(!strcmp(b.end, game), "%s: the game was '%s', then '%s'%s%s", what, c->game, b.end,
                b.eeprom[0] ? " after " : "", b.eeprom);
}

/* After a reset that starts afresh: @reset <cause>, the EEPROM read, a new game. */
static void check_fresh(uno_case_t *c, const char *cause, const char *what)
{
    boot_t b;
    char want[64];
    read_boot(c, &b);
    snprintf(want, sizeof want, "@reset %s", cause);
    tally_check(!strcmp(b.reset, want), "%s: '%s', the README says '%s'", what, b.reset, want);
    tally_check(!strcmp(b.eeprom, "@eeprom loaded") && !strncmp(b.end, "@game ", 6),
                "%s: '%s' then '%s', not a fresh game from the EEPROM", what, b.eeprom, b.end);
}

/* A board's README must say what the bootloader's D13 flashes do on it, if it uses D13. */
static void check_d13_documented(const char *board)
{
    char path[256], text[16384];
    snprintf(path, sizeof path, "boards/%s/README.md", board);
    FILE *f = fopen(path, "r");
    if (!f) return;
    const size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    if (!strstr(text, "D13")) return;
    tally_check(strstr(text, "blinks D13 three times") != NULL,
                "%s uses D13 but does not say that the bootloader blinks D13 three times", path);
}

/* The board's .hex as make builds it. */
static const char *hex_of(const char *board)
{
    static char hex[256];
    snprintf(hex, sizeof hex, "%s/%s/grundy.hex", build_dir, board);
    return hex;
}

/* Write to out the image in hex with its version changed, as if rebuilt with another: the digit
 * after "grundy " in the version reply (0.5.0 -> 9.5.0); the same code and addresses. False
 * (reported) when that cannot be done. */
static bool other_version(const char *hex, const char *out)
{
    static uint8_t img[UNO_BOOT_START];
    unsigned end = 0;
    memset(img, 0xFF, sizeof img);
    FILE *f = fopen(hex, "r");
    if (!tally_check(f != NULL, "cannot read %s", hex)) return false;
    char line[600];
    unsigned base = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned n, addr, type, b;
        if (sscanf(line, ":%2x%4x%2x", &n, &addr, &type) != 3) continue;
        if (type == 2 && sscanf(line + 9, "%4x", &b) == 1) base = b * 16;
        if (type != 0) continue;
        for (unsigned i = 0; i < n && sscanf(line + 9 + 2 * i, "%2x", &b) == 1; i++)
            if (base + addr + i < sizeof img) img[base + addr + i] = (uint8_t)b, end = base + addr + i + 1 > end ? base + addr + i + 1 : end;
    }
    fclose(f);
    uint8_t *v = memmem(img, end, "grundy 0.", 9);
    if (!tally_check(v != NULL, "%s: no 'grundy 0.' version text to change", hex)) return false;
    v[7] = '9';
    f = fopen(out, "w");
    if (!tally_check(f != NULL, "cannot write %s", out)) return false;
    for (unsigned a = 0; a < end; a += 16) {
        const unsigned n = end - a < 16 ? end - a : 16;
        unsigned sum = n + (a >> 8) + (a & 0xFF);
        fprintf(f, ":%02X%04X00", n, a);
        for (unsigned i = 0; i < n; i++) fprintf(f, "%02X", img[a + i]), sum += img[a + i];
        fprintf(f, "%02X\n", (0x100 - (sum & 0xFF)) & 0xFF);
    }
    fprintf(f, ":00000001FF\n");
    return fclose(f) == 0;
}

/* A simulated Uno with Optiboot for board's image, its buttons released where it has any,
 * flashed through make flash and avrdude; false (reported) when it could not be set up. */
static bool uno_flashed(uno_case_t *c, const char *board)
{
    char err[256], elf[256], hex[256], cmd[512];
    snprintf(tally_context, sizeof tally_context, "%s: flashing", board);
    snprintf(elf, sizeof elf, "%s/%s/grundy.elf", build_dir, board);
    snprintf(hex, sizeof hex, "%s/%s/grundy.hex", build_dir, board);
    *c = (uno_case_t){.board = board, .monitor = -1};
    c->sim = sim_open(elf, err, sizeof err);
    if (!tally_check(c->sim != NULL, "%s", err)) return false;
    const sim_board_t *b = sim_board_find(board);
    if (b && b->rows) c->buttons = sim_buttons_new(sim_avr(c->sim), b->buttons, SIM_BTN_COUNT, 1);
    c->uno = uno_open(c->sim, boot_hex, err, sizeof err);
    if (!tally_check(c->uno != NULL, "%s", err)) {
        sim_buttons_free(c->buttons);
        sim_close(c->sim);
        return false;
    }
    snprintf(cmd, sizeof cmd, "make --no-print-directory -s flash BUILD=%s BOARD=%s PORT=%s", build_dir, board,
             uno_port(c->uno));
    flash(c, cmd, hex);
    return true;
}

static void uno_board(const char *board)
{
    char err[256], faults_hex[256], l[160], cmd[512];
    const double t0 = wall_s();
    snprintf(faults_hex, sizeof faults_hex, "%s/%s/faults/grundy.hex", build_dir, board);
    uno_case_t c;
    if (!uno_flashed(&c, board)) return;
    snprintf(tally_context, sizeof tally_context, "%s: the firmware after the bootloader", board);
    boot_t first;
    read_boot(&c, &first);
    tally_check(!strcmp(first.reset, "@reset power") && !strcmp(first.eeprom, "@eeprom blank") &&
                    !strncmp(first.end, "@game ", 6),
                "first start after flashing a blank chip: '%s', '%s', '%s'", first.reset, first.eeprom, first.end);
    check_boot(&c, uno_boot_runs(c.uno) - 1, UNO_MCUSR_WDRF, "after avrdude (Optiboot leaves through its watchdog)");

    /* opening the port (DTR): the serial monitor that opens to look must not lose the game */
    snprintf(tally_context, sizeof tally_context, "%s: opening the port (DTR)", board);
    unsigned boots = uno_boot_runs(c.uno), opened = uno_port_resets(c.uno);
    monitor_open(&c);
    boot_t boot;
    read_boot(&c, &boot);
    tally_check(uno_port_resets(c.uno) == opened + 1, "opening the port reset the chip %u times",
                uno_port_resets(c.uno) - opened);
    check_boot(&c, boots, UNO_MCUSR_EXTRF, "opening the port");
    tally_check(strstr(c.heard, "@reset ") != NULL, "the monitor did not hear the @reset line");
    run(&c, UNO_OLD_MS);
    start_game(&c);
    monitor_close(&c);
    run(&c, 1000); /* the person closes the monitor, and opens it again later */
    boots = uno_boot_runs(c.uno);
    monitor_open(&c);
    check_resumed(&c, "external", "opening the port");
    check_boot(&c, boots, UNO_MCUSR_EXTRF, "opening the port again");
    /* closed and opened again before the simulation looks at the port (a program run twice in a
     * row, avrdude's write then its second try, on a busy machine): that opening resets too */
    opened = uno_port_resets(c.uno);
    close(c.monitor);
    c.monitor = -1;
    monitor_open(&c);
    read_boot(&c, &boot);
    tally_check(uno_port_resets(c.uno) == opened + 1,
                "the port closed and opened between two looks reset the chip %u times",
                uno_port_resets(c.uno) - opened);

    /* the reset button: the same pulse on RESET, so the same answer; Optiboot blinks D13 */
    snprintf(tally_context, sizeof tally_context, "%s: the reset button", board);
    run(&c, UNO_OLD_MS);
    start_game(&c);
    boots = uno_boot_runs(c.uno);
    unsigned flashes = uno_d13_flashes(c.uno);
    uno_reset(c.uno, UNO_RESET_BUTTON);
    check_resumed(&c, "external", "the reset button");
    check_boot(&c, boots, UNO_MCUSR_EXTRF, "the reset button");
    flashes = uno_d13_flashes(c.uno) - flashes;
    tally_check(flashes == 3, "the bootloader flashed D13 %u times, not 3", flashes);
    check_d13_documented(board);
    snprintf(tally_context, sizeof tally_context, "%s: the reset button again within 4 s", board);
    run(&c, 500);
    uno_reset(c.uno, UNO_RESET_BUTTON);
    check_fresh(&c, "external", "a second press");

    /* a brown-out that keeps SRAM: BORF, which Optiboot clears before the firmware can see it */
    snprintf(tally_context, sizeof tally_context, "%s: a brown-out", board);
    run(&c, UNO_OLD_MS);
    start_game(&c);
    boots = uno_boot_runs(c.uno);
    flashes = uno_d13_flashes(c.uno);
    uno_reset(c.uno, UNO_RESET_BROWNOUT);
    check_resumed(&c, "external", "a brown-out (SRAM kept)");
    check_boot(&c, boots, UNO_MCUSR_BORF, "a brown-out");
    flashes = uno_d13_flashes(c.uno) - flashes;
    tally_check(flashes == 0, "the bootloader flashed D13 %u times after a brown-out", flashes);

    /* a power cycle: SRAM lost, a fresh game from the EEPROM */
    snprintf(tally_context, sizeof tally_context, "%s: a power cycle", board);
    run(&c, UNO_OLD_MS);
    start_game(&c);
    boots = uno_boot_runs(c.uno);
    uno_reset(c.uno, UNO_RESET_POWER);
    check_fresh(&c, "power", "a power cycle");
    check_boot(&c, boots, UNO_MCUSR_PORF, "a power cycle");

    /* another image flashed: this one rebuilt with another version (the same .noinit addresses),
     * through avrdude as a person would flash it: SRAM still holds the game the old image sealed,
     * which the new one must not resume; the same image flashed again cannot be told from the
     * reset pin (the same bytes in flash, the same reset, Optiboot's exit through its watchdog):
     * the game goes on, as docs/playing.md says */
    snprintf(tally_context, sizeof tally_context, "%s: another image flashed", board);
    char other_hex[300];
    snprintf(other_hex, sizeof other_hex, "%s/%s/uno-other-version.hex", build_dir, board);
    if (other_version(hex_of(board), other_hex)) {
        snprintf(cmd, sizeof cmd, "sh tools/flash.sh %s %s", uno_port(c.uno), other_hex);
        for (int again = 0; again < 2; again++) {
            run(&c, UNO_OLD_MS);
            start_game(&c);
            monitor_close(&c);
            run(&c, 1000);
            flash(&c, cmd, other_hex);
            if (again) check_resumed(&c, "external", "the same image flashed again");
            else check_fresh(&c, "external", "the image rebuilt with another version");
            monitor_open(&c);
            read_boot(&c, &boot);
        }
    }

    /* a hang: the faults image (put in place directly: avrdude's path is the one above) */
    snprintf(tally_context, sizeof tally_context, "%s: the faults image", board);
    monitor_close(&c);
    tally_check(uno_program(c.uno, faults_hex, err, sizeof err), "%s", err);
    uno_reset(c.uno, UNO_RESET_POWER);
    snprintf(tally_context, sizeof tally_context, "%s: a hang (fault loop)", board);
    skip_output(&c);
    read_boot(&c, &boot);
    tally_check(!strcmp(boot.reset, "@reset power"), "the faults image's first start: '%s'", boot.reset);
    monitor_open(&c); /* resets it: the faults image's boot as the person sees it */
    read_boot(&c, &boot);
    run(&c, UNO_OLD_MS);
    start_game(&c);
    boots = uno_boot_runs(c.uno);
    flashes = uno_d13_flashes(c.uno);
    monitor_send(&c, "fault loop\n");
    expect_line(&c, "ok fault loop", 500, l, sizeof l);
    check_resumed(&c, "watchdog", "a hang");
    check_boot(&c, boots, UNO_MCUSR_WDRF, "a hang");
    flashes = uno_d13_flashes(c.uno) - flashes;
    tally_check(flashes == 0, "the bootloader flashed D13 %u times after a hang", flashes);
    monitor_close(&c);

    printf("  %s: %u bytes from the port overran the receiver (avrdude's syncs while Optiboot blinks)\n",
           board, uno_overruns(c.uno));
    printf("  %s: %.1f s in all (%.1f s simulated)\n", board, wall_s() - t0,
           (double)sim_cycles(c.sim) / sim_frequency(c.sim));
    uno_close(c.uno);
    sim_buttons_free(c.buttons);
    sim_close(c.sim);
}

/* The uno calculator through its bootloader: flashed by make flash, then after every start
 * (power, the port opened, the reset button, a brown-out) its @reset line, @ready, and a
 * course game answered; it keeps nothing, so every start is the same calculator. */
static void uno_calculator_check(uno_case_t *c, const char *reset, const char *what, bool ask)
{
    char l[160];
    const char *got = wait_line(c, "@reset ", UNO_BOOT_MS);
    tally_check(got && !strcmp(got, reset), "%s: '%s', expected '%s'", what, got ? got : "no @reset line",
                reset);
    tally_check(expect_line(c, "@ready ", 1000, l, sizeof l), "%s: no @ready line", what);
    if (!ask) return;
    skip_output(c);
    monitor_send(c, "solve calendar 2001 11 3\n");
    tally_check(expect_line(c, "N ", 1000, l, sizeof l) && !strcmp(l, "N 2001 11 4"),
                "%s: 'solve calendar 2001 11 3' -> '%s'", what, l);
}

static void uno_calculator(const char *board)
{
    const double t0 = wall_s();
    uno_case_t c;
    if (!uno_flashed(&c, board)) return;
    snprintf(tally_context, sizeof tally_context, "%s: the calculator after the bootloader", board);
    /* the first start after flashing a blank chip: a power-up as far as SRAM tells */
    uno_calculator_check(&c, "@reset power", "the first start after flashing", false);
    unsigned boots = uno_boot_runs(c.uno);
    monitor_open(&c);
    uno_calculator_check(&c, "@reset external", "opening the port", true);
    check_boot(&c, boots, UNO_MCUSR_EXTRF, "opening the port");
    boots = uno_boot_runs(c.uno);
    unsigned flashes = uno_d13_flashes(c.uno);
    uno_reset(c.uno, UNO_RESET_BUTTON);
    uno_calculator_check(&c, "@reset external", "the reset button", true);
    check_boot(&c, boots, UNO_MCUSR_EXTRF, "the reset button");
    tally_check(uno_d13_flashes(c.uno) - flashes == 3, "the bootloader flashed D13 %u times, not 3",
                uno_d13_flashes(c.uno) - flashes);
    boots = uno_boot_runs(c.uno);
    uno_reset(c.uno, UNO_RESET_BROWNOUT);
    uno_calculator_check(&c, "@reset external", "a brown-out (Optiboot clears MCUSR)", true);
    check_boot(&c, boots, UNO_MCUSR_BORF, "a brown-out");
    boots = uno_boot_runs(c.uno);
    uno_reset(c.uno, UNO_RESET_POWER);
    uno_calculator_check(&c, "@reset power", "a power cycle", true);
    check_boot(&c, boots, UNO_MCUSR_PORF, "a power cycle");
    /* the reset button while an answer runs (its watchdog on): still the reset pin */
    run(&c, 500);
    char cmd[300] = "solve sub:224";
    for (int v = 225; v <= 255; v++) snprintf(cmd + strlen(cmd), sizeof cmd - strlen(cmd), ",%d", v);
    for (int h = 0; h < 16; h++) snprintf(cmd + strlen(cmd), sizeof cmd - strlen(cmd), " %d", 65535 - h);
    strcat(cmd, "\n");
    skip_output(&c);
    monitor_send(&c, cmd); /* 2.4 s (docs/console.md's table) */
    run(&c, 400);
    size_t len;
    tally_check(!next_line(&c, &len), "the answer came before the reset: '%s'", c.line);
    uno_reset(c.uno, UNO_RESET_BUTTON);
    uno_calculator_check(&c, "@reset external", "the reset button during an answer", true);
    /* without a bootloader (an ISP-programmed chip, BOOTRST unprogrammed) MCUSR reaches the
     * image: a brown-out is a power event, as the handhelds say it */
    sim_avr(c.sim)->reset_pc = 0;
    uno_reset(c.uno, UNO_RESET_BROWNOUT);
    uno_calculator_check(&c, "@reset power", "a brown-out without a bootloader", true);
    uno_reset(c.uno, UNO_RESET_BUTTON);
    uno_calculator_check(&c, "@reset external", "the reset button without a bootloader", true);
    monitor_close(&c);
    printf("  %s: %.1f s in all (%.1f s simulated)\n", board, wall_s() - t0,
           (double)sim_cycles(c.sim) / sim_frequency(c.sim));
    uno_close(c.uno);
    sim_buttons_free(c.buttons);
    sim_close(c.sim);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s OPTIBOOT.hex BUILD_DIR BOARD...\n", argv[0]);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    boot_hex = argv[1];
    build_dir = argv[2];
    for (int i = 3; i < argc; i++) {
        printf("uno: %s\n", argv[i]);
        const sim_board_t *b = sim_board_find(argv[i]);
        if (b && b->rows == 0) uno_calculator(argv[i]); /* the uno image: no LEDs, no game */
        else uno_board(argv[i]);
    }
    return tally_finish("uno");
}
