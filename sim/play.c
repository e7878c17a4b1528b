/* play.c: grundy-play, the firmware on a simulated board in a terminal, at the real chip's pace.
 * The board's LED rows are drawn in place about 30 times a second, keys become button presses
 * (held ~120 ms, longer while the terminal repeats the key) and the UART's event lines scroll
 * in a fixed area. The EEPROM lives in a file between runs, loaded at start and saved on the way
 * out. The terminal is restored on every way out: q, signals, a firmware failure. */
#include "board_matrix8.h"
#include "board_shift595.h"
#include "eeprom_file.h"
#include "scenario.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define FRAME_US 33333u /* ~30 frames per second of simulated (= wall) time */
#define HOLD_MS 120     /* a key press holds its button this long, renewed by key repeat */
#define LONG_HOLD_MS 1200 /* m and h hold B (menu) and A (hint) this long: terminals send no key-up */
#define EVENT_LINES 8   /* '@' lines shown */
#define OTHER_LINES 3   /* other UART lines shown */
#define LINE_MAX 160    /* characters kept per shown UART line */
#define FRAME_MAX 16384
#define EEPROM_FILE "eeprom.bin" /* default: next to the ELF, build/<board>/ for make play */

/* ---- terminal ---- */

static struct termios saved_tio;
static volatile sig_atomic_t tio_saved, resized, quit_signal;

static void write_all(const char *s, size_t n) {
    while (n) {
        ssize_t w = write(STDOUT_FILENO, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        s += w;
        n -= (size_t)w;
    }
}

/* Async-signal-safe: write() and tcsetattr() only. */
static void term_restore(void) {
    if (!tio_saved) return;
    static const char reset[] = "\x1b[0m\x1b[?7h\x1b[?25h\x1b[?1049l";
    write_all(reset, sizeof reset - 1);
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_tio);
    tio_saved = 0;
}

static void on_fatal_signal(int sig) {
    term_restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* SIGINT, SIGTERM, SIGHUP: leave through the normal way out, which saves the EEPROM. */
static void on_quit_signal(int sig) {
    (void)sig;
    quit_signal = 1;
}

static void on_winch(int sig) {
    (void)sig;
    resized = 1;
}

static bool term_setup(void) {
    if (tcgetattr(STDIN_FILENO, &saved_tio) != 0) return false;
    struct termios t = saved_tio;
    t.c_iflag &= (tcflag_t) ~(IXON | ICRNL | INLCR | IGNCR | BRKINT | ISTRIP);
    t.c_lflag &= (tcflag_t) ~(ICANON | ECHO | ISIG | IEXTEN);
    t.c_cc[VMIN] = 0; /* reads never block: the frame loop polls */
    t.c_cc[VTIME] = 0;
    static const int fatal[] = {SIGQUIT, SIGSEGV, SIGABRT, SIGBUS};
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        struct sigaction sa = {.sa_handler = on_fatal_signal};
        sigemptyset(&sa.sa_mask);
        sigaction(fatal[i], &sa, NULL);
    }
    static const int quit[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof quit / sizeof quit[0]; i++) {
        struct sigaction sa = {.sa_handler = on_quit_signal};
        sigemptyset(&sa.sa_mask);
        sigaction(quit[i], &sa, NULL);
    }
    struct sigaction sa = {.sa_handler = on_winch};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGWINCH, &sa, NULL);
    atexit(term_restore);
    tio_saved = 1;
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &t) != 0) return false;
    /* alternate screen, no cursor, no line wrap (a long line must never scroll the board) */
    static const char init[] = "\x1b[?1049h\x1b[?25l\x1b[?7l\x1b[2J";
    write_all(init, sizeof init - 1);
    return true;
}

/* simavr logs errors to stderr, which would scribble over the board: keep them in a temporary
 * file while the board is on screen, and show them once the terminal is back. */
static int saved_stderr = -1;
static FILE *stderr_log;

static void stderr_hold(void) {
    stderr_log = tmpfile();
    if (!stderr_log) return;
    fflush(stderr);
    saved_stderr = dup(STDERR_FILENO);
    dup2(fileno(stderr_log), STDERR_FILENO);
}

