// The MAX7219 LED driver as the matrix8 board wires it: SPI bytes shift into a 16-bit register
// and LOAD's rising edge latches the last 16 bits into the addressed register (datasheet:
// D11..D8 the address, D7..D0 the data; the chip shifts whatever LOAD does, so bytes sent
// while LOAD is high are shifted too, and counted as stray). Digit register k lights row k - 1,
// data bit b column 7 - b (FC-16 wiring). Brightness per lit LED: the intensity's duty
// (2i + 1) / 32, spread over the scanned digits (scale: all 8 scanned = 8/8); display test
// lights everything at 31/32 whatever the other registers say; shutdown blanks.

export const MAX7219_REG = {
  noop: 0x0,
  digit0: 0x1,
  decode: 0x9,
  intensity: 0xa,
  scanLimit: 0xb,
  shutdown: 0xc,
  displayTest: 0xf,
};

// Code B font (datasheet table 5): the segments DP A B C D E F G as data bits 7..0
const CODE_B = [0x7e, 0x30, 0x6d, 0x79, 0x33, 0x5b, 0x5f, 0x70, 0x7f, 0x7b, 0x01, 0x4f, 0x37, 0x0e, 0x67, 0x00];

export class Max7219 {
  constructor() {
    this.powerUp();
  }

  /** Power-up state: control registers cleared (so shut down, blank), digits 0. */
  powerUp() {
    this.shift = 0;
    this.bitsSinceLoad = 0;
    this.digits = new Uint8Array(8);
    this.decode = 0;
    this.intensity = 0;
    this.scanLimit = 0;
    this.normal = false; // shutdown register bit 0: 0 = shutdown
    this.displayTest = false;
    this.frames = 0;
    this.shortFrames = 0;
    this.strayBytes = 0;
  }

  /** A byte clocked in on DIN, MSB first; `loadHigh`: LOAD was high meanwhile. */
  spiByte(byte, loadHigh) {
    this.shift = ((this.shift << 8) | (byte & 0xff)) & 0xffff;
    this.bitsSinceLoad += 8;
    if (loadHigh) this.strayBytes++;
  }

  /** LOAD's rising edge: the last 16 bits go to their register. */
  latch() {
    const addr = (this.shift >> 8) & 0x0f;
    const data = this.shift & 0xff;
    this.frames++;
    if (this.bitsSinceLoad < 16) this.shortFrames++;
    this.bitsSinceLoad = 0;
    if (addr >= MAX7219_REG.digit0 && addr < MAX7219_REG.digit0 + 8) this.digits[addr - 1] = data;
    else if (addr === MAX7219_REG.decode) this.decode = data;
    else if (addr === MAX7219_REG.intensity) this.intensity = data & 0x0f;
    else if (addr === MAX7219_REG.scanLimit) this.scanLimit = data & 0x07;
    else if (addr === MAX7219_REG.shutdown) this.normal = (data & 1) === 1;
    else if (addr === MAX7219_REG.displayTest) this.displayTest = (data & 1) === 1;
    // 0x0 is the no-op; 0xD and 0xE do nothing
  }

  /** The segments digit d shows (decoded through Code B when its decode bit is set). */
  segments(d) {
    const v = this.digits[d];
    return (this.decode >> d) & 1 ? (v & 0x80) | CODE_B[v & 0x0f] : v;
  }

  /** Brightness of a lit LED, 1 = every digit scanned at the top duty. */
  get brightness() {
    if (this.displayTest) return 31 / 32;
    return Math.min(1, ((2 * this.intensity + 1) / 32) * (8 / (this.scanLimit + 1)));
  }

  /** The 64 LEDs, row-major (row 0 at the top, column 0 at the left), as levels 0..1. */
  levels(out = new Float64Array(64)) {
    const b = this.brightness;
    for (let r = 0; r < 8; r++) {
      const lit = this.displayTest ? 0xff : this.normal && r <= this.scanLimit ? this.segments(r) : 0;
      for (let c = 0; c < 8; c++) out[r * 8 + c] = (lit >> (7 - c)) & 1 ? b : 0;
    }
    return out;
  }
}
