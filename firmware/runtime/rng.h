/* A small pseudo-random generator (xorshift32) for the device's random moves and
 * random starts. It is stirred with the time of every button press, so two games
 * played by a person never repeat, while a scripted run stays reproducible. */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

/* Mix an unpredictable value (the millisecond of a button press) into the state. */
void rng_stir(uint16_t entropy);
/* Next pseudo-random number, 0..65535. */
uint16_t rng_next(void);
/* A pseudo-random number below n (n >= 1). */
uint8_t rng_below(uint8_t n);

#endif
