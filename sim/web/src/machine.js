// The ATmega328P of an Uno on avr8js: CPU, Timer0/1/2, ports B/C/D, USART0, SPI, EEPROM,
// watchdog. Adds what avr8js leaves to its host: pull-ups and the board's resistors on input
// pins, the RX line's waveform (so a pin-change interrupt on PD0 sees each start bit), byte
// pacing at the baud rate, timed stimuli in simulated time, and resets as the chip does them
// (I/O registers to their reset values, SRAM kept, MCUSR telling the cause).
import {
  AVRClock,
  AVREEPROM,
  AVRIOPort,
  AVRSPI,
  AVRTimer,
  AVRUSART,
  AVRWatchdog,
  CPU,
  avrInstruction,
  portBConfig,
  portCConfig,
  portDConfig,
  spiConfig,
  timer0Config,
  timer1Config,
  timer2Config,
  usart0Config,
  watchdogConfig,
} from 'avr8js';

export const F_CPU = 16000000;
export const FLASH_BYTES = 0x8000;
export const SRAM_BYTES = 0x800;
export const EEPROM_BYTES = 1024;

const MCUSR = 0x54;
const SMCR = 0x53;
const SMCR_SE = 0x01;
const OP_SLEEP = 0x9588;
const OP_SEI = 0x9478;
const OP_RETI = 0x9518;
const WDTCSR = 0x60;
export const RESET_FLAGS = { power: 0x01, external: 0x02, brownout: 0x04, watchdog: 0x08 };
const PORT_CONFIGS = { B: portBConfig, C: portCConfig, D: portDConfig };
const RX_PIN = 0; // PD0

const UCSR0A = usart0Config.UCSRA;
const UCSRA_READ_ONLY = 0x80 | 0x20 | 0x10 | 0x08 | 0x04; // RXC UDRE FE DOR UPE
const UCSRA_TXC = 0x40;
const UCSRA_RXC = 0x80;
const UCSRA_DOR = 0x08;
const UCSRA_FE = 0x10;

/**
 * Two places where avr8js 0.21's USART differs from the chip, and an interrupt-driven
 * transmitter stalls: (1) UDRE is a level, but servicing its interrupt cleared the flag, so an
 * ISR that finds nothing to send and turns UDRIE off never runs again when UDRIE comes back on;
 * (2) writing UCSR0A cleared its read-only flags (UDRE among them) and TXC, which only a
 * written 1 clears.
 */
function fixUsart(cpu, usart) {
  usart.UDRE.constant = true; // pending while UDRE and UDRIE are both set, as on the chip
  const write = cpu.writeHooks[UCSR0A];
  cpu.writeHooks[UCSR0A] = (value, old, addr, mask) => {
    const keep = (old & UCSRA_READ_ONLY) | (old & UCSRA_TXC & ~value);
    write(value, old, addr, mask);
    cpu.data[UCSR0A] |= keep;
    return true;
  };
}

/** A plain EEPROM backend (erased cells read 0xFF; a write can only clear bits). */
export class EepromMemory {
  constructor(bytes) {
    this.memory = bytes ?? new Uint8Array(EEPROM_BYTES).fill(0xff);
    this.dirty = false;
  }
  readMemory(addr) {
    return this.memory[addr];
  }
  writeMemory(addr, value) {
    this.memory[addr] &= value;
    this.dirty = true;
  }
  eraseMemory(addr) {
    this.memory[addr] = 0xff;
    this.dirty = true;
  }
}

