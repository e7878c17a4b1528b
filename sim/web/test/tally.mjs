// One tally for the flasher's node tests: check() prints each result as "ok" or "FAIL", end()
// prints the closing "N passed, M failed" and exits non-zero on any failure.
let passed = 0;
let failed = 0;

export function check(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${!ok && detail ? `: ${detail}` : ''}`);
  return ok;
}

export function end() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
