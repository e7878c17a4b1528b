/* The device's top level: boot (settings from EEPROM, A+B held resets them), the
 * running game, the menu on a held B, and the score kept after every game. */
#ifndef UI_H
#define UI_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "settings.h"

#define UI_BOOT_MS 50     /* buttons held this long after power-up count as held at boot */
#define UI_MENU_HOLD_MS 1000 /* hold B this long to open the menu */

/* Start at power-up (time now_ms). */
void ui_start(uint16_t now_ms);
/* React to presses (BUTTON_* bits), the buttons held now and the time. */
void ui_update(uint8_t presses, uint8_t held, uint16_t now_ms);

/* True once the boot is over and a game is running (or the menu is open). */
bool ui_ready(void);
/* The settings in use. */
const settings_t *ui_settings(void);
/* Leave the menu if open, keep settings s and start their game from the rows in mask. */
void ui_play(const settings_t *s, const uint8_t mask[BOARD_ROWS], uint16_t now_ms);

#endif
