/* The menu as a table of lines, each a settings field with a range, an icon for
 * row 0 and names for its values; lines that do not apply to the chosen game or
 * board are skipped. Every change is told as "@menu <line> <value>". */
#include <avr/pgmspace.h>
#include <stddef.h>

#include "display.h"
#include "games.h"
#include "menu.h"
#include "play.h"
#include "tick.h"
#include "uart.h"

enum {
    MENU_GAME, MENU_MISERE, MENU_BASH, MENU_SET, MENU_START, MENU_FIRST,
    MENU_LEVEL, MENU_PLAYERS, MENU_SOUND, MENU_BRIGHT, MENU_STANDBY, MENU_LINES
};

typedef struct {
    uint8_t field;   /* offset of the value in settings_t */
    uint8_t first;   /* smallest value */
    uint8_t count;   /* number of values */
    uint8_t icon;    /* row 0 while the line is picked, bit i = LED i */
} menu_line_t;

#define MENU_FIELD(f) ((uint8_t)offsetof(settings_t, f))

static const menu_line_t menu_lines[MENU_LINES] PROGMEM = {
    [MENU_GAME] = {MENU_FIELD(game), 0, GAMES_COUNT, 0x01},
    [MENU_MISERE] = {MENU_FIELD(misere), 0, 2, 0x02},
    [MENU_BASH] = {MENU_FIELD(bash_max), 1, SETTINGS_BASH_MAX, 0x03},
    [MENU_SET] = {MENU_FIELD(custom), 0, 0, 0x03},
    [MENU_START] = {MENU_FIELD(start), 0, SETTINGS_STARTS, 0x04},
    [MENU_FIRST] = {MENU_FIELD(first), 0, SETTINGS_FIRSTS, 0x05},
    [MENU_LEVEL] = {MENU_FIELD(level), 0, SETTINGS_LEVELS, 0x06},
    [MENU_PLAYERS] = {MENU_FIELD(two_player), 0, 2, 0x07},
    [MENU_SOUND] = {MENU_FIELD(sound), 0, 2, 0x09},
    [MENU_BRIGHT] = {MENU_FIELD(brightness), 0, SETTINGS_BRIGHT_LEVELS, 0x0A},
    [MENU_STANDBY] = {MENU_FIELD(standby), 0, SETTINGS_STANDBYS, 0x08}, /* direct: row 0 dark */
};

/* Per line in menu order: its name, then the names of its first values (none: the values
 * print as numbers), then an empty word. */
static const char menu_words[] PROGMEM = "game\0\0"
                                         "misere\0off\0on\0\0"
                                         "bash\0\0"
                                         "set\0\0"
                                         "start\0classic\0random\0marienbad\0\0"
                                         "first\0you\0device\0alternate\0\0"
                                         "level\0perfect\0equalizer\0casual\0\0"
                                         "players\0" "1\0" "2\0\0"
                                         "sound\0off\0on\0\0"
                                         "bright\0\0"
                                         "standby\0" "1\0" "2\0" "5\0" "never\0\0";

/* Word k of a line: 0 its name, 1 + i the name of value i; "" when it has no such word. */
static const char *menu_word(uint8_t line, uint8_t k)
{
    const char *p = menu_words;
    while (line) { /* skip whole lines: an empty word ends each */
        if (!pgm_read_byte(p)) line--;
        while (pgm_read_byte(p++)) {}
    }
    while (k-- && pgm_read_byte(p))
        while (pgm_read_byte(p++)) {}
    return p;
}

static struct {
    settings_t edit;
    uint8_t line;
    uint8_t set_cursor; /* custom set: the member 1..8 under the cursor, minus one */
    uint8_t refusing;
    uint16_t refuse_until;
} menu;

static const uint8_t *menu_field(const settings_t *s, uint8_t line)
{
    return (const uint8_t *)s + pgm_read_byte(&menu_lines[line].field);
}

static uint8_t *menu_value(uint8_t line)
{
    return (uint8_t *)&menu.edit + pgm_read_byte(&menu_lines[line].field);
}

static uint8_t menu_count(uint8_t line)
{
    if (line == MENU_START && !games_marienbad_fits(menu.edit.game)) return SETTINGS_STARTS - 1;
    return pgm_read_byte(&menu_lines[line].count);
}

