/* The device's game list as data: each game's engine setup, entry style and name.
 * Misere variants are offered only where the engine decides them exactly: misere
 * Nim at any size, the others when the whole board holds ENGINE_MISERE_TOKENS or fewer, and
 * the heap games also on boards of at most ENGINE_MISERE_BOUND_HEAPS rows of at most
 * ENGINE_MISERE_BOUND_MAX (shift595), where every position is one the engine decides. */
#include <avr/pgmspace.h>

#include "games.h"
#include "uart.h"

typedef struct {
    uint8_t engine_game; /* engine_game_t */
    uint8_t entry;       /* games_entry_t */
    uint8_t misere;      /* 1: the misere variant is decided at any size; 2: on small boards */
    char name[8];        /* engine name, before any parameter */
} games_info_t;

static const games_info_t games_list[GAMES_COUNT] PROGMEM = {
    [GAMES_NIM] = {ENGINE_GAME_NIM, GAMES_ENTRY_HEAP, 1, "nim"},
    [GAMES_BASH] = {ENGINE_GAME_BASH, GAMES_ENTRY_HEAP, 2, "bash"},
    [GAMES_SUB134] = {ENGINE_GAME_SUB, GAMES_ENTRY_HEAP, 2, "sub"},
    [GAMES_SUB25] = {ENGINE_GAME_SUB, GAMES_ENTRY_HEAP, 2, "sub"},
    [GAMES_POW2] = {ENGINE_GAME_POW2, GAMES_ENTRY_HEAP, 2, "pow2"},
    [GAMES_FIB] = {ENGINE_GAME_FIB, GAMES_ENTRY_HEAP, 2, "fib"},
    [GAMES_CUSTOM] = {ENGINE_GAME_SUB, GAMES_ENTRY_HEAP, 2, "sub"},
    [GAMES_WYTHOFF] = {ENGINE_GAME_WYTHOFF, GAMES_ENTRY_WYTHOFF, 0, "wythoff"},
    [GAMES_KAYLES] = {ENGINE_GAME_KAYLES, GAMES_ENTRY_LINE, 2, "kayles"},
    [GAMES_DAWSON] = {ENGINE_GAME_DAWSON, GAMES_ENTRY_LINE, 2, "dawson"},
    [GAMES_LINE] = {ENGINE_GAME_LINE, GAMES_ENTRY_LINE, 2, "line"},
    [GAMES_KING] = {ENGINE_GAME_KING, GAMES_ENTRY_WYTHOFF, 0, "king"},
    [GAMES_MOORE2] = {ENGINE_GAME_MOORE, GAMES_ENTRY_ROWS, 0, "moore"},
    [GAMES_MOORE3] = {ENGINE_GAME_MOORE, GAMES_ENTRY_ROWS, 0, "moore"},
};
_Static_assert(GAMES_MOORE3 == GAMES_MOORE2 + 1, "moore:k is GAMES_MOORE2 + k - 2");

uint8_t games_rows_per_move(uint8_t id)
{
    return id == GAMES_MOORE2 || id == GAMES_MOORE3 ? (uint8_t)(id - GAMES_MOORE2 + 2) : 1;
}

games_entry_t games_entry(uint8_t id)
{
    return (games_entry_t)pgm_read_byte(&games_list[id].entry);
}

uint8_t games_rows(uint8_t id)
{
    const games_entry_t entry = games_entry(id);
    if (entry == GAMES_ENTRY_WYTHOFF) return 2;
    if (entry != GAMES_ENTRY_LINE) return BOARD_ROWS;
    /* line games: each run of pins is a heap, and a row of n pins can hold (n + 1) / 2 runs;
     * only as many rows as can never hold more heaps than the engine's */
    uint8_t rows = 0, runs = 0;
    while (rows < BOARD_ROWS && runs + (board_row_length(rows) + 1) / 2 <= ENGINE_MAX_HEAPS)
        runs = (uint8_t)(runs + (board_row_length(rows++) + 1) / 2);
    return rows;
}

static uint8_t games_board_tokens(void)
{
    uint8_t n = 0;
    for (uint8_t r = 0; r < BOARD_ROWS; r++) n = (uint8_t)(n + board_row_length(r));
    return n;
}

/* Whether every row fits a board-bounded misere position's heap (and there are few enough). */
static bool games_board_bounded(void)
{
    if (BOARD_ROWS > ENGINE_MISERE_BOUND_HEAPS) return false;
    for (uint8_t r = 0; r < BOARD_ROWS; r++)
        if (board_row_length(r) > ENGINE_MISERE_BOUND_MAX) return false;
    return true;
}

bool games_misere_offered(uint8_t id)
{
    const uint8_t offered = pgm_read_byte(&games_list[id].misere);
    return offered == 1 ||
           (offered == 2 && ENGINE_HAS_EXACT && (games_board_tokens() <= ENGINE_MISERE_TOKENS ||
                             (games_entry(id) == GAMES_ENTRY_HEAP && games_board_bounded())));
}

bool games_marienbad_fits(uint8_t id)
{
    if (BOARD_ROWS < 4 || games_entry(id) == GAMES_ENTRY_WYTHOFF) return false;
    for (uint8_t r = 0; r < 4; r++)
        if (board_row_length(r) < 2 * r + 1) return false;
    return true;
}

bool games_settings_valid(const settings_t *s)
{
    return settings_in_range(s) && (!s->misere || games_misere_offered(s->game)) &&
           (s->start != SETTINGS_START_MARIENBAD || games_marienbad_fits(s->game));
}

