/* wiring_faults.h: wiring faults chosen per run, for the self-test's suite: an LED missing or put
 * in backwards, two LED pins shorted, a button stuck, a MAX7219 with DIN and CLK swapped or DIN cut,
 * a 74HC595 chain cut, and whether the optional read-back wire (D12) is fitted. On pin-driven
 * boards it models what the chip reads on an LED pin that is an input (sim_wiring_apply). */
#ifndef GRUNDY_SIM_WIRING_FAULTS_H
#define GRUNDY_SIM_WIRING_FAULTS_H

#include <stdbool.h>
#include <stddef.h>

struct scn;

typedef struct {
    int led_missing;    /* LED (row-major index) not there; -1: none */
    int led_reversed;   /* LED put in backwards: the same open circuit to the chip, dark; -1 */
    int short_a, short_b; /* two LEDs whose pins are shorted together; -1: none */
    int button_stuck;   /* sim_button_t held (shorted) from power-up; -1: none */
    bool readback_wire; /* matrix8: DOUT to D12; shift595: the last chip's QH' to D12 */
    bool din_clk_swapped; /* matrix8: the module's DIN and CLK swapped */
    bool din_cut;       /* matrix8: the module's DIN not connected */
    unsigned chain_cut; /* shift595: chip c's SER cut from chip c - 1's QH' (1..3); 0: none */
} sim_wiring_t;

#define SIM_WIRING_NONE {-1, -1, -1, -1, -1, false, false, false, 0}

/* Parse "fault,fault,...": led-missing=N, led-reversed=N, short=N:M, stuck=UP|DOWN|LEFT|RIGHT|A|B,
 * wire, swapped, din-cut, chain-cut=C; "" or "none": no fault. False and a message on a bad one. */
bool sim_wiring_parse(const char *spec, sim_wiring_t *w, char *err, size_t errlen);

/* Put the faults into the scenario's board before it runs (scn_open's, not yet run): the pin
 * model on LED pins (pin-driven boards), the chip models' wiring, the stuck button held. False
 * and a message if the board has no such part. */
bool sim_wiring_apply(struct scn *s, const sim_wiring_t *w, char *err, size_t errlen);

#endif /* GRUNDY_SIM_WIRING_FAULTS_H */
