/* Boot, game and menu, and what outlives a game: settings and score in the store.
 * The only module that writes the store (each put starts a save). Every press also
 * stirs the random generator with its time. Sets the main loop's alarm for its own
 * timed steps, and decides when standby is due (the tick counts the time without input). */
#include <avr/pgmspace.h>
#include <stddef.h>

#include "binview.h"
#include "board.h"
#include "display.h"
#include "menu.h"
#include "play.h"
#include "rng.h"
#include "selftest.h"
#include "standby.h"
#include "store.h"
#include "tick.h"
#include "uart.h"
#include "ui.h"
#include "watchdog.h"

typedef enum { UI_BOOT, UI_GAME, UI_MENU, UI_TEST } ui_state_t;

static struct {
    uint8_t state;
    uint16_t boot_at;
    uint8_t b_armed; /* B went down at b_since: the menu opens if it is still held */
    uint16_t b_since;
    uint8_t played;  /* a game has started since boot: the menu's B can go back to it */
    uint16_t standby_s; /* the settings' standby time in s (0: never), as of the last update */
    uint8_t swallow;   /* woken at woke_at: presses are ignored until all buttons are up */
    uint16_t woke_at;
    uint8_t stuck;     /* buttons held as standby began (stuck?): not waited for after the wake */
} ui;

/* Told when the menu closes without a new game. */
static const char ui_menu_back[] PROGMEM = "@menu back\r\n";

/* SETTINGS_STANDBY_* in seconds; 0: never. */
static const uint16_t ui_standby_after[SETTINGS_STANDBYS] PROGMEM = {60, 120, 300, 0};

/* The alternating first player: whether the device (or p2) begins now, saved. */
static uint8_t ui_alternate(void)
{
    settings_t next = *store_settings();
    next.device_began = (uint8_t)!next.device_began;
    store_settings_put(&next);
    return next.device_began;
}

static void ui_print_settings(const settings_t *s)
{
    uart_puts_P(PSTR("@settings "));
    games_print_name(s);
    menu_print_settings(s);
    uart_end_line();
}

static void ui_new_game(uint16_t now, const uint8_t *mask)
{
    const settings_t *s = store_settings();
    if (!mask && !play_startable(s)) {
        /* kept settings whose start has no move (a console game's set with another start, or
         * an older firmware's): the menu, refusing as it does, instead of a game without one */
        ui.state = UI_MENU;
        menu_open(s, now);
        menu_refuse_start(now);
        return;
    }
    uint8_t device_first = s->first == SETTINGS_FIRST_DEVICE;
    if (s->first == SETTINGS_FIRST_ALTERNATE) device_first = ui_alternate();
    ui_print_settings(s);
    play_start(s, mask, device_first, now);
    ui.state = UI_GAME;
    ui.played = 1;
}

__attribute__((noinline)) static void ui_mute(void)
{
    settings_t quiet = *store_settings();
    quiet.sound = 0;
    store_settings_put(&quiet);
}

static void ui_boot(uint8_t held, uint16_t now)
{
    static const char origins[3][8] PROGMEM = {"loaded", "blank", "corrupt"};
    const store_origin_t origin = store_load();
    uart_puts_P(PSTR("@eeprom "));
    if ((held & (BUTTON_A | BUTTON_B)) == (BUTTON_A | BUTTON_B)) {
        store_reset();
        uart_puts_P(PSTR("reset"));
    } else {
        uart_puts_P(origins[origin]);
    }
    uart_end_line();
    if (BOARD_HAS_BUZZER && (held & (BUTTON_A | BUTTON_B)) == BUTTON_B && store_settings()->sound)
        ui_mute(); /* B alone held at power-up: sound off, for a quiet room */
    board_brightness(store_settings()->brightness);
    ui_new_game(now, NULL);
    if ((held & UI_SELFTEST_HELD) == UI_SELFTEST_HELD) ui_selftest(now);
}

/* not inlined: its locals stay off the stack while play_update() runs the engine */
__attribute__((noinline)) static void ui_score(play_event_t ev)
{
    if (store_settings()->two_player || ev == PLAY_EVENT_NONE) return;
    store_score_t score = store_score_get();
    if (ev == PLAY_EVENT_HINT) score.hints++;
    else if (play_person_won()) score.wins++;
    else score.losses++;
    store_score_put(&score);
    if (ev != PLAY_EVENT_OVER) return;
    uart_puts_P(PSTR("@score "));
    uart_put_u32(score.wins);
    uart_putc(' ');
    uart_put_u32(score.losses);
    uart_putc(' ');
    uart_put_u32(score.hints);
    uart_end_line();
}

void ui_start(uint16_t now_ms)
{
    static const char causes[3][9] PROGMEM = {"power", "external", "watchdog"};
    const uint8_t reset = watchdog_reset_cause();
    uart_puts_P(PSTR("@reset "));
    uart_puts_P(causes[reset & ~WATCHDOG_KEPT]);
    uart_end_line();
    ui.state = UI_BOOT;
    ui.boot_at = now_ms;
    /* after a hang: the game, settings and score RAM kept, unless they do not hold up */
    if (!(reset & WATCHDOG_KEPT) || !store_resume()) {
        binview_clear(); /* the view is off at power-up; kept across games and a watchdog reset */
        return;
    }
    board_brightness(store_settings()->brightness);
    if (!play_restore(now_ms)) {
        ui_new_game(now_ms, NULL);
        return;
    }
    ui_print_settings(store_settings());
    uart_puts_P(PSTR("@resume "));
    play_print_state();
    uart_end_line();
    ui.state = UI_GAME;
    ui.played = 1; /* the menu's B comes back to it */
}

