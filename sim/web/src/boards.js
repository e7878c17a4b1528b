// The three Grundy boards as the page draws and wires them: which pins and chips light which
// LEDs, the buttons on A0..A5, and each board's extras (the matrix8 buzzer, the shift595 status
// lights), all from the boards' pin tables (wiring.js, made from boards/<name>/wiring.yaml). A
// board model listens to the machine's pins and SPI and turns them into time-averaged LED levels
// per frame.
import { Integrator } from './parts/integrator.js';
import { Max7219 } from './parts/max7219.js';
import { Hc595Chain } from './parts/hc595.js';
import { Buzzer } from './parts/buzzer.js';
import { WIRING } from './wiring.js';

/** Button `name`'s bit of port C in the pin tables (the same on every board). */
const buttonBit = (name) => WIRING.direct.buttons.find((b) => b.name === name).bit;

/** The six buttons: PC0..PC5, pressed = pin low (the Uno's pull-ups hold them high). */
export const BUTTONS = [
  { id: 'up', label: 'Up', bit: buttonBit('UP') },
  { id: 'down', label: 'Down', bit: buttonBit('DOWN') },
  { id: 'left', label: 'Left', bit: buttonBit('LEFT') },
  { id: 'right', label: 'Right', bit: buttonBit('RIGHT') },
  { id: 'a', label: 'A', bit: buttonBit('A') },
  { id: 'b', label: 'B', bit: buttonBit('B') },
];

export const BOARD_NAMES = ['direct', 'matrix8', 'shift595', 'uno'];

export const BOARD_INFO = {
  direct: {
    short: 'direct (3, 4, 5)',
    title: '12 LEDs on D2-D13, rows of 3, 4, 5',
    rows: WIRING.direct.rows,
  },
  matrix8: {
    short: 'matrix8 (8 × 8)',
    title: 'an 8x8 LED matrix on a MAX7219 and a buzzer on D9',
    rows: WIRING.matrix8.rows,
    grid: true,
    buzzer: true,
  },
  shift595: {
    short: 'shift595 (4 × 7)',
    title: 'four chained 74HC595, 4 rows of 7 LEDs and four status lights',
    rows: WIRING.shift595.rows,
    status: WIRING.shift595.status,
  },
  uno: {
    short: 'uno (calculator)',
    title: 'a bare Uno with nothing attached: the whole calculator on its serial line',
    rows: [],
    calculator: true,
  },
};

// direct: LED i in reading order is one pin (PD2..PD7 then PB0..PB5), lit when driven high
const DIRECT_PINS = WIRING.direct.ledPins;

class DirectBoard {
  constructor(machine) {
    // An LED and its resistor to ground hold an LED pin low while it is an input, even with the
    // pull-up on (a red LED at the pull-up's ~0.1 mA: about 1.7 V, below the input's switching
    // point): what the self-test reads back on a board wired right.
    for (const [p, bit] of DIRECT_PINS) machine.pull(p, bit, false);
    this.lit = new Float64Array(DIRECT_PINS.length);
    this.light = new Integrator(DIRECT_PINS.length, machine.cycles);
    this.out = { B: 0, D: 0 }; // output pins driven high
    machine.pinListeners.push((port, levels, cycle, ddr) => {
      if (port !== 'B' && port !== 'D') return;
      this.out[port] = levels & ddr;
      DIRECT_PINS.forEach(([p, bit], i) => {
        this.lit[i] = (this.out[p] >> bit) & 1;
      });
      this.light.set(this.lit, cycle);
    });
  }

  frame(cycle) {
    return { leds: this.light.take(cycle) };
  }
}

