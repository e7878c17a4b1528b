/* The one place the engine touches avr-libc: program-memory access.
 * On the AVR tables live in flash and are read with pgm_read_*; on the host
 * the same names read plain memory, so every engine source compiles unchanged. */
#ifndef ENGINE_PGM_H
#define ENGINE_PGM_H

#ifdef __AVR__
#include <avr/pgmspace.h>
#else
#include <stdint.h>
#define PROGMEM
#define PGM_P const char *
#define PSTR(s) (s)
#define pgm_read_byte(addr) (*(const uint8_t *)(addr))
#define pgm_read_word(addr) (*(const uint16_t *)(addr))
#define pgm_read_dword(addr) (*(const uint32_t *)(addr))
#define pgm_read_ptr(addr) (*(const void *const *)(addr))
#define strcpy_P strcpy
#endif

#endif
