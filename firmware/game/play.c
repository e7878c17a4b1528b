/* A game on the board, turn by turn. The person marks tokens and confirms (heap,
 * Wythoff or line entry); the device answers after a pause at its difficulty, or a
 * second person moves. Time-driven phases: no delays, every step is a reaction to
 * a button or to the clock. */
#include <avr/pgmspace.h>
#include <string.h>

#include "binview.h"
#include "display.h"
#include "engine.h"
#include "games.h"
#include "play.h"
#include "rng.h"
#include "rows.h"
#include "tick.h"
#include "uart.h"
#include "watchdog.h"

typedef enum { PLAY_TURN, PLAY_THINK, PLAY_SHOW, PLAY_OVER } play_phase_t;

static struct {
    uint8_t entry, used;  /* games_entry_t; rows in play */
    uint8_t phase;
    uint8_t side;         /* to move: 0 the person (p1), 1 the device (p2) */
    uint8_t winner;
    uint8_t slipped;      /* Equalizer: the one plain move of this game is made */
    uint8_t cursor, col;  /* cursor row; line entry: the pin under the cursor */
    uint8_t marks[BOARD_ROWS]; /* heap entry: marks[0] in the cursor row; Wythoff, rows: row r's */
    uint8_t marking, anchor; /* line entry: a block from anchor to col is marked */
    uint16_t until;       /* end of THINK or SHOW */
    uint8_t refusing;     /* a refused confirm flashes until refuse_until */
    uint16_t refuse_until;
    uint8_t hinting;      /* a hint shows until hint_until: hint_rows blink, or none */
    uint16_t hint_until;
    uint8_t a_armed;      /* A went down with nothing marked at a_since: a hint if held */
    uint16_t a_since;
    uint8_t scrolled;     /* grid boards, the game over: the text has scrolled by once */
    uint8_t scrolling;    /* grid boards, the game over: the text is still scrolling by */
    uint8_t hint_rows[BOARD_ROWS];
    settings_t set;
    uint8_t reply[BOARD_ROWS]; /* the device's move while it is shown: tokens taken per row */
    rows_t b;
    engine_rules_t rules;
} play WATCHDOG_KEEP; /* kept across a watchdog reset (play_restore); play_start sets it up */

static bool play_after(uint16_t now, uint16_t t)
{
    return (int16_t)(now - t) >= 0;
}

/* Corner the Queen: on a grid board Wythoff's two heaps are the queen's square on the 8x8
 * board, column heap 0 from the left and row heap 1 from the bottom: heaps of at most 7. */
static bool play_queen(void)
{
    return BOARD_GRID && play.entry == GAMES_ENTRY_WYTHOFF;
}

static uint8_t play_full(uint8_t r)
{
    return (uint8_t)((1u << board_row_length(r)) - 1);
}

static bool play_person(uint8_t side)
{
    return side == 0 || play.set.two_player;
}

static void play_who(uint8_t side)
{
    static const char names[4][6] PROGMEM = {"human", "cpu", "p1", "p2"};
    uart_puts_P(names[(play.set.two_player ? 2 : 0) + side]);
}

static void play_event(const char *what_P, uint8_t side)
{
    uart_puts_P(what_P);
    play_who(side);
}

/* ---- cursor ---- */

/* Cursor on the first non-empty row from `from` going by `step`; input forgotten. */
static bool play_seek(uint8_t from, int8_t step)
{
    for (int8_t r = (int8_t)from; r >= 0 && r < play.used; r = (int8_t)(r + step))
        if (play.b.mask[r]) {
            play.cursor = (uint8_t)r;
            if (play.entry == GAMES_ENTRY_HEAP) play.marks[0] = 0;
            play.marking = 0;
            /* line entry: the standing pin nearest to the column the cursor had */
            uint8_t best = 0, nearest = 0xFF, pins = play.b.mask[r];
            for (uint8_t i = 0; i < 8; i++, pins >>= 1) {
                const uint8_t distance = (uint8_t)(i > play.col ? i - play.col : play.col - i);
                if ((pins & 1) && distance < nearest) best = i, nearest = distance;
            }
            play.col = best;
            return true;
        }
    return false;
}

/* Line entry: the next standing pin from col by step, not crossing a gap while marking. */
static void play_step_col(int8_t step)
{
    for (int8_t i = (int8_t)(play.col + step); i >= 0 && i < 8; i = (int8_t)(i + step)) {
        if ((play.b.mask[play.cursor] >> i) & 1) {
            play.col = (uint8_t)i;
            return;
        }
        if (play.marking) return;
    }
}

