/* The direct board's pins as data: each LED is one Uno pin driven high to light it,
 * each button one pin of port C pulled up and shorted to ground when pressed.
 * | row | LEDs, left to right         | pins                    |
 * |  0  | D2 D3 D4                    | PD2 PD3 PD4             |
 * |  1  | D5 D6 D7 D8                 | PD5 PD6 PD7 PB0         |
 * |  2  | D9 D10 D11 D12 D13 (on-board LED) | PB1 PB2 PB3 PB4 PB5 | */
#include <avr/io.h>

#include "board.h"

static const uint8_t board_lengths[BOARD_ROWS] = BOARD_ROW_LENGTHS;

uint8_t board_row_length(uint8_t r)
{
    return board_lengths[r];
}

#define BOARD_BUTTON_MASK 0x3F /* PC0..PC5 */
#define BOARD_PORTD_LEDS 0xFC  /* PD2..PD7: LEDs 0..5 in reading order */
#define BOARD_PORTB_LEDS 0x3F  /* PB0..PB5: LEDs 6..11 */

void board_init(void)
{
    DDRC &= (uint8_t)~BOARD_BUTTON_MASK;
    PORTC |= BOARD_BUTTON_MASK; /* pull-ups */
    PORTD &= (uint8_t)~BOARD_PORTD_LEDS;
    PORTB &= (uint8_t)~BOARD_PORTB_LEDS;
    DDRD |= BOARD_PORTD_LEDS;
    DDRB |= BOARD_PORTB_LEDS;
    /* INT0/INT1 share D2/D3 with LEDs: edge mode, so a dark LED never reads as a low-level
     * interrupt request (changes nothing on the chip while EIMSK is 0; keeps simavr fast) */
    EICRA = _BV(ISC11) | _BV(ISC10) | _BV(ISC01) | _BV(ISC00);
}

uint8_t board_buttons_raw(void)
{
    return (uint8_t)(~PINC & BOARD_BUTTON_MASK);
}

void board_show(const uint8_t lit[BOARD_ROWS])
{
    /* the 12 LEDs in reading order are consecutive pins: PD2..PD7 then PB0..PB5 */
    const uint16_t all = (uint16_t)(lit[0] | lit[1] << 3 | (uint16_t)lit[2] << 7);
    PORTD = (uint8_t)((PORTD & ~BOARD_PORTD_LEDS) | ((all << 2) & BOARD_PORTD_LEDS));
    PORTB = (uint8_t)((PORTB & ~BOARD_PORTB_LEDS) | ((all >> 6) & BOARD_PORTB_LEDS));
}

/* The pins hold what board_show wrote: nothing to refresh, no sound to step. */
uint8_t board_tick(void)
{
    return 0;
}

void board_standby(uint8_t on)
{
    if (on) { /* every LED pin low; board_show lights them again */
        PORTD &= (uint8_t)~BOARD_PORTD_LEDS;
        PORTB &= (uint8_t)~BOARD_PORTB_LEDS;
    }
}

/* The direct board has no status lights, no buzzer and no way to dim. */
void board_status(uint8_t lights)
{
    (void)lights;
}

void board_brightness(uint8_t level)
{
    (void)level;
}

void board_sound(board_sound_t s)
{
    (void)s;
}
