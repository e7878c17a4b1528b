/* The faults image's console command (runtime/fault.h arms the faults): built with
 * -DGRUNDY_FAULTS only, never in the shipped image. */
#ifndef CONSOLE_FAULT_H
#define CONSOLE_FAULT_H

#include <stdbool.h>
#include <stdint.h>

#ifdef GRUNDY_FAULTS
/* A console line: when it is a fault command ("fault loop|tick|save|timer"), answer it, arm or
 * hang, and return true. */
bool console_fault_command(const char *line, uint8_t len);
#else
#define console_fault_command(line, len) false
#endif

#endif
