/**
 * `npm run test:report`: how many tests the last run had and how long each step took, from the JSON
 * reports a run with CI=true leaves in reports/ (`bash .ci/run` makes them), written into the
 * README between `<!-- suite:begin -->` and `<!-- suite:end -->`. Nothing here is typed by hand.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { markdownTable, writeDocSection } from './lib/doc-section.ts';
import { projectRoot } from './lib/scratch-project.ts';

type VitestReport = {
  startTime: number;
  numTotalTests: number;
  numFailedTests: number;
  testResults: { startTime: number; endTime: number }[];
};
type PlaywrightReport = {
  stats: {
    startTime: string;
    duration: number;
    expected: number;
    unexpected: number;
    flaky: number;
  };
};

const reports = join(projectRoot, 'reports');
const read = <T>(name: string) => JSON.parse(readFileSync(join(reports, name), 'utf8')) as T;
const minutes = (ms: number) =>
  ms < 60_000 ? `${(ms / 1000).toFixed(0)} s` : `${(ms / 60_000).toFixed(1)} min`;

if (!existsSync(join(reports, 'playwright.json'))) {
  throw new Error('test-report: no reports/playwright.json; run `CI=true npm test` first');
}

// One Vitest report per npm script: vitest-test-unit.json, vitest-test-content.json, …
const steps = readdirSync(reports)
  .filter((name) => /^vitest-test-.*\.json$/.test(name))
  .map((name) => {
    const report = read<VitestReport>(name);
    const end = Math.max(...report.testResults.map((file) => file.endTime));
    const step = `npm run ${name.replace(/^vitest-|\.json$/g, '').replace('test-', 'test:')}`;
    return {
      step,
      tests: report.numTotalTests,
      failed: report.numFailedTests,
      ms: end - report.startTime,
    };
  });

const browser = read<PlaywrightReport>('playwright.json');
const { stats } = browser;
const browserTests = stats.expected + stats.unexpected + stats.flaky;
steps.push({
  step: 'npm run test:e2e',
  tests: browserTests,
  failed: stats.unexpected,
  ms: stats.duration,
});
// In the order `npm test` runs them, as package.json says.
const { scripts } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const order = [...(scripts['test'] ?? '').matchAll(/npm run (test:[\w-]+)/g)].map((m) => m[1]);
const rank = ({ step }: { step: string }) => order.indexOf(step.replace('npm run ', ''));
steps.sort((a, b) => rank(a) - rank(b));

const total = steps.reduce((sum, step) => sum + step.tests, 0);
const failed = steps.reduce((sum, step) => sum + step.failed, 0);

const content = [
  `${total} tests in the run of ${stats.startTime.slice(0, 10)}: ${total - failed} passed, ${failed} failed.`,
  markdownTable(
    ['Step', 'Tests', 'Time'],
    steps.map(({ step, tests, ms }) => [`\`${step}\``, String(tests), minutes(ms)]),
  ),
  `Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}).`,
].join('\n\n');

await writeDocSection(join(projectRoot, 'README.md'), 'suite', content);
console.log(`test-report: ${total} tests, written into the README`);
