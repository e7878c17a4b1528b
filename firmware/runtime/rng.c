/* xorshift32 (Marsaglia): three shifts per number, never stuck at zero because a
 * stir that would zero the state is skipped. Button-press times feed it entropy. */
#include "rng.h"

static uint32_t rng_state = 0x2545F491u;

static void rng_step(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    rng_state = x;
}

void rng_stir(uint16_t entropy)
{
    const uint32_t mixed = rng_state ^ ((uint32_t)entropy * 0x9E3779B1u);
    if (mixed) rng_state = mixed;
    rng_step();
}

uint16_t rng_next(void)
{
    rng_step();
    return (uint16_t)(rng_state >> 16);
}

uint8_t rng_below(uint8_t n)
{
    return (uint8_t)(rng_next() % n);
}
