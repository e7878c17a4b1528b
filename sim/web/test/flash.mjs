// flash.mjs: the page's flasher (src/stk500.js) from node against the real bootloader: each
// board's image written through Optiboot into a simulated Uno (build/sim/grundy-uno), verified
// by the flasher and by the simulator's own look at the flash, then the firmware boots on the
// same port and its engine answers; and the faults, each with the sentence the page shows:
// nothing answers, a chip that is not an ATmega328P, a verify that differs, the port closed
// mid-write and a second try. Ends with "N passed, M failed".
// Usage: node flash.mjs BUILD_DIR [BOARD...]
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { flashImage } from '../src/hex.js';
import { FLASH_BYTES, flashUno } from '../src/stk500.js';
import { CLOSED, SILENT, explain } from '../src/flash_words.js';
import { serialLink } from '../tools/flash_uno.mjs';
import { LineReader, startUno } from './flash_uno.mjs';
import { check, end } from './tally.mjs';
import { docAvrdudeLines, localArgv } from './flash_doc.mjs';

const build = process.argv[2] ?? 'build';
const boards = process.argv.length > 3 ? process.argv.slice(3) : ['direct', 'matrix8', 'shift595', 'uno'];
const BOOT_MS = 3000;

const image = (board) => flashImage(readFileSync(`${build}/${board}/grundy.hex`, 'utf8'), FLASH_BYTES);
const nimSum = (h) => h.reduce((x, v) => x ^ v, 0);

/** Flash board's image on a fresh link to uno's port; {result, error, link, seconds}. */
async function flashOn(uno, board, onStep) {
  const { flash, size } = image(board);
  const link = serialLink(uno.port);
  const t0 = Date.now();
  try {
    const result = await flashUno(link, flash, size, (s) => onStep?.(s, link));
    return { result, link, size, seconds: (Date.now() - t0) / 1000 };
  } catch (error) {
    link.close();
    return { error, link, size, seconds: (Date.now() - t0) / 1000 };
  }
}

// one board: written, verified twice, booted, its engine answers; flashed again, the EEPROM
// it wrote is still there (the firmware says "@eeprom loaded", not "blank")
async function boardCase(board) {
  const uno = await startUno(build, { board });
  try {
    const r = await flashOn(uno, board);
    if (!check(`${board}: written and verified (${r.seconds.toFixed(1)} s)`, r.result, r.error && explain(r.error))) return;
    check(`${board}: the flasher's byte count is the image's (${r.size})`, r.result.bytes === r.size);
    const look = await uno.ask(`check ${build}/${board}/grundy.hex`);
    check(`${board}: the simulator finds the .hex in flash`, look.startsWith('match '), look);
    const reader = new LineReader(r.link);
    // a device board reads its blank EEPROM; the calculator keeps nothing and says it is ready
    const want = board === 'uno' ? /@ready calculator/ : /@eeprom blank/;
    const boot = await reader.waitLine(want, BOOT_MS);
    check(`${board}: the firmware starts after the bootloader (${want.source})`, boot, JSON.stringify(reader.text.slice(-200)));
    const mark = reader.text.length;
    await r.link.write(Buffer.from('solve nim 3 4 5\n'));
    const solve = await reader.waitLine(/^(N|P) ([\d ]+)$/, BOOT_MS, mark);
    const after = solve ? solve[2].trim().split(/\s+/).map(Number) : [];
    const before = [3, 4, 5];
    const changed = before.filter((h, i) => after[i] !== h).length;
    check(`${board}: its engine answers solve nim 3 4 5 with a winning move (nim-sum 0 after, one heap less)`,
      solve?.[1] === 'N' && after.length === 3 && nimSum(after) === 0 && changed === 1 &&
      after.every((h, i) => h <= before[i]), solve?.[0] ?? 'no answer');
    if (board !== boards[0]) {
      r.link.close();
      return;
    }
    // a game started: its settings saved in EEPROM (the chip takes up to 1.4 s)
    const mark2 = reader.text.length;
    await r.link.write(Buffer.from('new nim 1 3 5\n'));
    const game = await reader.waitLine(/^@game nim 1 3 5/, BOOT_MS, mark2);
    check(`${board}: a game started from the port (settings to EEPROM)`, game, reader.text.slice(mark2, mark2 + 200));
    await new Promise((ok) => setTimeout(ok, 2000));
    r.link.close();
    await reader.done;
    const eeBefore = await uno.ask('eeprom');
    const again = await flashOn(uno, board);
    check(`${board}: written a second time`, again.result, again.error && explain(again.error));
    const reader2 = new LineReader(again.link);
    const boot2 = await reader2.waitLine(/@eeprom (\w+)/, BOOT_MS);
    check(`${board}: the EEPROM is untouched by writing (@eeprom loaded after the second write)`,
      boot2?.[1] === 'loaded', boot2?.[0] ?? 'no @eeprom line');
    again.link.close();
    const eeAfter = await uno.ask('eeprom');
    check(`${board}: the EEPROM's bytes are the same before and after (${eeBefore})`, eeBefore === eeAfter, eeAfter);
  } finally {
    await uno.stop();
  }
}