/* Whether each row has its own marks (Wythoff's and the king's two rows, moore's rows). */
static bool play_marks_per_row(void)
{
    return play.entry == GAMES_ENTRY_WYTHOFF || play.entry == GAMES_ENTRY_ROWS;
}

static uint8_t *play_marks(void)
{
    return &play.marks[play_marks_per_row() ? play.cursor : 0];
}

/* The rows with marks. */
static uint8_t play_marked_rows(void)
{
    uint8_t n = 0;
    for (uint8_t r = 0; r < BOARD_ROWS; r++) n += play.marks[r] != 0;
    return n;
}

static bool play_nothing_marked(void)
{
    return !play_marked_rows() && !play.marking;
}

/* ---- drawing ---- */

/* Grid boards, the game over: what scrolls by (winner 0 is the person; two players: who won). */
static const char play_over_texts[4][5] PROGMEM = {"WIN", "LOSE", "P1", "P2"};

/* The binary view instead of the tokens: switched on, a sum game, under way, nothing being
 * entered, and no lost position's hint (which shows as it always does). */
static bool play_view_shown(void)
{
    return binview_on() && binview_offered(&play.rules) && play.phase != PLAY_OVER && play.hinting != 2 &&
           play_nothing_marked();
}

/* LEDs of row r in a checkerboard: those with r + i odd (bit i = LED i). */
static uint8_t play_checker(uint8_t r)
{
    return r & 1 ? 0x55 : 0xAA;
}

static void play_draw_states(uint16_t now)
{
    uint8_t taken[BOARD_ROWS];
    if (play.refusing && play_after(now, play.refuse_until)) play.refusing = 0;
    if (play.hinting && play_after(now, play.hint_until)) play.hinting = 0;
    if (BOARD_GRID && play.phase == PLAY_OVER && !play.scrolled) {
        char text[sizeof play_over_texts[0]];
        strcpy_P(text, play_over_texts[play.set.two_player * 2 + play.winner]);
        /* once: now - until comes round again every 65.5 s */
        play.scrolling = display_scroll(text, (uint16_t)(now - play.until));
        if (play.scrolling) return;
        play.scrolled = 1;
    }
    if (play.phase == PLAY_SHOW) memcpy(taken, play.reply, sizeof taken);
    if (play_queen() && play.phase != PLAY_OVER) {
        /* the queen, and the square the move under way takes her to: the person's marks (none
         * while the device thinks), the device's move, or a hint; no winning move: she blinks */
        const uint8_t *move = play.phase == PLAY_SHOW ? taken : play.hinting == 1 ? play.hint_rows : play.marks;
        uint8_t left = move[0], down = move[1];
        if (move != play.marks) left = rows_count(left), down = rows_count(down);
        const uint8_t x = (uint8_t)play.b.pos.heap[0], y = (uint8_t)(7 - play.b.pos.heap[1]);
        display_fill_rows(0, DISPLAY_OFF);
        display_set(y, x, play.hinting == 2 ? DISPLAY_BLINK : play.refusing ? DISPLAY_FLASH : DISPLAY_ON);
        if (left || down)
            display_set((uint8_t)(y + down), (uint8_t)(x - left), play.hinting ? DISPLAY_SLOW : DISPLAY_BLINK);
        return;
    }
    if (play_view_shown()) {
        binview_draw(&play.rules, &play.b, play.used, play.phase == PLAY_SHOW ? taken : play.hinting ? play.hint_rows : NULL,
                     play.phase == PLAY_SHOW);
        if (play.refusing && play.phase == PLAY_TURN) display_fill(play.cursor, DISPLAY_FLASH);
        return;
    }
    display_fill_rows(0, DISPLAY_OFF);
    for (uint8_t r = 0; r < BOARD_ROWS; r++) {
        display_mask(r, play.b.mask[r], DISPLAY_ON);
        if (play.phase == PLAY_SHOW) display_mask(r, taken[r], DISPLAY_BLINK);
        if (play.phase == PLAY_TURN && play.hinting) {
            const uint8_t hint = play.hint_rows[r];
            if (play.hinting == 1) {
                display_mask(r, hint, DISPLAY_SLOW);
            } else { /* a lost position: every token blinks in a checkerboard */
                display_mask(r, hint, DISPLAY_BLINK);
                display_mask(r, hint & play_checker(r), DISPLAY_BLINK_ALT);
            }
        }
        if (play.phase == PLAY_OVER) {
            /* the person (p1) won: everything blinks together; the device (p2): a checkerboard */
            display_fill(r, DISPLAY_BLINK);
            if (play.winner) display_mask(r, (uint8_t)~play_checker(r), DISPLAY_BLINK_ALT);
        }
    }
    if (play.phase != PLAY_TURN || play.hinting) return;
    const uint8_t row = play.cursor;
    if (play.entry == GAMES_ENTRY_LINE) {
        const uint8_t lo = play.marking && play.anchor < play.col ? play.anchor : play.col;
        const uint8_t hi = play.marking && play.anchor > play.col ? play.anchor : play.col;
        for (uint8_t i = lo; i <= hi; i++) display_set(row, i, play.marking ? DISPLAY_BLINK : DISPLAY_CURSOR);
    } else {
        for (uint8_t r = 0; r < play.used; r++) {
            const uint8_t n = rows_count(play.b.mask[r]);
            const uint8_t m = play_marks_per_row() ? play.marks[r] : r == row ? play.marks[0] : 0;
            for (uint8_t i = (uint8_t)(n - m); i < n; i++) display_set(r, i, DISPLAY_BLINK);
            if (r == row && m < n) display_set(r, (uint8_t)(n - m - 1), DISPLAY_CURSOR);
        }
    }
    /* only what the row holds flashes: a row of one token must not look refilled */
    if (play.refusing) display_mask(row, play.b.mask[row], DISPLAY_FLASH);
}

