/* eeprom_file.h: the simulated EEPROM in a file between runs (grundy-play, grundy-serial). */
#ifndef GRUNDY_SIM_EEPROM_FILE_H
#define GRUNDY_SIM_EEPROM_FILE_H

#include "scenario.h"

#include <stdbool.h>
#include <stddef.h>

/* Preload s's EEPROM from path: 1 if loaded, 0 if there is no such file, -1 (message in err)
 * if it cannot be read or is not an image of exactly the EEPROM's size. */
int eeprom_load(scn_t *s, const char *path, char *err, size_t errlen);
/* Write s's EEPROM to path through a temporary file and a rename; false (message in err) on
 * failure. */
bool eeprom_save(scn_t *s, const char *path, char *err, size_t errlen);

#endif
