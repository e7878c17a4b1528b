/* part_fw.h: the host side of spi_fw.c for the part-model tests, included once by each: open
 * the firmware and wait for its greeting, then run command lines and wait for each "@ok", so
 * the model can be checked between steps. Needs check.h's counters for its failure line. */
#ifndef SIM_TEST_PART_FW_H
#define SIM_TEST_PART_FW_H

#include "sim_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PART_FW_SLICE 1600           /* 0.1 ms: how finely part_fw_run() looks for the answer */
#define PART_FW_TIMEOUT 16000u * 200 /* 200 ms */

/* Run until a new UART line arrives; it must be want. False on a timeout or another line. */
static bool part_fw_wait(sim_t *sim, const char *want) {
    size_t n = sim_uart_line_count(sim);
    for (uint64_t t = 0; t < PART_FW_TIMEOUT && sim_uart_line_count(sim) == n; t += PART_FW_SLICE)
        if (sim_run_for(sim, PART_FW_SLICE) != SIM_RUNNING) return false;
    const char *l = sim_uart_line(sim, n);
    return l && strcmp(l, want) == 0;
}

/* spi_fw.elf from dir, booted; exits the test program if it cannot be loaded. */
static sim_t *part_fw_open(const char *dir) {
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/spi_fw.elf", dir);
    sim_t *sim = sim_open(path, err, sizeof err);
    if (!sim) {
        printf("FAIL: %s\n0 passed, 1 failed\n", err);
        exit(1);
    }
    return sim;
}

/* Run spi_fw.c commands (see there), then a newline, and wait for the "@ok". */
static bool part_fw_run(sim_t *sim, const char *cmds) {
    sim_uart_send(sim, (const uint8_t *)cmds, strlen(cmds));
    sim_uart_send(sim, (const uint8_t *)"\n", 1);
    return part_fw_wait(sim, "@ok");
}

#endif