/* The main loop's alarm for the next timed step: the end of a pause, a show, a refusal or
 * a hint, a held A becoming a hint, the next column of scrolling text. */
static void play_alarm(uint16_t now)
{
    if (play.phase == PLAY_THINK || play.phase == PLAY_SHOW) tick_alarm_at(play.until);
    if (play.refusing) tick_alarm_at(play.refuse_until);
    if (play.hinting) tick_alarm_at(play.hint_until);
    if (play.a_armed) tick_alarm_at((uint16_t)(play.a_since + PLAY_HINT_HOLD_MS));
    if (BOARD_GRID && play.phase == PLAY_OVER && play.scrolling)
        tick_alarm_at((uint16_t)(now + DISPLAY_SCROLL_MS - (uint16_t)(now - play.until) % DISPLAY_SCROLL_MS));
}

__attribute__((noinline)) static void play_draw(uint16_t now)
{
    play_draw_states(now);
    display_end();
    play_alarm(now);
}

/* ---- turns ---- */

/* No marks, no refusal or hint showing, no A held for a hint. */
static void play_forget_input(void)
{
    memset(play.marks, 0, sizeof play.marks);
    play.marking = play.refusing = play.hinting = play.a_armed = 0;
}

/* Take `tokens` off the board (on: put them back), and the position with them. */
static void play_tokens(const uint8_t tokens[BOARD_ROWS], bool on)
{
    for (uint8_t r = 0; r < BOARD_ROWS; r++)
        play.b.mask[r] = on ? (uint8_t)(play.b.mask[r] | tokens[r]) : (uint8_t)(play.b.mask[r] & ~tokens[r]);
    rows_set(&play.b, play.entry, play.used, play.b.mask);
}

/* A sound, unless the settings mute it. */
static void play_sound(board_sound_t s)
{
    if (play.set.sound) board_sound(s);
}

static void play_turn(uint16_t now)
{
    play_event(PSTR("@turn "), play.side);
    uart_end_line();
    board_status(play.side ? BOARD_LIGHT_MY_MOVE : BOARD_LIGHT_YOUR_MOVE); /* p2: "my" */
    play_forget_input();
    if (play_person(play.side)) {
        play.phase = PLAY_TURN;
        play.col = 0; /* line entry: the leftmost pin of the topmost row */
        play_seek(0, 1);
    } else {
        play.phase = PLAY_THINK;
        play.until = (uint16_t)(now + PLAY_THINK_MS);
    }
}

static play_event_t play_over(uint16_t now);

/* The tokens move m of the engine takes, per row: a moore move's (ENGINE_HEAP_ALL) from the heaps
 * after it, heap i being row i, while the engine still holds them. */
