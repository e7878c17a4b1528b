/* Nim on the board, person against device. The person moves a cursor over rows,
 * marks tokens from a row's right end and confirms; the device answers with the
 * engine's perfect move after a pause, blinking what it takes. Time-driven phases:
 * no delays, every step is a reaction to a button or to the clock. */
#include <string.h>

#include "display.h"
#include "engine.h"
#include "play.h"
#include "uart.h"

typedef enum { PLAY_HUMAN, PLAY_THINK, PLAY_SHOW, PLAY_OVER } play_phase_t;

static struct {
    engine_rules_t rules;
    engine_position_t pos;
    engine_move_t reply;  /* the device's move while it is shown */
    uint8_t phase;
    uint8_t cursor;       /* row of the cursor */
    uint8_t marks;        /* tokens marked in the cursor row */
    uint8_t human_won;
    uint16_t until;       /* end of the current timed phase */
    uint8_t refusing;     /* a refused confirm is flashing, until refuse_until */
    uint16_t refuse_until;
} play;

static const uint8_t play_start_heaps[BOARD_ROWS] = BOARD_ROW_LENGTHS;

static bool play_after(uint16_t now, uint16_t t)
{
    return (int16_t)(now - t) >= 0;
}

static void play_print_heaps(void)
{
    for (uint8_t r = 0; r < play.pos.count; r++) {
        uart_putc(' ');
        uart_put_u32(play.pos.heap[r]);
    }
    uart_puts("\r\n");
}

static void play_event(const char *what, const char *who)
{
    uart_puts(what);
    uart_puts(who);
    if (what[1] == 'm') play_print_heaps(); /* @move lists the heaps after it */
    else uart_puts("\r\n");
}

/* Cursor on the first non-empty row from `from` going by `step` (+1 down, -1 up). */
static bool play_seek(uint8_t from, int8_t step)
{
    for (int8_t r = (int8_t)from; r >= 0 && r < BOARD_ROWS; r = (int8_t)(r + step))
        if (play.pos.heap[r]) {
            play.cursor = (uint8_t)r;
            play.marks = 0;
            return true;
        }
    return false;
}

/* Show the position, the person's cursor and marks, or the device's move. */
static void play_draw(uint16_t now)
{
    for (uint8_t r = 0; r < BOARD_ROWS; r++) {
        const uint8_t h = (uint8_t)play.pos.heap[r];
        for (uint8_t i = 0; i < board_row_length(r); i++)
            display_set(r, i, i < h ? DISPLAY_ON : DISPLAY_OFF);
    }
    if (play.phase == PLAY_HUMAN) {
        const uint8_t h = (uint8_t)play.pos.heap[play.cursor];
        for (uint8_t i = (uint8_t)(h - play.marks); i < h; i++)
            display_set(play.cursor, i, DISPLAY_BLINK);
        if (play.marks < h) display_set(play.cursor, (uint8_t)(h - play.marks - 1), DISPLAY_CURSOR);
        if (play.refusing && play_after(now, play.refuse_until)) play.refusing = 0;
        if (play.refusing)
            for (uint8_t i = 0; i < h; i++) display_set(play.cursor, i, DISPLAY_FLASH);
    } else if (play.phase == PLAY_SHOW) {
        const uint8_t h = (uint8_t)play.pos.heap[play.reply.heap];
        for (uint8_t i = (uint8_t)(h - play.reply.take); i < h; i++)
            display_set(play.reply.heap, i, DISPLAY_BLINK);
    } else if (play.phase == PLAY_OVER) {
        /* the person won: everything blinks together; the device won: a checkerboard */
        for (uint8_t r = 0; r < BOARD_ROWS; r++)
            for (uint8_t i = 0; i < board_row_length(r); i++)
                display_set(r, i, (play.human_won || ((r + i) & 1)) ? DISPLAY_BLINK
                                                                     : DISPLAY_BLINK_ALT);
    }
}

static void play_turn_human(void)
{
    play.phase = PLAY_HUMAN;
    play_seek(0, 1);
    uart_puts("@turn human\r\n");
}

/* After a move by the person (human) or the device: end the game or pass the turn. */
static void play_moved(bool human, uint16_t now)
{
    play_event("@move ", human ? "human" : "cpu");
    if (engine_is_over(&play.rules, &play.pos)) {
        play.phase = PLAY_OVER;
        play.human_won = human;
        play_event("@over ", human ? "human" : "cpu");
    } else if (human) {
        play.phase = PLAY_THINK;
        play.until = (uint16_t)(now + PLAY_THINK_MS);
        uart_puts("@turn cpu\r\n");
    } else {
        play_turn_human();
    }
}

void play_start(uint16_t now_ms)
{
    engine_rules_init(&play.rules, ENGINE_GAME_NIM);
    play.pos.count = BOARD_ROWS;
    for (uint8_t r = 0; r < BOARD_ROWS; r++) play.pos.heap[r] = play_start_heaps[r];
    play.refusing = 0;
    uart_puts("@game nim");
    play_print_heaps();
    play_turn_human();
    play_draw(now_ms);
}

static void play_human_presses(uint8_t presses, uint16_t now)
{
    const uint8_t h = (uint8_t)play.pos.heap[play.cursor];
    if ((presses & BUTTON_UP) && play.cursor > 0) play_seek((uint8_t)(play.cursor - 1), -1);
    if ((presses & BUTTON_DOWN) && play.cursor + 1 < BOARD_ROWS) play_seek((uint8_t)(play.cursor + 1), 1);
    if ((presses & BUTTON_RIGHT) && play.marks < h) play.marks++;
    if ((presses & BUTTON_LEFT) && play.marks > 0) play.marks--;
    if (presses & BUTTON_B) play.marks = 0;
    if (!(presses & BUTTON_A)) return;
    engine_move_t m = {play.cursor, play.marks, (engine_heap_t)(h - play.marks)};
    if (play.marks == 0 || engine_apply_move(&play.rules, &play.pos, &m) != ENGINE_OK) {
        play.refusing = 1;
        play.refuse_until = (uint16_t)(now + PLAY_REFUSE_MS);
        return;
    }
    play.marks = 0;
    play_moved(true, now);
}

void play_update(uint8_t presses, uint16_t now_ms)
{
    switch (play.phase) {
    case PLAY_HUMAN:
        if (presses) play_human_presses(presses, now_ms);
        break;
    case PLAY_THINK:
        if (!play_after(now_ms, play.until)) break;
        engine_best_move(&play.rules, &play.pos, &play.reply);
        play.phase = PLAY_SHOW;
        play.until = (uint16_t)(now_ms + PLAY_SHOW_MS);
        break;
    case PLAY_SHOW:
        if (!play_after(now_ms, play.until)) break;
        engine_apply_move(&play.rules, &play.pos, &play.reply);
        play_moved(false, now_ms);
        break;
    case PLAY_OVER:
        if (presses & BUTTON_A) play_start(now_ms);
        break;
    }
    play_draw(now_ms);
}
