/* leds.h: a board's LEDs as rows, each LED with its state, the cycle of its last change and a
 * history of changes, so tests can ask how an LED looked over a recent window: off, on, blinking.
 * Pin-driven boards wire LEDs to port pins with sim_leds_attach_pins(); chip models (MAX7219,
 * 74HC595) call sim_leds_set() instead. Times are simulated: windows end at the current cycle. */
#ifndef GRUNDY_SIM_LEDS_H
#define GRUNDY_SIM_LEDS_H

#include "board.h"

#include <stdbool.h>
#include <stdint.h>

struct avr_t;
typedef struct sim_leds sim_leds_t;

typedef enum {
    SIM_LED_OFF,   /* lit less than 20 % of the window */
    SIM_LED_ON,    /* lit at least 80 % of the window (steady, or with a short dark blip) */
    SIM_LED_BLINK, /* regular on/off at 0.9..5.5 Hz with 30..70 % duty */
    SIM_LED_OTHER, /* anything else: flashing faster, irregular, a transition in the window */
} sim_led_class_t;

/* Thresholds of sim_led_classify(); see leds.c for how they are applied. */
#define SIM_LED_ON_MIN 0.80  /* lit fraction from which an LED counts as on */
#define SIM_LED_OFF_MAX 0.20 /* lit fraction below which it counts as off */
#define SIM_LED_BLINK_DUTY_MIN 0.30
#define SIM_LED_BLINK_DUTY_MAX 0.70
#define SIM_LED_BLINK_HZ_MIN 0.9
#define SIM_LED_BLINK_HZ_MAX 5.5
#define SIM_LED_GLITCH_US 2000 /* on/off phases shorter than this are not counted as edges */
#define SIM_LED_HISTORY 1024   /* changes remembered per LED */

/* What sim_led_measure() found over a window. */
typedef struct {
    double window_ms; /* the window actually measured (shorter early in a run) */
    double lit;       /* fraction of the window the LED was lit, 0..1 */
    unsigned edges;   /* changes in the window, glitches ignored */
    double hz;        /* on+off frequency from the complete phases; 0 without one of each */
    double duty;      /* mean on phase / (mean on + mean off); 0 when hz is 0 */
    bool regular;     /* every complete phase within 50 % of the mean of its kind */
    sim_led_class_t cls;
} sim_led_stats_t;

/* LEDs in rows of row_len[r] (rows <= SIM_BOARD_MAX_ROWS), all dark, timed by avr's cycle
 * counter; NULL on a bad size. */
sim_leds_t *sim_leds_new(struct avr_t *avr, unsigned rows, const uint8_t *row_len);

/* Free the LEDs; NULL is ignored. Pin hooks stay registered: free only with the avr_t. */
void sim_leds_free(sim_leds_t *leds);

/* Drive every LED from a pin: pins[i] for LED i in row-major order; lit while the pin is an
 * output at its active level. Returns false if a port does not exist. */
bool sim_leds_attach_pins(sim_leds_t *leds, const sim_pin_t *pins);

/* A wiring fault: LED index (row-major) missing or put in backwards, dark whatever its pin does
 * (dead), or back in (false). */
void sim_leds_set_dead(sim_leds_t *leds, unsigned index, bool dead);

/* Number of rows. */
unsigned sim_leds_rows(const sim_leds_t *leds);

/* LEDs in row (0 for a row out of range). */
unsigned sim_leds_row_len(const sim_leds_t *leds, unsigned row);

/* Set an LED now (for part models); repeating the current state records nothing. */
void sim_leds_set(sim_leds_t *leds, unsigned row, unsigned col, bool on);

/* Whether the LED is lit now; false out of range. */
bool sim_led_on(const sim_leds_t *leds, unsigned row, unsigned col);

/* Cycle of the LED's last change, 0 if it never changed. */
uint64_t sim_led_last_change(const sim_leds_t *leds, unsigned row, unsigned col);

/* Changes of the LED over the last ms milliseconds, glitches included (all changes if the
 * history holds fewer). */
unsigned sim_led_changes(const sim_leds_t *leds, unsigned row, unsigned col, uint32_t ms);

/* Fraction of the last ms milliseconds the LED was lit, 0..1. */
double sim_led_lit(const sim_leds_t *leds, unsigned row, unsigned col, uint32_t ms);

/* How the LED looked over the last ms milliseconds; use at least 1000 ms for 1..2 Hz blinks
 * (the window must hold one complete on and one complete off phase). */
sim_led_class_t sim_led_classify(const sim_leds_t *leds, unsigned row, unsigned col, uint32_t ms);

/* The measurements behind sim_led_classify(), for messages and finer checks. */
void sim_led_measure(const sim_leds_t *leds, unsigned row, unsigned col, uint32_t ms,
                     sim_led_stats_t *st);

/* "off", "on", "blink", "other". */
const char *sim_led_class_name(sim_led_class_t c);

/* One character per class: '.' off, '#' on, '*' blink, '?' other. */
char sim_led_class_char(sim_led_class_t c);

#endif /* GRUNDY_SIM_LEDS_H */
