/* make bench: the CPU's sleep on the simulated board, cycle-exactly (sim_power: the call that
 * runs SLEEP books its sleep stretch as asleep, SPI bytes at the chip's 32 cycles), over
 * POWER_SECONDS at the start of a game with no input and in the menu, then in standby; the
 * wake-ups a second; the longest interrupts-off stretch of every handler seen over the whole
 * run; and an estimate of the ATmega328P's current from datasheet typicals (not a measurement).
 * Usage: power FIRMWARE.elf BOARD [SECONDS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

#define POWER_TARGET 97.0     /* % asleep, idle and in the menu */
#define POWER_ISR_LIMIT 1200  /* cycles with interrupts off, any handler (issue 12.7) */

/* ATmega328P typicals at 5 V from the datasheet's 8 MHz figures, doubled for 16 MHz (current
 * grows about linearly with the clock): Active 5.2 mA, Idle 1.2 mA; per clocked module (PRR
 * bit clear) USART0 0.100, Timer0 0.061, Timer1 0.176, SPI 0.187, TWI 0.200, Timer2 0.224,
 * ADC 0.295 mA (the ADC when enabled: at boot it is not); power-down with the
 * watchdog and brown-out detector off 0.1 uA. LEDs and the board's other parts not included. */
#define MA_ACTIVE (2 * 5.2)
#define MA_IDLE (2 * 1.2)
#define MA_USART (2 * 0.100)
#define MA_TIMER0 (2 * 0.061)
#define MA_TIMER1 (2 * 0.176)
#define MA_SPI (2 * 0.187)
#define MA_TWI (2 * 0.200)
#define MA_TIMER2 (2 * 0.224)
#define UA_POWER_DOWN 0.1

static const char *const power_vector_names[SIM_VECTORS] = {
    "RESET", "INT0", "INT1", "PCINT0", "PCINT1", "PCINT2", "WDT", "TIMER2_COMPA", "TIMER2_COMPB",
    "TIMER2_OVF", "TIMER1_CAPT", "TIMER1_COMPA", "TIMER1_COMPB", "TIMER1_OVF", "TIMER0_COMPA",
    "TIMER0_COMPB", "TIMER0_OVF", "SPI_STC", "USART_RX", "USART_UDRE", "USART_TX", "ADC",
    "EE_READY", "ANALOG_COMP", "TWI", "SPM_READY"};

typedef struct {
    double asleep, wakeups, ma;
} power_figures_t;

/* Run `seconds` with the counts restarted; the figures over that stretch. */
static power_figures_t power_measure(scn_t *s, unsigned seconds)
{
    sim_t *sim = scn_sim(s);
    sim_power_watch(sim);
    scn_run_ms(s, seconds * 1000u);
    const sim_power_t *p = sim_power(sim);
    const double total = (double)(p->awake + p->asleep);
    power_figures_t f = {100.0 * (double)p->asleep / total, (double)p->wakeups / seconds, 0};
    const uint8_t prr = p->at_sleep[SIM_AT_PRR];
    double modules = MA_USART + MA_TIMER0; /* never gated: the console and the tick */
    if (!(prr & (1u << 3))) modules += MA_TIMER1; /* PRTIM1 */
    if (!(prr & (1u << 2))) modules += MA_SPI;    /* PRSPI */
    if (!(prr & (1u << 7))) modules += MA_TWI;    /* PRTWI */
    if (!(prr & (1u << 6))) modules += MA_TIMER2; /* PRTIM2 */
    f.ma = ((double)p->awake * MA_ACTIVE + (double)p->asleep * MA_IDLE) / total + modules;
    return f;
}

