// The page in headless Chromium (Debian's, driven by playwright-core), one board after the
// other, played as a person would: keys and on-screen buttons, the console line, a reload.
// Each check reads what the page shows (LED data-level attributes, the serial pane's lines)
// and compares it with what the firmware said (@move lines) or what the rules say (Nim's
// nim-sum), never with a copy of the firmware's own answer.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serveDirectory } from '../serve.mjs';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// each board's classic start, one LED per token: also how its LEDs split into rows
const CLASSIC = { direct: '3 4 5', matrix8: '8 8 8 8 8 8 8 8', shift595: '7 7 7 7' };

/** A fresh browser (empty profile, so empty localStorage) and the site on a free port. */
export async function openBrowser(siteDir) {
  const server = await serveDirectory(siteDir, 0);
  const profile = mkdtempSync(join(tmpdir(), 'grundy-web-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 760 },
    hasTouch: true, // shift595's move is tapped
  });
  const url = `http://127.0.0.1:${server.address().port}/`;
  const close = async () => {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, url, close };
}

const nimSum = (heaps) => heaps.reduce((x, h) => x ^ h, 0);
const heapsOf = (line) => line.trim().split(/\s+/).slice(2).map(Number);

/** A winning Nim move from `heaps` (nim-sum not 0): [row, tokens to take]. */
function winningMove(heaps) {
  const x = nimSum(heaps);
  for (let r = 0; r < heaps.length; r++) if ((heaps[r] ^ x) < heaps[r]) return [r, heaps[r] - (heaps[r] ^ x)];
  return null;
}

class BoardSession {
  constructor(page, board) {
    this.page = page;
    this.board = board;
    this.errors = [];
    page.on('console', (m) => {
      if (m.type() === 'error') this.errors.push(m.text());
    });
    page.on('pageerror', (e) => this.errors.push(e.message));
  }

  lines() {
    return this.page.evaluate(() => (window.grundy ? [...window.grundy.lines] : []));
  }

  /** Wait for a line matching re at index >= from; resolves to [index, line] or null. */
  async waitLine(re, from = 0, ms = 15000) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const lines = await this.lines();
      for (let i = from; i < lines.length; i++) if (re.test(lines[i])) return [i, lines[i]];
      await this.page.waitForTimeout(50);
    }
    return null;
  }

  async count() {
    return (await this.lines()).length;
  }

  /** Each LED's highest level over `ms` (blips and blinking seen as lit). */
  async sample(selector = '#leds .led', ms = 1300) {
    const peak = [];
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const levels = await this.page.$$eval(selector, (els) => els.map((e) => Number(e.dataset.level)));
      levels.forEach((v, i) => (peak[i] = Math.max(peak[i] ?? 0, v)));
      await this.page.waitForTimeout(40);
    }
    return peak;
  }

  /** Let `ms` of simulated time pass (frames drawn before it may mix in the last phase). */
  async settle(ms = 150) {
    const t = await this.page.evaluate(() => window.grundy.machine.seconds);
    await this.page.waitForFunction((end) => window.grundy.machine.seconds >= end, t + ms / 1000, { timeout: 20000 });
    await this.page.waitForTimeout(50); // and a frame drawn after it
  }

  /** The heaps the LEDs show: per row, lit LEDs must be the leftmost ones. */
  async shownHeaps(threshold = 0.5) {
    await this.settle();
    const peak = await this.sample();
    const heaps = [];
    let k = 0;
    for (const n of CLASSIC[this.board].split(' ').map(Number)) {
      const row = peak.slice(k, (k += n)).map((v) => v > threshold);
      const h = row.filter(Boolean).length;
      heaps.push(row.every((lit, i) => lit === i < h) ? h : `${row.map((l) => (l ? '#' : '.')).join('')}`);
    }
    return heaps.join(' ');
  }

  async key(key, ms = 60) {
    await this.page.keyboard.down(key);
    await this.page.waitForTimeout(ms);
    await this.page.keyboard.up(key);
    await this.page.waitForTimeout(90);
  }

  async button(id, tap = false) {
    const sel = `#pad [data-button="${id}"]`;
    await (tap ? this.page.tap(sel) : this.page.click(sel));
    await this.page.waitForTimeout(90);
  }

  /** Enter a Nim move from `heaps` (cursor on the first non-empty row) with keys or buttons. */
  async enterMove(heaps, [row, take], how) {
    const press = how === 'keys' ? (k) => this.key({ down: 'ArrowDown', right: 'ArrowRight', a: 'z' }[k]) : (k) => this.button(k, how === 'taps');
    const first = heaps.findIndex((h) => h > 0);
    for (let r = first + 1; r <= row; r++) if (heaps[r] > 0) await press('down');
    for (let i = 0; i < take; i++) await press('right');
    await press('a');
  }

  /** Open the menu (hold B) and go down to the line named `name`. */
  async menuLine(name) {
    const from = await this.count();
    // hold B until the menu opens (1 s of simulated time, longer in real time on a busy machine)
    await this.page.keyboard.down('x');
    const opened = await this.waitLine(/^@menu game /, from, 10000);
    await this.page.keyboard.up('x');
    await this.page.waitForTimeout(90);
    if (!opened) return false;
    for (let i = 0; i < 12; i++) {
      const lines = await this.lines();
      const menu = lines.filter((l) => l.startsWith('@menu ')).pop();
      if (menu.startsWith(`@menu ${name} `)) return true;
      const n = lines.length;
      await this.key('ArrowDown');
      if (!(await this.waitLine(/^@menu /, n, 3000))) return false;
    }
    return false;
  }

  /** Type a console command in the page's input line; the reply line matching re. */
  async command(text, re) {
    const from = await this.count();
    await this.page.fill('#console-input', text);
    await this.page.press('#console-input', 'Enter');
    const hit = await this.waitLine(re, from, 10000);
    await this.page.evaluate(() => document.activeElement?.blur());
    return hit;
  }
}