export class Machine {
  /**
   * flash: the program bytes (as parseHex fills them); eeprom: an EEPROM backend kept across
   * resets and power cycles.
   */
  constructor(flash, eeprom = new EepromMemory()) {
    this.program = new Uint16Array(FLASH_BYTES / 2);
    new Uint8Array(this.program.buffer).set(flash.subarray(0, FLASH_BYTES));
    this.eeprom = eeprom;
    // What is wired to the pins from outside, per port: `driveMask` pins forced by a part
    // (a pressed button, the USB chip on RX) to `driveValue`; `pullMask` pins with a board
    // resistor to `pullValue`. Anything else on an input reads its internal pull-up, else 0.
    this.wiring = {};
    for (const p of Object.keys(PORT_CONFIGS)) {
      this.wiring[p] = { driveMask: 0, driveValue: 0, pullMask: 0, pullValue: 0 };
    }
    this.wiring.D.driveMask |= 1 << RX_PIN; // the USB-serial chip holds RX idle high
    this.wiring.D.driveValue |= 1 << RX_PIN;
    this.pinListeners = []; // fn(port, levels, cycle, ddr): a port's pins changed
    this.spiListeners = []; // fn(byte, cycle): a byte was clocked out on MOSI
    this.txListeners = []; // fn(byte): the USART sent a byte
    this.resetListeners = []; // fn(cause): the MCU (cause 'power': the whole board) restarted
    this.actions = []; // timed stimuli, sorted: {cycle, fn}
    this.rxQueue = [];
    this.rxWire = false; // a byte is on the RX line (the line outlives an MCU reset)
    this.rxLost = 0; // bytes the chip's receiver dropped (receiver off, or overrun)
    this.levels = { B: 0, C: 0, D: 0 }; // each port's pins as the outside sees them
    this.ddrs = { B: 0, C: 0, D: 0 };
    this.pendingReset = null;
    this.sliceEnd = 0;
    // 'halt': SLEEP stops the CPU until an interrupt, and an interrupt waits one instruction
    // after SEI and RETI, as on the chip; 'spin': avr8js as it is (SLEEP a no-op, the firmware
    // looping instead; it must work either way)
    this.sleepMode = 'halt';
    this.asleep = false;
    this.sleeps = 0;
    this.sleptCycles = 0;
    this.resets = { power: 0, external: 0, watchdog: 0 };
    this.build('power', null, 0);
  }

  get cycles() {
    return this.cpu.cycles;
  }

  get seconds() {
    return this.cpu.cycles / F_CPU;
  }

  /** A fresh chip: new CPU and peripherals (so every I/O register has its reset value). */
  build(cause, sram, cycles) {
    const cpu = new CPU(this.program, SRAM_BYTES);
    cpu.cycles = cycles;
    if (sram) {
      cpu.data.set(sram, 0x100);
    } else {
      for (let a = 0x100; a < cpu.data.length; a++) cpu.data[a] = (Math.random() * 256) | 0;
    }
    this.cpu = cpu;
    this.clock = new AVRClock(cpu, F_CPU);
    this.timers = [timer0Config, timer1Config, timer2Config].map((c) => new AVRTimer(cpu, c));
    this.ports = {};
    this.inputs = { B: 0, C: 0, D: 0 }; // what avr8js has been told each input pin reads
    for (const [name, config] of Object.entries(PORT_CONFIGS)) {
      const port = new AVRIOPort(cpu, config);
      port.addListener(() => this.portChanged(name));
      this.ports[name] = port;
    }
    this.usart = new AVRUSART(cpu, usart0Config, F_CPU);
    this.usart.onByteTransmit = (b) => {
      for (const f of this.txListeners) f(b);
    };
    fixUsart(cpu, this.usart);
    // Reading UDR0 takes the oldest byte; the next one in the FIFO moves up, with its flags.
    const readUdr = cpu.readHooks[usart0Config.UDR];
    cpu.readHooks[usart0Config.UDR] = (addr) => {
      const v = readUdr(addr);
      cpu.data[UCSR0A] &= ~(UCSRA_DOR | UCSRA_FE);
      if (this.rxFifo.length) this.present(this.rxFifo.shift());
      return v;
    };
    this.rxFifo = [];
    this.rxOverrun = false;
    this.spi = new AVRSPI(cpu, spiConfig, F_CPU);
    // The byte reaches the chips on the wire when its 8 clocks are done, then SPIF rises.
    this.spi.onByte = (value) => {
      cpu.addClockEvent(() => {
        for (const f of this.spiListeners) f(value, cpu.cycles);
        this.spi.completeTransfer(this.levels.B & (1 << 4) ? 0xff : 0x00); // MISO, PB4
      }, this.spi.transferCycles);
    };
    this.eepromUnit = new AVREEPROM(cpu, this.eeprom);
    this.watchdog = new AVRWatchdog(cpu, watchdogConfig, this.clock);
    // avr8js's watchdog reset only rewinds PC and SP: take it over to reset the whole chip.
    cpu.reset = () => this.requestReset('watchdog');
    cpu.data[MCUSR] = RESET_FLAGS[cause];
    if (cause === 'watchdog') {
      // After a watchdog reset WDRF forces WDE on with the shortest timeout (16 ms): the
      // firmware must turn the watchdog off early, as on the chip.
      cpu.writeData(WDTCSR, 0x18);
      cpu.writeData(WDTCSR, 0x08);
    }
    for (const name of Object.keys(PORT_CONFIGS)) this.portChanged(name);
  }

