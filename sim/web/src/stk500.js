// stk500.js: writes a flash image to an Uno through its bootloader (Optiboot), speaking the
// subset of STK500 version 1 that Optiboot answers (Atmel's application note AVR061, "STK500
// Communication Protocol"; the names below are its command.h's). The page (flasher.js, over
// Web Serial) and the node tool (tools/flash_uno.mjs, over a serial device) share this one
// implementation. A `link` is what Web Serial's SerialPort gives once open:
//   read()  -> Promise<{value: Uint8Array, done}>  (a ReadableStream reader's read)
//   write(bytes) -> Promise                        (a WritableStream writer's write)
//   setSignals({dataTerminalReady, requestToSend}) -> Promise
// EEPROM is never touched: only flash pages below the bootloader are written.

// AVR061's framing: every command ends with Sync_CRC_EOP; every answer from a device in sync
// begins with Resp_STK_INSYNC and ends with Resp_STK_OK.
const Sync_CRC_EOP = 0x20;
const Resp_STK_INSYNC = 0x14;
const Resp_STK_OK = 0x10;
// AVR061's commands, the ones Optiboot acts on
const Cmnd_STK_GET_SYNC = 0x30; // AVR061: "Get Synchronization", no arguments
const Cmnd_STK_GET_PARAMETER = 0x41; // AVR061: "Get Parameter Value", one parameter number
const Cmnd_STK_SET_DEVICE = 0x42; // AVR061: "Set Device Programming Parameters", 20 bytes
const Cmnd_STK_SET_DEVICE_EXT = 0x45; // AVR061: "Set Extended Device Programming Parameters"
const Cmnd_STK_ENTER_PROGMODE = 0x50; // AVR061: "Enter Program Mode"
const Cmnd_STK_LEAVE_PROGMODE = 0x51; // AVR061: "Leave Program Mode" (Optiboot: start the program)
const Cmnd_STK_LOAD_ADDRESS = 0x55; // AVR061: "Load Address", a WORD address, low byte first
const Cmnd_STK_PROG_PAGE = 0x64; // AVR061: "Program Page": length high, low, memory type, data
const Cmnd_STK_READ_PAGE = 0x74; // AVR061: "Read Page": length high, low, memory type
const Cmnd_STK_READ_SIGN = 0x75; // AVR061: "Read Signature Bytes": three bytes
const Parm_STK_SW_MAJOR = 0x81; // AVR061's parameters: the firmware's version, major
const Parm_STK_SW_MINOR = 0x82; // and minor
const MEM_FLASH = 0x46; // 'F': AVR061's memory type for flash ('E' would be EEPROM)

export const PAGE_BYTES = 128; // the ATmega328P's flash page
const READ_BYTES = 256; // the most one Cmnd_STK_READ_PAGE returns
export const FLASH_BYTES = 32768;
export const BOOT_BYTES = 512; // Optiboot, at the top of flash (the Uno's fuses: 256 words)
export const APP_BYTES = FLASH_BYTES - BOOT_BYTES; // 32,256 bytes for a program
export const SIGNATURE = [0x1e, 0x95, 0x0f]; // the ATmega328P's
const KNOWN_CHIPS = {
  '1e950f': 'ATmega328P',
  '1e9514': 'ATmega328 (not P)',
  '1e9516': 'ATmega328PB',
  '1e9406': 'ATmega168',
  '1e940b': 'ATmega168P',
  '1e9801': 'ATmega2560',
  '1e9587': 'ATmega32U4',
};

// avrdude's m328p values for Cmnd_STK_SET_DEVICE (AVR061's field order: device code, revision,
// programming type, parallel mode, polling, self-timed, lock bytes, fuse bytes, two flash and
// two EEPROM poll values, page size, EEPROM size, flash size, each high byte first).
// Optiboot reads and ignores them, as it does SET_DEVICE_EXT's.
const DEVICE = [0x86, 0, 0, 1, 1, 1, 1, 3, 0xff, 0xff, 0xff, 0xff, 0, PAGE_BYTES, 0x04, 0x00, 0, 0, 0x80, 0x00];
const DEVICE_EXT = [5, 4, 0xd7, 0xc2, 0]; // command size, EEPROM page, PAGEL, BS2, reset disable

const RESET_LOW_MS = 250; // DTR held low (avrdude's arduino programmer: 250 ms, then 50 ms)
const RESET_SETTLE_MS = 50;
const SYNC_WAIT_MS = 500; // Optiboot blinks D13 for about 0.4 s before it listens
const SYNC_TRIES = 3; // within Optiboot's 1 s watchdog after a reset
const ANSWER_MS = 3000; // avrdude waits 5 s; Optiboot answers a page in about 25 ms