/** Load the board's page and check its start; returns the session. */
async function boot(t, context, url, board, { expectBlank = true } = {}) {
  const page = await context.newPage();
  const s = new BoardSession(page, board);
  await page.goto(`${url}?board=${board}`);
  const turn = await s.waitLine(/^@turn /, 0, 20000);
  const lines = await s.lines();
  t.check(`${board}: the page loads hex/${board}.hex and the firmware starts (@turn)`, turn, lines.join(' | '));
  if (expectBlank) {
    t.check(`${board}: first lines: blank EEPROM, classic start ${CLASSIC[board]}`,
      lines.find((l) => l.startsWith('@eeprom')) === '@eeprom blank' && lines.includes(`@game nim ${CLASSIC[board]}`),
      lines.slice(0, 4).join(' | '));
    const shown = await s.shownHeaps();
    t.check(`${board}: the LEDs show the start ${CLASSIC[board]}`, shown === CLASSIC[board], shown);
  }
  return s;
}

/** After a person's move line at index i: the device's answer, and the LEDs showing it. */
async function deviceAnswers(t, s, i, label) {
  const answer = await s.waitLine(/^@(move cpu|over) /, i + 1, 15000);
  if (!answer || answer[1].startsWith('@over')) {
    // only called while the game goes on: a game over here is as wrong as silence
    t.check(`${s.board}: the device answers ${label}`, false, answer?.[1] ?? 'no @move cpu line');
    return null;
  }
  const turn = await s.waitLine(/^@turn human/, answer[0] + 1, 5000);
  t.check(`${s.board}: the device answers ${label} (${answer[1]})`, turn, 'no @turn human after it');
  const heaps = heapsOf(answer[1]);
  const shown = await s.shownHeaps(s.board === 'matrix8' ? 0.05 : 0.5);
  t.check(`${s.board}: the LEDs match ${answer[1]}`, shown === heaps.join(' '), `LEDs show ${shown}`);
  return heaps;
}

