/* The shift595 board: the 1951 Nimrod layout, four rows of seven LEDs and four status
 * lights behind four chained 74HC595 on the SPI pins, dimmed by PWM on their OE;
 * buttons on A0..A5. Wiring: boards/shift595/README.md. */
#ifndef BOARD_CONFIG_H
#define BOARD_CONFIG_H

#define BOARD_NAME "shift595"
#define BOARD_ROWS 4
#define BOARD_ROW_LENGTHS {7, 7, 7, 7}
#define BOARD_CAN_DIM 1
#define BOARD_USES_SPI 1    /* PRR keeps these two clocked */
#define BOARD_USES_TIMER1 1
#define BOARD_HAS_STATUS 1
#define BOARD_TEST_HAS_CHAIN 1 /* the self-test reads the last QH' back on D12 when wired */

#endif
