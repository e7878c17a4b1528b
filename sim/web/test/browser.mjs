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

/** Load the board's page and check its start: the classic start, and where it is lost for
 * the player to move (nim-sum 0) the device's first move; returns the session and the heaps
 * at the person's first turn. */
async function boot(t, context, url, board) {
  const page = await context.newPage();
  const s = new BoardSession(page, board);
  await page.goto(`${url}?board=${board}`);
  const turn = await s.waitLine(/^@turn /, 0, 20000);
  const lines = await s.lines();
  t.check(`${board}: the page loads hex/${board}.hex and the firmware starts (@turn)`, turn, lines.join(' | '));
  t.check(`${board}: first lines: blank EEPROM, classic start ${CLASSIC[board]}`,
    lines.find((l) => l.startsWith('@eeprom')) === '@eeprom blank' && lines.includes(`@game nim ${CLASSIC[board]}`),
    lines.slice(0, 4).join(' | '));
  const classic = CLASSIC[board].split(' ').map(Number);
  const lost = nimSum(classic) === 0;
  t.check(`${board}: ${lost ? 'the device' : 'the person'} begins (the classic start is ${lost ? 'lost' : 'won'} for the player to move)`,
    turn?.[1] === (lost ? '@turn cpu' : '@turn human'), turn?.[1]);
  s.heaps = classic;
  if (lost) s.heaps = await deviceAnswers(t, s, turn ? turn[0] - 1 : 0, 'first, from the classic start');
  else {
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
  // a winning move by keyboard from where the device's first move left the board
  let from = await s.count();
  const heaps = s.heaps ?? [8, 8, 8, 8, 8, 8, 8, 8];
  const move = winningMove(heaps) ?? [heaps.findIndex((h) => h > 0), 1];
  const want = heaps.map((h, r) => (r === move[0] ? h - move[1] : h)).join(' ');
  await s.enterMove(heaps, move, 'keys');
  const mine = await s.waitLine(/^@move human /, from, 8000);
  t.check('matrix8: a winning move by keyboard is played', mine?.[1] === `@move human ${want}`, mine?.[1] ?? 'none');
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
  // the tokens at the person's turn: the classic 64, less the device's first move
  const moved = (await s.lines()).slice(from).filter((l) => l.startsWith('@move cpu ')).pop();
  const tokens = moved ? heapsOf(moved).reduce((a, b) => a + b, 0) : 64;
  const levels = await s.sample('#leds .led', 600);
  const lit = levels.filter((v) => v > 0.05);
  const duty = 9 / 32; // intensity 4: duty 9/32
  t.check(`matrix8: after the menu the new game shows its ${tokens} tokens at duty 9/32 (intensity 4)`,
    game && lit.length === tokens && lit.every((v) => Math.abs(v - duty) < 0.04) && (await intensity()) === 4,
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
  const heaps = s.heaps ?? [7, 7, 7, 7];
  const move = winningMove(heaps) ?? [heaps.findIndex((h) => h > 0), 1];
  const want = heaps.map((h, r) => (r === move[0] ? h - move[1] : h)).join(' ');
  await s.enterMove(heaps, move, 'taps');
  const mine = await s.waitLine(/^@move human /, from, 8000);
  t.check('shift595: a winning move tapped on the on-screen buttons (touch) is played', mine?.[1] === `@move human ${want}`, mine?.[1] ?? 'none');
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

/** The status line, read as a visitor reads it. */
const statusText = (s) => s.page.$eval('#status', (e) => e.textContent);

/** Wait until the status line matches re; its text (the last seen if it never did). */
async function waitStatus(s, re, ms = 8000) {
  const end = Date.now() + ms;
  let text = '';
  while (Date.now() < end) {
    text = await statusText(s);
    if (re.test(text)) return text;
    await s.page.waitForTimeout(50);
  }
  return text;
}

/** The status line in words follows a whole game on direct, won by perfect moves; the menu's
 * line and value are shown decoded while it is open; standby is said (the page flat out). */
async function checkStatus(t, context, url, shots) {
  const s = await boot(t, context, url, 'direct');
  let text = await waitStatus(s, /Your move/);
  t.check('status: the game and its rules in one sentence, and whose turn',
    /^Nim: take one or more tokens from one row; whoever takes the last token wins\. Your move/.test(text), text);
  let heaps = s.heaps;
  let thinking = 0;
  let turns = 0;
  for (let moves = 0; moves < 12 && heaps; moves++) {
    const move = winningMove(heaps);
    if (!move) break;
    const from = await s.count();
    await s.enterMove(heaps, move, 'keys');
    const mine = await s.waitLine(/^@move human /, from, 8000);
    if (!mine) break;
    heaps = heapsOf(mine[1]);
    if (heaps.every((h) => h === 0)) break;
    turns++;
    // the device thinks for 0.5 s, then shows its move for 1 s: the line says so meanwhile
    if (/My move: thinking/.test(await waitStatus(s, /My move: thinking/, 3000))) thinking++;
    const answer = await s.waitLine(/^@move cpu /, mine[0], 8000);
    if (!answer) break;
    heaps = heapsOf(answer[1]);
    await s.waitLine(/^@turn human/, answer[0], 5000);
    await waitStatus(s, /Your move/, 3000);
  }
  t.check(`status: "My move: thinking…" at each of the device's ${turns} turns`, turns > 0 && thinking === turns, `${thinking} of ${turns}`);
  const over = await s.waitLine(/^@over /, 0, 8000);
  text = await waitStatus(s, /Score/);
  t.check('status: at the end of the game won by the person, "You win!" and the score in words',
    over?.[1] === '@over human' && /You win! Press A for a new game\. Score at this game on Perfect: 1 win, 0 losses, 0 hints\./.test(text),
    `${over?.[1]} | ${text}`);
  await s.page.screenshot({ path: join(shots, 'status-game-over-1280.png') });
  // the menu, decoded beside the board while it is open
  const ok = await s.menuLine('game');
  const menu = async () => s.page.$eval('#menu-view', (e) => (e.hidden ? '(hidden)' : e.textContent.replace(/\s+/g, ' ').trim()));
  const game = ok ? await menu() : 'the menu did not open';
  let from = await s.count();
  await s.key('ArrowDown');
  await s.waitLine(/^@menu misere/, from, 3000);
  await s.page.waitForTimeout(100);
  const misere = await menu();
  await s.page.screenshot({ path: join(shots, 'status-menu-1280.png') });
  from = await s.count();
  await s.key('x');
  await s.waitLine(/^@menu back/, from, 3000);
  await s.page.waitForTimeout(100);
  const closed = await menu();
  t.check('status: the open menu\'s line and value in words (Game: Nim; Misère: off), hidden once left',
    game === 'Game: Nim' && misere === 'Misère (last move loses): off' && closed === '(hidden)', `${game} | ${misere} | ${closed}`);
  await s.page.close();
  // standby, the page flat out so that 2 simulated minutes pass in a few seconds
  const p = new BoardSession(await context.newPage(), 'direct');
  await p.page.goto(`${url}?board=direct&pace=max`);
  const slept = await p.waitLine(/^@sleep/, 0, 60000);
  text = await waitStatus(p, /Asleep/, 3000);
  t.check('status: in standby, "Asleep (standby) — press a button to wake it."', slept && /^Asleep \(standby\) — press a button/.test(text), text);
  const n = await p.count();
  await p.key('z');
  const woke = await p.waitLine(/^@wake/, n, 10000);
  text = await waitStatus(p, /^Nim/, 3000);
  t.check('status: a button wakes it and the line says the game again', woke && /^Nim/.test(text), text);
  await p.page.close();
}

/** The Self-test button runs the firmware's self-test on the page's direct board (wired right:
 * its LED pins read low as inputs): the status line says what to watch, then, once B is held
 * 2 s, that no problem was found; the game comes back. */
async function checkSelftest(t, context, url, shots) {
  const s = new BoardSession(await context.newPage(), 'direct');
  await s.page.goto(`${url}?board=direct`); // in real time: the pictures take 4.8 s
  await s.waitLine(/^@turn /, 0, 20000);
  const from = await s.count();
  await s.page.click('#selftest');
  const started = await s.waitLine(/^@test start direct/, from, 10000);
  const running = await waitStatus(s, /^Self-test: each LED lights in turn/, 5000);
  t.check('self-test: the button starts it and the status line says what to watch', started && /^Self-test: each LED/.test(running), running);
  await s.page.waitForTimeout(5500); // the 12 pictures, 0.4 s each
  await s.page.keyboard.down('x'); // B, held 2 s
  await s.page.waitForTimeout(2500);
  const done = await s.waitLine(/^@test done /, from, 20000);
  await s.page.keyboard.up('x');
  const text = await waitStatus(s, /^Self-test done/, 5000);
  await s.page.screenshot({ path: join(shots, 'selftest-1280.png') });
  t.check('self-test: B held ends it with @test done 0, and the status line says no problem was found, then the game',
    done?.[1] === '@test done 0' && /^Self-test done: no problem found\. Nim: /.test(text), `${done?.[1]} | ${text}`);
  await s.page.close();
}

/** At 1280x800 and at a phone's 390x844: no sideways scroll, the board and its buttons in the
 * first screen, no flash sizes or chip names in the main view, and a long reply that leaves
 * the page's height as it was (the log scrolls inside itself, follows the newest line, stops
 * following when scrolled up, and keeps a bounded number of lines). Screenshots of both. */
async function checkLayout(t, context, url, shots) {
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    for (const board of ['direct', 'matrix8', 'shift595']) {
      const page = await context.newPage();
      await page.setViewportSize({ width: w, height: h });
      const s = new BoardSession(page, board);
      await page.goto(`${url}?board=${board}`);
      await s.waitLine(/^@turn /, 0, 20000);
      const m = await page.evaluate(() => {
        const pad = document.querySelector('#pad').getBoundingClientRect();
        const leds = document.querySelector('#leds').getBoundingClientRect();
        return {
          width: document.documentElement.scrollWidth,
          height: document.documentElement.scrollHeight,
          padBottom: pad.bottom, ledsTop: leds.top,
          main: document.querySelector('main').innerText,
          status: document.querySelector('#status')?.textContent ?? '(no status line)',
        };
      });
      t.check(`${w}x${h} ${board}: no sideways scroll`, m.width <= w, `page ${m.width} px wide`);
      t.check(`${w}x${h} ${board}: the board and its buttons in the first screen`, m.ledsTop < h && m.padBottom <= h, `pad bottom at ${m.padBottom}`);
      const jargon = /bytes of flash|MAX7219|74HC595|ATmega/.exec(m.main);
      t.check(`${w}x${h} ${board}: no flash size or chip name in the main view`, !jargon, jargon?.[0]);
      t.check(`${w}x${h} ${board}: a status line in words`, /^Nim: .*(Your move|My move)/.test(m.status), m.status);
      if (board !== 'direct') {
        await page.close();
        continue;
      }
      // a long reply: 13,493 lines at the wire's pace; a few seconds of it
      const serialHeight = () => page.$eval('#serial', (e) => e.getBoundingClientRect().height);
      const before = { page: m.height, serial: await serialHeight() };
      await s.command('moves dawson 65535 3 4', /^\d+( \d+)+$/);
      await page.waitForTimeout(3000);
      const after = await page.evaluate(() => {
        const e = document.querySelector('#serial');
        return {
          page: document.documentElement.scrollHeight,
          serial: e.getBoundingClientRect().height,
          lines: e.childElementCount,
          fromBottom: e.scrollHeight - e.scrollTop - e.clientHeight,
        };
      });
      const received = (await s.lines()).length;
      t.check(`${w}x${h}: a long reply (${received} lines so far) leaves the page's height and the log's as they were`,
        after.page === before.page && Math.abs(after.serial - before.serial) < 1 && received > 500,
        `page ${before.page} -> ${after.page} px, log ${before.serial} -> ${after.serial} px`);
      t.check(`${w}x${h}: the log keeps at most 400 lines and follows the newest`, after.lines <= 400 && after.fromBottom < 30,
        `${after.lines} lines, ${after.fromBottom} px from the bottom`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(shots, `layout-${w}x${h}.png`), fullPage: true });
      await page.$eval('#serial', (e) => (e.scrollTop = 0));
      await page.waitForTimeout(1000);
      const top = await page.$eval('#serial', (e) => e.scrollTop);
      t.check(`${w}x${h}: scrolled up, the log stays where the visitor put it`, top === 0, `scrollTop ${top}`);
      await page.close();
    }
  }
}

/** The view's gesture as a person makes it: x held, z pressed, x let go. */
async function viewGesture(s) {
  await s.page.keyboard.down('x');
  await s.page.waitForTimeout(150);
  await s.key('z');
  await s.page.keyboard.up('x');
  await s.page.waitForTimeout(90);
}

/** The status line says what the firmware said of the binary view: on (and the LEDs agree,
 * through the reset button too), off, and refused in a game that is not a sum, with why. */
async function checkViewWords(t, context, url, shots) {
  const blank = await context.newPage(); // a blank EEPROM again: the checks before saved games
  await blank.goto(`${url}?board=none`);
  await blank.evaluate(() => localStorage.clear());
  await blank.close();
  const s = await boot(t, context, url, 'direct');
  await waitStatus(s, /Your move/);
  let from = await s.count();
  await viewGesture(s);
  const on = await s.waitLine(/^@view /, from, 5000);
  let text = await waitStatus(s, /Binary view on/, 3000);
  t.check('view: after @view on the status line says the binary view is on',
    on?.[1] === '@view on' && /Binary view on: each row shows its Grundy value in binary/.test(text), `${on?.[1]} | ${text}`);
  await s.page.setViewportSize({ width: 1280, height: 800 });
  await s.page.screenshot({ path: join(shots, 'status-view-1280.png') });
  // the reset button: the status line and the LEDs agree (row 0's first LED is dark in the
  // view, for a value of at most 3 in three LEDs, and lit as a token)
  from = await s.count();
  await s.page.click('#reset');
  await s.waitLine(/^@(resume|game) /, from, 10000);
  await s.settle(300);
  text = await waitStatus(s, /Your move|My move/, 3000);
  const first = (await s.sample('#leds .led', 1300))[0];
  const said = /Binary view on/.test(text);
  t.check('view: after the reset button the status line says the view as the LEDs show it',
    said === (first < 0.5), `status ${said ? 'on' : 'off'}, row 0's first LED at ${first.toFixed(2)} | ${text}`);
  if (said) { // back to the tokens
    from = await s.count();
    await viewGesture(s);
    await s.waitLine(/^@view off/, from, 5000);
  }
  text = await waitStatus(s, /^(?!.*Binary view)/, 3000);
  t.check('view: after @view off the status line does not speak of the view', !/[Bb]inary view/.test(text), text);
  // a game that is not a sum: the firmware flashes and prints nothing; the line says why
  const ok = await s.command('new king 2 3', /^ok|^err/);
  await waitStatus(s, /king|King/, 3000);
  from = await s.count();
  await viewGesture(s);
  text = await waitStatus(s, /needs a sum game/, 4000);
  const view = (await s.lines()).slice(from).find((l) => l.startsWith('@view'));
  t.check('view: refused in the king walk, and the status line says why',
    ok?.[1] === 'ok' && !view && /The binary view needs a sum game; the king walk is not one\./.test(text),
    `${ok?.[1]} | ${view ?? 'no @view'} | ${text}`);
  await s.page.screenshot({ path: join(shots, 'status-view-refused-1280.png') });
  await s.page.setViewportSize({ width: 390, height: 844 });
  await s.page.waitForTimeout(200);
  await s.page.screenshot({ path: join(shots, 'status-view-refused-390.png'), fullPage: true });
  t.check('view: no console error', s.errors.length === 0, s.errors.join(' | '));
  await s.page.close();
  // asleep, the gesture's B wakes the device and both presses are swallowed: no refusal said
  const p = new BoardSession(await context.newPage(), 'direct');
  await p.page.goto(`${url}?board=direct&pace=max`);
  const slept = await p.waitLine(/^@sleep/, 0, 60000);
  from = await p.count();
  await viewGesture(p);
  const woke = await p.waitLine(/^@wake/, from, 10000);
  await p.settle(500);
  text = await statusText(p);
  t.check('view: the gesture that wakes the device from standby is not taken for a refusal',
    slept && woke && !/needs a sum game/.test(text), text);
  await p.page.close();
}

/** A long reply stopped: the Stop button (and Ctrl-C in the line) press the reset button, the
 * reply ends there, and the next command is answered at once. */
async function checkStop(t, context, url, shots) {
  for (const [board, how] of [['direct', 'the Stop button'], ['uno', 'Ctrl-C in the line']]) {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const s = new BoardSession(page, board);
    await page.goto(`${url}?board=${board}`);
    await s.waitLine(board === 'uno' ? /^@ready/ : /^@turn /, 0, 20000);
    await s.settle(300);
    const from = await s.count();
    await page.fill('#console-input', 'moves dawson 65535 3 4');
    await page.press('#console-input', 'Enter');
    const some = await s.waitLine(/^\d+( \d+)+$/, from, 10000);
    await page.waitForTimeout(500);
    const shown = await page.$eval('#stop', (e) => !e.hidden && e.getBoundingClientRect().height > 0).catch(() => false);
    if (board === 'direct') await page.screenshot({ path: join(shots, 'stop-390x844.png') });
    if (how === 'the Stop button' && shown) await page.click('#stop');
    else if (how !== 'the Stop button') await page.press('#console-input', 'Control+c');
    const reset = await s.waitLine(/^@reset /, from, 5000);
    await s.settle(1500);
    const after = reset ? (await s.lines()).slice(reset[0]).filter((l) => /^\d+( \d+)+$/.test(l)).length : -1;
    const solve = await s.command('solve nim 3 4 5', /^(N|P) |^err/);
    await s.settle(800); // the line quiet again
    const hidden = await page.$eval('#stop', (e) => e.hidden).catch(() => false);
    // the page's own note says what was done, in the log like every line
    const note = await page.evaluate(() => {
      const log = document.querySelector('#serial').getBoundingClientRect();
      const n = [...document.querySelectorAll('#serial .line.note')].find((e) => /stopped/.test(e.textContent));
      const r = n?.getBoundingClientRect();
      return n ? { text: n.textContent, inside: r.left >= log.left && r.right <= log.right && r.top >= log.top - 1 && r.bottom <= log.bottom + 1 } : null;
    });
    t.check(`stop (${board}): the log says the reply was stopped with the reset button, inside the log`,
      note?.inside && /reset button/.test(note.text), JSON.stringify(note));
    t.check(`stop (${board}): ${how} ends a long \`moves\` reply (the reset button), the next command answered at once`,
      some && (board === 'uno' || shown) && reset?.[1] === '@reset external' && after === 0 && solve?.[1] === 'N 1 4 5' && hidden,
      `stop shown ${shown}, ${reset?.[1] ?? 'no @reset'}, ${after} reply lines after it, solve: ${solve?.[1] ?? 'no reply'}, stop hidden after ${hidden}`);
    await page.close();
  }
}

/** The uno choice, read as a visitor reads it: no handheld leftovers, the tools clear of the
 * serial heading, at both sizes; and ?board=nonsense: the choice and the status line true. */
async function checkChoice(t, context, url, shots) {
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    const page = await context.newPage();
    await page.setViewportSize({ width: w, height: h });
    const s = new BoardSession(page, 'uno');
    await page.goto(`${url}?board=uno`);
    await s.waitLine(/^@ready /, 0, 20000);
    const m = await page.evaluate(() => {
      const seen = (el) => el && getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().height > 0;
      const tools = document.querySelector('.tools').getBoundingClientRect();
      const heading = document.querySelector('.serial-pane h2').getBoundingClientRect();
      return {
        erase: seen(document.querySelector('#erase')),
        tagline: [...document.querySelectorAll('header *')].some((e) => seen(e) && /handheld/.test(e.textContent)),
        gap: heading.top - tools.bottom,
        width: document.documentElement.scrollWidth,
      };
    });
    t.check(`uno ${w}x${h}: no "Erase EEPROM" and no handheld tagline`, !m.erase && !m.tagline, JSON.stringify(m));
    t.check(`uno ${w}x${h}: the Reset buttons clear of the "Serial port" heading (8 px or more)`, m.gap >= 8, `${m.gap.toFixed(1)} px`);
    t.check(`uno ${w}x${h}: no sideways scroll`, m.width <= w, `${m.width} px`);
    await page.screenshot({ path: join(shots, `uno-${w}x${h}.png`) });
    await page.close();
  }
  const page = await context.newPage();
  await page.goto(`${url}?board=nonsense`);
  await page.waitForTimeout(1500);
  const m = await page.evaluate(() => {
    const sel = document.querySelector('#board');
    return { value: sel.value, shown: sel.selectedOptions[0]?.textContent ?? '', status: document.querySelector('#status').textContent };
  });
  t.check('?board=nonsense: the board choice shows no board as chosen', m.value === '' && !/direct|matrix8|shift595|uno/.test(m.shown), JSON.stringify(m));
  t.check('?board=nonsense: the status line says no board runs', /no board/i.test(m.status) && /nonsense/.test(m.status), m.status);
  await page.screenshot({ path: join(shots, 'nonsense-1280.png') });
  await page.close();
}

