/* sim_core.c: loads a firmware ELF into libsimavr and runs it fast and quietly for tests.
 * It owns the run loop, so everything that must happen between instructions lives here:
 * feeding queued UART input under XON/XOFF, the probe hooks on GPIOR0 (sim_probe.h), the
 * optional wall-clock pacing, collecting UART output into lines, and counting (and stopping
 * at) the firmware's EEPROM byte writes through a hook that takes simavr's place on EECR and
 * gives each byte the chip's write time,
 * the gaps between WDR instructions, and the chip's watchdog rule simavr lacks (below).
 * Resets go through avr_reset() plus the repairs a harness needs (pins, flags, SRAM). */
#include "sim_core.h"
#include "sim_probe.h"

#include <avr_eeprom.h>
#include <avr_ioport.h>
#include <avr_spi.h>
#include <avr_uart.h>
#include <avr_watchdog.h>
#include <sim_avr.h>
#include <sim_elf.h>

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SIM_DEFAULT_MCU "atmega328p"
#define SIM_DEFAULT_FREQUENCY 16000000u
/* First SRAM byte of the ATmega328P, used when the ELF lacks symbols. */
#define SIM_RAM_START 0x100u
#define SIM_DATA_OFFSET 0x800000u /* avr-gcc puts data addresses at this offset in the ELF */
#define SIM_UCSR0B_DATA 0xC1      /* UART0 control register B and its receiver-enable bit */
#define SIM_RXEN0_BIT 4
#define SIM_NS_PER_S 1000000000ull
#define SIM_REALTIME_SLACK_NS 100000000ull /* a host further behind than this stops catching up */
#define SIM_WDTCSR_DATA 0x60 /* watchdog control: WDE is bit 3 */
#define SIM_WDE_BIT 3
#define SIM_MCUSR_DATA 0x54 /* reset flags: WDRF is bit 3 */
#define SIM_WDRF_BIT 3
#define SIM_WDR_OPCODE 0x95A8

typedef struct {
    uint64_t *v;
    size_t n, cap;
} sim_samples_t;

struct sim {
    avr_t *avr;
    char *elf_path;
    avr_irq_t *uart_irq;

    uint8_t *out; /* every byte UART0 sent */
    size_t out_len, out_cap;
    char *line; /* the line being received, NUL-terminated */
    size_t line_len, line_cap;
    char **lines;
    size_t nlines, lines_cap;
    sim_line_fn line_fn;
    void *line_user;

    uint16_t *in; /* bytes waiting on the wire for the receiver (UART_INPUT_FE: a garbled frame) */
    size_t in_pos, in_len, in_cap;
    bool xon;
    avr_uart_t *uart; /* simavr's UART0 module, for its receive FIFO */
    avr_irq_t *rx_pin; /* PD0 */
    /* the receiver in a sleep mode that stops its clock (the model below) */
    bool rx_deaf;         /* from such a SLEEP until the receiver is back */
    uint64_t rx_woke;     /* the CPU woke at this cycle (0: still asleep) */
    uint64_t rx_startup;  /* cycles from the wake until the clock runs: 16K CK, or 6 (standby) */
    uint64_t rx_t0;       /* the wire's stream of bytes began here (0: none) */
    uint64_t rx_gone;     /* bytes of that stream already past, before in_pos */
    uint64_t rx_pin_high; /* PD0 back high at this cycle (0: not low) */

    bool measuring;
    uint8_t tag;
    uint64_t start_cycle;
    sim_samples_t samples[256];
    char *names[256];

    bool exited;
    int exit_code;
    uint32_t last_pc; /* where the last step began: after a crash, the faulting instruction */
    bool started;     /* a step has run, so pc 0 from now on means a restart */
    unsigned restarts;
    uint32_t restart_pc;

    bool realtime;
    uint64_t rt_cycle0, rt_wall0_ns, rt_next_check;

    bool power_on;  /* sim_power_watch() was called */
    sim_power_t power;
    int off_vector; /* interrupts went off: in this handler's entry, -1 by cli, -2 not off */
    uint64_t off_since, off_spi;
    uint64_t spi_credit; /* simavr's SPI cycles beyond the chip's not yet moved to asleep */

    bool painted;
    uint8_t paint;
    uint16_t paint_lo;
    size_t stack_before; /* deepest stack use before the last power-cycle reset */

    avr_eeprom_t *ee;       /* simavr's EEPROM module; NULL if the MCU has none */
    avr_io_write_t ee_next; /* the EECR write callback the hook wraps, and its parameter */
    void *ee_next_param;
    uint64_t ee_writes, ee_stop;
    bool ee_stop_hit;
    bool ee_busy;     /* a byte is being programmed (EEPE set) until cycle ee_done */
    uint64_t ee_done;
    sim_eeprom_write_t ee_last;

    avr_watchdog_t *wd; /* simavr's watchdog module; NULL if the MCU has none */
    uint64_t wd_due;    /* interrupt-and-reset mode, its interrupt pending: the chip resets here */
    uint64_t wdr_last, wdr_gap; /* the last WDR's cycle, the longest gap between two WDRs */
    unsigned wd_resets;         /* restarts that were watchdog resets */
    bool bootloader;            /* MCUSR reads 0 after every reset, as the Uno's bootloader leaves it */
};

/* Grow *buf so it holds at least `need` items of `size` bytes; aborts on out-of-memory since
 * a harness cannot do anything useful without its buffers. */
static void grow(void *buf, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return;
    size_t ncap = *cap ? *cap : 64;
    while (ncap < need)
        ncap *= 2;
    void *p = realloc(*(void **)buf, ncap * size);
    if (!p) {
        fprintf(stderr, "sim: out of memory\n");
        abort();
    }
    *(void **)buf = p;
    *cap = ncap;
}

