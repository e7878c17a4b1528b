/* sim_probe.h: the firmware -> simulator probe protocol, shared by both sides.
 * Firmware built for AVR gets three static inline calls that write the general-purpose
 * I/O registers (GPIOR0/GPIOR1); sim/sim_core.c hooks GPIOR0 writes to time code and to end
 * a run. On a real chip the writes only change two unused registers.
 *
 * Protocol: GPIOR1 = tag, then GPIOR0 = 1 starts a measurement; GPIOR0 = 2 stops it;
 * GPIOR1 = code, then GPIOR0 = 3 asks the harness to stop with that exit code.
 * A UART line "#probe <tag> <name>" gives a tag a name for reports.
 * Measurements do not nest and are not for use in interrupt handlers. */
#ifndef GRUNDY_SIM_PROBE_H
#define GRUNDY_SIM_PROBE_H

#define SIM_PROBE_CMD_START 1
#define SIM_PROBE_CMD_STOP 2
#define SIM_PROBE_CMD_EXIT 3

/* Data-space addresses on the ATmega328P (I/O address + 0x20). */
#define SIM_PROBE_GPIOR0_DATA 0x3E
#define SIM_PROBE_GPIOR1_DATA 0x4A

/* Cycles from the GPIOR0 write of sim_probe_start() to the one of sim_probe_stop() when nothing
 * runs in between: the `out` that starts plus the `ldi` that prepares the stop. The harness
 * subtracts it, so an empty measurement reports 0 and N `nop`s report N. The calls are
 * always_inline because -Os would otherwise call them and add rcall + ret (7 cycles). */
#define SIM_PROBE_OVERHEAD_CYCLES 2

#ifdef __AVR__
#include <avr/io.h>
#include <stdint.h>

_Static_assert(_SFR_MEM_ADDR(GPIOR0) == SIM_PROBE_GPIOR0_DATA, "GPIOR0 address");
_Static_assert(_SFR_MEM_ADDR(GPIOR1) == SIM_PROBE_GPIOR1_DATA, "GPIOR1 address");

/* GPIOR1 = arg, then GPIOR0 = cmd (a constant): the two-register commands below. */
static inline __attribute__((always_inline)) void sim_probe_command(uint8_t arg, uint8_t cmd_value) {
    uint8_t cmd;
    __asm__ __volatile__("out %[g1], %[arg]\n\t"
                         "ldi %[cmd], %[value]\n\t"
                         "out %[g0], %[cmd]"
                         : [cmd] "=&d"(cmd)
                         : [arg] "r"(arg), [g0] "I"(_SFR_IO_ADDR(GPIOR0)),
                           [g1] "I"(_SFR_IO_ADDR(GPIOR1)), [value] "M"(cmd_value)
                         : "memory");
}

/* Start timing the code that follows under `tag` (0..255). */
static inline __attribute__((always_inline)) void sim_probe_start(uint8_t tag) {
    sim_probe_command(tag, SIM_PROBE_CMD_START);
}

/* Stop the measurement begun by the last sim_probe_start(). */
static inline __attribute__((always_inline)) void sim_probe_stop(void) {
    uint8_t cmd;
    __asm__ __volatile__("ldi %[cmd], %[stop]\n\t"
                         "out %[g0], %[cmd]"
                         : [cmd] "=&d"(cmd)
                         : [g0] "I"(_SFR_IO_ADDR(GPIOR0)), [stop] "M"(SIM_PROBE_CMD_STOP)
                         : "memory");
}

/* Ask the simulator to end the run with exit status `code`; returns normally on a real chip. */
static inline __attribute__((always_inline)) void sim_probe_exit(uint8_t code) {
    sim_probe_command(code, SIM_PROBE_CMD_EXIT);
}
#endif /* __AVR__ */

#endif /* GRUNDY_SIM_PROBE_H */
