/* AVR test firmware for the engine's test suite: UART0 at 115200 8N1 as stdout, run the
 * suite (timed by the simulator's probe, tag 0), print the summary, then hand the simulator
 * the result (exit code 0 or 1) through the GPIOR probe of sim/sim_probe.h and sleep. */
#include <avr/io.h>
#include <avr_mcu_section.h> /* pkg-config --cflags simavr-avr */

#include "check.h"
#include "engine_suite.h"
#include "sim_probe.h"

AVR_MCU(F_CPU, "atmega328p");

int main(void) {
    check_avr_begin();
    check_puts_P(PSTR("#probe 0 engine_suite\n")); /* names the measurement for avr-run --stats */
    sim_probe_start(0);
    engine_suite_run();
    sim_probe_stop();
    check_avr_end("engine");
}
