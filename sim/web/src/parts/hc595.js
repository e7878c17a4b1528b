// A chain of 74HC595 shift registers as the shift595 board wires them: SRCLK and SER on the
// SPI (so each SPI byte shifts 8 bits in, MSB first, the first byte ending in the last chip),
// RCLK's rising edge copies the shift registers to the output latches, OE high puts every
// output in high impedance (dark LEDs). SRCLR is tied high. At power-up the registers hold
// whatever they hold: random here.

export class Hc595Chain {
  constructor(chips) {
    this.chips = chips;
    this.powerUp();
  }

  powerUp() {
    this.shift = new Uint8Array(this.chips);
    this.latched = new Uint8Array(this.chips);
    for (let c = 0; c < this.chips; c++) {
      this.shift[c] = (Math.random() * 256) | 0;
      this.latched[c] = (Math.random() * 256) | 0;
    }
    this.bytes = 0;
    this.latches = 0;
  }

  /** A byte shifted in at chip 0's SER; each chip's old byte moves on to the next chip. */
  spiByte(byte) {
    this.shift.copyWithin(1, 0, this.chips - 1);
    this.shift[0] = byte & 0xff;
    this.bytes++;
  }

  /** RCLK rising edge. */
  latch() {
    this.latched.set(this.shift);
    this.latches++;
  }

  /** Output Qk of chip c as it drives its LED (false when OE is high). */
  output(c, k, oeHigh) {
    return !oeHigh && ((this.latched[c] >> k) & 1) === 1;
  }
}
