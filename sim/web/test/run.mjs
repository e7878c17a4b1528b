// The browser page's suite (make test): the models in Node, then the page in headless
// Chromium on every board. Ends with "N passed, M failed" like every suite; exit 1 on a failure.
// Usage: node run.mjs SITE_DIR   (build/web, made by make web; screenshots go to SITE_DIR-test/)
import { existsSync } from 'node:fs';
import { modelChecks } from './models.mjs';
import { browserChecks, CHROMIUM } from './browser.mjs';

const site = process.argv[2] ?? 'build/web';
let passed = 0;
let failed = 0;
const t = {
  check(name, ok, detail = '') {
    if (ok) {
      passed++;
      console.log(`ok   ${name}`);
    } else {
      failed++;
      console.log(`FAIL ${name}${detail ? `: ${String(detail).split('\n').join('\n     ')}` : ''}`);
    }
  },
};

const started = Date.now();
try {
  if (!existsSync(`${site}/hex/direct.hex`)) throw new Error(`${site}/hex/direct.hex is missing: run make web`);
  modelChecks(t, site);
  if (!existsSync(CHROMIUM)) t.check(`${CHROMIUM} is installed (sh tools/deps.sh web)`, false);
  else await browserChecks(t, site, `${site.replace(/\/+$/, '')}-test`);
} catch (e) {
  t.check('the suite ran to the end', false, e.stack);
}
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${site.replace(/\/+$/, '')}-test/)`);
console.log(`browser page: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
