/* eeprom_file.c: the simulated board's EEPROM kept in a file between runs, as a real chip keeps
 * it: grundy-play and grundy-serial (make play, make console) load it at start and save it on
 * the way out, so settings and score carry from one run to the next, and from one to the other. */
#include "eeprom_file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define EEPROM_MAX 4096

/* Preload the EEPROM from path: 1 if loaded, 0 if there is no such file, -1 (message in err) if
 * it cannot be read or is not an image of exactly the EEPROM's size, so that a wrong file is
 * never overwritten on the way out. */
int eeprom_load(scn_t *s, const char *path, char *err, size_t errlen) {
    uint8_t buf[EEPROM_MAX + 1];
    size_t size = sim_eeprom_size(scn_sim(s));
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT) return 0;
        sim_set_error(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    size_t n = fread(buf, 1, sizeof buf, f);
    bool bad = ferror(f);
    fclose(f);
    if (bad || n != size) {
        sim_set_error(err, errlen, "%s: not an EEPROM image (%zu bytes, want %zu)", path, n, size);
        return -1;
    }
    scn_eeprom_set(s, buf, n);
    return 1;
}

/* Write the EEPROM to path through a temporary file and a rename, so that the old image stays
 * whole until the new one is; false and a message in err on failure. */
bool eeprom_save(scn_t *s, const char *path, char *err, size_t errlen) {
    uint8_t buf[EEPROM_MAX];
    char tmp[4096];
    size_t n = scn_eeprom_get(s, buf, sizeof buf);
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp) {
        sim_set_error(err, errlen, "%s: path too long", path);
        return false;
    }
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite(buf, 1, n, f) == n;
    if (f && fclose(f) != 0) ok = false;
    if (ok && rename(tmp, path) != 0) ok = false;
    if (!ok) {
        sim_set_error(err, errlen, "cannot save the EEPROM to %s: %s", path, strerror(errno));
        if (f) remove(tmp);
    }
    return ok;
}
