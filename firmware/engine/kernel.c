/* The engine's kernel, below every game module: the one work buffer that run-time Grundy
 * values and the exact misere search's memo take turns to use, and the mex of a bitmap of
 * values. The game modules call it; it calls none of them. */
#include "engine_internal.h"
#include "engine_pgm.h"

uint8_t engine_work[ENGINE_WORK_SIZE];
uint32_t engine_work_serial;
uint16_t engine_work_fill;

bool engine_work_holds(const engine_rules_t *r)
{
    return engine_work_serial == r->serial;
}

bool engine_work_claim(const engine_rules_t *r)
{
    const bool held = engine_work_holds(r);
    engine_work_serial = r->serial;
    return held;
}

const uint8_t engine_bits[8] PROGMEM = {1, 2, 4, 8, 16, 32, 64, 128};

uint16_t engine_mex(const uint8_t *seen, uint8_t nbytes)
{
    uint16_t g = 0;
    for (; nbytes && *seen == 0xFF; nbytes--, seen++) g += 8;
    if (nbytes)
        for (uint8_t bits = *seen; bits & 1; bits >>= 1) g++;
    return g;
}
