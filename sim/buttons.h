/* buttons.h: push buttons on input pins, with contact bounce, for any board's pin table.
 * A closed contact is an external drive of the pin to its active level (simavr's
 * AVR_IOCTL_IOPORT_SET_EXTERNAL, which survives the firmware's PORT writes) plus a raise of
 * the pin IRQ; an open contact leaves the pin to the pull-up. Bounce is a seeded random
 * chatter of extra edges scheduled on simavr's cycle timers. */
#ifndef GRUNDY_SIM_BUTTONS_H
#define GRUNDY_SIM_BUTTONS_H

#include "board.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct avr_t;
typedef struct sim_buttons sim_buttons_t;

/* Contact chatter after the first edge of a press or a release: `bounces` times the contact
 * flips back and forth again, each edge a random gap of min_gap_us..max_gap_us after the last;
 * gaps are scaled down if needed so the contact settles within max_us of the first edge. */
typedef struct {
    uint8_t bounces; /* 0: a clean edge */
    uint16_t min_gap_us, max_gap_us;
    uint16_t max_us;
} sim_bounce_t;

/* The default: 4 bounces (8 extra edges), 50 us..2 ms apart, settled within 10 ms. */
#define SIM_BOUNCE_DEFAULT ((sim_bounce_t){4, 50, 2000, 10000})
#define SIM_BUTTONS_MAX 16
#define SIM_BUTTONS_MAX_EDGES 64 /* edges queued per button */

/* n buttons on pins[0..n-1] (n <= SIM_BUTTONS_MAX), all released; chatter from a PRNG seeded
 * with seed. NULL on bad arguments or a missing port. */
sim_buttons_t *sim_buttons_new(struct avr_t *avr, const sim_pin_t *pins, unsigned n, uint64_t seed);

/* Restart the chatter PRNG from seed (the same seed and calls give the same edges). */
void sim_buttons_seed(sim_buttons_t *b, uint64_t seed);

/* After an MCU reset, which cancels every simavr cycle timer: apply the edges now due and
 * schedule the rest again, so a press or release under way completes as planned. */
void sim_buttons_rearm(sim_buttons_t *b);

/* Cancel pending edges and free; NULL is ignored. */
void sim_buttons_free(sim_buttons_t *b);

/* Close button i's contact now, or when its queued edges are done, with bounce (NULL for a
 * clean edge). Returns false if the queue is full or i is out of range. */
bool sim_buttons_press(sim_buttons_t *b, unsigned i, const sim_bounce_t *bounce);

/* Open the contact, as sim_buttons_press() closes it. */
bool sim_buttons_release(sim_buttons_t *b, unsigned i, const sim_bounce_t *bounce);

/* Whether button i's contact is closed at this moment (bounce included). */
bool sim_buttons_contact(const sim_buttons_t *b, unsigned i);

/* Whether button i is pressed or being pressed: the state its queue ends in. */
bool sim_buttons_held(const sim_buttons_t *b, unsigned i);

/* Whether button i still has edges to come. */
bool sim_buttons_busy(const sim_buttons_t *b, unsigned i);

/* Contact edges applied to button i's pin so far. */
uint64_t sim_buttons_edges(const sim_buttons_t *b, unsigned i);

/* Presses of button i that have settled (final closing edge applied). */
size_t sim_buttons_presses(const sim_buttons_t *b, unsigned i);

/* Cycle of the first contact and of the settling edge of settled press k of button i
 * (k < sim_buttons_presses()); false if there is no such press. */
bool sim_buttons_press_cycles(const sim_buttons_t *b, unsigned i, size_t k, uint64_t *first,
                              uint64_t *settled);

/* Cycle at which button i's last press settled, 0 if none. */
uint64_t sim_buttons_last_settled(const sim_buttons_t *b, unsigned i);

/* Cycle at which button i's last release settled, 0 if none. */
uint64_t sim_buttons_last_released(const sim_buttons_t *b, unsigned i);

#endif /* GRUNDY_SIM_BUTTONS_H */