static void stderr_release(void) {
    if (saved_stderr < 0) return;
    fflush(stderr);
    dup2(saved_stderr, STDERR_FILENO);
    close(saved_stderr);
    saved_stderr = -1;
    char buf[4096];
    size_t n;
    rewind(stderr_log);
    while ((n = fread(buf, 1, sizeof buf, stderr_log)) > 0)
        fwrite(buf, 1, n, stderr);
    fclose(stderr_log);
}

static void term_size(int *rows, int *cols) {
    struct winsize ws;
    *rows = 24;
    *cols = 80;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col) {
        *rows = ws.ws_row;
        *cols = ws.ws_col;
    }
}

/* ---- keys to buttons ---- */

typedef struct {
    scn_t *scn;
    bool down[SIM_BTN_COUNT];
    uint64_t release_at[SIM_BTN_COUNT]; /* cycle */
    uint64_t view_a_at; /* v: A is pressed at this cycle, B held (0: nothing due) */
    int esc;                            /* escape-sequence state: 0 none, 1 ESC, 2 ESC [ or O */
    bool quit;
    bool asleep; /* the board is in standby (@sleep seen, no @wake since): any key wakes it */
} keys_t;

static void key_button_for(keys_t *k, sim_button_t b, unsigned ms) {
    scn_t *s = k->scn;
    k->release_at[b] = scn_cycles(s) + (uint64_t)ms * sim_frequency(scn_sim(s)) / 1000;
    if (!k->down[b]) {
        scn_press(s, b);
        k->down[b] = true;
    }
}

static void key_button(keys_t *k, sim_button_t b) {
    key_button_for(k, b, HOLD_MS);
}

static void key_byte(keys_t *k, unsigned char c) {
    if (k->esc == 1) {
        k->esc = (c == '[' || c == 'O') ? 2 : 0;
        return;
    }
    if (k->esc == 2) {
        if (c >= 0x40 && c <= 0x7E) { /* final byte; parameters (digits, ';') come before */
            k->esc = 0;
            if (c == 'A') key_button(k, SIM_BTN_UP);
            if (c == 'B') key_button(k, SIM_BTN_DOWN);
            if (c == 'C') key_button(k, SIM_BTN_RIGHT);
            if (c == 'D') key_button(k, SIM_BTN_LEFT);
        }
        return;
    }
    switch (c) {
    case 0x1b:
        k->esc = 1;
        break;
    case 'z':
    case 'Z':
    case '\r':
    case '\n':
        key_button(k, SIM_BTN_A);
        break;
    case 'x':
    case 'X':
    case 0x7f:
    case 0x08:
        key_button(k, SIM_BTN_B);
        break;
    case 'm':
    case 'M':
        key_button_for(k, SIM_BTN_B, LONG_HOLD_MS);
        break;
    case 'h':
    case 'H':
        key_button_for(k, SIM_BTN_A, LONG_HOLD_MS);
        break;
    case 'v':
    case 'V': /* the binary view: B held, A pressed 60 ms later (terminals send no key-up) */
        key_button_for(k, SIM_BTN_B, 300);
        k->view_a_at = scn_cycles(k->scn) + 60ull * sim_frequency(scn_sim(k->scn)) / 1000;
        break;
    case 'q':
    case 'Q':
    case 0x03: /* Ctrl-C: the terminal's signal keys are off in raw mode */
        k->quit = true;
        break;
    default: /* in standby any other key wakes the board: a short B, which the wake-up ignores */
        if (k->asleep) key_button(k, SIM_BTN_B);
        break;
    }
}

static void read_keys(keys_t *k) {
    unsigned char buf[64];
    ssize_t n;
    while ((n = read(STDIN_FILENO, buf, sizeof buf)) > 0)
        for (ssize_t i = 0; i < n; i++)
            key_byte(k, buf[i]);
}

/* Release the buttons whose hold ran out. */
static void release_due(keys_t *k) {
    if (k->view_a_at && scn_cycles(k->scn) >= k->view_a_at) {
        k->view_a_at = 0;
        key_button(k, SIM_BTN_A);
    }
    for (int b = 0; b < SIM_BTN_COUNT; b++)
        if (k->down[b] && scn_cycles(k->scn) >= k->release_at[b]) {
            scn_release(k->scn, (sim_button_t)b);
            k->down[b] = false;
        }
}

/* ---- UART lines ---- */

