/* uno.c: the Arduino Uno around a simulated ATmega328P (uno.h). simavr 1.6 stores fuses but
 * acts on none, finishes SPM at once and has no DTR: this file starts the chip in the boot
 * section, keeps SPMEN set for a page's write time, resets the chip when the pty's slave side
 * is opened (the master's POLLHUP clears), and carries bytes between the pty and UART0 at the
 * line rate, in slices of one byte's time, paced to the wall clock. */
#define _GNU_SOURCE /* posix_openpt, cfmakeraw */
#include "uno.h"

#include <avr_flash.h>
#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_io.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <termios.h>
#include <unistd.h>

#define UNO_SPMCSR_DATA 0x57 /* SPMCSR; SPMEN is bit 0 */
#define UNO_SPMEN 0x01
#define UNO_PAGE_OPS 0x06 /* PGERS (bit 1), PGWRT (bit 2) */
#define UNO_PGWRT 0x04
#define UNO_MCUSR_DATA 0x54
#define UNO_UCSR0B_DATA 0xC1 /* RXEN0 is bit 4 */
#define UNO_RXEN0 0x10
#define UNO_IN_MAX 4096
#define UNO_RX_FIFO 2 /* the receiver's two-byte buffer: a third unread byte overruns */
#define UNO_BOOTS_KEPT 64
#define UNO_IO_SLICES 12 /* byte times between two looks at the pty: about 1 ms */

struct uno {
    sim_t *sim;
    avr_t *avr;
    int master;            /* the pty's master side; the slave is the Uno's port */
    char port[64];
    bool port_open;        /* someone has the slave side open */
    int opens;             /* inotify on the slave: its openings and closings, even between looks */
    unsigned open_files;   /* the slave's open files, as those events count them */
    bool off;              /* not powered yet: plugged in as the port first opens */
    unsigned port_resets;
    uint8_t boot[UNO_FLASH_BYTES - UNO_BOOT_START]; /* the boot section as loaded */
    uint8_t in[UNO_IN_MAX]; /* bytes from the port not yet given to the UART */
    size_t in_len;
    size_t out_sent;       /* UART0 output bytes already handled */
    uint64_t spm_busy_until; /* SPMEN reads 1 until this cycle */
    bool spmen_forced;
    unsigned page_writes;
    unsigned d13_flashes;
    unsigned boot_runs;    /* the bootloader read MCUSR: it started */
    uint8_t boot_mcusr[UNO_BOOTS_KEPT]; /* what it found there, by start (mod UNO_BOOTS_KEPT) */
    avr_uart_t *uart;
    unsigned overruns;
    uint32_t d13_last;
    uint64_t power_seed;
    avr_io_t *flash_io;
    int (*flash_ioctl)(struct avr_io_t *io, uint32_t ctl, void *param);
    long lost_page;        /* byte address of a page whose writes are dropped, or -1 */
};

static bool uno_port_is_open(const uno_t *u);

/* simavr's flash module has no user pointer of its own: one Uno per process wraps it. */
static uno_t *uno_flash_owner;

/* SPM: let simavr do it, then keep SPMEN set for the page's erase or write time. */
static int uno_flash_ioctl(struct avr_io_t *io, uint32_t ctl, void *param) {
    uno_t *u = uno_flash_owner;
    const uint8_t spmcsr = u->avr->data[UNO_SPMCSR_DATA];
    const bool page_op = ctl == AVR_IOCTL_FLASH_SPM && (spmcsr & UNO_SPMEN) &&
                         (spmcsr & UNO_PAGE_OPS);
    const uint32_t z = (uint32_t)u->avr->data[30] | (uint32_t)u->avr->data[31] << 8;
    const bool lost = page_op && (spmcsr & UNO_PGWRT) && u->lost_page >= 0 &&
                      z / UNO_PAGE_BYTES == (uint32_t)u->lost_page / UNO_PAGE_BYTES;
    const int r = lost ? 0 : u->flash_ioctl(io, ctl, param); /* a lost write: the page stays erased */
    if (page_op) {
        u->page_writes++;
        u->spm_busy_until = u->avr->cycle + (uint64_t)u->avr->frequency / 1000000u * UNO_PAGE_BUSY_US;
    }
    return r;
}