// a pty with nothing behind it: a cable to nowhere
async function silentCase() {
  const py = spawn('python3', ['-c', 'import os,pty,sys,time\nm,s=pty.openpty()\nprint(os.ttyname(s),flush=True)\nsys.stdin.read()'],
    { stdio: ['pipe', 'pipe', 'inherit'] });
  const [port] = await new Promise((ok) => createInterface({ input: py.stdout }).once('line', (l) => ok([l])));
  const r = await flashOn({ port }, 'direct');
  py.stdin.end();
  check('nothing answers: the flasher says the board did not answer', r.error?.kind === 'silent', r.error?.message ?? 'it succeeded');
  const words = explain(r.error);
  check('nothing answers: the sentence names the checks make flash names (board, cable, port, another program)',
    words === SILENT && /cable carries data/.test(words) && /which one goes away/.test(words) && /no other program/.test(words), words);
  check(`nothing answers: it gives up within 8 s, where make flash takes about 12 (${r.seconds.toFixed(1)} s)`, r.seconds < 8);
}

// Optiboot built for an ATmega328 (no P): the real bootloader, another signature
async function signatureCase() {
  const uno = await startUno(build, { boot: `${build}/optiboot/optiboot_atmega328_nop.hex` });
  try {
    const r = await flashOn(uno, 'direct');
    const words = explain(r.error);
    check('another chip: refused for its signature', r.error?.kind === 'signature', r.error?.message ?? 'it succeeded');
    check('another chip: the sentence says it is not an ATmega328P, with what it is', /not an ATmega328P/.test(words) &&
      /1E 95 14/.test(words) && /ATmega328 \(not P\)/.test(words) && /Nothing was written/.test(words), words);
    const stats = (await uno.ask('stats')).split(' ');
    check('another chip: no flash page was written', stats[1] === '0', stats.join(' '));
  } finally {
    await uno.stop();
  }
}

// a chip that loses the page at 0x1000: the read-back must catch it
async function verifyCase() {
  const uno = await startUno(build, { losePage: 0x1000 });
  try {
    const r = await flashOn(uno, 'direct');
    const words = explain(r.error);
    check('a lost page: the verify fails', r.error?.kind === 'verify', r.error?.message ?? 'it said done');
    check('a lost page: at its first byte, 0x1000, read back erased', r.error?.address === 0x1000 && /0x1000 holds 0xFF/.test(words), words);
    check('a lost page: the sentence says to write again and never "done"', /Write again/.test(words) && !/\bdone\b/i.test(words), words);
  } finally {
    await uno.stop();
  }
}

// the port closed after 40 pages, then a second try on the same Uno
async function closedCase() {
  const uno = await startUno(build);
  try {
    const r = await flashOn(uno, 'direct', ({ phase, done }, link) => {
      if (phase === 'write' && done === 40) link.close('the device has been lost');
    });
    const words = explain(r.error);
    check('the port closed mid-write: said so', r.error?.kind === 'closed' && words === CLOSED, `${r.error?.kind}: ${words}`);
    const look = await uno.ask(`check ${build}/direct/grundy.hex`);
    check('the port closed mid-write: the flash is not the image', look.startsWith('differ '), look);
    const again = await flashOn(uno, 'direct');
    check('the port closed mid-write: a second try writes and verifies', again.result, again.error && explain(again.error));
    again.link.close();
    const look2 = await uno.ask(`check ${build}/direct/grundy.hex`);
    check('the port closed mid-write: after the second try the flash is the image', look2.startsWith('match '), look2);
  } finally {
    await uno.stop();
  }
}

// docs/flashing.md's avrdude line, the same on each system but for paths and port, run here
async function docCase() {
  const lines = docAvrdudeLines();
  check('docs/flashing.md gives an avrdude line for Windows, macOS and Linux', lines.length === 3 &&
    /avrdude\.exe$/.test(lines[0].argv[0]) && lines.every((l) => l.argv.includes('-C')), lines.map((l) => l.line).join('\n'));
  const argvs = lines.map((l) => JSON.stringify(localArgv(l.argv, 'PORT', 'HEX')));
  check('the three lines have the same arguments but for paths and port', argvs.every((a) => a === argvs[0]), argvs.join('\n'));
  // avrdude is installed for make flash only (the Uno suites run it too): the same way here
  try {
    execFileSync('sh', ['tools/deps.sh', 'flash'], { stdio: 'ignore' });
  } catch (e) {
    check('avrdude installed (sh tools/deps.sh flash)', false, e.message);
  }
  const uno = await startUno(build);
  try {
    const argv = localArgv(lines[2].argv, uno.port, `${build}/direct/grundy.hex`);
    const rc = await new Promise((ok) => {
      const p = spawn('avrdude', argv, { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      p.stderr.on('data', (d) => { err += d; });
      p.on('exit', (code) => ok({ code, err }));
    });
    check(`the doc's line (avrdude ${argv.join(' ')}) writes the simulated Uno`, rc.code === 0 && /bytes of flash verified/.test(rc.err),
      rc.err.slice(-400));
    const look = await uno.ask(`check ${build}/direct/grundy.hex`);
    check('after it the flash is the image', look.startsWith('match '), look);
  } finally {
    await uno.stop();
  }
}

const started = Date.now();
try {
  for (const b of boards) await boardCase(b);
  await silentCase();
  await signatureCase();
  await verifyCase();
  await closedCase();
  await docCase();
} catch (e) {
  check('the suite ran to the end', false, e.stack);
}
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
end();