typedef struct {
    char text[EVENT_LINES][LINE_MAX];
    unsigned n, next;
} lines_t;

static void lines_add(lines_t *l, unsigned cap, const char *s) {
    char *d = l->text[l->next];
    size_t i = 0;
    for (; s[i] && i < LINE_MAX - 1; i++) /* control characters would move the cursor */
        d[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
    d[i] = 0;
    l->next = (l->next + 1) % cap;
    if (l->n < cap) l->n++;
}

/* Line i of the last n (0 = oldest). */
static const char *lines_get(const lines_t *l, unsigned cap, unsigned i) {
    return l->text[(l->next + cap - l->n + i) % cap];
}

/* ---- the game's state in words, from the event lines ---- */

typedef struct {
    bool view;       /* @view on seen, and no fresh start (@eeprom) or @view off since */
    char over[40];   /* who won, in words, while the game is over; "" while one runs */
    char score[80];  /* @score's three numbers, in words, after that game */
} words_t;

static void words_event(words_t *w, const char *l) {
    static const char *const who[][2] = {{"human", "You won"}, {"cpu", "The device won"},
                                         {"p1", "Player 1 won"}, {"p2", "Player 2 won"}};
    unsigned wins, losses, hints;
    if (!strcmp(l, "@view on")) w->view = true;
    if (!strcmp(l, "@view off") || !strncmp(l, "@eeprom ", 8)) w->view = false; /* a fresh start */
    if (!strncmp(l, "@game ", 6) || (!strncmp(l, "@resume ", 8) && strstr(l, " turn ")))
        w->over[0] = w->score[0] = 0;
    const char *o = !strncmp(l, "@over ", 6) ? l + 6 : NULL;
    if (!o && !strncmp(l, "@resume ", 8)) o = strstr(l, " over ") ? strstr(l, " over ") + 6 : NULL;
    for (size_t i = 0; o && i < sizeof who / sizeof who[0]; i++)
        if (!strcmp(o, who[i][0])) snprintf(w->over, sizeof w->over, "%s.", who[i][1]);
    if (sscanf(l, "@score %u %u %u", &wins, &losses, &hints) == 3)
        snprintf(w->score, sizeof w->score, " Score at this game and level: %u won, %u lost, %u hint%s.",
                 wins, losses, hints, hints == 1 ? "" : "s");
}

/* ---- drawing ---- */

typedef struct {
    char buf[FRAME_MAX];
    size_t len;
    int rows, cols, row; /* terminal size, the screen row being written */
} frame_t;

static void put(frame_t *f, const char *fmt, ...) {
    if (f->len >= sizeof f->buf) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(f->buf + f->len, sizeof f->buf - f->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        f->len += (size_t)n < sizeof f->buf - f->len ? (size_t)n : sizeof f->buf - f->len - 1;
}

/* Start the next screen row; false once past the bottom, which would scroll. */
static bool line(frame_t *f) {
    if (f->row >= f->rows) return false;
    put(f, "\x1b[%d;1H\x1b[K", ++f->row);
    return true;
}

/* ASCII text clipped to the terminal width, after `used` columns. */
static void put_text(frame_t *f, const char *s, int used) {
    int room = f->cols - used;
    if (room > 0) put(f, "%.*s", room, s);
}

static const char *const row_colour[] = {"91", "93", "92", "96", "95", "94"};

/* The matrix8 board: its 8x8 module as it looks, red dots in a frame, their shade following
 * the MAX7219's intensity; beside it the intensity and a note while the buzzer sounds (kept
 * on screen 0.2 s, so a 6 ms click is seen). */
static void draw_matrix8(frame_t *f, scn_t *s, matrix8_t *m) {
    static const char *const shade[] = {"52", "88", "124", "160", "196"}; /* dark to bright */
    static uint64_t heard_at, heard_hz;
    max7219_state_t st;
    max7219_get_state(matrix8_chip(m), &st);
    const char *lit_colour = shade[(st.intensity * 4 + 14) / 15]; /* 1, 4, 8, 15: 1..4 */
    const double hz = matrix8_buzzer_hz(m, FRAME_US / 1000);
    const uint64_t hz_cycles = sim_frequency(scn_sim(s));
    if (hz > 0) heard_at = scn_cycles(s), heard_hz = (uint64_t)hz;
    const bool sounding = heard_at && scn_cycles(s) - heard_at < hz_cycles / 5;
    if (!line(f)) return;
    put(f, "   \xe2\x94\x8c"); /* the frame's top */
    for (int c = 0; c < 17; c++) put(f, "\xe2\x94\x80");
    put(f, "\xe2\x94\x90");
    for (unsigned r = 0; r < 8; r++) {
        if (!line(f)) return;
        put(f, "   \xe2\x94\x82 ");
        for (unsigned c = 0; c < 8; c++) {
            double lit = scn_led_lit(s, r, c, FRAME_US / 1000);
            if (lit >= 0.75)
                put(f, "\x1b[1;38;5;%sm\xe2\x97\x8f\x1b[0m ", lit_colour); /* ● */
            else if (lit > 0.25)
                put(f, "\x1b[38;5;%sm\xe2\x97\x90\x1b[0m ", lit_colour); /* ◐ */
            else
                put(f, "\x1b[38;5;238m\xe2\x97\x8b\x1b[0m "); /* ○ a dark LED */
        }
        put(f, "\xe2\x94\x82");
        if (r == 0) put(f, "   MAX7219 intensity %2u/15%s%s", st.intensity,
                        st.normal ? "" : "  shutdown", st.display_test ? "  display test" : "");
        if (r == 2 && sounding) put(f, "   \x1b[1m\xe2\x99\xaa\x1b[0m buzzer %.1f kHz",
                                    (double)heard_hz / 1000); /* ♪ */
    }
    if (!line(f)) return;
    put(f, "   \xe2\x94\x94");
    for (int c = 0; c < 17; c++) put(f, "\xe2\x94\x80");
    put(f, "\xe2\x94\x98");
}

/* The shift595 board's status lights by name, and its brightness: OE's low fraction over the
 * last frame (oe). */
static void draw_chain_extras(frame_t *f, hc595_t *chain, double oe) {
    const unsigned lights = sim_shift595_lights(chain);
    if (line(f)) {
        put(f, "   status ");
        for (unsigned i = 0; i < SIM_SHIFT595_LIGHTS; i++)
            if (lights >> i & 1)
                put(f, " \x1b[1;97m\xe2\x97\x8f %s\x1b[0m ", sim_shift595_light_name(i));
            else
                put(f, " \x1b[2;37m\xe2\x97\x8b %s\x1b[0m ", sim_shift595_light_name(i));
    }
    if (line(f)) put(f, "   \x1b[2mbrightness: OE low %.0f %% of the time\x1b[0m", 100 * oe);
}

/* Screen rows of the board's picture (below the header and the state line). */
static unsigned board_rows(scn_t *s, bool matrix, bool chain) {
    return matrix ? 10 : scn_rows(s) + (chain ? 2 : 0);
}

/* Event line text split to rows of the terminal's width (a long @settings line goes on, indented,
 * on the next row): row `i` of `text` into out; how many rows it takes. */
static unsigned event_rows(const char *text, int cols, unsigned i, char *out, size_t len) {
    const int first = cols - 3 > 8 ? cols - 3 : 8, next = first - 2;
    const int n = (int)strlen(text);
    unsigned rows = 1;
    for (int at = first; at < n; at += next) rows++;
    const int from = i == 0 ? 0 : first + (int)(i - 1) * next;
    const int width = i == 0 ? first : next;
    snprintf(out, len, "%s%.*s", i ? "  " : "", from < n ? width : 0, from < n ? text + from : "");
    return rows;
}

static void draw(frame_t *f, scn_t *s, const keys_t *k, const words_t *w, const lines_t *ev,
                 const lines_t *other, const char *elf, const char *eeprom, double speed) {
    f->len = 0;
    f->row = 0;
    matrix8_t *m8 = matrix8_find(sim_avr(scn_sim(s)));
    hc595_t *chain = sim_shift595_chain(sim_avr(scn_sim(s)));
    /* Rows: header, state line, the board, keys, "events" and its lines, "other output" and its
     * lines, two status lines; what is left of the terminal goes to event lines (up to
     * EVENT_LINES), then to blank lines between the parts: 80x24 holds every board. */
    const int fixed = 2 + (int)board_rows(s, m8 != NULL, chain != NULL) + 1 + 1 + 1 + 2;
    int avail = f->rows - fixed;
    const int others = avail >= 11 ? OTHER_LINES : avail >= 6 ? 2 : 1;
    avail -= others;
    const int events = avail > EVENT_LINES ? EVENT_LINES : avail < 1 ? 1 : avail;
    int spare = avail - events; /* blank lines: before the keys, the events and the status */
    if (line(f)) {
        put(f, "\x1b[1m Grundy\x1b[0m  ");
        put_text(f, scn_board(s)->name, 9);
        put(f, " board  ");
        put_text(f, elf, 17 + (int)strlen(scn_board(s)->name));
    }
    if (line(f) && k->asleep) {
        put(f, "\x1b[1;7m");
        put_text(f, " asleep (standby): press any key to wake it (q still quits) ", 0);
        put(f, "\x1b[0m");
    } else if (w->over[0]) { /* the result in words; A (z) starts the next game */
        char said[160];
        snprintf(said, sizeof said, " %s%s z: next game.", w->over, w->score);
        put(f, "\x1b[1m");
        put_text(f, said, 0);
        put(f, "\x1b[0m");
    } else if (w->view) {
        put(f, "\x1b[1m");
        put_text(f, " Binary view on: each row shows its Grundy value (v: back to the tokens).", 0);
        put(f, "\x1b[0m");
    }
    if (m8) draw_matrix8(f, s, m8);
    const double oe = chain ? hc595_oe_low_fraction(chain) : 1.0;
    const double duty = oe > 0 ? oe : 1.0; /* OE high all the frame: dark anyway */
    for (unsigned r = 0; !m8 && r < scn_rows(s); r++) {
        if (!line(f)) break;
        put(f, "   row %u  ", r);
        const char *col = row_colour[r % (sizeof row_colour / sizeof row_colour[0])];
        for (unsigned c = 0; c < scn_row_len(s, r) && 10 + 3 * (int)c + 2 < f->cols; c++) {
            double lit = scn_led_lit(s, r, c, FRAME_US / 1000) / duty; /* lit while OE let it */
            if (lit >= 0.75)
                put(f, " \x1b[1;%sm\xe2\x97\x8f\x1b[0m ", col); /* ● */
            else if (lit > 0.25)
                put(f, " \x1b[%sm\xe2\x97\x90\x1b[0m ", col); /* ◐ */
            else
                put(f, " \x1b[2;37m\xe2\x97\x8b\x1b[0m "); /* ○ */
        }
    }
    if (chain) draw_chain_extras(f, chain, oe < 0 ? 0 : oe);
    if (spare > 0) spare--, line(f);
    if (line(f)) { /* 79 columns */
        static const char *const legend[SIM_BTN_COUNT] = {"\xe2\x86\x91 UP",   "\xe2\x86\x93 DOWN",
                                                          "\xe2\x86\x90 LEFT", "\xe2\x86\x92 RIGHT",
                                                          "z/\xe2\x8f\x8e A",  "x/\xe2\x8c\xab B"}; /* z/⏎ A, x/⌫ B */
        static const char *const brief[SIM_BTN_COUNT] = {"\xe2\x86\x91", "\xe2\x86\x93", "\xe2\x86\x90",
                                                         "\xe2\x86\x92", "z A", "x B"}; /* under 79 columns */
        put(f, " ");
        for (int b = 0; b < SIM_BTN_COUNT; b++)
            put(f, k->down[b] ? "\x1b[7m[%s]\x1b[0m " : "[%s] ", f->cols >= 79 ? legend[b] : brief[b]);
        put(f, "m menu h hint v view q quit"); /* 79 columns, or 54 */
    }
    if (spare > 0) spare--, line(f);
    if (line(f)) put(f, "\x1b[1m events\x1b[0m");
    /* the newest that fit, a long one on as many rows as it takes */
    char part[LINE_MAX + 4];
    unsigned ev_from = ev->n, used = 0;
    while (ev_from > 0) {
        const unsigned need = event_rows(lines_get(ev, EVENT_LINES, ev_from - 1), f->cols, 0, part, sizeof part);
        if (used + need > (unsigned)events) break;
        used += need;
        ev_from--;
    }
    if (ev_from == ev->n && ev->n) ev_from--; /* the newest, cut, rather than none */
    int shown = 0;
    for (unsigned i = ev_from; i < ev->n; i++) {
        const char *text = lines_get(ev, EVENT_LINES, i);
        const unsigned rows = event_rows(text, f->cols, 0, part, sizeof part);
        for (unsigned r = 0; r < rows && shown < events && line(f); r++, shown++) {
            event_rows(text, f->cols, r, part, sizeof part);
            put(f, "   \x1b[36m");
            put_text(f, part, 3);
            put(f, "\x1b[0m");
        }
    }
    for (; shown < events; shown++)
        if (!line(f)) break;
    if (line(f)) put(f, "\x1b[1m other output\x1b[0m");
    const unsigned other_from = other->n > (unsigned)others ? other->n - (unsigned)others : 0;
    for (int i = 0; i < others; i++) {
        if (!line(f)) break;
        if (other_from + (unsigned)i < other->n) {
            put(f, "   ");
            put_text(f, lines_get(other, OTHER_LINES, other_from + (unsigned)i), 3);
        }
    }
    if (spare > 0) spare--, line(f);
    if (line(f)) {
        char st[120];
        snprintf(st, sizeof st, " simulated %.1f s   speed %.2fx   stack %zu bytes",
                 scn_now_ms(s) / 1000, speed, scn_stack_high_water(s));
        put(f, "\x1b[2m");
        put_text(f, st, 0);
        put(f, "\x1b[0m");
    }
    if (line(f)) {
        char st[64];
        snprintf(st, sizeof st, "   bytes written this run: %llu",
                 (unsigned long long)scn_eeprom_writes(s));
        put(f, "\x1b[2m EEPROM ");
        put_text(f, eeprom, 8);
        put_text(f, st, 8 + (int)strlen(eeprom));
        put(f, "\x1b[0m");
    }
    put(f, "\x1b[J");
}

/* ---- main ---- */

static uint64_t wall_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void usage(FILE *f) {
    fprintf(f, "usage: grundy-play [--board NAME] [--no-bounce] [--eeprom FILE] [--fresh-eeprom]\n"
               "                   [--fast] firmware.elf\n"
               "Runs the firmware on a simulated board in this terminal at the real chip's pace\n"
               "(--fast: as fast as this computer can, for tests). Fits an 80x24 terminal.\n"
               "Keys: arrows = UP DOWN LEFT RIGHT, z or Enter = A, x or Backspace = B, m holds B\n"
               "(the menu), h holds A (a hint), q quits; in standby any other key wakes the board.\n"
               "Buttons bounce like real contacts unless --no-bounce is given.\n"
               "The EEPROM (settings, scores) lives in a file, loaded at start if it exists and\n"
               "saved on the way out (q, Ctrl-C, SIGTERM or SIGHUP, a firmware failure):\n"
               "  --eeprom FILE    that file; default " EEPROM_FILE " next to the ELF\n"
               "                   (build/<board>/" EEPROM_FILE " for make play)\n"
               "  --fresh-eeprom   start from a blank EEPROM (all 0xFF) instead of the file's\n"
               "                   contents; the file is replaced on the way out\n"
               "Boards:");
    for (const char *const *n = sim_board_names(); *n; n++)
        fprintf(f, " %s", *n);
    fprintf(f, "\n");
}

int main(int argc, char **argv) {
    static const struct option opts[] = {
        {"board", required_argument, NULL, 'b'},  {"no-bounce", no_argument, NULL, 'n'},
        {"eeprom", required_argument, NULL, 'e'}, {"fresh-eeprom", no_argument, NULL, 'f'},
        {"fast", no_argument, NULL, 'F'},         {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *board = "direct", *eeprom = NULL;
    bool bounce = true, fresh = false, fast = false;
    int c;
    while ((c = getopt_long(argc, argv, "b:h", opts, NULL)) != -1) {
        if (c == 'b') {
            board = optarg;
        } else if (c == 'n') {
            bounce = false;
        } else if (c == 'e') {
            eeprom = optarg;
        } else if (c == 'f') {
            fresh = true;
        } else if (c == 'F') {
            fast = true;
        } else if (c == 'h') {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (optind != argc - 1) {
        usage(stderr);
        return 2;
    }
    const char *elf = argv[optind];
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "grundy-play: needs a terminal on stdin and stdout\n");
        return 2;
    }
    char eeprom_path[4096];
    if (!eeprom) {
        const char *slash = strrchr(elf, '/');
        int dir_len = slash ? (int)(slash - elf + 1) : 0;
        snprintf(eeprom_path, sizeof eeprom_path, "%.*s%s", dir_len, elf, EEPROM_FILE);
        eeprom = eeprom_path;
    }
    char err[256];
    scn_t *s = scn_open(elf, board, err, sizeof err);
    if (!s) {
        fprintf(stderr, "grundy-play: %s\n", err);
        return 1;
    }
    if (!fresh && eeprom_load(s, eeprom, err, sizeof err) < 0) {
        fprintf(stderr, "grundy-play: %s (--fresh-eeprom starts blank and replaces it)\n", err);
        scn_close(s);
        return 1;
    }
    if (!bounce) scn_set_bounce(s, NULL);
    if (!term_setup()) {
        term_restore();
        fprintf(stderr, "grundy-play: cannot set up the terminal: %s\n", strerror(errno));
        scn_close(s);
        return 1;
    }

    static frame_t f;
    static char last[FRAME_MAX];
    static lines_t ev, other;
    words_t words = {0};
    size_t last_len = 0, seen = 0;
    keys_t k = {.scn = s};
    const uint64_t hz = sim_frequency(scn_sim(s)), frame = (uint64_t)FRAME_US * hz / 1000000;
    uint64_t next_frame = scn_cycles(s) + frame;
    uint64_t speed_wall = wall_us(), speed_cycle = scn_cycles(s);
    double speed = 1.0;
    stderr_hold();
    sim_set_realtime(scn_sim(s), !fast);

    while (!k.quit && !quit_signal && scn_ok(s)) {
        /* Run to the next frame, or to an earlier button release. */
        uint64_t target = next_frame;
        for (int b = 0; b < SIM_BTN_COUNT; b++)
            if (k.down[b] && k.release_at[b] < target) target = k.release_at[b];
        uint64_t now = scn_cycles(s);
        if (target > now && !scn_run_us(s, (target - now) * 1000000 / hz + 1)) break;
        release_due(&k);
        if (scn_cycles(s) < next_frame) continue;
        next_frame += frame;
        if (next_frame <= scn_cycles(s)) next_frame = scn_cycles(s) + frame;

        read_keys(&k);
        for (; seen < scn_line_count(s); seen++) {
            const char *l = scn_line(s, seen);
            if (!strcmp(l, "@sleep")) k.asleep = true;
            if (!strcmp(l, "@wake") || !strncmp(l, "@reset ", 7)) k.asleep = false;
            words_event(&words, l);
            if (l[0] == '@')
                lines_add(&ev, EVENT_LINES, l);
            else
                lines_add(&other, OTHER_LINES, l);
        }
        uint64_t w = wall_us();
        if (w - speed_wall >= 1000000) {
            speed =
                (double)(scn_cycles(s) - speed_cycle) * 1e6 / (double)hz / (double)(w - speed_wall);
            speed_wall = w;
            speed_cycle = scn_cycles(s);
        }
        term_size(&f.rows, &f.cols);
        if (resized) {
            resized = 0;
            last_len = 0;
            write_all("\x1b[2J", 4);
        }
        draw(&f, s, &k, &words, &ev, &other, elf, eeprom, speed);
        if (f.len != last_len || memcmp(f.buf, last, f.len) != 0) { /* unchanged: no output */
            write_all(f.buf, f.len);
            memcpy(last, f.buf, f.len);
            last_len = f.len;
        }
    }

    term_restore();
    stderr_release();
    int rc = 0;
    if (!eeprom_save(s, eeprom, err, sizeof err)) {
        fprintf(stderr, "grundy-play: %s\n", err);
        rc = 1;
    }
    if (!scn_ok(s)) {
        fprintf(stderr, "grundy-play: %s\n", scn_failure(s));
        size_t n = scn_line_count(s), from = n > EVENT_LINES ? n - EVENT_LINES : 0;
        if (n) fprintf(stderr, "grundy-play: the last UART lines were:\n");
        for (size_t i = from; i < n; i++)
            fprintf(stderr, "  %s\n", scn_line(s, i));
        rc = 1;
    }
    scn_close(s);
    return rc;
}