static void play_taken(const engine_move_t *m, uint8_t out[BOARD_ROWS])
{
    rows_taken(&play.b, m, out);
    if (m->heap != ENGINE_HEAP_ALL) return;
    for (uint8_t i = 0; i < play.b.pos.count; i++) {
        const uint8_t after = (uint8_t)engine_after_heap(&play.rules, &play.b.pos, m, i);
        out[i] = (uint8_t)(play.b.mask[i] & ~((1u << after) - 1));
    }
}

/* Take the tokens `taken` off the board; end the game or pass the turn. */
static play_event_t play_move(const uint8_t taken[BOARD_ROWS], uint16_t now)
{
    play_tokens(taken, false);
    const uint8_t mover = play.side;
    play.side ^= 1;
    play_event(PSTR("@move "), mover);
    rows_print(&play.b);
    play_sound(BOARD_SOUND_CLICK);
    if (!engine_is_over(&play.rules, &play.b.pos)) {
        play_turn(now);
        return PLAY_EVENT_NONE;
    }
    return play_over(now);
}

/* No move left for play.side: the game is over. */
static play_event_t play_over(uint16_t now)
{
    /* normal play: the player to move lost; misere: the player to move won */
    play.winner = engine_is_win(&play.rules, &play.b.pos) ? play.side : (uint8_t)(play.side ^ 1);
    play.phase = PLAY_OVER;
    play.until = now; /* grid boards: the text scrolls from here */
    play.scrolled = 0;
    play_event(PSTR("@over "), play.winner);
    uart_end_line();
    /* two players: p1 is "you", p2 "I" */
    board_status(play.winner ? BOARD_LIGHT_I_WIN : BOARD_LIGHT_YOU_WIN);
    play_sound(play.winner && !play.set.two_player ? BOARD_SOUND_LOSE : BOARD_SOUND_WIN);
    return PLAY_EVENT_OVER;
}

/* Whether move m leaves the opponent a win. Tried on the board itself, which then gets its
 * tokens back: a copy would sit on the stack under the engine's search (90 bytes). */
static bool play_leaves_win(const engine_move_t *m)
{
    uint8_t taken[BOARD_ROWS];
    if (engine_check_move(&play.rules, &play.b.pos, m) != ENGINE_OK) return false;
    play_taken(m, taken);
    play_tokens(taken, false);
    const bool win = engine_is_win(&play.rules, &play.b.pos);
    play_tokens(taken, true);
    return win;
}

/* Equalizer's plain move: a random legal move that leaves the opponent a win. Not inlined: its
 * locals stay off the stack of the device's choice (17 bytes; inlined, it is 20 bytes larger too). */
static __attribute__((noinline)) bool play_plain_move(engine_move_t *out)
{
    uint8_t count = 0, pick = 0;
    for (uint8_t pass = 0; pass < 2; pass++) {
        engine_iter_t it = {0};
        engine_move_t m;
        uint8_t k = 0;
        while (engine_next_move(&play.rules, &play.b.pos, &it, &m)) {
            if (!play_leaves_win(&m)) continue;
            if (pass == 1 && k == pick) {
                *out = m;
                return true;
            }
            k++;
        }
        if (!(count = k)) return false;
        pick = rng_below(count);
    }
    return false;
}

/* The device's move; false when the engine has none to make. */
static bool play_choose_move(engine_move_t *m)
{
    if (play.set.level == SETTINGS_EQUALIZER && !play.slipped &&
        engine_is_win(&play.rules, &play.b.pos) && play_plain_move(m)) {
        play.slipped = 1;
        return true;
    }
    return engine_choose_move(&play.rules, &play.b.pos,
                              play.set.level == SETTINGS_CASUAL ? ENGINE_LEVEL_CASUAL : ENGINE_LEVEL_PERFECT,
                              rng_next(), m);
}

/* The device's move into play.reply, as the tokens it takes; false when there is none. */
static bool play_choose(void)
{
    engine_move_t m;
    if (!play_choose_move(&m)) return false;
    play_taken(&m, play.reply);
    return true;
}

static void play_random_rows(uint8_t mask[BOARD_ROWS])
{
    for (uint8_t r = 0; r < play.used; r++) {
        mask[r] = play.entry == GAMES_ENTRY_LINE
                      ? (uint8_t)(rng_next() & play_full(r))
                      : (uint8_t)((1u << rng_below((uint8_t)(board_row_length(r) + 1))) - 1);
    }
}

