// flash_bench.mjs (make bench): the page's flasher (src/stk500.js, from node) and avrdude (the
// line docs/flashing.md gives) writing the same image through the real Optiboot into a fresh
// simulated Uno each, for each board: wall-clock seconds and the Uno's simulated seconds (the
// simulator runs in real time but falls behind on a busy machine, which the simulated time does
// not feel), and the ratio of simulated times (the goal: the flasher within 1.2 times
// avrdude's). Both include the reset and the read-back.
// Usage: node flash_bench.mjs BUILD_DIR [BOARD...]
import { spawn } from 'node:child_process';
import { flashFile } from '../tools/flash_uno.mjs';
import { docAvrdudeLines, localArgv } from './flash_doc.mjs';
import { startUno } from './flash_uno.mjs';

const build = process.argv[2] ?? 'build';
const boards = process.argv.length > 3 ? process.argv.slice(3) : ['direct', 'matrix8', 'shift595', 'uno'];
const linux = docAvrdudeLines().at(-1).argv;
const F_CPU = 16e6;

/** Run write(port) on a fresh simulated Uno: [wall s, simulated s, what write returned]. */
async function timed(board, write) {
  const uno = await startUno(build, { board });
  const cycles = async () => Number((await uno.ask('stats')).split(' ')[4]);
  const c0 = await cycles();
  const t0 = Date.now();
  const r = await write(uno.port);
  const wall = (Date.now() - t0) / 1000;
  const sim = ((await cycles()) - c0) / F_CPU;
  await uno.stop();
  return [wall, sim, r];
}

console.log('Writing each image to a simulated Uno (Optiboot, 115,200 baud), write and verify:');
console.log('  board      avrdude: wall  simulated   the page\'s flasher: wall  simulated   ratio (simulated)');
let worst = 0;
for (const board of boards) {
  const hex = `${build}/${board}/grundy.hex`;
  const [aw, as, rc] = await timed(board, (port) =>
    new Promise((ok) => spawn('avrdude', localArgv(linux, port, hex), { stdio: 'ignore' }).on('exit', ok)));
  const [fw, fs, err] = await timed(board, (port) => flashFile(port, hex).then(() => null, (e) => e.message));
  const ratio = err ? NaN : fs / as;
  worst = Math.max(worst, ratio);
  const s = (x) => `${x.toFixed(1)} s`.padStart(8);
  console.log(`  ${board.padEnd(10)} ${s(aw)} ${s(as)} ${''.padEnd(17)}${s(fw)} ${s(fs)} ${ratio.toFixed(2).padStart(10)}` +
    `${rc ? `  (avrdude exited ${rc})` : ''}${err ? `  (the flasher: ${err})` : ''}`);
}
console.log(`flasher vs avrdude: at most ${worst.toFixed(2)} times avrdude's simulated time (goal: 1.20 or less)`);
