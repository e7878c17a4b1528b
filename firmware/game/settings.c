/* Defaults and range checks for the settings. A record read from EEPROM is used
 * only when every field passes (and its game has the options it names: games.c's
 * games_settings_valid), so a record from another firmware can never put the menu or
 * the game into a state it does not know. */
#include <avr/pgmspace.h>

#include "settings.h"

#include "games_id.h"

/* Whether Nim's classic start (every row full) is lost for the player to move: its nim-sum,
 * the XOR of the row lengths, is 0 (8 rows of 8, 4 rows of 7). */
static bool settings_classic_lost(void)
{
    uint8_t sum = 0;
    for (uint8_t r = 0; r < BOARD_ROWS; r++) sum ^= board_row_length(r);
    return sum == 0;
}

void settings_default(settings_t *s)
{
    *s = (settings_t){
        .game = GAMES_NIM,
        .bash_max = 3,
        .custom = 0x13, /* {1, 2, 5} */
        .start = SETTINGS_START_CLASSIC,
        /* a person who plays perfectly can win the default game: the device begins where
         * the classic start is lost for the player to move */
        .first = settings_classic_lost() ? SETTINGS_FIRST_DEVICE : SETTINGS_FIRST_YOU,
        .level = SETTINGS_PERFECT,
        .sound = 1,
        .brightness = SETTINGS_BRIGHT_LEVELS - 1,
        .standby = SETTINGS_STANDBY_2,
    };
}

/* Each field's range, field by field (every field is a byte). */
static const settings_t settings_lowest PROGMEM = {.bash_max = 1, .custom = 1};
static const settings_t settings_highest PROGMEM = {
    .game = GAMES_COUNT - 1,
    .misere = 1,
    .bash_max = SETTINGS_BASH_MAX,
    .custom = 0xFF,
    .start = SETTINGS_STARTS - 1,
    .first = SETTINGS_FIRSTS - 1,
    .level = SETTINGS_LEVELS - 1,
    .two_player = 1,
    .sound = 1,
    .brightness = SETTINGS_BRIGHT_LEVELS - 1,
    .device_began = 1,
    .standby = SETTINGS_STANDBYS - 1,
};

bool settings_in_range(const settings_t *s)
{
    const uint8_t *v = (const uint8_t *)s;
    for (uint8_t i = 0; i < sizeof *s; i++)
        if (v[i] < pgm_read_byte((const uint8_t *)&settings_lowest + i) ||
            v[i] > pgm_read_byte((const uint8_t *)&settings_highest + i))
            return false;
    return true;
}
