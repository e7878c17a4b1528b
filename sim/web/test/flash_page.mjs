// flash_page.mjs: "Put it on my Uno" clicked through in headless Chromium, the page served
// from a sub-path (/grundy/, as GitHub Pages serves it). The one stand-in: navigator.serial is
// a test port object (STAND_IN below) whose bytes and DTR go to a simulated Uno running the
// real Optiboot (build/sim/grundy-uno) through this node process; the page's own code, the
// protocol and the bootloader are the real ones. Checked: the page and its .hex load from the
// sub-path; the sentences for no Web Serial, no port chosen, a file that is not Intel HEX or
// too big, a silent port, another chip, a verify that differs (with Write again, never "Done"),
// the port closed mid-write and the second try; and a full write, after which the Uno's
// firmware boots and its engine answers on the port. Ends with "N passed, M failed".
// Usage: node flash_page.mjs SITE_DIR BUILD_DIR
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { serveDirectory } from '../serve.mjs';
import { CLOSED, NO_PORT, NO_WEB_SERIAL, PORT_BUSY, SILENT } from '../src/flash_words.js';
import { serialLink } from '../tools/flash_uno.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './browser.mjs';
import { LineReader, startUno } from './flash_uno.mjs';
import { check, end } from './tally.mjs';

const [site = 'build/web', build = 'build'] = process.argv.slice(2);
const PREFIX = '/grundy/';
const WRITE_MS = 60000;

// The test port object: Web Serial's SerialPort as far as the page uses it (open, readable,
// writable, setSignals, close), its bytes carried by functions this process exposes.
const STAND_IN = `(() => {
  if (window.__noSerial) { Object.defineProperty(navigator, 'serial', { value: undefined }); return; }
  class TestPort {
    async open(options) {
      if (!(await window.__unoOpen(options.baudRate))) throw new DOMException('Failed to open serial port.', 'NetworkError');
      this.readable = new ReadableStream({ start(c) {
        window.__unoData = (bytes) => c.enqueue(new Uint8Array(bytes));
        window.__unoLost = (why) => c.error(new DOMException(why, 'NetworkError'));
      } });
      this.writable = new WritableStream({ write: (chunk) => window.__unoWrite(Array.from(chunk)) });
    }
    setSignals(signals) { return window.__unoSignals(signals); }
    async close() { await window.__unoClose(); this.readable = this.writable = null; }
  }
  Object.defineProperty(navigator, 'serial', { value: { async requestPort() {
    if ((await window.__unoPick()) === 'cancel') throw new DOMException('No port selected by the user.', 'NotFoundError');
    return new TestPort();
  } } });
})();`;

/** The node side of the test port: the Uno's pty, opened as the page opens its port. */
function bridge(page, port, { loseAfter = 0 } = {}) {
  const b = { pick: 'port', opens: 0, link: null, sent: 0, lost: false };
  let chain = Promise.resolve();
  // bytes to the page: one evaluate at a time, carrying all that came meanwhile
  let pending = [];
  const pass = (value) => {
    const first = !pending.length;
    pending.push(...value);
    if (!first) return;
    chain = chain.then(async () => {
      await new Promise((ok) => setTimeout(ok, 0));
      const bytes = pending;
      pending = [];
      await page.evaluate((a) => window.__unoData?.(a), bytes).catch(() => {});
    });
  };
  b.open = async () => {
    if (b.busy) return false; // another program has the port
    b.opens++;
    b.sent = 0;
    const link = serialLink(b.port);
    b.link = link;
    (async () => {
      for (;;) {
        const { value, done } = await link.read();
        if (done) break;
        pass(value);
      }
    })();
    return true;
  };
  b.write = async (bytes) => {
    if (!b.link) throw new Error('The port is not open.');
    b.sent += bytes.length;
    if (loseAfter && !b.lost && b.sent > loseAfter) { // unplugged in the middle
      b.lost = true;
      b.link.close();
      b.link = null;
      await page.evaluate(() => window.__unoLost('The device has been lost.'));
      throw new Error('The device has been lost.');
    }
    await b.link.write(Uint8Array.from(bytes));
  };
  b.signals = (s) => b.link?.setSignals(s);
  b.close = () => {
    b.link?.close();
    b.link = null;
  };
  b.port = port;
  return b;
}