/** Every board's checks; screenshots into `shots`. */
/** The uno choice: the calculator on a bare Uno, only the serial pane; a course game answered. */
async function checkUno(t, context, url, shots) {
  const page = await context.newPage();
  const s = new BoardSession(page, 'uno');
  await page.goto(`${url}?board=uno`);
  const ready = await s.waitLine(/^@ready /, 0, 20000);
  t.check('uno: the page loads hex/uno.hex and the calculator starts (@ready)', ready, (await s.lines()).join(' | '));
  const shown = await page.evaluate(() => {
    const gone = (sel) => getComputedStyle(document.querySelector(sel)).display === 'none';
    return {
      device: gone('#device'), pad: document.querySelector('#pad').getBoundingClientRect().height === 0,
      status: gone('#status'), help: gone('.help'), note: !gone('.calculator-note'),
    };
  });
  t.check('uno: no board, buttons, game status or game help on screen; the serial pane says what it is',
    shown.device && shown.pad && shown.status && shown.help && shown.note, JSON.stringify(shown));
  const cal = await s.command('solve calendar 2001 11 3', /^(N|P)|^err/);
  t.check('uno: the console answers `solve calendar 2001 11 3` with `N 2001 11 4`', cal?.[1] === 'N 2001 11 4', cal?.[1] ?? 'no reply');
  const lasker = await s.command('moves lasker 5 7', /^count |^err/);
  t.check('uno: `moves lasker 5 7` ends with count 1', lasker?.[1] === 'count 1', lasker?.[1] ?? 'no reply');
  const version = await s.command('version', /^grundy |^err/);
  t.check('uno: version names the uno board', /^grundy \S+ board uno$/.test(version?.[1] ?? ''), version?.[1] ?? 'no reply');
  await page.screenshot({ path: `${shots}/uno.png` });
  await page.close();
}

