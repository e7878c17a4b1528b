// docs/playing.md's picture of the binary view: the page in headless Chromium on the matrix8 board,
// Nim from 3 5 6 2 started with the console's `new`, the view switched on with the keys (x held,
// z), and of 16 screenshots the one that shows the blinking column lit.
// Usage: node view_shot.mjs SITE_DIR OUT.png   (SITE_DIR: build/web, made by make web)
import { writeFileSync } from 'node:fs';
import { openBrowser } from './browser.mjs';

const [site, out] = process.argv.slice(2);
if (!site || !out) {
  console.error('usage: node view_shot.mjs SITE_DIR OUT.png');
  process.exit(2);
}
const b = await openBrowser(site);
try {
  const page = await b.context.newPage();
  await page.goto(`${b.url}?board=matrix8`);
  const lines = () => page.evaluate(() => (window.grundy ? [...window.grundy.lines] : []));
  const wait = async (re, ms = 15000) => {
    for (const end = Date.now() + ms; Date.now() < end; await page.waitForTimeout(50))
      if ((await lines()).some((l) => re.test(l))) return true;
    throw new Error(`no line ${re}`);
  };
  await wait(/^@turn human/);
  await page.fill('#console-input', 'new nim 3 5 6 2');
  await page.press('#console-input', 'Enter');
  await wait(/^@game nim 3 5 6 2/);
  await page.evaluate(() => document.activeElement?.blur());
  await page.waitForTimeout(300);
  await page.keyboard.down('x');
  await page.waitForTimeout(100);
  await page.keyboard.down('z');
  await page.waitForTimeout(100);
  await page.keyboard.up('z');
  await page.keyboard.up('x');
  await wait(/^@view on/);
  // column 1 (the second LED from the right) blinks in rows 0, 2 and 3: of a few shots over
  // more than a blink period, the one with the most glow (the largest PNG) has them lit
  let best = null;
  for (let i = 0; i < 16; i++) {
    const shot = await page.screenshot({ clip: { x: 150, y: 100, width: 340, height: 320 } });
    if (!best || shot.length > best.length) best = shot;
    await page.waitForTimeout(70);
  }
  writeFileSync(out, best);
  console.log(`view_shot: ${out}`);
} finally {
  await b.close();
}