void games_settings_fit(settings_t *s)
{
    if (!games_misere_offered(s->game)) s->misere = 0;
    if (s->start == SETTINGS_START_MARIENBAD && !games_marienbad_fits(s->game)) s->start = SETTINGS_START_CLASSIC;
}

/* The set a game takes from, as a bit mask of 1..8 (bit k-1 = k). */
static uint8_t games_set_bits(const settings_t *s)
{
    switch (s->game) {
    case GAMES_SUB134: return 0x0D;
    case GAMES_SUB25: return 0x12;
    default: return s->custom;
    }
}

uint8_t games_least_take(const settings_t *s)
{
    const uint8_t game = pgm_read_byte(&games_list[s->game].engine_game);
    uint8_t bits = game == ENGINE_GAME_DAWSON                             ? 0x02
                   : game == ENGINE_GAME_SUB || game == ENGINE_GAME_LINE ? games_set_bits(s)
                                                                         : 0x01;
    uint8_t k = 1;
    for (; !(bits & 1) && k <= SETTINGS_SET_BITS; bits >>= 1) k++;
    return k; /* SETTINGS_SET_BITS + 1 for an empty set: no move at all */
}

void games_rules(const settings_t *s, engine_rules_t *r)
{
    const uint8_t game = pgm_read_byte(&games_list[s->game].engine_game);
    if (game == ENGINE_GAME_BASH) {
        engine_rules_bash(r, s->bash_max);
    } else if (game == ENGINE_GAME_SUB || game == ENGINE_GAME_LINE) {
        uint8_t values[SETTINGS_SET_BITS], n = 0;
        uint8_t bits = games_set_bits(s);
        for (uint8_t k = 1; bits; k++, bits >>= 1)
            if (bits & 1) values[n++] = k;
        engine_rules_set(r, (engine_game_t)game, values, n);
    } else if (game == ENGINE_GAME_MOORE) {
        const char name[7] = {'m', 'o', 'o', 'r', 'e', ':', (char)('0' + games_rows_per_move(s->game))};
        engine_rules_parse(r, name, sizeof name);
    } else {
        engine_rules_init(r, (engine_game_t)game);
    }
    if (s->misere) engine_rules_misere(r); /* Nim becomes misere Nim */
}

/* A subtraction or line set as a bit mask of 1..8 (bit k-1 = k); 0 when a value passes 8.
 * Read as the engine keeps it: a sub set as its sorted values, a line set as octal digits
 * (7 at each value k, r->size the largest). */
static uint8_t games_bits_of(const engine_rules_t *r)
{
    const bool line = r->game == ENGINE_GAME_LINE;
    uint8_t bits = 0;
    for (uint8_t i = 0; i < r->size; i++) {
        const uint8_t k = line ? (uint8_t)(i + 1) : r->u.set[i];
        if (line && !engine_octal_digit(r, k)) continue;
        if (k > SETTINGS_SET_BITS) return 0;
        bits |= (uint8_t)(1u << (k - 1));
    }
    return bits;
}

bool games_find(const engine_rules_t *r, settings_t *s)
{
    uint8_t id = GAMES_COUNT;
    const uint8_t game = r->game == ENGINE_GAME_MISERE ? ENGINE_GAME_NIM : r->game;
    const uint8_t bits = (game == ENGINE_GAME_SUB || game == ENGINE_GAME_LINE) ? games_bits_of(r) : 0;
    for (uint8_t i = 0; i < GAMES_COUNT && id == GAMES_COUNT; i++) {
        if (pgm_read_byte(&games_list[i].engine_game) != game) continue;
        if (game == ENGINE_GAME_BASH && r->bash_max > SETTINGS_BASH_MAX) continue;
        if (game == ENGINE_GAME_MOORE && r->size != games_rows_per_move(i)) continue;
        if (game == ENGINE_GAME_SUB || game == ENGINE_GAME_LINE) {
            const settings_t fixed = {.game = i};
            if (!bits || (i != GAMES_CUSTOM && i != GAMES_LINE && games_set_bits(&fixed) != bits)) continue;
        }
        id = i;
    }
    if (id == GAMES_COUNT || (r->misere && !games_misere_offered(id))) return false;
    s->game = id;
    s->misere = r->misere;
    if (game == ENGINE_GAME_BASH) s->bash_max = (uint8_t)r->bash_max;
    if (id == GAMES_CUSTOM || id == GAMES_LINE) s->custom = bits;
    games_settings_fit(s); /* the other options as the menu would leave them (no Marienbad for Wythoff) */
    return true;
}

void games_print_name(const settings_t *s)
{
    const uint8_t game = pgm_read_byte(&games_list[s->game].engine_game);
    if (s->misere) {
        uart_puts_P(PSTR("misere"));
        if (game == ENGINE_GAME_NIM) return;
        uart_putc(':');
    }
    uart_puts_P(games_list[s->game].name);
    if (game == ENGINE_GAME_BASH) {
        uart_putc(':');
        uart_put_u32(s->bash_max);
    } else if (game == ENGINE_GAME_SUB || game == ENGINE_GAME_LINE) {
        games_print_set(games_set_bits(s), ':');
    } else if (game == ENGINE_GAME_MOORE) {
        uart_putc(':');
        uart_put_u32(games_rows_per_move(s->game));
    }
}

void games_print_set(uint8_t bits, char first)
{
    char sep = first;
    for (uint8_t k = 1; bits; k++, bits >>= 1)
        if (bits & 1) {
            if (sep) uart_putc(sep);
            uart_put_u32(k);
            sep = ',';
        }
}
