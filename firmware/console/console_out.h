/* The console's output interface: where a reply goes. Each home links its own
 * (console_out_uart.c on an Uno, the UART's queue; host/grundy.c on a computer, standard output);
 * the answerer (console_answer.c) and explain (console_explain.c) both write through it. */
#ifndef CONSOLE_OUT_H
#define CONSOLE_OUT_H

#include <stdint.h>

/* Write one character of a reply. */
void console_out_put(char c);
/* Write a number in decimal. */
void console_out_u32(uint32_t v);
/* End the reply's line. */
void console_out_end_line(void);

#endif
