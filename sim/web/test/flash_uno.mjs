// flash_uno.mjs: a simulated Uno for the flasher's tests: build/sim/grundy-uno (sim/uno_serve.c:
// the real Optiboot on a simulated ATmega328P, a pty as its port, reset as the port opens)
// started as a child, and what the tests read from the port: lines of the firmware's output.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Start grundy-uno: build/sim/grundy-uno [--board b] [--lose-page a] boot elf. Resolves to
 * {port, ask(question) -> answer line, stop()}. */
export function startUno(build, { board = 'direct', boot = `${build}/optiboot/optiboot_atmega328.hex`, losePage } = {}) {
  const args = ['--board', board];
  if (losePage !== undefined) args.push('--lose-page', String(losePage));
  args.push(boot, `${build}/${board}/grundy.elf`);
  const child = spawn(`${build}/sim/grundy-uno`, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const waiting = [];
  lines.on('line', (l) => waiting.shift()?.(l));
  const next = () => new Promise((ok) => waiting.push(ok));
  return next().then((first) => {
    if (!first?.startsWith('port ')) throw new Error(`grundy-uno said '${first}'`);
    return {
      port: first.slice(5),
      child,
      async ask(q) {
        const a = next();
        child.stdin.write(`${q}\n`);
        return a;
      },
      stop() {
        child.stdin.end();
        return new Promise((ok) => {
          if (child.exitCode !== null) ok();
          else child.once('exit', ok);
        });
      },
    };
  });
}

/** Reads a link (stk500.js's) as text lines: the firmware's words after the bootloader's
 * binary answers. */
export class LineReader {
  constructor(link) {
    this.link = link;
    this.text = '';
    this.stopped = false;
    this.done = (async () => {
      while (!this.stopped) {
        const { value, done } = await link.read();
        if (done) break;
        this.text += Buffer.from(value).toString('latin1');
      }
    })();
  }

  /** The first line after `from` matching re, waiting up to ms; null if none. */
  async waitLine(re, ms, from = 0) {
    const end = Date.now() + ms;
    for (;;) {
      const lines = this.text.slice(from).split(/\r?\n/);
      lines.pop(); // not complete yet
      for (const l of lines) {
        const m = l.match(re);
        if (m) return m;
      }
      if (Date.now() > end) return null;
      await new Promise((ok) => setTimeout(ok, 20));
    }
  }
}
