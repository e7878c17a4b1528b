/* Defaults and range checks for the settings. A record read from EEPROM is used
 * only when every field passes, so a record from another firmware can never put
 * the menu or the game into a state it does not know. */
#include "settings.h"

#include "games.h"

void settings_default(settings_t *s)
{
    *s = (settings_t){
        .game = GAMES_NIM,
        .bash_max = 3,
        .custom = 0x13, /* {1, 2, 5} */
        .start = SETTINGS_START_CLASSIC,
        .first = SETTINGS_FIRST_YOU,
        .level = SETTINGS_PERFECT,
        .sound = 1,
        .brightness = SETTINGS_BRIGHT_LEVELS - 1,
        .standby = SETTINGS_STANDBY_2,
    };
}

bool settings_valid(const settings_t *s)
{
    return s->game < GAMES_COUNT && s->misere <= (games_misere_offered(s->game) ? 1 : 0) &&
           s->bash_max >= 1 && s->bash_max <= SETTINGS_BASH_MAX && s->custom != 0 &&
           s->start < SETTINGS_STARTS &&
           (s->start != SETTINGS_START_MARIENBAD || games_marienbad_fits(s->game)) &&
           s->first < SETTINGS_FIRSTS && s->level < SETTINGS_LEVELS && s->two_player <= 1 &&
           s->sound <= 1 && s->brightness < SETTINGS_BRIGHT_LEVELS && s->device_began <= 1 &&
           s->standby < SETTINGS_STANDBYS;
}
