// The page's Build one part, opened, on a board: a screenshot for looking at it.
// Usage: node build_shot.mjs SITE_DIR BOARD OUT.png   (SITE_DIR: build/web, made by make web)
import { writeFileSync } from 'node:fs';
import { openBrowser } from './browser.mjs';

const [site, board, out] = process.argv.slice(2);
const b = await openBrowser(site);
try {
  const page = await b.context.newPage();
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(`${b.url}?board=${board}`);
  await page.evaluate(() => { document.querySelector('#build details').open = true; });
  await page.waitForTimeout(800);
  const el = await page.$('#build');
  await el.scrollIntoViewIfNeeded();
  writeFileSync(out, await el.screenshot());
} finally {
  await b.close();
}
