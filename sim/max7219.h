/* max7219.h: a MAX7219 LED driver wired to the MCU's SPI (DIN, CLK) and one LOAD (CS) pin,
 * driving an 8x8 matrix. Datasheet behaviour: 16-bit frames, MSB first (D15-D12 ignored,
 * address D11-D8, data D7-D0), latched on LOAD's rising edge; power-up in shutdown.
 * Matrix wiring of the common FC-16 / 1088AS modules (MAX7219 at the top, DIN on the right):
 * digit register k (address k, digit k-1) lights row k-1 from the top, data bit 7 (segment DP)
 * the leftmost column and bit 0 (segment G) the rightmost. */
#ifndef GRUNDY_SIM_MAX7219_H
#define GRUNDY_SIM_MAX7219_H

#include "board.h"

#include <stdbool.h>
#include <stdint.h>

struct avr_t;
struct sim_leds;
typedef struct max7219 max7219_t;

/* The matrix wiring, in one place: the row a digit (0..7) lights, the column of a data bit. */
#define MAX7219_ROW_OF_DIGIT(d) (d)
#define MAX7219_COL_OF_BIT(b) (7 - (b))

/* Register addresses (D11-D8 of a frame). */
enum {
    MAX7219_REG_NOOP = 0x0,
    MAX7219_REG_DIGIT0 = 0x1, /* ... digit 7 at 0x8 */
    MAX7219_REG_DECODE = 0x9,
    MAX7219_REG_INTENSITY = 0xA,
    MAX7219_REG_SCAN_LIMIT = 0xB,
    MAX7219_REG_SHUTDOWN = 0xC,
    MAX7219_REG_DISPLAY_TEST = 0xF,
};

typedef struct {
    sim_pin_t load;        /* LOAD (CS): D10 = {'B', 2} on Grundy boards; active_low ignored */
    bool load_pulled_up;   /* what LOAD reads while the MCU pin is an input (reset, boot) */
    struct sim_leds *leds; /* LEDs to drive at (row, col) as shown; NULL for none */
} max7219_config_t;

/* Everything the chip holds, and what it shows. Control registers keep only the bits the
 * chip has (intensity D3-D0, scan limit D2-D0, shutdown and display test D0). */
typedef struct {
    uint8_t digit[8];       /* digit registers 0x1..0x8; 0 at power-up (the datasheet: undefined) */
    uint8_t decode;         /* bit d: code-B decode for digit d; 0 at power-up */
    uint8_t intensity;      /* 0..15 (1/32..31/32 duty); 0 at power-up */
    uint8_t scan_limit;     /* digits 0..scan_limit are scanned; 0 at power-up */
    bool normal;            /* shutdown register D0: false = shutdown (the power-up state) */
    bool display_test;      /* display-test register D0: all LEDs on; false at power-up */
    uint16_t shift;         /* the 16-bit shift register now (0 at power-up: a no-op) */
    uint16_t last_frame;    /* the shift register as last latched */
    uint64_t frames;        /* LOAD rising edges, each latching the shift register */
    uint64_t short_frames;  /* of those, latched with fewer than 16 bits shifted since the last */
    uint64_t bytes;         /* SPI bytes shifted in (LOAD low) */
    uint64_t dropped_bytes; /* SPI bytes ignored because LOAD was high */
    uint8_t decoded_rows;   /* bit r: row r would show code-B digits, which a matrix cannot:
                               shown dark (the Grundy firmware keeps decode off) */
    uint8_t rows[8];        /* what row r shows: bit c = column c lit */
} max7219_state_t;

/* A MAX7219 on avr's SPI and cfg->load, in its power-up state; NULL if the SPI or the LOAD
 * port does not exist. A board's attach() returns this, its detach() calls max7219_free(). */
max7219_t *max7219_new(struct avr_t *avr, const max7219_config_t *cfg);

/* Unhook from the MCU and free; NULL is ignored. The LEDs keep their last state. */
void max7219_free(max7219_t *m);

/* Copy the chip's registers, counters and picture into *st. */
void max7219_get_state(const max7219_t *m, max7219_state_t *st);

/* Whether the LED at (row, col) of the matrix is lit now; false out of range. */
bool max7219_pixel(const max7219_t *m, unsigned row, unsigned col);

/* A glitch on the lines: latch frame as if it had been shifted in and LOAD pulsed, without
 * the MCU (counted in frames, not in bytes). For tests of a firmware's recovery. */
void max7219_inject(max7219_t *m, uint16_t frame);

/* How the module is wired to the MCU (wiring faults for the self-test's suite). */
typedef enum {
    MAX7219_WIRED,           /* DIN on MOSI, CLK on SCK */
    MAX7219_DIN_CUT,         /* DIN not connected: the chip clocks in zeros */
    MAX7219_DIN_CLK_SWAPPED, /* CLK on MOSI, DIN on SCK: each rising MOSI edge clocks in SCK's
                                level, which is low then in SPI mode 0: zeros */
} max7219_wiring_t;

/* Wire the module as w; dout_wire: its DOUT to the MCU's MISO (D12), which then reads the bit
 * that entered DIN 17 clocks before (DOUT lags 16.5 clocks, changing on CLK's falling edge; the
 * SPI samples on the rising one). Without it MISO reads 0xFF (the firmware's pull-up on D12). */
void max7219_set_wiring(max7219_t *m, max7219_wiring_t w, bool dout_wire);

#endif /* GRUNDY_SIM_MAX7219_H */
