// The real firmware (SITE_DIR/hex/<board>.hex) on the page's machine with its board model, in
// Node: what the model checks and the benchmark run, set up in one place.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flashImage } from '../src/hex.js';
import { F_CPU, FLASH_BYTES, Machine } from '../src/machine.js';
import { createBoard } from '../src/boards.js';

export const MS = F_CPU / 1000;

/** Board `board` at power-up; `output()` is everything the USART sent since. */
export function firmware(siteDir, board, sleepMode = 'halt') {
  const { flash } = flashImage(readFileSync(join(siteDir, 'hex', `${board}.hex`), 'utf8'), FLASH_BYTES);
  const m = new Machine(flash);
  m.sleepMode = sleepMode;
  const model = createBoard(board, m);
  let out = '';
  m.txListeners.push((c) => (out += String.fromCharCode(c)));
  return {
    m,
    model,
    output: () => out,
    /** Hold button `bit` (PC0..PC5) for `ms`, then leave it released for 50 ms. */
    press(bit, ms = 50) {
      m.drive('C', bit, 0);
      m.run(m.cycles + ms * MS);
      m.drive('C', bit, null);
      m.run(m.cycles + 50 * MS);
    },
  };
}