static char *dup_str(const char *s, size_t n) {
    char *d = malloc(n + 1);
    if (!d) {
        fprintf(stderr, "sim: out of memory\n");
        abort();
    }
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

/* simavr's default logger prints traces to stdout, which would mix with the firmware's
 * output; keep errors only, on stderr. */
static void quiet_logger(avr_t *avr, const int level, const char *fmt, va_list ap) {
    if (level <= LOG_ERROR && (!avr || avr->log >= level)) vfprintf(stderr, fmt, ap);
}

/* Sleeping costs no host time; sim_run paces against the wall clock when asked to. */
static void no_sleep(avr_t *avr, avr_cycle_count_t how_long) {
    (void)avr;
    (void)how_long;
}

/* "#probe <tag> <name>" names a tag; the rest of the line is ignored. */
static void parse_probe_name(sim_t *sim, const char *line) {
    unsigned tag;
    int start = 0, end = 0;
    if (sscanf(line, "#probe %u %n%*s%n", &tag, &start, &end) < 1 || tag > 255 || end <= start)
        return;
    free(sim->names[tag]);
    sim->names[tag] = dup_str(line + start, (size_t)(end - start));
}

static void end_line(sim_t *sim) {
    grow(&sim->lines, &sim->lines_cap, sim->nlines + 1, sizeof *sim->lines);
    char *l = dup_str(sim->line, sim->line_len);
    sim->lines[sim->nlines++] = l;
    sim->line_len = 0;
    sim->line[0] = 0;
    parse_probe_name(sim, l);
    if (sim->line_fn) sim->line_fn(sim, l, sim->line_user);
}

static void on_uart_output(avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    sim_t *sim = param;
    uint8_t c = (uint8_t)value;
    grow(&sim->out, &sim->out_cap, sim->out_len + 1, 1);
    sim->out[sim->out_len++] = c;
    if (c == '\n') {
        end_line(sim);
    } else if (c != '\r') {
        grow(&sim->line, &sim->line_cap, sim->line_len + 2, 1);
        sim->line[sim->line_len++] = (char)c;
        sim->line[sim->line_len] = 0;
    }
}

static void on_uart_xon(avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)value;
    ((sim_t *)param)->xon = true;
}

static void on_uart_xoff(avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)value;
    ((sim_t *)param)->xon = false;
}

/* Hook on GPIOR0 writes. A hook replaces simavr's own store, so keep the value readable. */
static void on_gpior0_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param) {
    sim_t *sim = param;
    avr->data[addr] = v;
    uint8_t arg = avr->data[SIM_PROBE_GPIOR1_DATA];
    switch (v) {
    case SIM_PROBE_CMD_START:
        sim->measuring = true;
        sim->tag = arg;
        sim->start_cycle = avr->cycle;
        break;
    case SIM_PROBE_CMD_STOP:
        if (sim->measuring) {
            uint64_t d = avr->cycle - sim->start_cycle;
            d = d > SIM_PROBE_OVERHEAD_CYCLES ? d - SIM_PROBE_OVERHEAD_CYCLES : 0;
            sim_samples_t *s = &sim->samples[sim->tag];
            grow(&s->v, &s->cap, s->n + 1, sizeof *s->v);
            s->v[s->n++] = d;
            sim->measuring = false;
        }
        break;
    case SIM_PROBE_CMD_EXIT:
        sim->exited = true;
        sim->exit_code = arg;
        break;
    default:
        break;
    }
}

/* ---- EEPROM: the chip's write time ---- */

/* simavr keeps one write callback per I/O register, and its EEPROM module decides from EEMPE
 * as it was *before* the write whether an EEPE strobe programs a byte. A second callback chained
 * by avr_register_io_write() would run after it and could no longer tell; so this one takes the
 * module's place. simavr 1.6 stores a byte and clears EEPE at once; the chip keeps EEPE set while
 * it programs (3.4 ms erase and write, 1.8 ms erase only or write only: EEPM), ignores EEPE and
 * EERE strobes and EEAR writes meanwhile, halts the CPU 2 cycles on the strobe, and requests its
 * ready interrupt (EE_READY) for as long as EERIE is set and EEPE clear. This hook does all of
 * that; the module only serves reads and EEMPE's 4-cycle window. The byte is stored at the
 * strobe (nothing can read it before EEPE falls; a power cut meanwhile is scn_reset's TORN). A
 * reset while programming does not stop it (datasheet 8.4.2: the write completes), so EEPE reads
 * 1 after it until the time is up; a power cut does. */
#define SIM_EEPE_HALT_CYCLES 2
#define SIM_EEPROM_HALF_US 1800 /* EEPM 01 (erase only) and 10 (write only) */

static avr_cycle_count_t ee_timer(avr_t *avr, avr_cycle_count_t when, void *param);

static uint8_t ee_bit(avr_regbit_t b) {
    return (uint8_t)(b.mask << b.bit);
}

/* EEPE stays set (and the timer that ends the write runs) while the byte is programmed. */
static void ee_arm(sim_t *sim) {
    avr_t *avr = sim->avr;
    if (!sim->ee_busy) return;
    avr->data[sim->ee->r_eecr] |= ee_bit(sim->ee->eepe);
    avr_cycle_timer_register(avr, sim->ee_done > avr->cycle ? sim->ee_done - avr->cycle : 1, ee_timer, sim);
}

/* The write is over: EEPE falls; the ready interrupt follows while EERIE is set (ee_ready). */
static void ee_finish(sim_t *sim) {
    sim->ee_busy = false;
    sim->avr->data[sim->ee->r_eecr] &= (uint8_t)~ee_bit(sim->ee->eepe);
}

/* EE_READY is a level: requested whenever EERIE is set and EEPE clear (raising again while it is
 * pending does nothing). Called after every step and when a write ends. */
static void ee_ready(sim_t *sim) {
    avr_t *avr = sim->avr;
    if (!sim->ee_busy && (avr->data[sim->ee->r_eecr] & ee_bit(sim->ee->ready.enable)) && !sim->ee->ready.pending)
        avr_raise_interrupt(avr, &sim->ee->ready);
}

static avr_cycle_count_t ee_timer(avr_t *avr, avr_cycle_count_t when, void *param) {
    sim_t *sim = param;
    (void)when;
    if (sim->ee_busy && avr->cycle >= sim->ee_done) {
        ee_finish(sim);
        ee_ready(sim);
    }
    return 0;
}

