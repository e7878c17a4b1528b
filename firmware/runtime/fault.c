/* The faults image's armed fault (see fault.h), which the console's fault command
 * (console_fault.c) sets and the fault points read. Empty in the shipped image. */
#ifdef GRUNDY_FAULTS
#include "fault.h"

volatile uint8_t fault_armed;

#else
typedef int fault_unused_t; /* ISO C wants something in a translation unit */
#endif
