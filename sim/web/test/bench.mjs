// make bench, the browser page: how fast the page simulates each board in headless Chromium
// (simulated seconds per real second, the median of 10 one-second samples with the page
// running flat out, pace=max), with SLEEP halting the CPU (the page's default) and spinning as
// avr8js has it (sleep=spin); then whether the real-time page keeps up (pace=real, about
// 1.00); the same simulator in Node per CPU second (which the machine's load does not
// change); and what a visitor downloads (page, bundle, one board's .hex; raw and gzip -9).
// BENCH_QUICK=1 (make bench-quick, in make test): the same measures with 1 sample each.
// --sizes: the transfer sizes only (make test checks the docs' figures against them).
// Usage: node bench.mjs SITE_DIR [--sizes]
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openBrowser } from './browser.mjs';
import { firmware } from './firmware.mjs';
import { F_CPU } from '../src/machine.js';
import { BOARD_NAMES, BOARD_INFO } from '../src/boards.js';

// the handheld boards (the uno calculator idles until a line comes: nothing to pace)
const BOARDS = BOARD_NAMES.filter((b) => !BOARD_INFO[b].calculator);

const site = process.argv[2] ?? 'build/web';
const SIZES_ONLY = process.argv.includes('--sizes');
const GOAL = 1.5;
const QUICK = (process.env.BENCH_QUICK ?? '0') !== '0';
const SAMPLES = QUICK ? 1 : 10;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

/** Speed samples of a page: the first `skip` seconds dropped (loading, boot). */
async function speed(context, url, query, seconds, skip = 1) {
  const page = await context.newPage();
  await page.goto(`${url}?${query}`);
  await page.waitForFunction(() => window.grundy?.samples, null, { timeout: 20000 });
  // an empty console line (the firmware answers nothing) every 60 simulated seconds: flat out,
  // 10 s of samples would otherwise run into standby (after 2 minutes without input), where
  // the timers stop and simulated time jumps to the end of each slice
  await page.evaluate((every) => {
    const poke = () => {
      window.grundy.machine.sendSerial([0x0a]);
      window.grundy.machine.at(window.grundy.machine.cycles + every, poke);
    };
    window.grundy.machine.at(window.grundy.machine.cycles + every, poke);
  }, 60 * F_CPU);
  await page.waitForFunction((n) => window.grundy.samples.length >= n, skip + seconds, {
    timeout: (skip + seconds) * 4000 + 20000,
    polling: 500,
  });
  const samples = await page.evaluate((skip) => window.grundy.samples.slice(skip), skip);
  await page.close();
  return samples.slice(0, seconds);
}

/** The same simulator in Node (the same V8 engine), per second of this process's CPU time:
 * what the page gets from one core of its own, whatever else the machine is doing. */
function cpuSpeed(board, mode, simSeconds) {
  const { m } = firmware(site, board, mode);
  m.run(F_CPU * 0.3); // boot, and V8 warmed up
  const t0 = process.cpuUsage();
  const c0 = m.cycles;
  m.run(c0 + F_CPU * simSeconds);
  const t = process.cpuUsage(t0);
  return (m.cycles - c0) / F_CPU / ((t.user + t.system) / 1e6);
}

if (!SIZES_ONLY) await speeds();

async function speeds() {
  const perCpu = {};
  for (const board of BOARDS) {
    perCpu[board] = { halt: cpuSpeed(board, 'halt', QUICK ? 1 : 8), spin: cpuSpeed(board, 'spin', QUICK ? 1 : 3) };
  }

  const b = await openBrowser(site);
  const rows = [];
  try {
    for (const board of BOARDS) {
      const halt = median(await speed(b.context, b.url, `board=${board}&pace=max`, SAMPLES));
      const spin = median(await speed(b.context, b.url, `board=${board}&pace=max&sleep=spin`, SAMPLES));
      const real = median(await speed(b.context, b.url, `board=${board}`, QUICK ? 1 : 4));
      rows.push({ board, halt, spin, real });
    }
  } finally {
    await b.close();
  }

  console.log('Browser page (avr8js 0.21 in headless Chromium, this machine): simulated seconds per');
  console.log(`real second, median of ${SAMPLES} one-second samples running flat out; goal >= 1.5 on every board.`);
  console.log('halt: SLEEP stops the CPU until an interrupt (the page\'s default); spin: avr8js\'s no-op');
  console.log('SLEEP, the firmware looping instead. real: the page as served, paced to real time.');
  console.log(`(load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`);
  console.log(`${'board'.padEnd(10)} ${'halt'.padStart(7)} ${'spin'.padStart(7)} ${'real'.padStart(7)}`);
  for (const r of rows) {
    console.log(`${r.board.padEnd(10)} ${r.halt.toFixed(2).padStart(7)} ${r.spin.toFixed(2).padStart(7)} ${r.real.toFixed(2).padStart(7)}`);
  }
  console.log('The same simulator in Node, simulated seconds per CPU second (one core of its own; the');
  console.log('browser figures above depend on how busy the machine is):');
  for (const board of BOARDS) {
    console.log(`${board.padEnd(10)} ${perCpu[board].halt.toFixed(2).padStart(7)} ${perCpu[board].spin.toFixed(2).padStart(7)}`);
  }
  const worst = Math.min(...rows.map((r) => r.halt));
  console.log(`goal ${GOAL}x real time on every board (default page): ${worst >= GOAL ? 'met' : 'NOT met'} (slowest ${worst.toFixed(2)}x)`);
}

const size = (f) => {
  const data = readFileSync(join(site, f));
  return [data.length, gzipSync(data, { level: 9 }).length];
};
const common = ['index.html', 'style.css', 'app.js'].map(size);
const commonRaw = common.reduce((s, [r]) => s + r, 0);
const commonGz = common.reduce((s, [, g]) => s + g, 0);
if (!SIZES_ONLY) console.log();
console.log(`Transfer: page + style + bundle ${commonRaw.toLocaleString('en')} bytes (gzip ${commonGz.toLocaleString('en')}), of which app.js ${common[2][0].toLocaleString('en')} (gzip ${common[2][1].toLocaleString('en')})`);
for (const board of BOARDS) {
  const [raw, gz] = size(`hex/${board}.hex`);
  console.log(`  with hex/${board}.hex ${raw.toLocaleString('en')} (gzip ${gz.toLocaleString('en')}): ` +
    `${(commonRaw + raw).toLocaleString('en')} bytes, gzip ${(commonGz + gz).toLocaleString('en')}`);
}