static bool menu_shown(uint8_t line)
{
    switch (line) {
    case MENU_MISERE: return games_misere_offered(menu.edit.game);
    case MENU_BASH: return menu.edit.game == GAMES_BASH;
    case MENU_SET: return menu.edit.game == GAMES_CUSTOM || menu.edit.game == GAMES_LINE;
    case MENU_SOUND: return BOARD_HAS_BUZZER;
    case MENU_BRIGHT: return BOARD_CAN_DIM;
    default: return true;
    }
}

static void menu_print_value(const settings_t *s, uint8_t line)
{
    if (line == MENU_GAME) { /* the game alone: the misere line tells the variant */
        settings_t normal = *s;
        normal.misere = 0;
        games_print_name(&normal);
    } else if (line == MENU_SET) {
        games_print_set(s->custom, 0);
        if (s == &menu.edit) {
            uart_puts_P(PSTR(" at "));
            uart_put_u32(menu.set_cursor + 1u);
        }
    } else {
        const uint8_t v = *menu_field(s, line);
        const uint8_t i = (uint8_t)(v - pgm_read_byte(&menu_lines[line].first));
        const char *name = menu_word(line, (uint8_t)(i + 1));
        if (pgm_read_byte(name)) uart_puts_P(name);
        else uart_put_u32(i + 1u); /* counted from 1, as the LEDs and docs/playing.md do: M, brightness 1..4 */
    }
}

static void menu_tell_begin(void)
{
    uart_puts_P(PSTR("@menu "));
    uart_puts_P(menu_word(menu.line, 0));
    uart_putc(' ');
    menu_print_value(&menu.edit, menu.line);
}

static void menu_tell(void)
{
    menu_tell_begin();
    uart_end_line();
}

void menu_print_settings(const settings_t *s)
{
    for (uint8_t line = MENU_START; line < MENU_LINES; line++) {
        if ((line == MENU_SOUND && !BOARD_HAS_BUZZER) || (line == MENU_BRIGHT && !BOARD_CAN_DIM)) continue;
        uart_putc(' ');
        uart_puts_P(menu_word(line, 0));
        uart_putc('=');
        menu_print_value(s, line);
    }
}

/* Grid boards: each game as two characters of the display's font (a NUL for one). */
static const char menu_game_labels[GAMES_COUNT * 2] PROGMEM = "N\0B\0S1S2P\0F\0C\0W\0K\0D\0L\0KWM2M3";

/* Grid boards: the value as characters below the icon: the game's label, a number as the
 * docs/playing.md counts it (1 for the first value), a named value's initial, off and on as N and Y. */
static void menu_draw_label(uint8_t value, uint8_t i)
{
    const char *name = menu_word(menu.line, (uint8_t)(i + 1));
    uint16_t two = (uint8_t)pgm_read_byte(name); /* the characters, the first in the low byte */
    if (menu.line == MENU_GAME) two = pgm_read_word(&menu_game_labels[2 * value]);
    else if (!two) two = (uint8_t)('1' + i); /* M 1..7, brightness 1..4: one digit */
    else if (two == 'o') two = pgm_read_byte(name + 1) == 'n' ? 'Y' : 'N';
    else if (two >= 'a') two = (uint16_t)(two - 'a' + 'A');
    const char text[3] = {(char)two, (char)(two >> 8), 0};
    display_text(text, DISPLAY_CENTRE);
}

/* Row 0: the line's icon, slowly blinking; below: the value (see docs/playing.md's menu table). */
static void menu_draw(uint16_t now)
{
    display_fill_rows(0, DISPLAY_OFF);
    const uint8_t icon = pgm_read_byte(&menu_lines[menu.line].icon);
    display_mask(0, icon, DISPLAY_SLOW);
    const uint8_t value = *menu_value(menu.line);
    const uint8_t first = pgm_read_byte(&menu_lines[menu.line].first);
    uint8_t k = 0; /* value LEDs in reading order over rows 1.. */
    if (BOARD_GRID && menu.line != MENU_SET) menu_draw_label(value, (uint8_t)(value - first));
    else for (uint8_t r = 1; r < BOARD_ROWS; r++)
        for (uint8_t i = 0; i < board_row_length(r); i++, k++) {
            display_state_t st = DISPLAY_OFF;
            if (!BOARD_GRID && menu.line == MENU_GAME) { /* value + 1 in binary on row 1, most significant left */
                const uint8_t len = board_row_length(1);
                if (r == 1 && ((value + 1u) >> (len - 1 - i)) & 1) st = DISPLAY_ON;
            } else if (menu.line == MENU_SET) {
                if (k < SETTINGS_SET_BITS) {
                    const bool member = (value >> k) & 1;
                    st = member ? DISPLAY_ON : DISPLAY_OFF;
                    if (k == menu.set_cursor) st = member ? DISPLAY_CURSOR : DISPLAY_BLINK;
                }
            } else if (!BOARD_GRID && k <= (uint8_t)(value - first)) { /* grid boards: letters */
                st = DISPLAY_ON;
            }
            display_set(r, i, st);
        }
    if (menu.refusing && (int16_t)(now - menu.refuse_until) >= 0) menu.refusing = 0;
    if (menu.refusing) {
        display_fill_rows(1, DISPLAY_FLASH);
        tick_alarm_at(menu.refuse_until);
    }
    display_end();
}

