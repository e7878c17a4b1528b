/* The direct board: 12 LEDs straight on Uno pins in rows of 3, 4 and 5 (the
 * classic 3-4-5 Nim start), buttons on A0..A5. Wiring: boards/direct/README.md. */
#ifndef BOARD_CONFIG_H
#define BOARD_CONFIG_H

#define BOARD_NAME "direct"
#define BOARD_ROWS 3
#define BOARD_ROW_LENGTHS {3, 4, 5}
#define BOARD_TEST_SENSES_LEDS 1 /* the self-test reads every LED pin back */
#define BOARD_TEST_LEDS 12

#endif
