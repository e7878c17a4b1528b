/* The device's top level: boot (settings from EEPROM, A+B held resets them, LEFT+RIGHT held
 * runs the self-test), the running game, the menu on a held B, the self-test, and the score
 * kept after every game. */
#ifndef UI_H
#define UI_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "settings.h"

#define UI_BOOT_MS 50     /* buttons held this long after power-up count as held at boot */
#define UI_MENU_HOLD_MS 1000 /* hold B this long to open the menu */
#define UI_SELFTEST_HELD (BUTTON_LEFT | BUTTON_RIGHT) /* held at power-up: the self-test */
#define UI_SWALLOW_MS 50  /* after a wake-up, presses count again this long after, all buttons up */

/* Start at power-up (time now_ms). */
void ui_start(uint16_t now_ms);
/* React to presses (BUTTON_* bits), the buttons held now and the time. */
void ui_update(uint8_t presses, uint8_t held, uint16_t now_ms);

/* A console byte came in: the person is there (no standby yet). */
void ui_touch(void);
/* True when standby is due: no input for the time the settings give, nothing being saved,
 * the device neither thinking nor showing a move. */
bool ui_standby_due(void);
/* Standby: the board dark and quiet, "@sleep", power-down until a button or a serial byte,
 * then the board as it was, "@wake"; the waking press does nothing. */
void ui_standby(uint16_t now_ms);
/* True once the boot is over and a game is running (or the menu is open). */
bool ui_ready(void);
/* Leave the menu if open and run the self-test (selftest.h); the game comes back after it. */
void ui_selftest(uint16_t now_ms);
/* The settings in use. */
const settings_t *ui_settings(void);
/* Leave the menu if open, keep settings s and start their game from the rows in mask. */
void ui_play(const settings_t *s, const uint8_t mask[BOARD_ROWS], uint16_t now_ms);

#endif
