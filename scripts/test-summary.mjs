// Prints one line, "N passed, N failed", from the Vitest and Playwright JSON reports in a folder.
// Usage: node scripts/test-summary.mjs <reports-dir> [exit status of the test run]
// A runner that failed without a report, or with errors outside any test (a server that would
// not start, say), counts as one failure; so does a failed run whose reports show no failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'reports';
const runStatus = Number(process.argv[3] ?? 0);
const read = (name) => {
  const file = join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
};

let passed = 0;
let failed = 0;
let skipped = 0;

// One Vitest report per project run: reports/vitest-test-unit.json, vitest-test-content.json,
// vitest-test-site.json.
const vitestReports = existsSync(dir)
  ? readdirSync(dir).filter((name) => /^vitest.*\.json$/.test(name))
  : [];
for (const vitest of vitestReports.map(read)) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (!vitestReports.length) failed += 1;

// A test that passed only on a retry failed once: it counts as failed.
const playwright = read('playwright.json');
if (playwright) {
  passed += playwright.stats.expected;
  failed += playwright.stats.unexpected + playwright.stats.flaky + (playwright.errors?.length ?? 0);
  skipped += playwright.stats.skipped;
} else {
  failed += 1;
}

if (runStatus !== 0 && failed === 0) failed += 1;

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
