/* The self-test: the board checks what the chip can sense of its wiring, shows each LED for a
 * person to see, then echoes every button press until B is held 2 s. Results on the serial line
 * as "@test" lines, the last "@test done <problems>". */
#ifndef SELFTEST_H
#define SELFTEST_H

#include <stdbool.h>
#include <stdint.h>

#define SELFTEST_STEP_MS 400    /* each picture of the visual test */
#define SELFTEST_LEAVE_MS 2000  /* hold B this long to leave */

/* Start: print "@test start", sense the wiring, show the first picture. */
void selftest_start(uint16_t now_ms);
/* End it now: the board's own lights back, "@test done". */
void selftest_end(void);
/* Go on with the buttons held now; false once the test is over ("@test done" printed). */
bool selftest_update(uint8_t held, uint16_t now_ms);

#endif