/** A failure the page explains: kind is 'silent', 'signature', 'verify', 'closed' or 'image'. */
export class FlashError extends Error {
  constructor(kind, message, detail = {}) {
    super(message);
    this.kind = kind;
    Object.assign(this, detail);
  }
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const hex2 = (b) => b.toString(16).padStart(2, '0').toUpperCase();

/** The chip's name for a 3-byte signature, or null if unknown. */
export function chipName(sig) {
  return KNOWN_CHIPS[sig.map((b) => b.toString(16).padStart(2, '0')).join('')] ?? null;
}

// Bytes in from the link, kept until asked for; a closed link fails every wait.
class Receiver {
  constructor(link) {
    this.buf = [];
    this.closed = null;
    this.wake = null;
    this.pump = (async () => {
      try {
        for (;;) {
          const { value, done } = await link.read();
          if (done) break;
          for (const b of value) this.buf.push(b);
          this.wake?.();
        }
        this.closed = 'the port closed';
      } catch (e) {
        this.closed = e?.message || String(e);
      }
      this.wake?.();
    })();
  }

  drop() {
    this.buf.length = 0;
  }

  /** n bytes, or null if they did not all come within ms. */
  async take(n, ms) {
    const end = Date.now() + ms;
    while (this.buf.length < n) {
      if (this.closed) throw new FlashError('closed', `The port closed (${this.closed}).`);
      const left = end - Date.now();
      if (left <= 0) return null;
      let timer;
      await new Promise((ok) => {
        this.wake = ok;
        timer = setTimeout(ok, left);
      });
      clearTimeout(timer);
      this.wake = null;
    }
    return this.buf.splice(0, n);
  }
}

/** The bootloader on `link`: reset through DTR, commands, answers. */
export class Stk500 {
  constructor(link) {
    this.link = link;
    this.rx = new Receiver(link);
  }

  async send(bytes) {
    if (this.rx.closed) throw new FlashError('closed', `The port closed (${this.rx.closed}).`);
    try {
      await this.link.write(Uint8Array.from(bytes));
    } catch (e) {
      throw new FlashError('closed', `The port closed (${e?.message || e}).`);
    }
  }

  // One command and its answer: INSYNC, `reply` bytes, OK. The reply bytes, or null if the
  // device said nothing in time or something out of frame.
  async command(bytes, reply = 0, ms = ANSWER_MS) {
    await this.send([...bytes, Sync_CRC_EOP]);
    const got = await this.rx.take(reply + 2, ms);
    if (!got || got[0] !== Resp_STK_INSYNC || got[reply + 1] !== Resp_STK_OK) return null;
    return got.slice(1, reply + 1);
  }

  // As command(), but an answer out of frame is a failure to explain.
  async must(bytes, reply, what) {
    const got = await this.command(bytes, reply);
    if (!got) throw new FlashError('silent', `The bootloader stopped answering (${what}).`);
    return got;
  }

  /** Reset the Uno as avrdude does: DTR (and RTS) low, then high; the capacitor on RESET
   * turns the edge into a reset pulse, and Optiboot starts. */
  async reset() {
    await this.link.setSignals({ dataTerminalReady: false, requestToSend: false });
    await sleep(RESET_LOW_MS);
    await this.link.setSignals({ dataTerminalReady: true, requestToSend: true });
    await sleep(RESET_SETTLE_MS);
    this.rx.drop();
  }

  /** Get in sync (Cmnd_STK_GET_SYNC until INSYNC OK, one request in flight at a time: the
   * chip's receiver holds two bytes while Optiboot blinks); throws 'silent'. First on the reset
   * that opening the port gave (the open raises DTR, as avrdude relies on too), then after a
   * reset by DTR, twice. */
  async sync() {
    await sleep(RESET_SETTLE_MS);
    this.rx.drop();
    for (let reset = 0; reset < 3; reset++) {
      if (reset) await this.reset();
      for (let i = 0; i < SYNC_TRIES; i++) {
        if (await this.command([Cmnd_STK_GET_SYNC], 0, SYNC_WAIT_MS)) {
          await sleep(20); // a late answer to an earlier request: drop it, ask once more
          this.rx.drop();
          if (await this.command([Cmnd_STK_GET_SYNC])) return;
        }
        this.rx.drop();
      }
    }
    throw new FlashError('silent', 'Nothing answered on this port.');
  }

  /** Optiboot's version (Cmnd_STK_GET_PARAMETER, SW major and minor), e.g. "4.4". */
  async version() {
    const [major] = await this.must([Cmnd_STK_GET_PARAMETER, Parm_STK_SW_MAJOR], 1, 'its version');
    const [minor] = await this.must([Cmnd_STK_GET_PARAMETER, Parm_STK_SW_MINOR], 1, 'its version');
    return `${major}.${minor}`;
  }