async function checkDirect(t, context, url, shots) {
  const s = await boot(t, context, url, 'direct');
  let heaps = [3, 4, 5];
  // a winning move with the keyboard
  let move = winningMove(heaps);
  let from = await s.count();
  await s.enterMove(heaps, move, 'keys');
  let mine = await s.waitLine(/^@move human /, from, 8000);
  let after = mine && heapsOf(mine[1]);
  t.check('direct: a winning move by keyboard (arrows, z) is played',
    mine && nimSum(after) === 0 && after.join(' ') === heaps.map((h, r) => (r === move[0] ? h - move[1] : h)).join(' '),
    mine?.[1] ?? 'no @move human line');
  heaps = mine ? await deviceAnswers(t, s, mine[0], 'the keyboard move') : null;
  // a winning move with the on-screen buttons
  if (heaps) {
    move = winningMove(heaps);
    from = await s.count();
    await s.enterMove(heaps, move, 'buttons');
    mine = await s.waitLine(/^@move human /, from, 8000);
    after = mine && heapsOf(mine[1]);
    t.check('direct: a winning move by the on-screen buttons is played',
      mine && nimSum(after) === 0 && after.join(' ') === heaps.map((h, r) => (r === move[0] ? h - move[1] : h)).join(' '),
      mine?.[1] ?? 'no @move human line');
    if (mine) {
      if (after.some((h) => h > 0)) await deviceAnswers(t, s, mine[0], 'the buttons move');
      else t.check('direct: the game is over, the person won', await s.waitLine(/^@over human/, mine[0], 5000), '');
    }
  }
  const solve = await s.command('solve nim 3 4 5', /^(N|P) |^err/);
  t.check('direct: the console answers `solve nim 3 4 5` with `N 1 4 5`', solve?.[1] === 'N 1 4 5', solve?.[1] ?? 'no reply');
  // a setting changed in the menu, then a reload
  let ok = await s.menuLine('first');
  from = await s.count();
  await s.key('ArrowRight');
  const changed = ok && (await s.waitLine(/^@menu first device/, from, 3000));
  await s.key('z');
  const saved = changed && (await s.waitLine(/^@saved/, from, 8000));
  t.check('direct: the menu sets first=device and the firmware saves it (@saved)', saved, (await s.lines()).slice(-4).join(' | '));
  await s.page.waitForTimeout(200);
  await s.page.screenshot({ path: join(shots, 'direct.png') });
  await s.page.reload();
  const settings = await s.waitLine(/^@settings /, 0, 20000);
  const eeprom = (await s.lines()).find((l) => l.startsWith('@eeprom')); // after @reset, if any
  t.check('direct: after a reload the setting is kept (EEPROM in localStorage)',
    settings && /first=device/.test(settings[1]) && eeprom && eeprom !== '@eeprom blank', `${eeprom} | ${settings?.[1]}`);
  t.check('direct: no console error', s.errors.length === 0, s.errors.join(' | '));
  await s.page.close();
}