async function openPage(context, url, { port = null, noSerial = false, loseAfter = 0 } = {}) {
  const page = await context.newPage();
  const b = bridge(page, port, { loseAfter });
  await page.exposeFunction('__unoPick', () => b.pick);
  await page.exposeFunction('__unoOpen', () => b.open());
  await page.exposeFunction('__unoWrite', (bytes) => b.write(bytes));
  await page.exposeFunction('__unoSignals', (s) => b.signals(s));
  await page.exposeFunction('__unoClose', () => b.close());
  if (noSerial) await page.addInitScript('window.__noSerial = true;');
  await page.addInitScript(STAND_IN);
  await page.goto(url);
  await page.waitForSelector('#flash-start');
  return { page, bridge: b };
}

const message = (page) => page.textContent('#flash-message');
/** The message once it names the file just chosen (reading a file takes a moment). */
async function chooseFile(page, name, text) {
  await page.setInputFiles('#flash-file', { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForFunction((n) => document.querySelector('#flash-message').textContent.includes(n), name, { timeout: 5000 })
    .catch(() => {});
  return message(page);
}
async function clickAndWait(page, button = '#flash-start', ms = WRITE_MS) {
  await page.click(button);
  await page.waitForFunction(() => ['done', 'failed'].includes(document.querySelector('#flasher').dataset.state) &&
    !document.querySelector('#flash-start').disabled, null, { timeout: ms });
  const detail = await page.getAttribute('#flasher', 'data-detail');
  return { state: await page.getAttribute('#flasher', 'data-state'), text: `${await message(page)}${detail ? ` [${detail}]` : ''}` };
}

function silentPty() {
  const py = spawn('python3', ['-c', 'import os,pty,sys\nm,s=pty.openpty()\nprint(os.ttyname(s),flush=True)\nsys.stdin.read()'],
    { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((ok) => createInterface({ input: py.stdout }).once('line', (port) => ok({ port, stop: () => py.stdin.end() })));
}

async function run(context, url) {
  // the page and its .hex from the sub-path
  {
    const { page } = await openPage(context, url);
    const info = await page.waitForFunction(() => /bytes of flash/.test(document.querySelector('#hex-info').textContent),
      null, { timeout: 10000 }).then(() => page.textContent('#hex-info')).catch(() => null);
    check(`the page runs from the sub-path ${PREFIX} and loads its .hex there`, info, 'no hex-info');
    const words = await page.waitForFunction(() => /@game|@resume/.test(document.querySelector('#serial').textContent),
      null, { timeout: 10000 }).then(() => true).catch(() => false);
    check('the simulated board starts a game there', words);
    await page.close();
  }
  // no Web Serial: Firefox, Safari, phones
  {
    const { page } = await openPage(context, url, { noSerial: true });
    const r = await clickAndWait(page);
    check('no Web Serial: said, with the browsers that have it and those that do not', r.text.startsWith(NO_WEB_SERIAL) &&
      /Chrome and Edge/.test(r.text) && /Firefox, Safari and browsers on phones/.test(r.text), r.text);
    await page.close();
  }
  // no port chosen; a file that is not Intel HEX; one too big: nothing opened
  {
    const uno = await startUno(build);
    const { page, bridge: b } = await openPage(context, url, { port: uno.port });
    b.pick = 'cancel';
    let r = await clickAndWait(page);
    check('no port chosen: said', r.state === 'failed' && r.text.startsWith(NO_PORT), r.text);
    b.pick = 'port';
    b.busy = true;
    r = await clickAndWait(page);
    check('a port another program holds: said', r.state === 'failed' && r.text.startsWith(PORT_BUSY) &&
      /Arduino IDE/.test(r.text), r.text);
    b.busy = false;
    let text = await chooseFile(page, 'broken.hex', ':100000000C9434000C9446000C9446000C944600FF\n:00000001FF\n');
    check('a .hex with a bad checksum: refused before anything is written', /broken\.hex is not an Intel HEX file \(line 1: bad checksum\)/.test(text), text);
    const lines = [];
    for (let a = 0; a < 33000; a += 16) {
      const rec = [16, a >> 8 & 0xff, a & 0xff, 0, ...Array(16).fill(0)];
      if (a >= 0x10000) break;
      rec.push(-rec.reduce((s, v) => s + v, 0) & 0xff);
      lines.push(`:${rec.map((v) => v.toString(16).padStart(2, '0')).join('').toUpperCase()}`);
    }
    lines.push(':00000001FF');
    text = await chooseFile(page, 'big.hex', lines.join('\n'));
    check('a .hex bigger than 32,256 bytes: refused before anything is written', /needs 33,008 bytes.*an Uno has 32,256/.test(text), text);
    check('nothing opened the port for the files', b.opens === 0, `${b.opens} opens`);
    await page.close();
    await uno.stop();
  }
  // a port where nothing answers
  {
    const pty = await silentPty();
    const { page } = await openPage(context, url, { port: pty.port });
    const r = await clickAndWait(page);
    check('nothing answers: said, with what to check', r.state === 'failed' && r.text.startsWith(SILENT), r.text);
    await page.close();
    pty.stop();
  }
  // another chip: the real Optiboot built for an ATmega328 (no P)
  {
    const uno = await startUno(build, { boot: `${build}/optiboot/optiboot_atmega328_nop.hex` });
    const { page } = await openPage(context, url, { port: uno.port });
    const r = await clickAndWait(page);
    check('another chip: not an ATmega328P, its signature named', r.state === 'failed' &&
      /^This is not an ATmega328P.*1E 95 14.*Nothing was written/.test(r.text), r.text);
    check('another chip: no Write again offered', await page.isHidden('#flash-again'));
    await page.close();
    await uno.stop();
  }
  // a verify that differs: Write again offered, never "Done"
  {
    const uno = await startUno(build, { losePage: 0x1000 });
    const { page } = await openPage(context, url, { port: uno.port });
    const r = await clickAndWait(page);
    check('a lost page: the read-back catches it at 0x1000', r.state === 'failed' && /Writing did not take: .*0x1000 holds 0xFF/.test(r.text), r.text);
    check('a lost page: Write again offered, and the page never says Done', await page.isVisible('#flash-again') &&
      !/\bdone\b/i.test(r.text), r.text);
    await page.close();
    await uno.stop();
  }
  // the port closed mid-write, then Write again: the whole way to the game running
  {
    const uno = await startUno(build);
    const { page, bridge: b } = await openPage(context, url, { port: uno.port, loseAfter: 6000 });
    let r = await clickAndWait(page);
    check('the port closed mid-write: said', r.state === 'failed' && r.text.startsWith(CLOSED), r.text);
    check('the port closed mid-write: Write again offered', await page.isVisible('#flash-again'));
    const t0 = Date.now();
    r = await clickAndWait(page, '#flash-again');
    const seconds = (Date.now() - t0) / 1000;
    check(`Write again: done (${seconds.toFixed(1)} s)`, r.state === 'done' && /^Done: the direct image is on your Uno, written and read back the same/.test(r.text), r.text);
    check('Write again asked for the port again (the old one was gone)', b.opens === 2, `${b.opens} opens`);
    const look = await uno.ask(`check ${build}/direct/grundy.hex`);
    check('the simulated Uno holds the direct image', look.startsWith('match '), look);
    await page.close();
    // the game running: the port opened as a serial monitor does, the firmware's lines
    const link = serialLink(uno.port);
    const reader = new LineReader(link);
    const game = await reader.waitLine(/@(game|resume) (.*)/, 8000); // Optiboot 1.4 s, the EEPROM set up
    check('the Uno runs the game after the page wrote it', game, JSON.stringify(reader.text.slice(-300)));
    const mark = reader.text.length;
    await link.write(Buffer.from('solve nim 3 4 5\n'));
    const solve = await reader.waitLine(/^(N|P) ([\d ]+)$/, 3000, mark);
    const after = solve ? solve[2].trim().split(/\s+/).map(Number) : [];
    check('and its engine answers solve nim 3 4 5 with a winning move (nim-sum 0 after)', solve?.[1] === 'N' &&
      after.length === 3 && (after[0] ^ after[1] ^ after[2]) === 0, solve?.[0] ?? 'no answer');
    link.close();
    await uno.stop();
  }
}

const started = Date.now();
const server = await serveDirectory(site, 0, PREFIX);
const profile = mkdtempSync(join(tmpdir(), 'grundy-flash-'));
let context = null;
try {
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  await run(context, `http://127.0.0.1:${server.address().port}${PREFIX}?board=direct`);
} catch (e) {
  check('the suite ran to the end', false, e.stack);
} finally {
  await context?.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
end();
