/* <avr/pgmspace.h> for host builds of firmware modules: program memory is plain memory,
 * as the engine's own shim has it. */
#include "engine_pgm.h"
