/* The display as rows of LEDs, each with a state; the main loop renders the states into
 * lit/dark pins through board_show when a picture or a blink phase in use changes, so game
 * code never deals with pins or timing, and the CPU sleeps while nothing visible changes. */
#ifndef DISPLAY_H
#define DISPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

enum {
    DISPLAY_OFF,
    DISPLAY_ON,
    DISPLAY_BLINK,     /* 3 Hz, 50 % duty, one phase for all */
    DISPLAY_BLINK_ALT, /* as BLINK in the opposite phase */
    DISPLAY_FLASH,     /* 10 Hz: a refused move */
    DISPLAY_CURSOR,    /* on, with an 80 ms dark blip twice a second (84 % lit): seen within
                        * half a second, and not a 50 % blink like a mark or a hint */
    DISPLAY_SLOW,      /* 1 Hz, 50 % duty: a hint */
};
typedef uint8_t display_state_t; /* one of the above; a byte, not an int, in every call */

#define DISPLAY_BLINK_MS 167   /* half period of BLINK */
#define DISPLAY_FLASH_MS 50    /* half period of FLASH */
#define DISPLAY_BLIP_MS 80     /* dark part of CURSOR, every DISPLAY_BLIP_EVERY_MS */
#define DISPLAY_BLIP_EVERY_MS 500
#define DISPLAY_SLOW_MS (2 * DISPLAY_BLIP_EVERY_MS) /* the period of SLOW: two of CURSOR's */

#define DISPLAY_TEXT_TOP 2      /* text lights rows 2..6 (grid boards) */
#define DISPLAY_CENTRE INT8_MIN /* display_text's x: centred */
#define DISPLAY_SCROLL_MS 80    /* display_scroll moves one column this often */

/* A redraw of the whole picture is done, or the board lost it (standby): display_update
 * shows it (states are only shown from the main loop: no half-drawn picture is shown). */
void display_end(void);
/* Set LED `led` of row `row`. */
void display_set(uint8_t row, uint8_t led, display_state_t s);
/* Set every LED of row `row`. */
void display_fill(uint8_t row, display_state_t s);
/* Set every LED of rows `first` to the last. */
void display_fill_rows(uint8_t first, display_state_t s);
/* Set the LEDs of row `row` whose bits are set in mask (bit i = LED i); the others stay. */
void display_mask(uint8_t row, uint8_t mask, display_state_t s);
/* Grid boards (BOARD_GRID): light text (digits and the font's capitals; anything else is a
 * space) on rows DISPLAY_TEXT_TOP..+4 from column x (clipped; DISPLAY_CENTRE centres it);
 * the LEDs around it stay as they are. Returns the column after the text's last. */
int8_t display_text(const char *text, int8_t x);
/* Grid boards: the whole display dark but for text scrolling in from the right, as it is ms
 * after it began; false once it has gone out on the left (the caller draws what follows). */
bool display_scroll(const char *text, uint16_t ms);
/* From the 1 kHz tick: advance the blink phases by one millisecond and the board's own
 * timing (board_tick); notes when the shown frame has to change. */
void display_tick(void);
/* From the main loop: show the states on the board if a redraw, a phase edge of a state in
 * use or the board asked for it; nothing otherwise. */
void display_update(void);

#endif