uint8_t play_heap_max(uint8_t id, uint8_t r)
{
    const bool queen = BOARD_GRID && games_entry(id) == GAMES_ENTRY_WYTHOFF; /* squares 0..7 */
    return (uint8_t)(board_row_length(r) - queen);
}

bool play_fit(uint8_t id, const engine_position_t *p, uint8_t mask[BOARD_ROWS])
{
    const uint8_t rows = games_rows(id);
    if (p->count > rows) return false;
    for (uint8_t r = 0; r < BOARD_ROWS; r++) {
        const engine_heap_t h = r < p->count ? p->heap[r] : 0;
        if (h > play_heap_max(id, r)) return false;
        mask[r] = (uint8_t)((1u << h) - 1);
    }
    return true;
}

void play_print_state(void)
{
    games_print_name(&play.set);
    for (uint8_t i = 0; i < play.b.pos.count; i++) {
        uart_putc(' ');
        uart_put_u32(play.b.pos.heap[i]);
    }
    if (play.phase == PLAY_OVER) {
        uart_puts_P(PSTR(" over "));
        play_who(play.winner);
    } else {
        uart_puts_P(PSTR(" turn "));
        play_who(play.side);
    }
}

/* Tokens of row r at the start: Marienbad's 2r + 1, or the full row (random starts fall back
 * on it). */
static uint8_t play_start_tokens(const settings_t *s, uint8_t r)
{
    return s->start != SETTINGS_START_MARIENBAD ? board_row_length(r) : r < 4 ? (uint8_t)(2 * r + 1) : 0;
}

bool play_startable(const settings_t *s)
{
    const uint8_t least = games_least_take(s), rows = games_rows(s->game);
    for (uint8_t r = 0; r < rows; r++)
        if (play_start_tokens(s, r) >= least) return true;
    return false;
}

bool play_start(const settings_t *s, const uint8_t *start, uint8_t device_first, uint16_t now_ms)
{
    if (!start && !play_startable(s)) return false;
    memset(&play, 0, sizeof play); /* .noinit: garbage at power-up */
    play.set = *s;
    games_rules(s, &play.rules);
    play.entry = games_entry(s->game);
    play.used = games_rows(s->game);
    uint8_t mask[BOARD_ROWS] = {0};
    for (uint8_t tries = 0;; tries++) {
        for (uint8_t r = 0; r < play.used; r++)
            mask[r] = start ? start[r] : (uint8_t)((1u << play_start_tokens(s, r)) - 1);
        /* random: 32 draws, then the classic start (which has a move: play_startable) */
        if (!start && s->start == SETTINGS_START_RANDOM && tries < 32) play_random_rows(mask);
        if (play_queen() && !start) { /* heaps 6 and 7 from full rows: the queen beside the top */
            mask[0] &= 0x3F;          /* right corner (from it a diagonal move would win at once) */
            mask[1] &= 0x7F;
        }
        rows_set(&play.b, play.entry, play.used, mask);
        if (start || !engine_is_over(&play.rules, &play.b.pos) || tries >= 32) break;
    }
    play.slipped = 0;
    play.side = device_first;
    uart_puts_P(PSTR("@game "));
    games_print_name(s);
    rows_print(&play.b);
    play_turn(now_ms);
    play_draw(now_ms);
    return true;
}

/* ---- the person's input ---- */

static void play_refuse(uint16_t now)
{
    play.refusing = 1;
    play.refuse_until = (uint16_t)(now + PLAY_REFUSE_MS);
}