  /** Cmnd_STK_SET_DEVICE, Cmnd_STK_SET_DEVICE_EXT and Cmnd_STK_ENTER_PROGMODE, as avrdude
   * sends them before anything else. */
  async enter() {
    await this.must([Cmnd_STK_SET_DEVICE, ...DEVICE], 0, 'the device parameters');
    await this.must([Cmnd_STK_SET_DEVICE_EXT, ...DEVICE_EXT], 0, 'the extended parameters');
    await this.must([Cmnd_STK_ENTER_PROGMODE], 0, 'entering programming mode');
  }

  /** The chip's three signature bytes (Cmnd_STK_READ_SIGN). */
  signature() {
    return this.must([Cmnd_STK_READ_SIGN], 3, 'the signature');
  }

  // Cmnd_STK_LOAD_ADDRESS takes a word address (bytes / 2), low byte first
  loadAddress(byteAddress) {
    const w = byteAddress >> 1;
    return this.must([Cmnd_STK_LOAD_ADDRESS, w & 0xff, w >> 8], 0, `the address 0x${byteAddress.toString(16)}`);
  }

  /** Write one flash page (Cmnd_STK_PROG_PAGE: length high, low, 'F', the bytes). Optiboot
   * erases the page, fills its buffer and writes it before it answers. */
  async writePage(address, bytes) {
    await this.loadAddress(address);
    await this.must([Cmnd_STK_PROG_PAGE, bytes.length >> 8, bytes.length & 0xff, MEM_FLASH, ...bytes], 0,
      `writing the page at 0x${address.toString(16)}`);
  }

  /** Read n bytes of flash from address (Cmnd_STK_READ_PAGE: length high, low, 'F'). */
  async readPage(address, n) {
    await this.loadAddress(address);
    return this.must([Cmnd_STK_READ_PAGE, n >> 8, n & 0xff, MEM_FLASH], n, `reading 0x${address.toString(16)}`);
  }

  /** Cmnd_STK_LEAVE_PROGMODE: Optiboot lets its watchdog start the program 16 ms later. */
  leave() {
    return this.must([Cmnd_STK_LEAVE_PROGMODE], 0, 'leaving programming mode');
  }
}

/** Check an image before anything is written: `flash` (Uint8Array) holding `size` bytes of
 * program from 0 must leave the bootloader's 512 bytes alone. Throws FlashError 'image'. */
export function checkImage(flash, size) {
  if (!size) throw new FlashError('image', 'The file holds no program bytes.');
  if (size > APP_BYTES) {
    throw new FlashError('image', `The program needs ${size.toLocaleString('en')} bytes of flash; an Uno has ` +
      `${APP_BYTES.toLocaleString('en')} (32,768 less the 512 its bootloader keeps). Nothing was written.`);
  }
  for (let a = APP_BYTES; a < flash.length; a++) {
    if (flash[a] !== 0xff) throw new FlashError('image', `The file writes into the bootloader at 0x${a.toString(16)}.`);
  }
}

/** Write `flash[0, size)` page by page, read it all back and compare, then start it.
 * onStep({phase: 'write'|'verify', done, total}) reports progress. Resolves to
 * {version, signature, bytes, pages}; throws FlashError. Never writes EEPROM. */
export async function flashUno(link, flash, size, onStep = () => {}) {
  checkImage(flash, size);
  const stk = new Stk500(link);
  await stk.sync();
  const version = await stk.version();
  await stk.enter();
  const sig = await stk.signature();
  if (sig.some((b, i) => b !== SIGNATURE[i])) {
    const name = chipName(sig);
    await stk.leave().catch(() => {});
    throw new FlashError('signature', `The chip answers with the signature ${sig.map(hex2).join(' ')}` +
      `${name ? ` (an ${name})` : ''}, not an ATmega328P's 1E 95 0F. Nothing was written.`, { signature: sig });
  }
  const pages = Math.ceil(size / PAGE_BYTES);
  for (let p = 0; p < pages; p++) {
    await stk.writePage(p * PAGE_BYTES, flash.subarray(p * PAGE_BYTES, (p + 1) * PAGE_BYTES));
    onStep({ phase: 'write', done: p + 1, total: pages });
  }
  // read back two pages a command (Optiboot's READ_PAGE takes up to 256 bytes, as avrdude reads)
  const blocks = Math.ceil(size / READ_BYTES);
  for (let k = 0; k < blocks; k++) {
    const at = k * READ_BYTES;
    const n = Math.min(READ_BYTES, pages * PAGE_BYTES - at);
    const got = await stk.readPage(at, n);
    for (let i = 0; i < n && at + i < size; i++) {
      if (got[i] !== flash[at + i]) {
        await stk.leave().catch(() => {});
        throw new FlashError('verify', `Reading it back, flash at 0x${(at + i).toString(16).padStart(4, '0')} holds ` +
          `0x${hex2(got[i])} where the image has 0x${hex2(flash[at + i])}.`, { address: at + i });
      }
    }
    onStep({ phase: 'verify', done: Math.min(pages, (at + n) / PAGE_BYTES), total: pages });
  }
  await stk.leave();
  return { version, signature: sig, bytes: size, pages };
}
