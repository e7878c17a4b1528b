/* board.h: how the simulator describes a Grundy board: rows of LEDs and six buttons.
 * A board is data (sim_board_t); pin-driven boards list a pin per LED and per button, boards
 * whose LEDs sit behind a chip (MAX7219, 74HC595) add an attach() that wires their part model
 * and drives the LEDs through sim_leds_set(). Each board lives in its own board_<name>.c. */
#ifndef GRUNDY_SIM_BOARD_H
#define GRUNDY_SIM_BOARD_H

#include <stdbool.h>
#include <stdint.h>

struct avr_t;
struct sim_leds;

/* One MCU pin: port letter ('B', 'C', 'D'), bit 0..7, and whether low means active
 * (lit LED, pressed button). */
typedef struct {
    char port;
    uint8_t bit;
    bool active_low;
} sim_pin_t;

/* The six buttons, in the firmware's bit order (firmware/board/board.h). */
typedef enum {
    SIM_BTN_UP,
    SIM_BTN_DOWN,
    SIM_BTN_LEFT,
    SIM_BTN_RIGHT,
    SIM_BTN_A,
    SIM_BTN_B,
    SIM_BTN_COUNT
} sim_button_t;

#define SIM_BOARD_MAX_ROWS 16

typedef struct sim_board {
    const char *name;
    unsigned rows;
    const uint8_t *row_len;    /* LEDs per row, rows entries */
    const sim_pin_t *led_pins; /* one per LED, row by row, leftmost first; NULL if attach() */
    const sim_pin_t *buttons;  /* SIM_BTN_COUNT entries in sim_button_t order */
    /* Optional: wire the board's own part models to avr, driving leds; returns a handle for
     * detach(), NULL on failure. */
    void *(*attach)(struct avr_t *avr, struct sim_leds *leds);
    void (*detach)(void *part);
} sim_board_t;

/* The six buttons every board has: A0..A5 (PC0..PC5) to ground with the pull-ups, in
 * sim_button_t order. */
extern const sim_pin_t sim_buttons_a0_a5[SIM_BTN_COUNT];

/* The board called name ("direct", ...), or NULL if there is none. */
const sim_board_t *sim_board_find(const char *name);

/* Names of all known boards, NULL-terminated. */
const char *const *sim_board_names(void);

/* "UP", "DOWN", "LEFT", "RIGHT", "A", "B"; "?" out of range. */
const char *sim_button_name(sim_button_t b);

#endif /* GRUNDY_SIM_BOARD_H */