static void on_eecr_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param) {
    sim_t *sim = param;
    avr_eeprom_t *ee = sim->ee;
    const uint8_t eepe = ee_bit(ee->eepe), eere = ee_bit(ee->eere), eempe = ee_bit(ee->eempe);
    /* EEARH's unused bits read as 0 on the chip; simavr would index past its buffer with them. */
    if (ee->r_eearh) avr->data[ee->r_eearh] &= (uint8_t)((ee->size - 1u) >> 8);
    uint16_t a =
        (uint16_t)(avr->data[ee->r_eearl] | (ee->r_eearh ? avr->data[ee->r_eearh] << 8 : 0));
    const bool strobe = (avr->data[ee->r_eecr] & eempe) && (v & eepe);
    if (sim->ee_busy) { /* programming: EEPE and EERE strobes are ignored, EEPM kept */
        const uint8_t eepm = (uint8_t)(ee_bit(ee->eepm[0]) | ee_bit(ee->eepm[1]));
        v = (uint8_t)((v & ~(eepe | eere | eepm)) | (avr->data[ee->r_eecr] & eepm));
        if (strobe) {
            avr->data[ee->r_eecr] = (uint8_t)(v | eepe);
            return;
        }
        sim->ee_next(avr, addr, v, sim->ee_next_param); /* EERIE, EEMPE's window */
        avr->data[ee->r_eecr] |= eepe;
        return;
    }
    if (!strobe || a >= ee->size) {
        sim->ee_next(avr, addr, v, sim->ee_next_param); /* reads, EEMPE, EERIE */
        return;
    }
    const uint8_t mode = (uint8_t)((v >> ee->eepm[0].bit) & 3u); /* EEPM1:0 */
    const uint8_t before = ee->eeprom[a], data = avr->data[ee->r_eedr];
    ee->eeprom[a] = mode == 1 ? 0xFF : mode == 2 ? (uint8_t)(before & data) : data;
    avr->data[ee->r_eecr] = (uint8_t)((v & ~(eempe | eere)) | eepe);
    avr->cycle += SIM_EEPE_HALT_CYCLES;
    sim->ee_busy = true;
    sim->ee_done = avr->cycle + (uint64_t)(mode == 0 ? SIM_EEPROM_WRITE_US : SIM_EEPROM_HALF_US) *
                                    avr->frequency / 1000000u;
    ee_arm(sim);
    sim->ee_last = (sim_eeprom_write_t){a, before, ee->eeprom[a], avr->cycle};
    if (++sim->ee_writes == sim->ee_stop) sim->ee_stop_hit = true;
}

/* EEARL and EEARH: not writable while a byte is programmed. */
static void on_eear_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param) {
    sim_t *sim = param;
    if (!sim->ee_busy) avr->data[addr] = v;
}

/* Find simavr's EEPROM module and put the hook in front of its EECR callback. */
static void hook_eeprom(sim_t *sim) {
    avr_t *avr = sim->avr;
    for (avr_io_t *io = avr->io_port; io; io = io->next)
        if (io->kind && strcmp(io->kind, "eeprom") == 0) sim->ee = (avr_eeprom_t *)io;
    if (!sim->ee || !sim->ee->eeprom || !sim->ee->size) {
        sim->ee = NULL;
        return;
    }
    avr_io_addr_t r = AVR_DATA_TO_IO(sim->ee->r_eecr);
    sim->ee_next = avr->io[r].w.c;
    sim->ee_next_param = avr->io[r].w.param;
    if (!sim->ee_next) { /* nothing to wrap: an EEPROM nobody can write */
        sim->ee = NULL;
        return;
    }
    avr->io[r].w.c = on_eecr_write;
    avr->io[r].w.param = sim;
    avr_register_io_write(avr, sim->ee->r_eearl, on_eear_write, sim);
    if (sim->ee->r_eearh) avr_register_io_write(avr, sim->ee->r_eearh, on_eear_write, sim);
}

