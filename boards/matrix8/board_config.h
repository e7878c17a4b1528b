/* The matrix8 board: a MAX7219 8x8 LED matrix module on the hardware SPI pins (8 heaps
 * of up to 8 tokens, row 0 at the top), a passive buzzer on D9 and buttons on A0..A5.
 * Wiring: boards/matrix8/README.md. */
#ifndef BOARD_CONFIG_H
#define BOARD_CONFIG_H

#define BOARD_NAME "matrix8"
#define BOARD_ROWS 8
#define BOARD_ROW_LENGTHS {8, 8, 8, 8, 8, 8, 8, 8}
#define BOARD_ROW_LENGTH 8 /* every row: board_row_length() inline */
#define BOARD_HAS_BUZZER 1
#define BOARD_CAN_DIM 1
#define BOARD_USES_SPI 1    /* PRR keeps these two clocked */
#define BOARD_USES_TIMER1 1
#define BOARD_TEST_HAS_CHAIN 1 /* the self-test reads DOUT back on D12 when wired */
#define BOARD_TEST_ECHO_STEP 1 /* button b lights row b (picture 0 is the display test) */

#endif
