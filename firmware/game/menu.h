/* The settings menu: UP/DOWN pick a line, LEFT/RIGHT change its value, A starts a
 * new game with the settings shown, B goes back to the running game unchanged.
 * Row 0 shows which line (an icon), the rows below its value (docs/playing.md, The menu). */
#ifndef MENU_H
#define MENU_H

#include <stdint.h>

#include "settings.h"

typedef enum { MENU_STAY, MENU_BACK, MENU_PLAY } menu_action_t;

#define MENU_REFUSE_MS 400 /* emptying the custom set, or a start without a move, is refused
                              with a flash this long */

/* Open the menu on its first line with a copy of s to edit. */
void menu_open(const settings_t *s, uint16_t now_ms);
/* React to presses; MENU_PLAY: play menu_settings(); MENU_BACK: forget the edits. */
menu_action_t menu_update(uint8_t presses, uint16_t now_ms);
/* A start with no move refused (see play_startable): the set line (where the game has one),
 * the cursor on its smallest value, a flash, and "@menu set 6 at 6 refused: no move from the
 * start" telling why. */
void menu_refuse_start(uint16_t now_ms);
/* The settings as edited so far. */
const settings_t *menu_settings(void);
/* Print " start=classic first=you level=perfect players=1 ..." for s (the '@settings' tail). */
void menu_print_settings(const settings_t *s);

#endif