uint64_t sim_random_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void sim_set_error(char *err, size_t errlen, const char *fmt, ...) {
    if (!err || !errlen) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* avr_load_firmware() copies what it needs; simavr has no function to free the rest. */
static void free_firmware(elf_firmware_t *fw) {
    if (!fw) return;
    free(fw->flash);
    free(fw->eeprom);
    for (uint32_t i = 0; i < fw->symbolcount; i++)
        free(fw->symbol[i]);
    free(fw->symbol);
    free(fw);
}

sim_t *sim_open(const char *elf_path, char *err, size_t errlen) {
    static bool logger_set;
    if (!logger_set) {
        avr_global_logger_set(quiet_logger);
        logger_set = true;
    }
    if (access(elf_path, R_OK) != 0) {
        sim_set_error(err, errlen, "%s: %s", elf_path, strerror(errno));
        return NULL;
    }
    /* elf_firmware_t is several kB and elf_read_firmware expects it zeroed. */
    elf_firmware_t *fw = calloc(1, sizeof *fw);
    sim_t *sim = calloc(1, sizeof *sim);
    if (!fw || !sim) {
        sim_set_error(err, errlen, "out of memory");
        goto fail;
    }
    /* simavr 1.6 accepts a file that is not ELF at all and loads nothing. */
    if (elf_read_firmware(elf_path, fw) != 0 || !fw->flash || !fw->flashsize) {
        sim_set_error(err, errlen, "%s: not an AVR ELF file with code", elf_path);
        goto fail;
    }
    if (!fw->mmcu[0]) snprintf(fw->mmcu, sizeof fw->mmcu, "%s", SIM_DEFAULT_MCU);
    if (!fw->frequency) fw->frequency = SIM_DEFAULT_FREQUENCY;
    sim->avr = avr_make_mcu_by_name(fw->mmcu);
    if (!sim->avr) {
        sim_set_error(err, errlen, "%s: unknown MCU '%s'", elf_path, fw->mmcu);
        goto fail;
    }
    avr_init(sim->avr);
    avr_load_firmware(sim->avr, fw);
    sim->avr->frequency = fw->frequency;
    sim->avr->sleep = no_sleep;
    sim->avr->log = LOG_ERROR;

    uint32_t flags = 0;
    avr_ioctl(sim->avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    sim->uart_irq = avr_io_getirq(sim->avr, AVR_IOCTL_UART_GETIRQ('0'), 0);
    for (avr_io_t *io = sim->avr->io_port; io; io = io->next)
        if (io->kind && !strcmp(io->kind, "uart")) sim->uart = (avr_uart_t *)io;
    sim->rx_pin = avr_io_getirq(sim->avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 0);
    if (sim->uart_irq) {
        avr_irq_register_notify(sim->uart_irq + UART_IRQ_OUTPUT, on_uart_output, sim);
        avr_irq_register_notify(sim->uart_irq + UART_IRQ_OUT_XON, on_uart_xon, sim);
        avr_irq_register_notify(sim->uart_irq + UART_IRQ_OUT_XOFF, on_uart_xoff, sim);
    }
    avr_register_io_write(sim->avr, SIM_PROBE_GPIOR0_DATA, on_gpior0_write, sim);
    hook_eeprom(sim);
    for (avr_io_t *io = sim->avr->io_port; io; io = io->next)
        if (io->kind && !strcmp(io->kind, "watchdog")) sim->wd = (avr_watchdog_t *)io; /* io first */

    grow(&sim->line, &sim->line_cap, 1, 1);
    sim->line[0] = 0;
    sim->elf_path = dup_str(elf_path, strlen(elf_path));
    free_firmware(fw);
    return sim;

fail:
    free_firmware(fw);
    if (sim && sim->avr) {
        avr_terminate(sim->avr);
        free(sim->avr);
    }
    free(sim);
    return NULL;
}

void sim_close(sim_t *sim) {
    if (!sim) return;
    avr_terminate(sim->avr);
    free(sim->avr);
    free(sim->elf_path);
    free(sim->out);
    free(sim->line);
    for (size_t i = 0; i < sim->nlines; i++)
        free(sim->lines[i]);
    free(sim->lines);
    free(sim->in);
    for (int t = 0; t < 256; t++) {
        free(sim->samples[t].v);
        free(sim->names[t]);
    }
    free(sim);
}

struct avr_t *sim_avr(sim_t *sim) {
    return sim->avr;
}

uint32_t sim_frequency(const sim_t *sim) {
    return sim->avr->frequency;
}

uint64_t sim_cycles(const sim_t *sim) {
    return sim->avr->cycle;
}

uint32_t sim_pc(const sim_t *sim) {
    return sim->last_pc;
}

unsigned sim_restarts(const sim_t *sim, uint32_t *from_pc) {
    if (from_pc) *from_pc = sim->restart_pc;
    return sim->restarts;
}

int sim_exit_code(const sim_t *sim) {
    return sim->exit_code;
}

/* ---- running ---- */

static uint64_t wall_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * SIM_NS_PER_S + (uint64_t)ts.tv_nsec;
}

void sim_set_realtime(sim_t *sim, bool on) {
    sim->realtime = on;
    sim->rt_cycle0 = sim->avr->cycle;
    sim->rt_wall0_ns = wall_ns();
    sim->rt_next_check = sim->avr->cycle;
}

/* Sleep until the wall clock catches up with simulated time; checked once per simulated ms. */
static void pace(sim_t *sim) {
    uint64_t f = sim->avr->frequency;
    uint64_t c = sim->avr->cycle - sim->rt_cycle0;
    uint64_t sim_ns = c / f * SIM_NS_PER_S + c % f * SIM_NS_PER_S / f;
    uint64_t now_ns = wall_ns() - sim->rt_wall0_ns;
    if (sim_ns > now_ns) {
        uint64_t d = sim_ns - now_ns;
        struct timespec ts = {(time_t)(d / SIM_NS_PER_S), (long)(d % SIM_NS_PER_S)};
        nanosleep(&ts, NULL);
    } else if (now_ns - sim_ns > SIM_REALTIME_SLACK_NS) {
        sim_set_realtime(sim, true);
    }
    sim->rt_next_check = sim->avr->cycle + f / 1000;
}

/* The receiver drops bytes while disabled, so wait for RXEN0 as well as XON. Bytes go in at the
 * line's pace: one into simavr's receive FIFO when it is empty (simavr raises RXC one character
 * time later), so the bytes still queued here are the ones still on the wire. */
static void feed_uart(sim_t *sim) {
    if (!(sim->avr->data[SIM_UCSR0B_DATA] & (1u << SIM_RXEN0_BIT))) return;
    if (sim->rx_deaf || (sim->uart && sim->uart->input.read != sim->uart->input.write)) return;
    if (sim->xon && sim->in_pos < sim->in_len)
        avr_raise_irq(sim->uart_irq + UART_IRQ_INPUT, sim->in[sim->in_pos++]);
    if (sim->in_pos == sim->in_len) sim->in_pos = sim->in_len = 0;
}

/* ---- the receiver asleep ----
 * In power-down and power-save the USART has no clock (datasheet Table 10-1), and in standby
 * clk_IO stops too: a byte on RX is only an edge on PD0, which wakes the chip through PCINT16 if
 * that is enabled. The clock runs again the start-up time after the wake (16K CK = 1.024 ms
 * with the Uno's fuses, 6 CK from standby); until then every byte on the wire is lost, and the
 * receiver then starts on the first falling edge it sees, which may be in the middle of a byte:
 * it frames garbage, with a framing error whenever its stop bit reads 0 (20.8.1), until a frame
 * happens to start on a real start bit. simavr keeps its USART running while asleep; this models
 * the chip: from such a SLEEP, the bytes queued here are a stream on the wire, back to back from
 * the first one's start bit, and none reach the FIFO until the receiver is back. */
#define SIM_SMCR_DATA 0x53
#define SIM_UBRR0L_DATA 0xC4
#define SIM_UBRR0H_DATA 0xC5
#define SIM_UCSR0A_DATA 0xC0
#define SIM_U2X0_BIT 1
#define SIM_STARTUP_CK 16384u /* CKSEL 1111, SUT 11 (L=0xFF): from power-down and power-save */
#define SIM_STANDBY_CK 6u
#define SIM_FRAME_BITS 10u /* start, 8 data, stop */

/* Cycles per bit at the firmware's baud rate. */
static uint64_t rx_bit_cycles(const sim_t *sim) {
    const avr_t *avr = sim->avr;
    const unsigned ubrr = (unsigned)(avr->data[SIM_UBRR0L_DATA] | (avr->data[SIM_UBRR0H_DATA] & 0x0F) << 8);
    return (uint64_t)(ubrr + 1) * ((avr->data[SIM_UCSR0A_DATA] & (1u << SIM_U2X0_BIT)) ? 8 : 16);
}

/* Bit q (0: the stream's first start bit) of the stream on the wire: idle (1) after its end. */
static unsigned rx_wire_bit(const sim_t *sim, uint64_t q) {
    const uint64_t m = q / SIM_FRAME_BITS, b = q % SIM_FRAME_BITS;
    if (m < sim->rx_gone || m - sim->rx_gone >= sim->in_len - sim->in_pos) return 1;
    if (b == 0) return 0;
    if (b == SIM_FRAME_BITS - 1) return 1;
    return (sim->in[sim->in_pos + (m - sim->rx_gone)] >> (b - 1)) & 1u;
}

/* The receiver is back at cycle `back`: what it frames from the stream replaces the stream's
 * bytes, garbage first, then the bytes from the first real start bit it lands on. */
static void rx_resync(sim_t *sim, uint64_t back) {
    const uint64_t bit = rx_bit_cycles(sim);
    const uint64_t end = (sim->rx_gone + (sim->in_len - sim->in_pos)) * SIM_FRAME_BITS;
    uint64_t q = back > sim->rx_t0 ? (back - sim->rx_t0 + bit - 1) / bit : 0;
    uint16_t framed[64];
    size_t n = 0;
    for (; q < end; q++) {
        if (rx_wire_bit(sim, q) || (q && !rx_wire_bit(sim, q - 1))) continue; /* a falling edge */
        if (q % SIM_FRAME_BITS == 0) break; /* on a real start bit: in step from here */
        uint16_t v = 0;
        for (unsigned b = 0; b < 8; b++) v |= (uint16_t)(rx_wire_bit(sim, q + 1 + b) << b);
        if (!rx_wire_bit(sim, q + SIM_FRAME_BITS - 1)) v |= UART_INPUT_FE;
        if (n < sizeof framed / sizeof framed[0]) framed[n++] = v;
        q += SIM_FRAME_BITS - 1;
    }
    const uint64_t keep_from = q < end ? q / SIM_FRAME_BITS : sim->rx_gone + (sim->in_len - sim->in_pos);
    sim->in_pos += keep_from - sim->rx_gone; /* the bytes before: lost or garbled */
    if (n) { /* the garbage goes in front of the rest */
        const size_t rest = sim->in_len - sim->in_pos;
        uint16_t *buf = malloc((n + rest + 1) * sizeof *buf);
        if (!buf) abort();
        memcpy(buf, framed, n * sizeof *buf);
        memcpy(buf + n, sim->in + sim->in_pos, rest * sizeof *buf);
        free(sim->in);
        sim->in = buf;
        sim->in_cap = n + rest + 1;
        sim->in_pos = 0;
        sim->in_len = n + rest;
    }
    sim->rx_t0 = sim->rx_gone = 0;
}

/* Before a step: a SLEEP in a mode that stops the USART makes the receiver deaf. */
static bool rx_sleeping_mode(const avr_t *avr) {
    const uint8_t smcr = avr->data[SIM_SMCR_DATA];
    const uint8_t sm = (uint8_t)((smcr >> 1) & 7u);
    return (smcr & 1u) && (sm == 2 || sm == 3 || sm == 6 || sm == 7);
}

/* After each step while the receiver is deaf: the stream's first edge on PD0, bytes passing
 * by, the wake, and the receiver back after the start-up time. */
static void rx_watch(sim_t *sim) {
    avr_t *avr = sim->avr;
    const uint64_t now = avr->cycle;
    if (sim->rx_pin_high && now >= sim->rx_pin_high) {
        sim->rx_pin_high = 0;
        if (sim->rx_pin) avr_raise_irq(sim->rx_pin, 1);
    }
    if (!sim->rx_t0 && sim->in_pos < sim->in_len) { /* the first start bit: a falling edge */
        sim->rx_t0 = now ? now : 1;
        sim->rx_gone = 0;
        if (sim->rx_pin) {
            avr_raise_irq(sim->rx_pin, 0);
            sim->rx_pin_high = now + rx_bit_cycles(sim);
        }
    }
    if (!sim->rx_woke && avr->state == cpu_Running) sim->rx_woke = now ? now : 1;
    const uint64_t back = sim->rx_woke ? sim->rx_woke + sim->rx_startup : UINT64_MAX;
    if (sim->rx_t0) {
        const uint64_t frame = rx_bit_cycles(sim) * SIM_FRAME_BITS;
        if (now >= back) {
            rx_resync(sim, back);
        } else { /* bytes wholly past are gone */
            while (sim->in_pos < sim->in_len && sim->rx_t0 + (sim->rx_gone + 1) * frame <= now) {
                sim->in_pos++;
                sim->rx_gone++;
            }
            if (sim->in_pos == sim->in_len) {
                sim->in_pos = sim->in_len = 0;
                sim->rx_t0 = sim->rx_gone = 0;
            }
        }
    }
    if (now >= back) sim->rx_deaf = false;
}

static sim_status_t final_status(const sim_t *sim) {
    if (sim->exited) return SIM_EXITED;
    switch (sim->avr->state) {
    case cpu_Running:
    case cpu_Sleeping:
        return SIM_RUNNING;
    case cpu_Crashed:
        return SIM_CRASHED;
    default: /* cpu_Done, or stopped in a way that would never advance */
        return SIM_DONE;
    }
}

static void reset_ports(avr_t *avr);

/* The chip's rule in interrupt-and-reset mode: "if the interrupt is not executed before the next
 * time-out, a System Reset will be applied". simavr 1.6 instead raises the interrupt again
 * for ever, so a hang with interrupts off (a stuck interrupt handler) never resets. Model it:
 * one timeout after the interrupt became pending (a WDR in between restarts the count), reset
 * as simavr's own watchdog reset does (WDRF, watchdog on at 16 ms). Also time the WDRs. */
static void watch_watchdog(sim_t *sim) {
    avr_t *avr = sim->avr;
    avr_watchdog_t *wd = sim->wd;
    const bool wdr = (uint16_t)(avr->flash[avr->pc] | avr->flash[avr->pc + 1] << 8) == SIM_WDR_OPCODE;
    if (wdr) {
        if (sim->wdr_last && avr->cycle - sim->wdr_last > sim->wdr_gap)
            sim->wdr_gap = avr->cycle - sim->wdr_last;
        sim->wdr_last = avr->cycle;
    }
    if (!wd->watchdog.pending || !(avr->data[SIM_WDTCSR_DATA] & (1u << SIM_WDE_BIT))) {
        sim->wd_due = 0;
        return;
    }
    if (!sim->wd_due || wdr) sim->wd_due = avr->cycle + wd->cycle_count;
    if (avr->cycle < sim->wd_due) return;
    sim->wd_due = 0;
    wd->reset_context.avr_run = avr->run;
    wd->reset_context.wdrf = 1;
    avr_reset(avr);
}

/* ---- power ---- */

#define SIM_SLEEP_OPCODE 0x9588
#define SIM_VECTOR_BYTES 4

static const uint8_t power_at_regs[SIM_AT_COUNT] = {
    [SIM_AT_SMCR] = 0x53, [SIM_AT_MCUCR] = 0x55, [SIM_AT_PRR] = 0x64, [SIM_AT_TCCR0B] = 0x45,
    [SIM_AT_TCCR1B] = 0x81, [SIM_AT_TCCR2B] = 0xB1, [SIM_AT_PCICR] = 0x68, [SIM_AT_PCMSK0] = 0x6B,
    [SIM_AT_PCMSK1] = 0x6C, [SIM_AT_PCMSK2] = 0x6D, [SIM_AT_EIMSK] = 0x3D, [SIM_AT_WDTCSR] = 0x60,
    [SIM_AT_ADCSRA] = 0x7A, [SIM_AT_ACSR] = 0x50, [SIM_AT_UCSR0B] = 0xC1, [SIM_AT_PORTD] = 0x2B,
    [SIM_AT_DDRD] = 0x2A, [SIM_AT_PCIFR] = 0x3B,
};

static void power_on_spi(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)value;
    sim_t *sim = param;
    if (sim->power_on) sim->power.spi_bytes++;
}

