/* Symmetric deferred debouncing per button: a button's debounced state takes its
 * raw state only after the raw state has stayed unchanged for DEBOUNCE_MS, so a
 * chattering contact yields exactly one edge once it settles. Pure: time is an input. */
#include "debounce.h"

void debounce_init(debounce_t *d, uint16_t now_ms)
{
    d->cooked = 0;
    d->last_raw = 0;
    for (uint8_t i = 0; i < DEBOUNCE_BUTTONS; i++) d->since[i] = now_ms;
}

bool debounce_update(debounce_t *d, uint8_t raw, uint16_t now_ms)
{
    const uint8_t before = d->cooked, changed = (uint8_t)(raw ^ d->last_raw);
    if (!changed && raw == before) return false; /* all quiet and settled: nothing to do */
    d->last_raw = raw;
    for (uint8_t i = 0, bit = 1; i < DEBOUNCE_BUTTONS; i++, bit = (uint8_t)(bit << 1)) {
        if (changed & bit) d->since[i] = now_ms;
        else if ((uint16_t)(now_ms - d->since[i]) >= DEBOUNCE_MS)
            d->cooked = (uint8_t)((d->cooked & ~bit) | (raw & bit));
    }
    return d->cooked != before;
}
