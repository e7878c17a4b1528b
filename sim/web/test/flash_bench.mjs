// flash_bench.mjs (make bench): the page's flasher (src/stk500.js, from node) and avrdude (the
// line docs/flashing.md gives) writing the same image to the same simulated Uno with the real
// Optiboot (a fresh one for each tool), for each board: both times, and their ratio (the goal:
// the flasher within 1.2 times avrdude's). Both include the reset and the read-back.
// Usage: node flash_bench.mjs BUILD_DIR [BOARD...]
import { spawn } from 'node:child_process';
import { flashFile } from '../tools/flash_uno.mjs';
import { docAvrdudeLines, localArgv } from './flash_doc.mjs';
import { startUno } from './flash_uno.mjs';

const build = process.argv[2] ?? 'build';
const boards = process.argv.length > 3 ? process.argv.slice(3) : ['direct', 'matrix8', 'shift595', 'uno'];
const linux = docAvrdudeLines().at(-1).argv;
console.log('Writing each image to the simulated Uno (Optiboot, 115,200 baud, real time), write and verify:');
console.log('  board       avrdude   the page\'s flasher   ratio');
let worst = 0;
for (const board of boards) {
  const hex = `${build}/${board}/grundy.hex`;
  // each on a fresh simulated Uno (the same program, the same Optiboot, a blank application)
  let uno = await startUno(build, { board });
  const t0 = Date.now();
  const rc = await new Promise((ok) => spawn('avrdude', localArgv(linux, uno.port, hex), { stdio: 'ignore' }).on('exit', ok));
  const avrdude = (Date.now() - t0) / 1000;
  await uno.stop();
  uno = await startUno(build, { board });
  const ours = await flashFile(uno.port, hex).then((r) => r.seconds, (e) => { console.log(`  ${board}: ${e.message}`); return NaN; });
  await uno.stop();
  const ratio = ours / avrdude;
  worst = Math.max(worst, ratio);
  console.log(`  ${board.padEnd(10)} ${avrdude.toFixed(1).padStart(6)} s ${ours.toFixed(1).padStart(10)} s ${ratio.toFixed(2).padStart(14)}` +
    `${rc ? `  (avrdude exited ${rc})` : ''}`);
}
console.log(`flasher vs avrdude: at most ${worst.toFixed(2)} times avrdude's time (goal: 1.20 or less)`);
