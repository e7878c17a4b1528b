// flash_uno.mjs: the page's flasher (src/stk500.js, the same module) from node, on a serial
// device: the tests and `make bench` write the simulated Uno with it (sim/uno_serve.c), and it
// works on a real /dev/ttyACM0 too. Node has no DTR control, so DTR is what the kernel does
// with it: raised when the port is opened and dropped when it is closed (stty hupcl); the
// simulated Uno resets on that opening as an Uno does on DTR's edge.
// Usage: node flash_uno.mjs PORT IMAGE.hex   (exit 0 written and verified, 1 otherwise)
import { closeSync, constants, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { flashImage } from '../src/hex.js';
import { FLASH_BYTES, flashUno } from '../src/stk500.js';
import { explain } from '../src/flash_words.js';

const POLL_MS = 1;

/** A link (stk500.js's) on the serial device at path: opened now, closed while DTR is low. */
export function serialLink(path) {
  try {
    execFileSync('stty', ['-F', path, '115200', 'raw', '-echo', 'hupcl'], { stdio: 'ignore' });
  } catch {
    // not every device takes every setting (a pty ignores the rate); the open says the rest
  }
  let fd = -1;
  let ended = false;
  const chunks = [];
  let waiter = null;
  const buf = Buffer.alloc(4096);
  const open = () => {
    fd = openSync(path, constants.O_RDWR | constants.O_NOCTTY | constants.O_NONBLOCK);
  };
  const shut = () => {
    if (fd >= 0) closeSync(fd);
    fd = -1;
  };
  const timer = setInterval(() => {
    if (fd < 0) return;
    for (;;) {
      let n = 0;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        if (e.code !== 'EAGAIN') link.close(`${path}: ${e.message}`);
        return;
      }
      if (n <= 0) return;
      const value = Uint8Array.from(buf.subarray(0, n));
      if (waiter) {
        const w = waiter;
        waiter = null;
        w({ value, done: false });
      } else chunks.push(value);
    }
  }, POLL_MS);
  const link = {
    read() {
      if (chunks.length) return Promise.resolve({ value: chunks.shift(), done: false });
      if (ended) return Promise.resolve({ value: undefined, done: true });
      return new Promise((ok) => {
        waiter = ok;
      });
    },
    async write(bytes) {
      if (ended) throw new Error('the port is closed');
      let at = 0;
      while (at < bytes.length) {
        if (fd < 0) return; // DTR low: the port is shut, the bytes go nowhere
        try {
          at += writeSync(fd, bytes, at, bytes.length - at);
        } catch (e) {
          if (e.code !== 'EAGAIN') throw e;
          await new Promise((ok) => setTimeout(ok, POLL_MS));
        }
      }
    },
    async setSignals({ dataTerminalReady }) {
      if (ended) throw new Error('the port is closed');
      if (dataTerminalReady && fd < 0) open();
      else if (!dataTerminalReady) shut();
    },
    /** Close for good: pending and later reads end (why: a reason, for a port pulled out). */
    close(why) {
      if (ended) return;
      ended = true;
      link.why = why;
      clearInterval(timer);
      shut();
      if (waiter) {
        const w = waiter;
        waiter = null;
        w({ value: undefined, done: true });
      }
    },
    get isOpen() {
      return fd >= 0;
    },
  };
  open();
  return link;
}

/** Flash the Intel HEX file hexPath through the bootloader on port; resolves to flashUno's
 * result plus seconds; throws what flashUno throws. */
export async function flashFile(port, hexPath, onStep) {
  const { flash, size } = flashImage(readFileSync(hexPath, 'utf8'), FLASH_BYTES);
  const link = serialLink(port);
  const t0 = Date.now();
  try {
    const r = await flashUno(link, flash, size, onStep);
    return { ...r, seconds: (Date.now() - t0) / 1000 };
  } finally {
    link.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, hex] = process.argv.slice(2);
  if (!port || !hex) {
    console.error('usage: node flash_uno.mjs PORT IMAGE.hex');
    process.exit(2);
  }
  try {
    let shown = '';
    const r = await flashFile(port, hex, ({ phase, done, total }) => {
      const line = `${phase} ${Math.floor((done * 100) / total)}%`;
      if (line !== shown && (done % 32 === 0 || done === total)) console.log(`flash_uno: ${line}`);
      shown = line;
    });
    console.log(`flash_uno: ${hex} written to ${port} and verified: ${r.bytes} bytes, ${r.pages} pages, ` +
      `Optiboot ${r.version}, ${r.seconds.toFixed(1)} s; the program has started`);
  } catch (e) {
    console.error(`flash_uno: ${explain(e)}`);
    process.exit(1);
  }
}