static uint8_t uno_spmcsr_read(avr_t *avr, avr_io_addr_t addr, void *param) {
    uno_t *u = param;
    uint8_t v = avr->data[addr];
    if (avr->cycle < u->spm_busy_until) {
        u->spmen_forced = true;
        return (uint8_t)(v | UNO_SPMEN);
    }
    if (u->spmen_forced) {
        u->spmen_forced = false;
        v &= (uint8_t)~UNO_SPMEN;
    }
    return v;
}

/* The bootloader's first act is reading MCUSR: count its starts, keep what it found. */
static uint8_t uno_mcusr_read(avr_t *avr, avr_io_addr_t addr, void *param) {
    uno_t *u = param;
    if (avr->pc >= UNO_BOOT_START) u->boot_mcusr[u->boot_runs++ % UNO_BOOTS_KEPT] = avr->data[addr];
    return avr->data[addr];
}

/* D13 (PB5) rising edges while the bootloader runs. */
static void uno_on_d13(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    uno_t *u = param;
    if (value && !u->d13_last && u->avr->pc >= UNO_BOOT_START) u->d13_flashes++;
    u->d13_last = value;
}

/* Read an Intel hex file into img (size bytes from address 0, the rest untouched); marks each
 * byte given in used (may be NULL). */
static bool uno_read_hex(const char *path, uint8_t *img, bool *used, size_t size, char *err, size_t errlen) {
    FILE *f = fopen(path, "r");
    if (!f) {
        sim_set_error(err, errlen, "%s: %s", path, strerror(errno));
        return false;
    }
    char line[600];
    uint32_t base = 0;
    unsigned n = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        n++;
        if (line[0] != ':') continue;
        uint8_t b[260];
        size_t len = 0;
        for (const char *p = line + 1; len < sizeof b && sscanf(p, "%2hhx", &b[len]) == 1; p += 2) len++;
        uint8_t sum = 0;
        for (size_t i = 0; i < len; i++) sum = (uint8_t)(sum + b[i]);
        if (len < 5 || len != (size_t)b[0] + 5u || sum) {
            sim_set_error(err, errlen, "%s:%u: a bad record", path, n);
            ok = false;
        } else if (b[3] == 0) {
            const uint32_t at = base + (uint32_t)(b[1] << 8 | b[2]);
            if (at + b[0] > size) {
                sim_set_error(err, errlen, "%s:%u: bytes at 0x%X, past the flash", path, n, at);
                ok = false;
            }
            for (unsigned i = 0; ok && i < b[0]; i++) {
                img[at + i] = b[4 + i];
                if (used) used[at + i] = true;
            }
        } else if (b[3] == 1) {
            break;
        } else if (b[3] == 2 || b[3] == 4) {
            base = (uint32_t)(b[4] << 8 | b[5]) << (b[3] == 2 ? 4 : 16);
        }
    }
    fclose(f);
    return ok;
}