void sim_power_watch(sim_t *sim) {
    if (!sim->power_on) {
        avr_irq_t *spi = avr_io_getirq(sim->avr, AVR_IOCTL_SPI_GETIRQ(0), SPI_IRQ_OUTPUT);
        if (spi) avr_irq_register_notify(spi, power_on_spi, sim);
    }
    memset(&sim->power, 0, sizeof sim->power);
    sim->power.wake_vector = -1;
    sim->off_vector = sim->avr->sreg[S_I] ? -2 : -1;
    sim->off_since = sim->avr->cycle;
    sim->off_spi = 0;
    sim->spi_credit = 0;
    sim->power_on = true;
}

const sim_power_t *sim_power(const sim_t *sim) {
    return &sim->power;
}

/* After one avr_run(): book its cycles and follow the interrupt flag. */
static void power_step(sim_t *sim, int state_before, uint32_t pc_before, uint64_t cycle_before,
                       uint64_t spi_before) {
    avr_t *avr = sim->avr;
    sim_power_t *p = &sim->power;
    const uint64_t delta = avr->cycle - cycle_before;
    sim->spi_credit += (p->spi_bytes - spi_before) * (SIM_SPI_SIMAVR_CYCLES - SIM_SPI_CHIP_CYCLES);
    const bool slept_here = state_before == cpu_Running && pc_before + 1 < avr->flashend &&
                            (avr->flash[pc_before] | avr->flash[pc_before + 1] << 8) == SIM_SLEEP_OPCODE;
    if (state_before == cpu_Sleeping) {
        p->asleep += delta;
    } else if (slept_here) {
        p->sleeps++;
        for (int i = 0; i < SIM_AT_COUNT; i++) p->at_sleep[i] = avr->data[power_at_regs[i]];
        p->awake += 1;
        p->asleep += delta - 1;
    } else { /* awake; an SPI byte's wait beyond the chip's 32 cycles is time it would sleep */
        const uint64_t extra = sim->spi_credit < delta ? sim->spi_credit : delta;
        sim->spi_credit -= extra;
        p->awake += delta - extra;
        p->asleep += extra;
    }
    if ((state_before == cpu_Sleeping || slept_here) && avr->state == cpu_Running) {
        p->wakeups++;
        p->wake_vector = avr->pc < SIM_VECTORS * SIM_VECTOR_BYTES ? (int)(avr->pc / SIM_VECTOR_BYTES) : -1;
    }
    /* interrupts off: from a handler's entry (or a cli) until they are on again */
    const bool on = avr->sreg[S_I];
    if (sim->off_vector == -2 && !on) {
        sim->off_since = avr->cycle;
        sim->off_spi = p->spi_bytes;
        sim->off_vector = avr->pc < SIM_VECTORS * SIM_VECTOR_BYTES ? (int)(avr->pc / SIM_VECTOR_BYTES) : -1;
        if (sim->off_vector >= 0) p->irq_count[sim->off_vector]++;
    } else if (sim->off_vector != -2 && on) {
        uint64_t span = avr->cycle - sim->off_since;
        const uint64_t extra = (p->spi_bytes - sim->off_spi) * (SIM_SPI_SIMAVR_CYCLES - SIM_SPI_CHIP_CYCLES);
        span = extra < span ? span - extra : 0;
        if (sim->off_vector >= 0) {
            span += SIM_IRQ_ENTRY_CYCLES;
            if (span > p->irq_off_max[sim->off_vector]) p->irq_off_max[sim->off_vector] = span;
        } else if (span > p->cli_max) {
            p->cli_max = span;
        }
        sim->off_vector = -2;
    }
}