/* The standby time of the settings in s; 0: never. */
static uint16_t ui_standby_s(void)
{
    return pgm_read_word(&ui_standby_after[store_settings()->standby]);
}

static void ui_react(uint8_t presses, uint8_t held, uint16_t now_ms);

__attribute__((noinline)) void ui_update(uint8_t presses, uint8_t held, uint16_t now_ms)
{
    tick_alarm_clear(now_ms);
    if (ui.swallow) { /* the press that woke the device does nothing */
        if ((held & ~ui.stuck) || (uint16_t)(now_ms - ui.woke_at) < UI_SWALLOW_MS) presses = held = 0;
        else ui.swallow = 0;
        tick_alarm_at((uint16_t)(ui.woke_at + UI_SWALLOW_MS));
    }
    ui_react(presses, held, now_ms);
    if (ui.state == UI_BOOT) tick_alarm_at((uint16_t)(ui.boot_at + UI_BOOT_MS));
    if (ui.b_armed) tick_alarm_at((uint16_t)(ui.b_since + UI_MENU_HOLD_MS));
    if (store_busy()) tick_alarm_at((uint16_t)(now_ms + 1));
    ui.standby_s = ui_standby_s();
}

void ui_touch(void)
{
    tick_idle_reset();
}

bool ui_standby_due(void)
{
    return ui.standby_s && tick_idle() >= ui.standby_s && ui.state != UI_BOOT && ui.state != UI_TEST &&
           !store_busy() &&
           (ui.state == UI_MENU || !play_is_busy());
}

void ui_standby(uint16_t now_ms)
{
    uart_puts_P(PSTR("@sleep\r\n"));
    uart_flush();
    board_standby(1);
    ui.stuck = tick_buttons();
    standby_power_down(); /* the clock stands still until a pin wakes it */
    board_standby(0);
    display_end(); /* the picture again */
    uart_puts_P(PSTR("@wake\r\n"));
    tick_idle_reset();
    ui.swallow = 1;
    ui.woke_at = now_ms;
    tick_alarm_at((uint16_t)(now_ms + UI_SWALLOW_MS));
}

static void ui_react(uint8_t presses, uint8_t held, uint16_t now_ms)
{
    if (presses) rng_stir(now_ms);
    if (store_poll()) uart_puts_P(PSTR("@saved\r\n"));
    if (ui.state == UI_BOOT) {
        if ((uint16_t)(now_ms - ui.boot_at) >= UI_BOOT_MS) ui_boot(held, now_ms);
        return; /* presses while booting are the ones held at power-up */
    }
    if (ui.state == UI_TEST) { /* over: back to the game as it was, or a new one */
        if (selftest_update(held, now_ms)) return;
        ui.state = UI_GAME;
        if (ui.played) play_resume(now_ms);
        else ui_new_game(now_ms, NULL);
        return;
    }
    if (presses & BUTTON_B) {
        ui.b_armed = 1;
        ui.b_since = now_ms;
    }
    if (!(held & BUTTON_B)) ui.b_armed = 0;
    if (ui.state == UI_GAME && ui.b_armed && (uint16_t)(now_ms - ui.b_since) >= UI_MENU_HOLD_MS) {
        ui.b_armed = 0;
        ui.state = UI_MENU;
        menu_open(store_settings(), now_ms);
        return;
    }
    if (ui.state == UI_MENU) {
        const menu_action_t act = menu_update(presses, now_ms);
        if (act == MENU_BACK && !ui.played) {
            menu_refuse_start(now_ms); /* no game to go back to */
        } else if (act == MENU_BACK) {
            ui.b_armed = 0; /* this B goes back; holding it does not reopen the menu */
            ui.state = UI_GAME;
            board_brightness(store_settings()->brightness); /* undo a brightness only tried */
            uart_puts_P(ui_menu_back);
            play_resume(now_ms);
        } else if (act == MENU_PLAY) {
            store_settings_put(menu_settings());
            board_brightness(store_settings()->brightness);
            ui_new_game(now_ms, NULL);
        }
        return;
    }
    if ((presses & BUTTON_A) && (held & BUTTON_B)) { /* B held, A pressed: the binary view */
        ui.b_armed = 0;
        presses &= (uint8_t)~BUTTON_A;
        play_view(now_ms);
    }
    if (play_is_over() && (presses & BUTTON_A)) {
        ui_new_game(now_ms, NULL);
        return;
    }
    ui_score(play_update(presses, held, now_ms));
}

bool ui_ready(void)
{
    return ui.state != UI_BOOT;
}

void ui_play(const settings_t *s, const uint8_t mask[BOARD_ROWS], uint16_t now_ms)
{
    if (ui.state == UI_MENU) uart_puts_P(ui_menu_back);
    if (ui.state == UI_TEST) selftest_end(); /* a console game ends the self-test */
    ui.b_armed = 0;
    store_settings_put(s);
    ui_new_game(now_ms, mask);
    tick_alarm_at((uint16_t)(now_ms + 1)); /* the save */
}

void ui_selftest(uint16_t now_ms)
{
    if (ui.state == UI_MENU) uart_puts_P(ui_menu_back);
    ui.b_armed = 0;
    ui.state = UI_TEST;
    selftest_start(now_ms);
}

const settings_t *ui_settings(void)
{
    return store_settings();
}
