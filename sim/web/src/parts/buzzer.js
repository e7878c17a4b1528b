// A passive buzzer on a pin: the pitch is measured from the square wave the pin makes (the
// time between rising edges), so whatever the timer does is what is heard. A frame reports
// the tone if the pin toggled during it, so a 6 ms click still sounds for one frame.
import { F_CPU } from '../machine.js';

const MIN_PERIOD = F_CPU / 20000; // audible: 20 Hz .. 20 kHz
const MAX_PERIOD = F_CPU / 20;

export class Buzzer {
  constructor() {
    this.high = false;
    this.lastRise = -Infinity;
    this.period = 0;
    this.rises = 0; // audible rising edges since the last take
  }

  /** The pin's level at `cycle` (called on every change of its port). */
  edge(high, cycle) {
    if (high && !this.high) {
      const p = cycle - this.lastRise;
      this.lastRise = cycle;
      if (p >= MIN_PERIOD && p <= MAX_PERIOD) {
        this.period = p;
        this.rises++;
      }
    }
    this.high = high;
  }

  /** The frequency heard since the last take in Hz (0: silence). */
  take() {
    const heard = this.rises > 0 ? F_CPU / this.period : 0;
    this.rises = 0;
    return heard;
  }
}