uno_t *uno_open(sim_t *sim, const char *boot_hex, char *err, size_t errlen) {
    if (uno_flash_owner) {
        sim_set_error(err, errlen, "one Uno at a time");
        return NULL;
    }
    uno_t *u = calloc(1, sizeof *u);
    if (!u) {
        sim_set_error(err, errlen, "out of memory");
        return NULL;
    }
    u->sim = sim;
    u->avr = sim_avr(sim);
    u->master = -1;
    u->opens = -1;
    u->lost_page = -1;
    avr_t *avr = u->avr;
    if (avr->flashend + 1 != UNO_FLASH_BYTES) {
        sim_set_error(err, errlen, "not an ATmega328P (flash of %u bytes)", (unsigned)avr->flashend + 1);
        goto fail;
    }
    /* a chip as it leaves the factory with the bootloader burnt: the rest erased */
    memset(avr->flash, 0xFF, UNO_FLASH_BYTES);
    static bool used[UNO_FLASH_BYTES];
    memset(used, 0, sizeof used);
    if (!uno_read_hex(boot_hex, avr->flash, used, UNO_FLASH_BYTES, err, errlen)) goto fail;
    for (uint32_t a = 0; a < UNO_BOOT_START; a++)
        if (used[a]) {
            sim_set_error(err, errlen, "%s: bytes at 0x%X, below the boot section", boot_hex, a);
            goto fail;
        }
    memcpy(u->boot, avr->flash + UNO_BOOT_START, sizeof u->boot);
    avr->fuse[0] = UNO_FUSE_LOW;
    avr->fuse[1] = UNO_FUSE_HIGH;
    avr->fuse[2] = UNO_FUSE_EXT;
    avr->reset_pc = UNO_BOOT_START; /* BOOTRST (H fuse bit 0 programmed) */

    for (avr_io_t *io = avr->io_port; io; io = io->next) {
        if (io->kind && !strcmp(io->kind, "flash")) u->flash_io = io;
        if (io->kind && !strcmp(io->kind, "uart") && ((avr_uart_t *)io)->name == '0') u->uart = (avr_uart_t *)io;
    }
    if (!u->uart) {
        sim_set_error(err, errlen, "the simulated MCU has no UART0");
        goto fail;
    }
    if (!u->flash_io) {
        sim_set_error(err, errlen, "the simulated MCU has no self-programming");
        goto fail;
    }
    u->flash_ioctl = u->flash_io->ioctl;
    u->flash_io->ioctl = uno_flash_ioctl;
    uno_flash_owner = u;
    avr_register_io_read(avr, UNO_SPMCSR_DATA, uno_spmcsr_read, u);
    avr_register_io_read(avr, UNO_MCUSR_DATA, uno_mcusr_read, u);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), IOPORT_IRQ_PIN0 + 5),
                            uno_on_d13, u);

    u->master = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (u->master < 0 || grantpt(u->master) || unlockpt(u->master) || !ptsname(u->master)) {
        sim_set_error(err, errlen, "no pseudo-terminal: %s", strerror(errno));
        goto fail;
    }
    snprintf(u->port, sizeof u->port, "%s", ptsname(u->master));
    struct termios t;
    if (tcgetattr(u->master, &t) == 0) { /* raw until the opener sets its own (avrdude does) */
        cfmakeraw(&t);
        tcsetattr(u->master, TCSANOW, &t);
    }
    /* the master polls POLLHUP only once a slave has been opened and closed again */
    const int slave = open(u->port, O_RDWR | O_NOCTTY);
    if (slave < 0) {
        sim_set_error(err, errlen, "%s: %s", u->port, strerror(errno));
        goto fail;
    }
    close(slave);
    /* POLLHUP only tells open from closed when the pty is looked at: a port closed and opened
     * again between two looks (avrdude run twice in a row, the simulation behind real time on a
     * busy machine) would reset nothing, and the second avrdude would meet the firmware */
    u->opens = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (u->opens < 0 || inotify_add_watch(u->opens, u->port, IN_OPEN | IN_CLOSE) < 0) {
        sim_set_error(err, errlen, "%s: cannot watch it being opened: %s", u->port, strerror(errno));
        goto fail;
    }
    if (uno_port_is_open(u)) {
        sim_set_error(err, errlen, "%s: cannot tell when it is opened (no POLLHUP)", u->port);
        goto fail;
    }
    u->out_sent = 0;
    sim_uart_output(sim, &u->out_sent); /* what came before is not the Uno's */
    sim_set_realtime(sim, true);
    u->off = true;
    return u;

fail:
    uno_close(u);
    return NULL;
}