int main(int argc, char **argv)
{
    char err[256];
    if (argc < 3) return 2;
    const unsigned seconds = argc > 3 ? (unsigned)atoi(argv[3]) : 60;
    scn_t *s = scn_open(argv[1], argv[2], err, sizeof err);
    if (!s || !scn_wait_line(s, "@turn human", 3000)) {
        printf("power: %s\n", s ? "no game" : err);
        return 1;
    }
    sim_t *sim = scn_sim(s);
    /* the handlers' interrupts-off time over everything below, the menu's presses included */
    uint64_t isr_max[SIM_VECTORS] = {0}, cli_max = 0;
    scn_run_ms(s, 1000);
    const power_figures_t idle = power_measure(s, seconds);
    const sim_power_t *p = sim_power(sim);
    for (int v = 0; v < SIM_VECTORS; v++) isr_max[v] = p->irq_off_max[v];
    cli_max = p->cli_max;
    sim_power_watch(sim);
    scn_hold(s, SIM_BTN_B, 1100);
    const bool menu_open = scn_wait_line(s, "@menu ", 500) != NULL;
    scn_tap(s, SIM_BTN_DOWN); /* a line with a value to show */
    scn_run_ms(s, 1000);
    for (int v = 0; v < SIM_VECTORS; v++)
        if (p->irq_off_max[v] > isr_max[v]) isr_max[v] = p->irq_off_max[v];
    const power_figures_t menu = power_measure(s, seconds);
    for (int v = 0; v < SIM_VECTORS; v++)
        if (p->irq_off_max[v] > isr_max[v]) isr_max[v] = p->irq_off_max[v];
    if (p->cli_max > cli_max) cli_max = p->cli_max;
    /* standby: the default 2 minutes without input, then power-down */
    sim_power_watch(sim);
    const bool slept = scn_wait_line(s, "@sleep", 130000) != NULL;
    scn_run_ms(s, 100);
    const uint8_t smcr = sim_power(sim)->at_sleep[SIM_AT_SMCR];
    sim_power_watch(sim);
    scn_run_ms(s, seconds * 1000u);
    const bool stayed = sim_power(sim)->wakeups == 0;

    int worst = 0;
    for (int v = 1; v < SIM_VECTORS; v++)
        if (isr_max[v] > isr_max[worst]) worst = v;
    printf("power on %s (%u s each, simulated; current estimated from ATmega328P datasheet "
           "typicals at 5 V, 16 MHz, chip only):\n", argv[2], seconds);
    printf("  game start, no input: asleep %.2f %%, %.0f wake-ups/s, ~%.2f mA: target >= %.0f %%: %s\n",
           idle.asleep, idle.wakeups, idle.ma, POWER_TARGET, idle.asleep >= POWER_TARGET ? "met" : "MISSED");
    printf("  menu, no input:       asleep %.2f %%, %.0f wake-ups/s, ~%.2f mA: target >= %.0f %%: %s\n",
           menu.asleep, menu.wakeups, menu.ma, POWER_TARGET,
           menu_open && menu.asleep >= POWER_TARGET ? "met" : "MISSED");
    printf("  standby after 2 min:  %s, SMCR %02x at SLEEP (power-down %s), %s for %u s, ~%.1f uA\n",
           slept ? "@sleep" : "no @sleep", smcr, (smcr & 0x0F) == 0x05 ? "yes" : "NO",
           stayed ? "no wake-up" : "WOKEN", seconds, UA_POWER_DOWN);
    printf("  longest interrupts-off per handler (chip cycles: +4 response, SPI at 32 a byte):");
    for (int v = 0; v < SIM_VECTORS; v++)
        if (isr_max[v]) printf(" %s %llu", power_vector_names[v], (unsigned long long)isr_max[v]);
    printf("; main's cli %llu\n", (unsigned long long)cli_max);
    printf("  longest handler: %s, %llu cycles: target <= %d: %s\n", power_vector_names[worst],
           (unsigned long long)isr_max[worst], POWER_ISR_LIMIT,
           isr_max[worst] <= POWER_ISR_LIMIT ? "met" : "MISSED");
    scn_close(s);
    return 0;
}