/* avr_run() executes one instruction (or one sleep interval) per call. */
static sim_status_t run_until(sim_t *sim, uint64_t end, sim_status_t at_end) {
    avr_t *avr = sim->avr;
    for (;;) {
        sim_status_t st = final_status(sim);
        if (st != SIM_RUNNING) return st;
        if (sim->ee_stop_hit) {
            sim->ee_stop_hit = false;
            sim->ee_stop = 0;
            return SIM_EEPROM_STOP;
        }
        if (avr->cycle >= end) return at_end;
        const int state = avr->state; /* before an edge on PD0 can wake the CPU */
        if (sim->rx_deaf) rx_watch(sim);
        if (sim->in_len && sim->xon) feed_uart(sim);
        if (sim->realtime && avr->cycle >= sim->rt_next_check) pace(sim);
        if (sim->wd) watch_watchdog(sim);
        if (avr->pc == avr->reset_pc && sim->started) {
            sim->restarts++;
            sim->restart_pc = sim->last_pc;
            sim->wdr_last = sim->wd_due = 0;
            if (avr->data[SIM_MCUSR_DATA] & (1u << SIM_WDRF_BIT)) { /* a watchdog reset */
                sim->wd_resets++;
                reset_ports(avr); /* the pins float */
                if (sim->ee) ee_arm(sim); /* a byte being programmed goes on */
            }
            if (sim->bootloader) avr->data[SIM_MCUSR_DATA] = 0;
        }
        if (sim->ee) ee_ready(sim);
        sim->started = true;
        sim->last_pc = avr->pc;
        const bool deafening = !sim->rx_deaf && rx_sleeping_mode(avr) && avr->state == cpu_Running &&
                               (uint16_t)(avr->flash[avr->pc] | avr->flash[avr->pc + 1] << 8) == SIM_SLEEP_OPCODE;
        if (!sim->power_on) {
            avr_run(avr);
        } else {
            const uint64_t cycle = avr->cycle, spi = sim->power.spi_bytes;
            avr_run(avr);
            power_step(sim, state, sim->last_pc, cycle, spi);
        }
        if (deafening && avr->state == cpu_Sleeping) {
            const uint8_t sm = (uint8_t)((avr->data[SIM_SMCR_DATA] >> 1) & 7u);
            sim->rx_deaf = true;
            sim->rx_woke = 0;
            sim->rx_startup = sm >= 6 ? SIM_STANDBY_CK : SIM_STARTUP_CK;
        }
    }
}

