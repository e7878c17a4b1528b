/* boards.c: the list of board models the simulator knows, looked up by name.
 * A new board adds its board_<name>.c and one line to each list below. */
#include "board.h"

#include <string.h>

extern const sim_board_t sim_board_direct;
extern const sim_board_t sim_board_matrix8;
extern const sim_board_t sim_board_shift595;
extern const sim_board_t sim_board_uno;

static const sim_board_t *const boards[] = {&sim_board_direct, &sim_board_matrix8,
                                            &sim_board_shift595, &sim_board_uno};
static const char *const board_names[] = {"direct", "matrix8", "shift595", "uno", NULL};

const sim_pin_t sim_buttons_a0_a5[SIM_BTN_COUNT] = {
    [SIM_BTN_UP] = {'C', 0, true},   [SIM_BTN_DOWN] = {'C', 1, true},
    [SIM_BTN_LEFT] = {'C', 2, true}, [SIM_BTN_RIGHT] = {'C', 3, true},
    [SIM_BTN_A] = {'C', 4, true},    [SIM_BTN_B] = {'C', 5, true},
};

const sim_board_t *sim_board_find(const char *name) {
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
        if (strcmp(boards[i]->name, name) == 0) return boards[i];
    return NULL;
}

const char *const *sim_board_names(void) {
    return board_names;
}

const char *sim_button_name(sim_button_t b) {
    static const char *const names[SIM_BTN_COUNT] = {"UP", "DOWN", "LEFT", "RIGHT", "A", "B"};
    return (unsigned)b < SIM_BTN_COUNT ? names[b] : "?";
}