static void menu_refuse(uint16_t now_ms)
{
    menu.refusing = 1;
    menu.refuse_until = (uint16_t)(now_ms + MENU_REFUSE_MS);
}

void menu_refuse_start(uint16_t now_ms)
{
    const uint8_t least = games_least_take(&menu.edit);
    if (menu_shown(MENU_SET)) { /* the only games whose start can lack a move */
        menu.line = MENU_SET;
        menu.set_cursor = (uint8_t)(least - 1);
    }
    menu_refuse(now_ms);
    menu_tell_begin();
    uart_puts_P(PSTR(" refused: no move from the start\r\n"));
    menu_draw(now_ms);
}

void menu_open(const settings_t *s, uint16_t now_ms)
{
    menu.edit = *s;
    menu.line = MENU_GAME;
    menu.set_cursor = 0;
    menu.refusing = 0;
    menu_tell();
    menu_draw(now_ms);
}

/* The next shown line from `line` going by step, or `line` itself at the end. */
static uint8_t menu_next_line(uint8_t line, int8_t step)
{
    for (int8_t l = (int8_t)(line + step); l >= 0 && l < MENU_LINES; l = (int8_t)(l + step))
        if (menu_shown((uint8_t)l)) return (uint8_t)l;
    return line;
}

/* LEFT/RIGHT on a line with values: the next value, wrapping around. */
static void menu_change(int8_t step)
{
    uint8_t *v = menu_value(menu.line);
    const uint8_t first = pgm_read_byte(&menu_lines[menu.line].first), count = menu_count(menu.line);
    *v = (uint8_t)(first + ((uint8_t)(*v - first) + count + step) % count);
    games_settings_fit(&menu.edit);
    if (menu.line == MENU_BRIGHT) board_brightness(menu.edit.brightness); /* seen while chosen */
}

menu_action_t menu_update(uint8_t presses, uint16_t now_ms)
{
    const uint8_t line = menu.line;
    bool changed = false;
    if (presses & BUTTON_B) return MENU_BACK;
    if (presses & BUTTON_UP) menu.line = menu_next_line(menu.line, -1);
    if (presses & BUTTON_DOWN) menu.line = menu_next_line(menu.line, 1);
    if (menu.line == MENU_SET) {
        if ((presses & BUTTON_RIGHT) && menu.set_cursor + 1 < SETTINGS_SET_BITS) menu.set_cursor++, changed = true;
        if ((presses & BUTTON_LEFT) && menu.set_cursor > 0) menu.set_cursor--, changed = true;
        if (presses & BUTTON_A) {
            const uint8_t after = (uint8_t)(menu.edit.custom ^ (1u << menu.set_cursor));
            if (after) {
                menu.edit.custom = after;
                changed = true;
            } else { /* the set may not become empty */
                menu_refuse(now_ms);
            }
        }
    } else {
        if (presses & BUTTON_RIGHT) menu_change(1), changed = true;
        if (presses & BUTTON_LEFT) menu_change(-1), changed = true;
        if (presses & BUTTON_A) {
            /* a change in the same press (a chord) is told before the game starts with it */
            if (changed || menu.line != line) menu_tell();
            if (play_startable(&menu.edit)) return MENU_PLAY;
            menu_refuse_start(now_ms); /* tells and draws */
            return MENU_STAY;
        }
    }
    if (changed || menu.line != line) menu_tell();
    menu_draw(now_ms);
    return MENU_STAY;
}

const settings_t *menu_settings(void)
{
    return &menu.edit;
}