static uint64_t add_sat(uint64_t a, uint64_t b) {
    return a + b < a ? UINT64_MAX : a + b;
}

sim_status_t sim_run(sim_t *sim, uint64_t max_cycles) {
    return run_until(sim, add_sat(sim->avr->cycle, max_cycles), SIM_TIMEOUT);
}

sim_status_t sim_run_for(sim_t *sim, uint64_t cycles) {
    return run_until(sim, add_sat(sim->avr->cycle, cycles), SIM_RUNNING);
}

/* ---- resets ---- */

/* avr_reset() zeroes the I/O registers without telling anyone. Tell the IRQ listeners that
 * every port is an input with PORT 0 now (so LEDs go dark, and later writes of the old values
 * notify again); let every pin no part drives fall low as at power-up, while externally driven
 * pins (held buttons) keep their level; and make each PIN register show those levels, since
 * simavr only updates a PIN bit when its pin's IRQ changes. */
static void reset_ports(avr_t *avr) {
    for (avr_io_t *io = avr->io_port; io; io = io->next) {
        if (!io->kind || strcmp(io->kind, "port") != 0 || io->irq_count < IOPORT_IRQ_COUNT)
            continue;
        avr_ioport_t *p = (avr_ioport_t *)io;
        avr_raise_irq(io->irq + IOPORT_IRQ_DIRECTION_ALL, 0);
        avr_raise_irq(io->irq + IOPORT_IRQ_REG_PORT, 0);
        uint8_t pin = (uint8_t)(p->external.pull_value & p->external.pull_mask);
        for (int i = 0; i < 8; i++)
            avr_raise_irq(io->irq + IOPORT_IRQ_PIN0 + i, (pin >> i) & 1u);
        avr->data[p->r_pin] = pin;
    }
}

void sim_reset(sim_t *sim, sim_reset_t kind, uint64_t seed) {
    avr_t *avr = sim->avr;
    sim->wd_due = sim->wdr_last = 0;
    const avr_regbit_t porf = avr->reset_flags.porf, extrf = avr->reset_flags.extrf;
    uint8_t flags = porf.reg ? avr->data[porf.reg] : 0;
    if (kind == SIM_RESET_POWER) {
        size_t hw = sim_stack_high_water(sim);
        if (hw > sim->stack_before) sim->stack_before = hw;
    }
    avr_reset(avr);
    reset_ports(avr);
    if (sim->ee && kind == SIM_RESET_POWER) sim->ee_busy = false; /* the write is cut */
    else if (sim->ee) ee_arm(sim);                                /* it goes on */
    if (kind == SIM_RESET_POWER) {
        uint64_t r = seed;
        for (uint32_t a = 0; a <= avr->ramend; a++) {
            if (a == 32) a = (uint32_t)avr->ioend + 1; /* registers, then SRAM */
            avr->data[a] = (uint8_t)sim_random_next(&r);
        }
        if (sim->painted)
            memset(avr->data + sim->paint_lo, sim->paint,
                   (size_t)(avr->ramend - sim->paint_lo) + 1);
        flags = 0;
    }
    /* The flags register is cleared by avr_reset(); the chip keeps the old flags on a pin reset. */
    if (porf.reg) {
        const avr_regbit_t borf = avr->reset_flags.borf;
        const avr_regbit_t f = kind == SIM_RESET_POWER ? porf : kind == SIM_RESET_PIN ? extrf : borf;
        avr->data[f.reg] = (uint8_t)(flags | f.mask << f.bit);
    }
    if (sim->bootloader && porf.reg) avr->data[porf.reg] = 0;
    if (sim->line_len) end_line(sim);
    sim->xon = true; /* simavr empties the receive FIFO on reset */
    sim->rx_deaf = false; /* awake: the receiver takes what is still on the wire */
    sim->rx_t0 = sim->rx_gone = 0;
    if (sim->rx_pin_high && sim->rx_pin) avr_raise_irq(sim->rx_pin, 1);
    sim->rx_pin_high = 0;
    sim->started = false;
    sim->measuring = false;
    sim->exited = false;
    sim->ee_stop_hit = false;
}

void sim_set_bootloader(sim_t *sim, bool on) {
    sim->bootloader = on;
}

unsigned sim_watchdog_resets(const sim_t *sim) {
    return sim->wd_resets;
}

uint64_t sim_wdr_gap(sim_t *sim, bool restart) {
    const uint64_t gap = sim->wdr_gap;
    if (restart) sim->wdr_gap = sim->wdr_last = 0;
    return gap;
}

/* ---- EEPROM ---- */

size_t sim_eeprom_size(const sim_t *sim) {
    return sim->ee ? sim->ee->size : 0;
}

size_t sim_eeprom_get(const sim_t *sim, uint8_t *buf, size_t len) {
    size_t n = len < sim_eeprom_size(sim) ? len : sim_eeprom_size(sim);
    if (n) memcpy(buf, sim->ee->eeprom, n);
    return n;
}

