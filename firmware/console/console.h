/* The serial console on UART0: a game-theory calculator (solve, moves, grundy) and a
 * remote control for the device's game (new, show), beside the '@' event lines. */
#ifndef CONSOLE_H
#define CONSOLE_H

#include <stdbool.h>
#include <stdint.h>

/* Read input and answer at most one line of a reply or one slice of work (time now_ms); call
 * when input is waiting (uart_rx_ready) and again while it returns true (an answer is under
 * way: don't sleep). */
bool console_update(uint16_t now_ms);

#endif
