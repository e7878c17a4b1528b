// The page's Build one part on every board, in headless Chromium: opened, it shows the board's
// parts list as its pin table gives it (wiring.js, made from boards/<b>/wiring.yaml) and its
// wiring drawing, loaded, the very file boards/<b>/wiring.svg; the uno board says there is
// nothing to wire. With SHOTS_DIR, a screenshot of each board's part for looking at it.
// Usage: node build_part.mjs SITE_DIR [SHOTS_DIR]   (SITE_DIR: build/web, made by make web)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser } from './browser.mjs';
import { WIRING } from '../src/wiring.js';

const [site, shots] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (ok) passed++;
  else failed++;
};

const b = await openBrowser(site);
try {
  for (const board of Object.keys(WIRING)) {
    const page = await b.context.newPage();
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.goto(`${b.url}?board=${board}`);
    await page.click('#build summary');
    const rows = await page.$$eval('#build table.parts tbody tr', (trs) =>
      trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
    const want = board === 'uno' ? [] : WIRING[board].parts.map(([q, p]) => [String(q), p]);
    check(JSON.stringify(rows) === JSON.stringify(want),
      `${board}: Build one lists the pin table's ${want.length} parts with their quantities`);
    if (board === 'uno') {
      const text = await page.textContent('#build-body');
      check(/needs nothing wired/.test(text), 'uno: Build one says there is nothing to wire');
    } else {
      await page.waitForFunction(() => document.querySelector('#build img.wiring')?.complete, null,
        { timeout: 10000 });
      const img = await page.$eval('#build img.wiring', (i) => ({ src: i.getAttribute('src'), w: i.naturalWidth }));
      const served = await page.evaluate(async (src) => (await fetch(src)).text(), img.src);
      const file = readFileSync(join('boards', board, 'wiring.svg'), 'utf8');
      check(img.w > 0 && served === file,
        `${board}: Build one shows the drawing boards/${board}/wiring.svg, loaded (${img.w} px wide)`);
    }
    if (shots) writeFileSync(join(shots, `build-${board}.png`), await (await page.$('#build')).screenshot());
    await page.close();
  }
} finally {
  await b.close();
}
console.log(`build one: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