size_t sim_eeprom_set(sim_t *sim, const uint8_t *buf, size_t len) {
    size_t n = len < sim_eeprom_size(sim) ? len : sim_eeprom_size(sim);
    if (n) memcpy(sim->ee->eeprom, buf, n);
    return n;
}

uint64_t sim_eeprom_writes(const sim_t *sim) {
    return sim->ee_writes;
}

bool sim_eeprom_last_write(const sim_t *sim, sim_eeprom_write_t *w) {
    if (!sim->ee_writes) return false;
    *w = sim->ee_last;
    return true;
}

bool sim_eeprom_busy(const sim_t *sim) {
    return sim->ee_busy;
}

void sim_eeprom_stop_at(sim_t *sim, uint64_t n) {
    sim->ee_stop = n > sim->ee_writes ? n : 0;
    sim->ee_stop_hit = false;
}

/* ---- UART ---- */

void sim_set_line_callback(sim_t *sim, sim_line_fn fn, void *user) {
    sim->line_fn = fn;
    sim->line_user = user;
}

void sim_uart_send(sim_t *sim, const uint8_t *bytes, size_t n) {
    if (!sim->uart_irq || !n) return;
    grow(&sim->in, &sim->in_cap, sim->in_len + n, sizeof *sim->in);
    for (size_t i = 0; i < n; i++) sim->in[sim->in_len++] = bytes[i];
}

size_t sim_uart_pending(const sim_t *sim) {
    return sim->in_len - sim->in_pos;
}

const uint8_t *sim_uart_output(const sim_t *sim, size_t *len) {
    *len = sim->out_len;
    return sim->out;
}

size_t sim_uart_line_count(const sim_t *sim) {
    return sim->nlines;
}

const char *sim_uart_line(const sim_t *sim, size_t i) {
    return i < sim->nlines ? sim->lines[i] : NULL;
}

const char *sim_uart_partial_line(const sim_t *sim) {
    return sim->line;
}

/* ---- probe statistics ---- */

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

bool sim_probe_stats(const sim_t *sim, uint8_t tag, sim_stats_t *stats) {
    const sim_samples_t *s = &sim->samples[tag];
    memset(stats, 0, sizeof *stats);
    if (!s->n) return false;
    uint64_t *v = malloc(s->n * sizeof *v);
    if (!v) {
        fprintf(stderr, "sim: out of memory\n");
        abort();
    }
    memcpy(v, s->v, s->n * sizeof *v);
    qsort(v, s->n, sizeof *v, cmp_u64);
    stats->count = s->n;
    stats->min = v[0];
    stats->median = v[(s->n - 1) / 2];
    stats->max = v[s->n - 1];
    free(v);
    return true;
}

const uint64_t *sim_probe_samples(const sim_t *sim, uint8_t tag, size_t *count) {
    *count = sim->samples[tag].n;
    return sim->samples[tag].v;
}

const char *sim_probe_name(const sim_t *sim, uint8_t tag) {
    return sim->names[tag];
}

void sim_probe_write_stats(const sim_t *sim, FILE *out) {
    for (int t = 0; t < 256; t++) {
        sim_stats_t st;
        if (!sim_probe_stats(sim, (uint8_t)t, &st)) continue;
        fprintf(out, "tag %d count %zu min %llu median %llu max %llu", t, st.count,
                (unsigned long long)st.min, (unsigned long long)st.median,
                (unsigned long long)st.max);
        if (sim->names[t]) fprintf(out, " name %s", sim->names[t]);
        fputc('\n', out);
    }
}

/* ---- ELF symbols and stack painting ---- */

bool sim_symbol(const sim_t *sim, const char *name, uint32_t *value) {
    bool found = false;
    const size_t len = strlen(name);
    if (elf_version(EV_CURRENT) == EV_NONE) return false;
    int fd = open(sim->elf_path, O_RDONLY);
    if (fd < 0) return false;
    Elf *e = elf_begin(fd, ELF_C_READ, NULL);
    Elf_Scn *scn = NULL;
    while (e && !found && (scn = elf_nextscn(e, scn)) != NULL) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || !sh.sh_entsize) continue;
        Elf_Data *d = elf_getdata(scn, NULL);
        size_t n = d ? sh.sh_size / sh.sh_entsize : 0;
        for (size_t i = 0; i < n && !found; i++) {
            GElf_Sym sym;
            const char *s;
            /* LTO may rename a file-local symbol name.lto_priv.N */
            if (gelf_getsym(d, (int)i, &sym) && (s = elf_strptr(e, sh.sh_link, sym.st_name)) &&
                strncmp(s, name, len) == 0 && (!s[len] || strncmp(s + len, ".lto_priv.", 10) == 0)) {
                *value = (uint32_t)sym.st_value;
                found = true;
            }
        }
    }
    if (e) elf_end(e);
    close(fd);
    return found;
}

/* First RAM address above .data, .bss and .noinit; falls back to the start of SRAM. */
static uint16_t ram_free_start(const sim_t *sim) {
    static const char *const names[] = {"_end", "__heap_start", "__bss_end"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        uint32_t v;
        if (sim_symbol(sim, names[i], &v) && v >= SIM_DATA_OFFSET)
            return (uint16_t)(v - SIM_DATA_OFFSET);
    }
    return SIM_RAM_START;
}

void sim_paint_ram(sim_t *sim, uint8_t pattern) {
    avr_t *avr = sim->avr;
    uint16_t lo = ram_free_start(sim);
    if (lo > avr->ramend) return;
    memset(avr->data + lo, pattern, (size_t)(avr->ramend - lo) + 1);
    sim->painted = true;
    sim->stack_before = 0;
    sim->paint = pattern;
    sim->paint_lo = lo;
}

size_t sim_stack_high_water(const sim_t *sim) {
    const avr_t *avr = sim->avr;
    if (!sim->painted) return 0;
    size_t now = 0;
    for (uint32_t a = sim->paint_lo; a <= avr->ramend; a++)
        if (avr->data[a] != sim->paint) {
            now = (size_t)(avr->ramend - a) + 1;
            break;
        }
    return now > sim->stack_before ? now : sim->stack_before;
}