void uno_close(uno_t *u) {
    if (!u) return;
    if (u->flash_io && uno_flash_owner == u) {
        u->flash_io->ioctl = u->flash_ioctl;
        uno_flash_owner = NULL;
    }
    if (u->master >= 0) close(u->master);
    if (u->opens >= 0) close(u->opens);
    free(u);
}

const char *uno_port(const uno_t *u) {
    return u->port;
}

void uno_reset(uno_t *u, uno_reset_t kind) {
    static const sim_reset_t kinds[] = {
        [UNO_RESET_POWER] = SIM_RESET_POWER,
        [UNO_RESET_BUTTON] = SIM_RESET_PIN,
        [UNO_RESET_BROWNOUT] = SIM_RESET_BROWNOUT,
    };
    if (u->off) { /* plugged in first: a power-on reset */
        u->off = false;
        sim_reset(u->sim, SIM_RESET_POWER, ++u->power_seed);
        sim_set_realtime(u->sim, true);
    }
    sim_reset(u->sim, kinds[kind], ++u->power_seed);
    u->spm_busy_until = 0;
    u->in_len = 0; /* the receiver starts empty */
}

/* Whether the port went from closed to open since the last call: an opening when no file had
 * it open (DTR falls then; a second file opened beside the first changes nothing on a real
 * Uno), counted from inotify's events in their order. */