/* The move the marks stand for; false when they stand for none. */
static bool play_marked_move(engine_move_t *m)
{
    /* moore:k, marks in 2 to k rows: taking from several heaps at once, the rule's own move (a
     * single row is a Nim move, checked by the engine as the others) */
    if (play.entry == GAMES_ENTRY_ROWS && play_marked_rows() > 1) {
        m->heap = ENGINE_HEAP_ALL;
        return play_marked_rows() <= play.rules.size;
    }
    if (play.entry == GAMES_ENTRY_LINE) {
        if (!play.marking) return false;
        const uint8_t lo = play.anchor < play.col ? play.anchor : play.col;
        const uint8_t hi = play.anchor < play.col ? play.col : play.anchor;
        for (uint8_t i = 0; i < play.b.pos.count; i++) {
            const uint8_t w = play.b.where[i], first = w & 15;
            if ((w >> 4) == play.cursor && first <= lo && lo < first + play.b.pos.heap[i]) {
                *m = (engine_move_t){i, (engine_heap_t)(hi - lo + 1), (engine_heap_t)(lo - first)};
                return true;
            }
        }
        return false;
    }
    if (play.entry == GAMES_ENTRY_WYTHOFF && play.marks[0] && play.marks[1]) {
        if (play.marks[0] != play.marks[1]) return false;
        *m = (engine_move_t){ENGINE_HEAP_BOTH, play.marks[0], 0};
        return true;
    }
    uint8_t row = play.cursor;
    if (play_marks_per_row()) /* the marked row */
        for (row = 0; !play.marks[row]; row++) {}
    const uint8_t take = play.marks[play_marks_per_row() ? row : 0];
    if (!take) return false;
    *m = (engine_move_t){row, take, play.b.pos.heap[row] - take};
    return true;
}

/* The hint's move m: its tokens blink, the position after it goes out on the UART (printed
 * from the board with the tokens taken off, then put back). */
static void play_hint_show(const engine_move_t *m)
{
    play.hinting = 1;
    play_taken(m, play.hint_rows);
    play_tokens(play.hint_rows, false);
    rows_print(&play.b);
    play_tokens(play.hint_rows, true);
}

static __attribute__((noinline)) void play_hint(uint16_t now)
{
    engine_iter_t it = {0};
    engine_move_t m;
    play_forget_input(); /* a_armed: already down */
    play.hint_until = (uint16_t)(now + PLAY_HINT_MS);
    play_event(PSTR("@hint "), play.side);
    if (engine_next_winning_move(&play.rules, &play.b.pos, &it, &m)) {
        /* sums: Bouton's move, a row whose value drops (one always does), as the binary view
         * draws it; the same hint with the view on or off */
        do rows_taken(&play.b, &m, play.hint_rows);
        while (binview_offered(&play.rules) && !binview_lowers(&play.rules, &play.b, play.hint_rows) &&
               engine_next_winning_move(&play.rules, &play.b.pos, &it, &m));
        play_hint_show(&m);
    } else {
        play.hinting = 2; /* a lost position: every token blinks in a checkerboard */
        for (uint8_t r = 0; r < BOARD_ROWS; r++) play.hint_rows[r] = play.b.mask[r];
        uart_puts_P(PSTR(" none\r\n"));
    }
}

static play_event_t play_input(uint8_t presses, uint16_t now)
{
    if (presses & ~BUTTON_B) play.hinting = 0; /* B, the view's shift, leaves a hint showing */
    if (play_queen() && (presses & 0x0F)) { /* arrows move the queen's target: LEFT and */
        play.cursor = (presses & (BUTTON_UP | BUTTON_DOWN)) != 0; /* DOWN mark one more in */
        presses = (uint8_t)((presses & ~0x0F) |                   /* heap 0 and 1, as RIGHT */
                            (presses & (BUTTON_LEFT | BUTTON_DOWN) ? BUTTON_RIGHT : BUTTON_LEFT));
    }
    if ((presses & BUTTON_UP) && play.cursor > 0) play_seek((uint8_t)(play.cursor - 1), -1);
    if ((presses & BUTTON_DOWN) && play.cursor + 1 < play.used) play_seek((uint8_t)(play.cursor + 1), 1);
    uint8_t *marks = play_marks();
    const uint8_t n = rows_count(play.b.mask[play.cursor]);
    if (play.entry == GAMES_ENTRY_LINE) {
        if (presses & BUTTON_RIGHT) play_step_col(1);
        if (presses & BUTTON_LEFT) play_step_col(-1);
    } else {
        if ((presses & BUTTON_RIGHT) && *marks < n) (*marks)++;
        if ((presses & BUTTON_LEFT) && *marks > 0) (*marks)--;
    }
    if (presses & BUTTON_B) {
        memset(play.marks, 0, sizeof play.marks);
        play.marking = 0;
    }
    if (!(presses & BUTTON_A)) return PLAY_EVENT_NONE;
    if (play_nothing_marked()) {
        play.a_armed = 1;
        play.a_since = now;
        if (play.entry == GAMES_ENTRY_LINE) {
            play.marking = 1;
            play.anchor = play.col;
        } else {
            play_refuse(now);
        }
        return PLAY_EVENT_NONE;
    }
    engine_move_t m;
    uint8_t taken[BOARD_ROWS];
    if (!play_marked_move(&m) ||
        (m.heap != ENGINE_HEAP_ALL && engine_check_move(&play.rules, &play.b.pos, &m) != ENGINE_OK)) {
        play_refuse(now);
        return PLAY_EVENT_NONE;
    }
    if (m.heap == ENGINE_HEAP_ALL) /* moore: the marked tokens of each row, from its right end */
        for (uint8_t r = 0; r < BOARD_ROWS; r++)
            taken[r] = (uint8_t)(play.b.mask[r] & ~((1u << (rows_count(play.b.mask[r]) - play.marks[r])) - 1));
    else
        rows_taken(&play.b, &m, taken);
    return play_move(taken, now);
}