export async function browserChecks(t, siteDir, shots) {
  mkdirSync(shots, { recursive: true });
  // WEB_CHECKS=view,stop (names as below) runs only those: for a quick look while working
  const only = process.env.WEB_CHECKS ? process.env.WEB_CHECKS.split(',') : null;
  const wanted = ([name]) => !only || only.includes(name);
  const b = await openBrowser(siteDir);
  try {
    for (const [board, fn] of [['direct', checkDirect], ['matrix8', checkMatrix8], ['shift595', checkShift595], ['uno', checkUno]].filter(wanted)) {
      try {
        await fn(t, b.context, b.url, shots);
      } catch (e) {
        t.check(`${board}: the checks ran to the end`, false, e.stack);
      }
    }
    // the visitor's view, in a fresh profile (a blank EEPROM again)
    const v = await openBrowser(siteDir);
    try {
      for (const [name, fn] of [['status', checkStatus], ['layout', checkLayout], ['view', checkViewWords],
        ['stop', checkStop], ['choice', checkChoice], ['selftest', checkSelftest]].filter(wanted)) {
        try {
          await fn(t, v.context, v.url, shots);
        } catch (e) {
          t.check(`${name}: the checks ran to the end`, false, e.stack);
        }
      }
    } finally {
      await v.close();
    }
    // a board that does not exist: a clear message, no crash
    if (!wanted(['nosuch'])) return;
    const page = await b.context.newPage();
    await page.goto(`${b.url}?board=nosuch`);
    const msg = await page.$eval('#error', (e) => (e.hidden ? '' : e.textContent));
    t.check('?board=nosuch: the page names the boards there are', /direct, matrix8, shift595, uno/.test(msg), msg);
    await page.close();
  } finally {
    await b.close();
  }
}
