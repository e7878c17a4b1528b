// A passive buzzer on a pin: the pitch is measured from the square wave the pin makes
// (the time between rising edges), so whatever the timer does is what is heard.
import { F_CPU } from '../machine.js';

export class Buzzer {
  constructor() {
    this.high = false;
    this.lastRise = -Infinity;
    this.period = 0;
  }

  /** The pin's level changed at `cycle`. */
  edge(high, cycle) {
    if (high && !this.high) {
      const p = cycle - this.lastRise;
      this.period = p;
      this.lastRise = cycle;
    }
    this.high = high;
  }

  /** The frequency sounding at `cycle` in Hz, or 0 for silence (no wave for two periods). */
  frequency(cycle) {
    const p = this.period;
    if (!p || p < F_CPU / 20000 || p > F_CPU / 20) return 0;
    if (cycle - this.lastRise > 2 * p) return 0;
    return F_CPU / p;
  }
}