static bool uno_port_opened(uno_t *u) {
    char events[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    bool opened = false;
    for (ssize_t n; (n = read(u->opens, events, sizeof events)) > 0;)
        for (const char *e = events; e < events + n; e += sizeof(struct inotify_event) + ((const struct inotify_event *)e)->len) {
            const uint32_t mask = ((const struct inotify_event *)e)->mask;
            if (mask & IN_OPEN) opened |= u->open_files++ == 0;
            if ((mask & IN_CLOSE) && u->open_files) u->open_files--;
        }
    return opened;
}

/* Is the slave side open? The master polls POLLHUP while nobody has it open. */
static bool uno_port_is_open(const uno_t *u) {
    struct pollfd p = {.fd = u->master, .events = POLLIN};
    return poll(&p, 1, 0) >= 0 && !(p.revents & POLLHUP);
}

/* The port's side, about once a simulated millisecond (system calls cost more than a byte's
 * simulation): an opening resets the chip; bytes from the port are queued; UART0's output goes
 * to the port, or nowhere while nobody has it open. */
static void uno_port_io(uno_t *u) {
    const bool open = uno_port_is_open(u);
    const bool opened = uno_port_opened(u);
    if (open && (!u->port_open || opened)) { /* DTR falls as the port opens: RESET pulses */
        u->port_resets++;
        uno_reset(u, UNO_RESET_BUTTON);
    }
    u->port_open = open;
    if (open && u->in_len < UNO_IN_MAX) {
        const ssize_t n = read(u->master, u->in + u->in_len, UNO_IN_MAX - u->in_len);
        if (n > 0) u->in_len += (size_t)n;
    }
    size_t len;
    const uint8_t *out = sim_uart_output(u->sim, &len);
    while (u->out_sent < len) {
        if (!open) { /* nobody listens: the USB-serial chip's bytes go nowhere */
            u->out_sent = len;
            break;
        }
        const ssize_t n = write(u->master, out + u->out_sent, len - u->out_sent);
        if (n <= 0) break; /* full: the rest next time */
        u->out_sent += (size_t)n;
    }
}

/* One byte's time on the line: the next queued byte to UART0's receiver. */
static void uno_feed(uno_t *u) {
    if (!u->in_len || sim_uart_pending(u->sim)) return;
    /* a byte sent while the receiver is off is lost, as on the chip; and simavr's receive FIFO
     * holds 64 bytes where the chip's holds 2: a byte that finds 2 unread overruns */
    const uart_fifo_t *f = &u->uart->input; /* simavr declares its FIFO, defines it only inside */
    const bool on = u->avr->data[UNO_UCSR0B_DATA] & UNO_RXEN0;
    const bool room = ((f->write + uart_fifo_fifo_size) - f->read) % uart_fifo_fifo_size < UNO_RX_FIFO;
    if (on && room) sim_uart_send(u->sim, u->in, 1);
    else if (on) u->overruns++;
    memmove(u->in, u->in + 1, --u->in_len);
}

sim_status_t uno_run_ms(uno_t *u, uint32_t ms) {
    if (u->off) { /* nothing runs; only an opening of the port plugs it in */
        for (uint32_t t = 0; t < ms && u->off; t++) {
            if (uno_port_is_open(u)) uno_port_io(u);
            else usleep(1000);
        }
        return SIM_RUNNING;
    }
    const uint64_t slice = (uint64_t)u->avr->frequency * UNO_BYTE_US / 1000000u;
    const uint64_t end = sim_cycles(u->sim) + (uint64_t)u->avr->frequency / 1000u * ms;
    sim_status_t st = SIM_RUNNING;
    for (unsigned n = 0; st == SIM_RUNNING && sim_cycles(u->sim) < end; n++) {
        if (n % UNO_IO_SLICES == 0) uno_port_io(u);
        uno_feed(u);
        const uint64_t left = end - sim_cycles(u->sim);
        st = sim_run_for(u->sim, left < slice ? left : slice);
    }
    uno_port_io(u);
    return st;
}

unsigned uno_port_resets(const uno_t *u) {
    return u->port_resets;
}

unsigned uno_d13_flashes(const uno_t *u) {
    return u->d13_flashes;
}

unsigned uno_boot_runs(const uno_t *u) {
    return u->boot_runs;
}

uint8_t uno_boot_mcusr(const uno_t *u, unsigned run) {
    return run < u->boot_runs && u->boot_runs - run <= UNO_BOOTS_KEPT ? u->boot_mcusr[run % UNO_BOOTS_KEPT] : 0;
}

unsigned uno_overruns(const uno_t *u) {
    return u->overruns;
}

unsigned uno_page_writes(const uno_t *u) {
    return u->page_writes;
}

bool uno_flash_matches(const uno_t *u, const char *hex, char *err, size_t errlen) {
    static uint8_t img[UNO_FLASH_BYTES];
    static bool used[UNO_FLASH_BYTES];
    memset(used, 0, sizeof used);
    if (!uno_read_hex(hex, img, used, sizeof img, err, errlen)) return false;
    size_t count = 0;
    for (uint32_t a = 0; a < UNO_FLASH_BYTES; a++) {
        if (!used[a]) continue;
        count++;
        if (u->avr->flash[a] != img[a]) {
            sim_set_error(err, errlen, "flash 0x%04X holds 0x%02X, %s has 0x%02X", a,
                          u->avr->flash[a], hex, img[a]);
            return false;
        }
    }
    if (!count) {
        sim_set_error(err, errlen, "%s: no bytes", hex);
        return false;
    }
    sim_set_error(err, errlen, "%zu bytes", count);
    return true;
}

bool uno_program(uno_t *u, const char *hex, char *err, size_t errlen) {
    static uint8_t img[UNO_FLASH_BYTES];
    static bool used[UNO_FLASH_BYTES];
    memset(img, 0xFF, sizeof img);
    memset(used, 0, sizeof used);
    if (!uno_read_hex(hex, img, used, sizeof img, err, errlen)) return false;
    for (uint32_t a = UNO_BOOT_START; a < UNO_FLASH_BYTES; a++)
        if (used[a]) {
            sim_set_error(err, errlen, "%s: bytes at 0x%X, in the boot section", hex, a);
            return false;
        }
    memcpy(u->avr->flash, img, UNO_BOOT_START);
    return true;
}

void uno_lose_page(uno_t *u, long address) {
    u->lost_page = address;
}

bool uno_boot_intact(const uno_t *u) {
    return !memcmp(u->boot, u->avr->flash + UNO_BOOT_START, sizeof u->boot);
}
