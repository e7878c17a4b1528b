/* One game on the board's rows: a person against the device, or two people with
 * the device as referee. Moves are entered with the buttons (see games.h for the
 * three entry styles); the device answers after a pause, blinking what it takes;
 * a held A shows a hint. Told on the display and as '@' event lines on the UART. */
#ifndef PLAY_H
#define PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "engine.h"
#include "settings.h"

#define PLAY_THINK_MS 500     /* pause before the device shows its move */
#define PLAY_SHOW_MS 1000     /* the device's tokens blink this long, then go */
#define PLAY_REFUSE_MS 400    /* a refused confirm flashes the row this long */
#define PLAY_HINT_HOLD_MS 1000 /* hold A this long (nothing marked) for a hint */
#define PLAY_HINT_MS 3000     /* a hint shows this long, or until a button is pressed */

typedef enum { PLAY_EVENT_NONE, PLAY_EVENT_HINT, PLAY_EVENT_OVER } play_event_t;

/* True when the start settings s name has a legal move (a random start falls back to the
 * classic one): false when every row of it is shorter than the game's smallest move. */
bool play_startable(const settings_t *s);
/* Start a game with settings s from the rows in mask (NULL: the start the settings name);
 * the device (or p2) moves first when device_first. False, and the running game kept, when
 * mask is NULL and the named start has no move (play_startable); a mask must have one. */
bool play_start(const settings_t *s, const uint8_t *mask, uint8_t device_first, uint16_t now_ms);
/* The largest heap game id can show in row r (a row's LEDs; Corner the Queen: 0..7). */
uint8_t play_heap_max(uint8_t id, uint8_t r);
/* Row masks for position p of game id on this board (each heap in its own row, from the
 * left); false when p has more heaps than the game's rows or a heap longer than its row. */
bool play_fit(uint8_t id, const engine_position_t *p, uint8_t mask[BOARD_ROWS]);
/* Print the game and its heaps, then "turn <who>" or "over <winner>" (no line end). */
void play_print_state(void);
/* React to presses (BUTTON_* bits), the buttons held now and the time; says what happened. */
play_event_t play_update(uint8_t presses, uint8_t held, uint16_t now_ms);
/* The binary view's gesture: switch it on or off (binview.h); refused with the usual flash in
 * a game that is not a sum. Drawn at the next play_update. */
void play_view(uint16_t now_ms);
/* After a pause (the menu): restart the running pause or show, forget half-done input. */
void play_resume(uint16_t now_ms);
/* After a watchdog reset: resume the game RAM kept (sealed by the watchdog), when its settings,
 * phase, sides and rows are in range and the rules accept its position and agree on whether it
 * is over; false if not. */
bool play_restore(uint16_t now_ms);
/* True while the device thinks or shows its move (no standby then). */
bool play_is_busy(void);
/* True when the game has ended (A starts the next one). */
bool play_is_over(void);
/* True when the last game ended with the person (or p1) winning. */
uint8_t play_person_won(void);

#endif