class Matrix8Board {
  constructor(machine) {
    this.chip = new Max7219();
    this.buzzer = new Buzzer();
    this.light = new Integrator(64, machine.cycles);
    this.load = true;
    const { LOAD: [loadPort, loadBit], buzzer: [buzzerPort, buzzerBit] } = WIRING.matrix8.pins;
    if (loadPort !== 'B' || buzzerPort !== 'B') throw new Error('matrix8: LOAD and the buzzer on port B');
    machine.pull(loadPort, loadBit, WIRING.matrix8.loadPulledUp); // LOAD idles high
    machine.spiListeners.push((byte) => this.chip.spiByte(byte, this.load));
    machine.pinListeners.push((port, levels, cycle, ddr) => {
      if (port !== 'B') return;
      const load = ((levels >> loadBit) & 1) === 1;
      if (load && !this.load) {
        this.chip.latch();
        this.light.set(this.chip.levels(), cycle);
      }
      this.load = load;
      this.buzzer.edge((((levels & ddr) >> buzzerBit) & 1) === 1, cycle); // D9 through 100 ohm to the piezo
    });
    machine.resetListeners.push((cause) => {
      if (cause !== 'power') return;
      this.chip.powerUp();
      this.light.set(this.chip.levels(), machine.cycles);
    });
  }

  frame(cycle) {
    return {
      leds: this.light.take(cycle),
      intensity: this.chip.intensity,
      shutdown: !this.chip.normal,
      displayTest: this.chip.displayTest,
      strayBytes: this.chip.strayBytes,
      shortFrames: this.chip.shortFrames,
      tone: this.buzzer.take(),
    };
  }
}

class Shift595Board {
  constructor(machine) {
    const w = WIRING.shift595;
    this.outputs = [...w.ledOutputs, ...w.statusOutputs]; // rows' LEDs in reading order, then status
    this.leds = w.ledOutputs.length;
    this.chain = new Hc595Chain(w.chips);
    this.light = new Integrator(this.outputs.length, machine.cycles);
    this.values = new Float64Array(this.outputs.length);
    this.rclk = false;
    this.oeHigh = true;
    const [[rclkPort, rclkBit], [oePort, oeBit]] = [w.pins.RCLK, w.pins.OE];
    if (rclkPort !== 'B' || oePort !== 'B') throw new Error('shift595: RCLK and OE on port B');
    machine.pull(oePort, oeBit, w.oePulledUp); // 10 k pull-up on OE: dark while D9 is an input
    machine.spiListeners.push((byte) => this.chain.spiByte(byte));
    machine.pinListeners.push((port, levels, cycle) => {
      if (port !== 'B') return;
      const rclk = ((levels >> rclkBit) & 1) === 1;
      const oeHigh = ((levels >> oeBit) & 1) === 1;
      let changed = oeHigh !== this.oeHigh;
      if (rclk && !this.rclk) {
        this.chain.latch();
        changed = true;
      }
      this.rclk = rclk;
      this.oeHigh = oeHigh;
      if (changed) this.show(cycle);
    });
    machine.resetListeners.push((cause) => {
      if (cause !== 'power') return;
      this.chain.powerUp();
      this.show(machine.cycles);
    });
    this.show(machine.cycles);
  }

  show(cycle) {
    this.outputs.forEach(([chip, q], i) => {
      this.values[i] = this.chain.output(chip, q, this.oeHigh) ? 1 : 0;
    });
    this.light.set(this.values, cycle);
  }

  frame(cycle) {
    const all = this.light.take(cycle);
    return { leds: all.subarray(0, this.leds), status: all.subarray(this.leds) };
  }
}

/** The uno board: nothing wired to the Uno, so nothing to draw; only the serial line is used. */
class UnoBoard {
  frame() {
    return { leds: [], status: [] };
  }
}

/** The model of board `name` wired to `machine`. */
export function createBoard(name, machine) {
  if (name === 'uno') return new UnoBoard();
  if (name === 'direct') return new DirectBoard(machine);
  if (name === 'matrix8') return new Matrix8Board(machine);
  if (name === 'shift595') return new Shift595Board(machine);
  throw new Error(`unknown board '${name}': choose one of ${BOARD_NAMES.join(', ')}`);
}
