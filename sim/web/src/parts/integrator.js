// Time-averaged brightness of a set of lights: each light's level (0..1) is held between
// changes and integrated over simulated time, so a frame shows what an eye would see of
// PWM, multiplexing, blinking and short blips.

export class Integrator {
  constructor(n, now = 0) {
    this.cur = new Float64Array(n);
    this.acc = new Float64Array(n);
    this.t = now;
    this.t0 = now;
  }

  advance(now) {
    const dt = now - this.t;
    if (dt > 0) {
      const { cur, acc } = this;
      for (let i = 0; i < cur.length; i++) if (cur[i]) acc[i] += cur[i] * dt;
      this.t = now;
    }
  }

  /** From `now` on, light i shows values[i]. */
  set(values, now) {
    this.advance(now);
    this.cur.set(values);
  }

  /** The average level of each light since the last take (its present level if no time passed). */
  take(now, out = new Float64Array(this.cur.length)) {
    this.advance(now);
    const span = now - this.t0;
    for (let i = 0; i < out.length; i++) out[i] = span > 0 ? this.acc[i] / span : this.cur[i];
    this.acc.fill(0);
    this.t0 = now;
    return out;
  }
}
