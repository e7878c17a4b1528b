/* test_power.c: the simulator's power accounting (sim_power) against duty_fw.c, a firmware
 * whose duty cycle is known: 1,000 wake-ups a second, each 1,000 cycles in the handler with
 * interrupts off and 4,000 + 2 SPI bytes (32 cycles each on the chip) in the main loop, so
 * awake 5,064 cycles of every 16,000 plus a little overhead: 68.3 % asleep. simavr books the
 * sleep stretch into the call that runs SLEEP, and takes 1,600 cycles an SPI byte: counting by
 * the state before each call, or the SPI's time as awake, gives very different figures.
 * Usage: test_power dir/with/duty_fw.elf; ends with "N passed, M failed". */
#include "sim_core.h"

#include <sim_avr.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define POWER_SECONDS 2
#define POWER_WORK (1000.0 + 4000.0 + 2 * SIM_SPI_CHIP_CYCLES) /* awake cycles a ms, known */

/* A line starting with prefix after line `from`, running up to ms for it; NULL if none. */
static const char *rx_wait(sim_t *sim, size_t from, const char *prefix, unsigned ms)
{
    const uint64_t end = sim_cycles(sim) + 16000ull * ms;
    for (;;) {
        for (size_t i = from; i < sim_uart_line_count(sim); i++)
            if (!strncmp(sim_uart_line(sim, i), prefix, strlen(prefix))) return sim_uart_line(sim, i);
        if (sim_cycles(sim) >= end || sim_run_for(sim, 1600) != SIM_RUNNING) return NULL;
    }
}

/* The receiver in power-down, as the chip has it (sim_core.c): a line sent while rxwake_fw.c
 * sleeps wakes it through PCINT16 on PD0, every byte that starts within the 16K CK start-up
 * (1.024 ms, 12 characters at 117,647 baud) is lost, and the receiver then frames from the
 * middle of the 13th: "solve nim 3 4 5\r\n" gives 0x13 with a framing error (from the '4' and
 * the space after it), 0xaa (from the space and the '5'), 0x6a with a framing error (from the
 * '5' and the CR), then the LF in step. Without PCINT16 the bytes are lost and the chip sleeps
 * on. */
static void test_rx_asleep(const char *dir)
{
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/rxwake_fw.elf", dir);
    sim_t *sim = sim_open(path, err, sizeof err);
    if (!sim) {
        CHECKF(0, "%s", err);
        return;
    }
    CHECK(rx_wait(sim, 0, "@r", 10) != NULL);
    sim_run_for(sim, 16000 * 2);
    sim_power_watch(sim);
    size_t from = sim_uart_line_count(sim);
    static const char line[] = "solve nim 3 4 5\r\n";
    sim_uart_send(sim, (const uint8_t *)line, strlen(line));
    const char *got = rx_wait(sim, from, "@got", 20);
    CHECKF(got && !strcmp(got, "@got 13! aa 6a! 0a"), "'%s'", got ? got : "(nothing)");
    CHECKF(sim_power(sim)->wake_vector == 5, "woken by vector %d, not PCINT2 (5)", sim_power(sim)->wake_vector);
    CHECKF(sim_power(sim)->at_sleep[SIM_AT_SMCR] == 0x05, "SMCR %02x", sim_power(sim)->at_sleep[SIM_AT_SMCR]);
    /* no wake-up without PCINT16: the bytes pass unseen */
    sim_run_for(sim, 16000 * 2);
    sim_avr(sim)->data[0x6D] = 0; /* PCMSK2 */
    from = sim_uart_line_count(sim);
    sim_power_watch(sim);
    sim_uart_send(sim, (const uint8_t *)"abc", 3);
    CHECK(rx_wait(sim, from, "@got", 20) == NULL && sim_power(sim)->wakeups == 0 && sim_uart_pending(sim) == 0);
    sim_avr(sim)->data[0x6D] = 1;
    sim_uart_send(sim, (const uint8_t *)"x", 1); /* the waking byte alone: lost */
    got = rx_wait(sim, from, "@got", 20);
    CHECKF(got && !strcmp(got, "@got"), "'%s'", got ? got : "(nothing)");
    sim_close(sim);
}

int main(int argc, char **argv)
{
    char path[1024], err[256];
    if (argc != 2) return 2;
    snprintf(path, sizeof path, "%s/duty_fw.elf", argv[1]);
    sim_t *sim = sim_open(path, err, sizeof err);
    if (!sim) {
        printf("FAIL: %s\n0 passed, 1 failed\n", err);
        return 1;
    }
    sim_run_for(sim, 16000 * 10); /* past the set-up */
    sim_power_watch(sim);
    const uint64_t start = sim_cycles(sim);
    CHECK(sim_run_for(sim, 16000000ull * POWER_SECONDS) == SIM_RUNNING);
    const sim_power_t *p = sim_power(sim);
    const uint64_t total = sim_cycles(sim) - start;
    const double asleep = 100.0 * (double)p->asleep / (double)total;
    const double known = 100.0 * (1.0 - POWER_WORK / 16000.0);
    CHECKF(p->awake + p->asleep == total, "awake %llu + asleep %llu != %llu",
           (unsigned long long)p->awake, (unsigned long long)p->asleep, (unsigned long long)total);
    /* the overhead (loop, call, reti, sleep_mode) is tens of cycles: 0.5 % is 80 cycles a ms */
    CHECKF(asleep <= known && asleep > known - 0.5, "asleep %.2f %%, known %.2f %%", asleep, known);
    CHECKF(p->wakeups >= 1000 * POWER_SECONDS - 1 && p->wakeups <= 1000 * POWER_SECONDS + 1,
           "%llu wake-ups in %d s", (unsigned long long)p->wakeups, POWER_SECONDS);
    CHECKF(p->spi_bytes >= 2000 * POWER_SECONDS - 2 && p->spi_bytes <= 2000 * POWER_SECONDS + 2,
           "%llu SPI bytes", (unsigned long long)p->spi_bytes);
    CHECKF(p->wake_vector == 14, "woken by vector %d, not TIMER0_COMPA (14)", p->wake_vector);
    /* the handler: 1,000 cycles of delay, its prologue and epilogue, the chip's response */
    const uint64_t isr = p->irq_off_max[14];
    CHECKF(isr >= 1000 + SIM_IRQ_ENTRY_CYCLES && isr < 1060, "handler's interrupts-off %llu cycles",
           (unsigned long long)isr);
    CHECKF(p->irq_count[14] >= 1000 * POWER_SECONDS - 1, "%llu handler entries",
           (unsigned long long)p->irq_count[14]);
    CHECKF((p->at_sleep[SIM_AT_SMCR] & 0x0F) == 0x01, "SMCR at SLEEP %02x: Idle with SE",
           p->at_sleep[SIM_AT_SMCR]);
    printf("power accounting on a firmware of known duty: asleep %.2f %% (known %.2f %%), %llu "
           "wake-ups, handler %llu cycles with interrupts off\n",
           asleep, known, (unsigned long long)p->wakeups, (unsigned long long)isr);
    sim_close(sim);
    test_rx_asleep(argv[1]);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
