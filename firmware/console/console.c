/* The console on the device: command lines from the UART (console_line.c) answered by the
 * shared answering code (console_answer.c), or handed to the UI (new, show). A reply goes out
 * one line per main-loop pass and only when the output queue has room for most of it, so the
 * console never holds up the buttons and LEDs for long and its lines never split an '@' line. */
#include <avr/pgmspace.h>

#include "board.h"
#include "console.h"
#include "console_answer.h"
#include "console_fault.h"
#include "console_line.h"
#include "console_parse.h"
#include "games.h"
#include "play.h"
#include "uart.h"
#include "ui.h"

#define CONSOLE_TX_ROOM 96 /* free output bytes before a reply line starts */

static uint8_t console_busy; /* a reply is under way */

static void console_new(uint16_t now)
{
    const console_cmd_t *cmd = console_answer_cmd();
    settings_t s = *ui_settings();
    uint8_t mask[BOARD_ROWS];
    if (!games_find(&cmd->rules, &s)) {
        console_answer_fail(CONSOLE_ERR_NOT_DEVICE);
    } else if (!play_fit(s.game, &cmd->pos, mask)) {
        uart_puts_P(PSTR("err the heaps do not fit the board: at most"));
        for (uint8_t r = 0; r < games_rows(s.game); r++) {
            uart_putc(r ? ',' : ' ');
            uart_put_u32(play_heap_max(s.game, r));
        }
        uart_end_line();
    } else if (engine_is_over(&cmd->rules, &cmd->pos)) {
        console_answer_fail(CONSOLE_ERR_FINISHED);
    } else {
        ui_play(&s, mask, now);
        uart_puts_P(PSTR("ok"));
        uart_end_line();
    }
}

/* A whole line is in (or what is left of it): answer it. */
static void console_line(console_line_t got, uint16_t now)
{
    char *line = console_line_text();
    const uint8_t len = console_line_len();
    if (got == CONSOLE_LINE_LOST) {
        console_answer_lost(console_line_lost());
    } else if (got == CONSOLE_LINE_LONG) {
        console_answer_too_long();
    } else if (console_word_is(line, len, PSTR("selftest"))) {
        ui_selftest(now);
    } else if (!console_fault_command(line, len)) { /* the faults image only */
        const console_answer_t a = console_answer_start(line, len);
        if (a == CONSOLE_ANSWER_MORE) {
            console_busy = 1;
        } else if (a == CONSOLE_ANSWER_DEVICE) {
            if (console_answer_cmd()->verb == CONSOLE_NEW) {
                console_new(now);
            } else {
                play_print_state();
                uart_end_line();
            }
        }
    }
}

__attribute__((noinline)) bool console_update(uint16_t now_ms)
{
    if (!ui_ready() || uart_tx_free() < CONSOLE_TX_ROOM) return console_busy;
    if (console_busy) {
        console_busy = console_answer_step();
        return console_busy;
    }
    bool seen = false;
    const console_line_t got = console_line_read(&seen);
    if (seen) ui_touch(); /* a byte, kept or lost: the person is there */
    if (got == CONSOLE_LINE_NONE) return false;
    console_line(got, now_ms);
    return true; /* one command per pass */
}
