// build.js: the page's "Build one" part: the chosen board's wiring drawing (boards/<b>/wiring.svg,
// copied to wiring/<b>.svg by web.mk) and its parts list with quantities, both from the board's
// pin table (wiring.js). The uno board has nothing to wire: the part says so.
import { WIRING } from './wiring.js';

/** Fills the "Build one" part (#build) for board `name`. */
export function showBuild(name, doc = document) {
  const part = doc.getElementById('build');
  const w = WIRING[name];
  if (!part || !w) return;
  const body = doc.getElementById('build-body');
  body.replaceChildren();
  const say = (tag, text) => {
    const el = doc.createElement(tag);
    el.textContent = text;
    body.appendChild(el);
    return el;
  };
  if (name === 'uno') {
    say('p', 'The uno image needs nothing wired: plug in a bare Arduino Uno and talk to it over USB.');
    return;
  }
  say('p', `The ${name} board: ${w.summary}. What you need:`);
  const table = doc.createElement('table');
  table.className = 'parts';
  table.innerHTML = '<thead><tr><th>qty</th><th>part</th></tr></thead>';
  const rows = doc.createElement('tbody');
  for (const [qty, what] of w.parts) {
    const tr = doc.createElement('tr');
    for (const text of [String(qty), what]) {
      const td = doc.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    rows.appendChild(tr);
  }
  table.appendChild(rows);
  body.appendChild(table);
  say('p', 'How to wire it (open the picture for full size):');
  const a = doc.createElement('a');
  a.href = `wiring/${name}.svg`;
  a.target = '_blank';
  const img = doc.createElement('img');
  img.src = `wiring/${name}.svg`;
  img.alt = `How to wire the ${name} board: the Uno, every part and every wire`;
  img.className = 'wiring';
  img.loading = 'lazy'; // fetched when Build one is opened
  a.appendChild(img);
  body.appendChild(a);
  say('p', 'The step-by-step guide is docs/build.md in the source: which board to start with, '
    + 'the order to wire things in, and how to put the firmware on the Uno.');
}