  requestReset(cause) {
    this.pendingReset = cause;
    this.sliceEnd = 0; // stop the instruction loop after this instruction
  }

  doReset() {
    const cause = this.pendingReset;
    this.pendingReset = null;
    const old = this.cpu;
    const sram = cause === 'power' ? null : old.data.slice(0x100);
    const flags = cause === 'power' ? 0 : old.data[MCUSR];
    this.resets[cause]++;
    this.asleep = false;
    this.build(cause, sram, old.cycles);
    this.cpu.data[MCUSR] |= flags;
    if (cause === 'power') this.rxQueue.length = 0;
    // a byte on the wire still arrives; its timers (page actions) outlive the reset
    for (const f of this.resetListeners) f(cause);
  }

  /** The Uno's reset button ('external') or a power cycle ('power'). */
  reset(cause) {
    this.pendingReset = cause;
    this.doReset();
  }

  /** Recompute the input pins of a port from the wiring and tell the listeners. */
  portChanged(name) {
    const cpu = this.cpu;
    const port = this.ports[name];
    if (!port) return;
    const cfg = PORT_CONFIGS[name];
    const ddr = cpu.data[cfg.DDR];
    const portReg = cpu.data[cfg.PORT];
    const w = this.wiring[name];
    let inputs = portReg; // internal pull-ups: high; no pull-up: 0
    inputs = (inputs & ~w.pullMask) | (w.pullValue & w.pullMask);
    inputs = (inputs & ~w.driveMask) | (w.driveValue & w.driveMask);
    const changed = (inputs ^ this.inputs[name]) & 0xff;
    if (changed) {
      this.inputs[name] = inputs & 0xff;
      for (let bit = 0; bit < 8; bit++) if (changed & (1 << bit)) port.setPin(bit, (inputs >> bit) & 1);
    }
    // outputs as driven (timer compare outputs included): the bits avr8js reports for them
    const driven = this.outputLevels(name);
    const levels = (driven & ddr) | (inputs & ~ddr);
    if (levels === this.levels[name] && ddr === this.ddrs[name]) return;
    this.levels[name] = levels;
    this.ddrs[name] = ddr;
    for (const f of this.pinListeners) f(name, levels, cpu.cycles, ddr);
  }

  /** The output latch as the pins show it, with timer compare outputs overriding PORT. */
  outputLevels(name) {
    const port = this.ports[name];
    let v = 0;
    for (let bit = 0; bit < 8; bit++) {
      const s = port.pinState(bit);
      if (s === 1 /* PinState.High */ || s === 3 /* InputPullUp */) v |= 1 << bit;
    }
    return v;
  }

  /** Drive (or release, value null) pin `bit` of port `name` from outside. */
  drive(name, bit, value) {
    const w = this.wiring[name];
    const m = 1 << bit;
    if (value === null) {
      w.driveMask &= ~m;
    } else {
      w.driveMask |= m;
      w.driveValue = value ? w.driveValue | m : w.driveValue & ~m;
    }
    this.portChanged(name);
  }

  /** A board resistor on a pin (an input then reads `high`). */
  pull(name, bit, high) {
    const w = this.wiring[name];
    const m = 1 << bit;
    w.pullMask |= m;
    w.pullValue = high ? w.pullValue | m : w.pullValue & ~m;
    this.portChanged(name);
  }

  /** Run fn when the simulated clock reaches `cycle` (at once if it has). */
  at(cycle, fn) {
    const a = { cycle, fn };
    let i = this.actions.length;
    while (i > 0 && this.actions[i - 1].cycle > cycle) i--;
    this.actions.splice(i, 0, a);
  }

  /**
   * Queue bytes for the RX line; they go back to back at the baud rate, as the USB-serial chip
   * sends them whatever the firmware does: with the receiver off a byte is lost, but its start
   * bit still reaches PD0 (a pin-change interrupt there can wake the chip).
   */
  sendSerial(bytes) {
    for (const b of bytes) this.rxQueue.push(b & 0xff);
    this.pumpSerial();
  }

  /** Bytes typed but not yet on the wire. */
  get serialPending() {
    return this.rxQueue.length + (this.rxWire ? 1 : 0);
  }

