/* What every board provides to the firmware: rows of LEDs and six buttons.
 * The build picks a board by its folder (boards/<name>/, on the include path),
 * whose board_config.h sizes the display; no game or UI code names a board. */
#ifndef BOARD_H
#define BOARD_H

#include <stdint.h>

#include "board_config.h" /* BOARD_NAME, BOARD_ROWS, BOARD_ROW_LENGTHS, capabilities */

#ifndef BOARD_HAS_BUZZER
#define BOARD_HAS_BUZZER 0 /* 1: the board can click and play tunes (menu line "sound") */
#endif
#ifndef BOARD_CAN_DIM
#define BOARD_CAN_DIM 0 /* 1: the board honours a brightness (menu line "brightness") */
#endif
#ifndef BOARD_USES_SPI
#define BOARD_USES_SPI 0 /* 1: the board drives a chip over the SPI (kept out of PRR) */
#endif
#ifndef BOARD_USES_TIMER1
#define BOARD_USES_TIMER1 0 /* 1: the board uses Timer1 (buzzer, PWM dimming) */
#endif
#ifndef BOARD_HAS_STATUS
#define BOARD_HAS_STATUS 0 /* 1: four status lights (your move, my move, you win, I win) */
#endif

/* 1: the LEDs form an 8x8 grid, every row 8 long: room for letters, scrolling text and
 * pictures (the menu's values as letters, "WIN"/"LOSE", Wythoff as Corner the Queen). */
#if defined(BOARD_ROW_LENGTH) && BOARD_ROW_LENGTH == 8 && BOARD_ROWS == 8
#define BOARD_GRID 1
#else
#define BOARD_GRID 0
#endif

/* The status lights, one bit each (board_status). */
enum {
    BOARD_LIGHT_YOUR_MOVE = 1 << 0,
    BOARD_LIGHT_MY_MOVE = 1 << 1,
    BOARD_LIGHT_YOU_WIN = 1 << 2,
    BOARD_LIGHT_I_WIN = 1 << 3,
};

/* Sounds a buzzer plays (board_sound). */
typedef enum {
    BOARD_SOUND_CLICK, /* a move was made: a short tick */
    BOARD_SOUND_WIN,   /* the person won: a rising tune */
    BOARD_SOUND_LOSE,  /* the device won: a falling tune */
} board_sound_t;

/* Buttons, one bit each; on every board they sit on PC0..PC5 in this order. */
enum {
    BUTTON_UP = 1 << 0,
    BUTTON_DOWN = 1 << 1,
    BUTTON_LEFT = 1 << 2,
    BUTTON_RIGHT = 1 << 3,
    BUTTON_A = 1 << 4,
    BUTTON_B = 1 << 5,
};

/* LEDs in row r (0..BOARD_ROWS-1). A board whose rows are all as long defines
 * BOARD_ROW_LENGTH in board_config.h and gets this inline, so loops over rows fold. */
#ifdef BOARD_ROW_LENGTH
static inline uint8_t board_row_length(uint8_t r)
{
    (void)r;
    return BOARD_ROW_LENGTH;
}
#else
uint8_t board_row_length(uint8_t r);
#endif
/* Set up pins and peripherals of the board; LEDs dark, buttons read released. */
void board_init(void);
/* Raw button state sampled now, bit set = pressed. */
uint8_t board_buttons_raw(void);
/* Light exactly the LEDs whose bits are set, lit[r] bit i = LED i of row r. Called from the
 * main loop when the frame may have changed (and after board_tick asked for it). */
void board_show(const uint8_t lit[BOARD_ROWS]);
/* From the 1 kHz tick interrupt: the board's own timing (sounds); true when it needs a
 * board_show soon (a driver chip's periodic refresh). Short: it runs with interrupts off. */
uint8_t board_tick(void);
/* Standby: on, the LEDs and status lights dark, sound off and the board's timers stopped;
 * off, everything back as it was (the next board_show restores the picture). */
void board_standby(uint8_t on);
/* Light exactly the status lights in `lights` (BOARD_LIGHT_* bits); nothing without them. */
void board_status(uint8_t lights);
/* Brightness level 0 (dimmest) to SETTINGS_BRIGHT_LEVELS - 1; nothing if it can't dim. */
void board_brightness(uint8_t level);
/* Start playing sound s, cutting off the one playing; returns at once; nothing without a
 * buzzer. */
void board_sound(board_sound_t s);

#endif
