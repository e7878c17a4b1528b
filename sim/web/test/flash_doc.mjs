// flash_doc.mjs: the avrdude command lines docs/flashing.md gives (one per system, in its code
// blocks), as argument lists, and the same line made runnable here: the IDE's avrdude and its
// configuration swapped for the installed ones, the port for the simulated Uno's, the release
// file for a build's .hex. The flasher's suite and `make bench` run what the doc says.
import { readFileSync } from 'node:fs';

/** Split a command line as a shell would for these lines: spaces, double quotes. */
function split(line) {
  const args = [];
  const re = /"([^"]*)"|(\S+)/g;
  let m;
  while ((m = re.exec(line))) args.push(m[1] ?? m[2]);
  return args;
}

/** Each avrdude line inside a code block of the doc: [{line, argv}]. */
export function docAvrdudeLines(doc = 'docs/flashing.md') {
  const out = [];
  let inBlock = false;
  for (const line of readFileSync(doc, 'utf8').split('\n')) {
    if (line.startsWith('```')) inBlock = !inBlock;
    else if (inBlock && /avrdude(\.exe)?"? /.test(line)) out.push({ line, argv: split(line) });
  }
  return out;
}

/** The doc's argv for this machine: avrdude and -C from here, -P port, the file hex. */
export function localArgv(argv, port, hex) {
  const args = [];
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === '-C') i++; // the Debian avrdude's own configuration
    else if (argv[i] === '-P') {
      args.push('-P', port);
      i++;
    } else args.push(argv[i].replace(/^flash:w:[^:]+:i$/, `flash:w:${hex}:i`));
  }
  return args;
}