__attribute__((noinline)) play_event_t play_update(uint8_t presses, uint8_t held, uint16_t now_ms)
{
    play_event_t ev = PLAY_EVENT_NONE;
    switch (play.phase) {
    case PLAY_TURN:
        if (!(held & BUTTON_A)) play.a_armed = 0;
        if (play.a_armed && (uint16_t)(now_ms - play.a_since) >= PLAY_HINT_HOLD_MS) {
            play.a_armed = 0;
            play_hint(now_ms);
            ev = PLAY_EVENT_HINT;
        }
        if (presses) {
            const play_event_t moved = play_input(presses, now_ms);
            if (moved != PLAY_EVENT_NONE) ev = moved;
        }
        break;
    case PLAY_THINK:
        if (!play_after(now_ms, play.until)) break;
        if (!play_choose()) { /* the engine found no move: never one it did not choose */
            ev = play_over(now_ms);
            break;
        }
        play.phase = PLAY_SHOW;
        play.until = (uint16_t)(now_ms + PLAY_SHOW_MS);
        break;
    case PLAY_SHOW:
        if (!play_after(now_ms, play.until)) break;
        ev = play_move(play.reply, now_ms);
        break;
    case PLAY_OVER:
        break;
    }
    play_draw(now_ms);
    return ev;
}

void play_view(uint16_t now_ms)
{
    if (binview_offered(&play.rules)) binview_toggle();
    else play_refuse(now_ms);
}

void play_resume(uint16_t now_ms)
{
    play_forget_input();
    play.until = (uint16_t)(now_ms + (play.phase == PLAY_THINK ? PLAY_THINK_MS : PLAY_SHOW_MS));
    play_draw(now_ms);
}

bool play_restore(uint16_t now_ms)
{
    /* every kept field the game is rebuilt from, in range, or a new game */
    if (!games_settings_valid(&play.set) || play.phase > PLAY_OVER || play.side > 1 || play.winner > 1) return false;
    uint8_t shown = 0, stray = 0; /* the move being shown: its tokens, any not on the board */
    for (uint8_t r = 0; r < BOARD_ROWS; r++) {
        if (play.b.mask[r] & ~play_full(r)) return false;
        shown |= play.reply[r];
        stray |= play.reply[r] & ~play.b.mask[r];
    }
    play.entry = games_entry(play.set.game);
    play.used = games_rows(play.set.game);
    games_rules(&play.set, &play.rules); /* a fresh serial for the engine's caches */
    rows_set(&play.b, play.entry, play.used, play.b.mask);
    if (engine_check_position(&play.rules, &play.b.pos) != ENGINE_OK ||
        (play.phase == PLAY_OVER) != engine_is_over(&play.rules, &play.b.pos))
        return false;
    /* the move being shown is shown again and made: the one the device chose (Equalizer's slip
     * is chosen once, so thinking again would lose it) */
    if (play.phase == PLAY_SHOW && (!shown || stray)) play.phase = PLAY_THINK;
    board_status(play.phase == PLAY_OVER ? (play.winner ? BOARD_LIGHT_I_WIN : BOARD_LIGHT_YOU_WIN)
                 : play.side             ? BOARD_LIGHT_MY_MOVE
                                         : BOARD_LIGHT_YOUR_MOVE);
    if (!play_seek(play.cursor, 1)) play_seek(0, 1);
    play_resume(now_ms);
    return true;
}

uint8_t play_person_won(void)
{
    return play.winner == 0;
}

bool play_is_busy(void)
{
    return play.phase == PLAY_THINK || play.phase == PLAY_SHOW;
}

bool play_is_over(void)
{
    return play.phase == PLAY_OVER;
}
