/* The uno board: a bare Arduino Uno, nothing wired to it. Its only I/O is the USB serial
 * line (UART0 through the Uno's USB-serial chip): the console, and nothing else. */
#ifndef BOARD_CONFIG_H
#define BOARD_CONFIG_H

#define BOARD_NAME "uno"
#define BOARD_ROWS 0

#endif