async function checkMatrix8(t, context, url, shots) {
  const s = await boot(t, context, url, 'matrix8');
  const intensity = () => s.page.$eval('#leds', (e) => Number(e.dataset.intensity));
  t.check('matrix8: the MAX7219 starts at intensity 15 (brightness 4 of 4)', (await intensity()) === 15, `${await intensity()}`);
  // one token from row 0 (8x8 is a P-position: no winning move), then the device's answer
  let from = await s.count();
  await s.enterMove([8, 8, 8, 8, 8, 8, 8, 8], [0, 1], 'keys');
  const mine = await s.waitLine(/^@move human /, from, 8000);
  t.check('matrix8: a move by keyboard is played', mine?.[1] === '@move human 7 8 8 8 8 8 8 8', mine?.[1] ?? 'none');
  if (mine) await deviceAnswers(t, s, mine[0], 'on the 8x8');
  // brightness down twice in the menu: intensity 15 -> 8 -> 4, and kept once played
  const ok = await s.menuLine('bright');
  const seen = [];
  for (let i = 0; i < 2 && ok; i++) {
    from = await s.count();
    await s.key('ArrowLeft');
    await s.waitLine(/^@menu bright/, from, 3000);
    await s.page.waitForTimeout(300);
    seen.push(await intensity());
  }
  t.check('matrix8: the intensity follows the brightness chosen in the menu (15 -> 8 -> 4)', seen.join(' ') === '8 4', seen.join(' '));
  from = await s.count();
  await s.key('z');
  const game = await s.waitLine(/^@turn human/, from, 8000);
  const levels = await s.sample('#leds .led', 600);
  const lit = levels.filter((v) => v > 0.05);
  const want = 9 / 32; // intensity 4: duty 9/32
  t.check('matrix8: after the menu the new game shows 64 LEDs at duty 9/32 (intensity 4)',
    game && lit.length === 64 && lit.every((v) => Math.abs(v - want) < 0.04) && (await intensity()) === 4,
    `${lit.length} lit, levels ${[...new Set(lit.map((v) => v.toFixed(2)))].join(',')}, intensity ${await intensity()}`);
  const solve = await s.command('solve nim 3 4 5', /^(N|P) |^err/);
  t.check('matrix8: the console answers `solve nim 3 4 5` with `N 1 4 5`', solve?.[1] === 'N 1 4 5', solve?.[1] ?? 'no reply');
  const [stray, short] = await s.page.$eval('#leds', (e) => [Number(e.dataset.strayBytes), Number(e.dataset.shortFrames)]);
  t.check('matrix8: every SPI byte went to the MAX7219 with LOAD low, 16 bits per frame',
    stray === 0 && short === 0, `${stray} bytes with LOAD high, ${short} frames under 16 bits`);
  await s.page.screenshot({ path: join(shots, 'matrix8.png') });
  t.check('matrix8: no console error', s.errors.length === 0, s.errors.join(' | '));
  await s.page.close();
}

async function checkShift595(t, context, url, shots) {
  const s = await boot(t, context, url, 'shift595');
  const lights = async (ms) => (await s.sample('#status-lights .led', ms)).map((v) => (v > 0.5 ? 1 : 0)).join('');
  const yours = await lights(500);
  t.check('shift595: at @turn human only "your move" is lit', yours === '1000', yours);
  let from = await s.count();
  await s.enterMove([7, 7, 7, 7], [0, 2], 'taps');
  const mine = await s.waitLine(/^@move human /, from, 8000);
  t.check('shift595: a move tapped on the on-screen buttons (touch) is played', mine?.[1] === '@move human 5 7 7 7', mine?.[1] ?? 'none');
  const think = mine && (await s.waitLine(/^@turn cpu/, mine[0], 3000));
  const thinking = think ? await lights(250) : 'no @turn cpu';
  t.check('shift595: while the device thinks only "my move" is lit', thinking === '0100', thinking);
  if (mine) await deviceAnswers(t, s, mine[0], 'on the 4x7');
  const back = await lights(500);
  t.check('shift595: back at @turn human only "your move" is lit', back === '1000', back);
  const solve = await s.command('solve nim 3 4 5', /^(N|P) |^err/);
  t.check('shift595: the console answers `solve nim 3 4 5` with `N 1 4 5`', solve?.[1] === 'N 1 4 5', solve?.[1] ?? 'no reply');
  await s.page.screenshot({ path: join(shots, 'shift595.png') });
  t.check('shift595: no console error', s.errors.length === 0, s.errors.join(' | '));
  await s.page.close();
}

/** Every board's checks; screenshots into `shots`. */
export async function browserChecks(t, siteDir, shots) {
  mkdirSync(shots, { recursive: true });
  const b = await openBrowser(siteDir);
  try {
    for (const [board, fn] of [['direct', checkDirect], ['matrix8', checkMatrix8], ['shift595', checkShift595]]) {
      try {
        await fn(t, b.context, b.url, shots);
      } catch (e) {
        t.check(`${board}: the checks ran to the end`, false, e.stack);
      }
    }
    // a board that does not exist: a clear message, no crash
    const page = await b.context.newPage();
    await page.goto(`${b.url}?board=nosuch`);
    const msg = await page.$eval('#error', (e) => (e.hidden ? '' : e.textContent));
    t.check('?board=nosuch: the page names the boards there are', /direct, matrix8, shift595/.test(msg), msg);
    await page.close();
  } finally {
    await b.close();
  }
}
