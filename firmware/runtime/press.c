/* Presses and auto-repeat, every millisecond: a press of a repeating button sets its first
 * repeat PRESS_REPEAT_DELAY_MS on, each repeat the next PRESS_REPEAT_EVERY_MS on. The due time
 * is compared wrap-safely and on every millisecond, also one on which another button's edge
 * arrives (an exact test skipped there waited 65.5 s for the 16-bit clock to come round). */
#include "press.h"

void press_init(press_t *p, uint16_t now_ms)
{
    debounce_init(&p->debounce, now_ms);
}

uint8_t press_update(press_t *p, uint8_t raw, uint8_t repeating, uint16_t now_ms)
{
    const uint8_t before = p->debounce.cooked;
    uint8_t pressed = 0;
    if (debounce_update(&p->debounce, raw, now_ms)) {
        pressed = (uint8_t)(p->debounce.cooked & ~before);
        if (pressed & repeating) {
            p->due = (uint16_t)(now_ms + PRESS_REPEAT_DELAY_MS);
            return pressed;
        }
    }
    const uint8_t held = (uint8_t)(p->debounce.cooked & repeating);
    if (held && (int16_t)(now_ms - p->due) >= 0) {
        p->due = (uint16_t)(now_ms + PRESS_REPEAT_EVERY_MS);
        pressed |= held;
    }
    return pressed;
}