  /** Start the next queued byte on the RX pin: start bit, 8 data bits LSB first, stop bit. */
  pumpSerial() {
    const usart = this.usart;
    if (this.rxWire || !this.rxQueue.length) return;
    const byte = this.rxQueue.shift();
    this.rxWire = true;
    const bit = F_CPU / usart.baudRate;
    const t0 = this.cpu.cycles;
    let level = 1;
    for (let i = 0; i < 10; i++) {
      const next = i === 0 ? 0 : i === 9 ? 1 : (byte >> (i - 1)) & 1;
      if (next === level) continue;
      level = next;
      this.at(t0 + Math.round(i * bit), () => this.drive('D', RX_PIN, next));
    }
    this.at(t0 + Math.round(9.5 * bit), () => this.receive(byte)); // sampled mid stop bit
    this.at(t0 + Math.round(10 * bit), () => {
      this.rxWire = false;
      this.pumpSerial();
    });
  }

  /**
   * A byte's frame is complete. The chip holds two bytes in UDR0's FIFO and a third in the
   * shift register; a byte arriving with all three full is lost and DOR0 flags the next one.
   */
  receive(byte) {
    const usart = this.usart;
    if (!usart.rxEnable) {
      this.rxLost++;
      return;
    }
    const held = (this.cpu.data[UCSR0A] & UCSRA_RXC ? 1 : 0) + this.rxFifo.length;
    if (held >= 3) {
      this.rxOverrun = true;
      this.rxLost++;
    } else if (held === 0) {
      this.present(byte);
    } else {
      this.rxFifo.push(byte);
    }
  }

  /** Put a received byte into UDR0 (RXC0 set). */
  present(byte) {
    if (this.rxOverrun) {
      this.rxOverrun = false;
      this.cpu.data[UCSR0A] |= UCSRA_DOR;
    }
    this.usart.writeByte(byte, true);
  }

  /** Run until the clock reaches `until` cycles; timed stimuli fire on time. */
  run(until) {
    const prog = this.program;
    const sleeps = this.sleepMode === 'halt';
    for (;;) {
      let cpu = this.cpu;
      if (cpu.cycles >= until) break;
      let stop = until;
      if (this.actions.length && this.actions[0].cycle < stop) stop = this.actions[0].cycle;
      this.sliceEnd = stop;
      if (this.asleep) this.sleep();
      if (sleeps) {
        while (cpu.cycles < this.sliceEnd) {
          const op = prog[cpu.pc];
          if (op === OP_SLEEP) {
            avrInstruction(cpu);
            if (cpu.data[SMCR] & SMCR_SE) {
              this.asleep = true;
              this.sleeps++;
              this.sleep();
              continue;
            }
          } else if (op === OP_SEI || op === OP_RETI) {
            // the chip runs one more instruction before it serves a pending interrupt (the
            // `sei(); sleep_cpu();` idiom relies on it); avr8js would serve it at once
            avrInstruction(cpu);
            if (prog[cpu.pc] === OP_SLEEP) continue; // it sleeps, and a pending interrupt wakes it
            avrInstruction(cpu);
          } else {
            avrInstruction(cpu);
          }
          cpu.tick();
        }
      } else {
        while (cpu.cycles < this.sliceEnd) {
          avrInstruction(cpu);
          cpu.tick();
        }
      }
      if (this.pendingReset) this.doReset();
      cpu = this.cpu;
      while (this.actions.length && this.actions[0].cycle <= cpu.cycles) this.actions.shift().fn();
    }
    this.pumpSerial();
  }

  /**
   * The CPU is halted after SLEEP: time jumps from one clock event (timer, UART, SPI, EEPROM,
   * watchdog) to the next until an enabled interrupt is pending, which wakes it (as on the
   * chip, with interrupts off nothing does). Timers keep running in every sleep mode, as in
   * avr8js and simavr. At most up to the end of the slice, so stimuli from the page (a
   * button's pin change, a byte on RX) still land on time.
   */
  sleep() {
    const cpu = this.cpu;
    const end = this.sliceEnd;
    const from = cpu.cycles;
    for (;;) {
      if (cpu.interruptsEnabled && cpu.nextInterrupt >= 0) {
        this.asleep = false;
        cpu.tick(); // takes the interrupt
        break;
      }
      const ev = cpu.nextClockEvent;
      if (!ev || ev.cycles >= end) {
        if (cpu.cycles < end) cpu.cycles = end;
        break;
      }
      if (ev.cycles > cpu.cycles) cpu.cycles = ev.cycles;
      const pc = cpu.pc;
      cpu.tick(); // the event, and the interrupt it raised if one is enabled
      if (cpu.pc !== pc || this.pendingReset) {
        this.asleep = false;
        break;
      }
    }
    this.sleptCycles += cpu.cycles - from;
  }
}
