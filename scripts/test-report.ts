/**
 * `npm run test:report`: the suite's steps side by side, each commit's tests and time, from the
 * runs `npm run bench:suite` left in reports/suite/ (one folder a commit), written into the README
 * between `<!-- suite:begin -->` and `<!-- suite:end -->`. Nothing here is typed by hand.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { SuiteRun } from './bench/suite.ts';
import { markdownTable, writeDocSection } from './lib/doc-section.ts';
import { projectRoot } from './lib/scratch-project.ts';
import type { Step } from './test.ts';

type VitestReport = { numTotalTests: number; numFailedTests: number };
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number } };

/** One commit's run: its times, and each step's tests and failures where it ran tests. */
type Run = SuiteRun & { steps: Step[]; tests: Map<string, { tests: number; failed: number }> };

function readRun(folder: string): Run {
  const read = <T>(name: string) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as T;
  const tests = new Map<string, { tests: number; failed: number }>();
  for (const name of readdirSync(folder).filter((each) => /^vitest-test-.*\.json$/.test(each))) {
    const { numTotalTests, numFailedTests } = read<VitestReport>(name);
    const script = name.replace(/^vitest-|\.json$/g, '').replace('test-', 'test:');
    tests.set(script, { tests: numTotalTests, failed: numFailedTests });
  }
  if (existsSync(join(folder, 'playwright.json'))) {
    // A test that passed on a retry failed once: it counts as failed.
    const { expected, unexpected, flaky } = read<PlaywrightReport>('playwright.json').stats;
    tests.set('test:e2e', { tests: expected + unexpected + flaky, failed: unexpected + flaky });
  }
  return { ...read<SuiteRun>('run.json'), steps: read<Step[]>('steps.json'), tests };
}

const suite = join(projectRoot, 'reports/suite');
if (!existsSync(suite)) {
  throw new Error('test-report: no reports/suite; run `npm run bench:suite -- <commit>` first');
}
const runs = readdirSync(suite)
  .map((commit) => readRun(join(suite, commit)))
  .sort((a, b) => a.started.localeCompare(b.started));

const seconds = (ms: number | undefined) =>
  ms === undefined
    ? '–'
    : ms < 60_000
      ? `${Math.round(ms / 1000)} s`
      : `${(ms / 60_000).toFixed(1)} min`;
// Every step any run had, in the order of the last run, then the others'.
const scripts = [...new Set(runs.toReversed().flatMap((run) => run.steps.map((s) => s.script)))];
const cells = (run: Run, script: string) => {
  const step = run.steps.find((each) => each.script === script);
  const tests = run.tests.get(script);
  return [tests ? String(tests.tests) : '', step ? seconds(step.ms) : '–'];
};
const rows = [
  ['`npm ci`', ...runs.flatMap((run) => ['', seconds(run.install.ms)])],
  ...scripts.map((script) => [
    `\`npm run ${script}\``,
    ...runs.flatMap((run) => cells(run, script)),
  ]),
  ['`npm run audit:prod`', ...runs.flatMap((run) => ['', seconds(run.audit.ms)])],
  ['**Whole run**', ...runs.flatMap((run) => ['', `**${seconds(run.ms)}**`])],
];
const total = (run: Run) => {
  const counted = [...run.tests.values()];
  const tests = counted.reduce((sum, each) => sum + each.tests, 0);
  const failed = counted.reduce((sum, each) => sum + each.failed, 0);
  return `${run.commit}: ${tests - failed} passed, ${failed} failed`;
};

const content = [
  `Clean clones run one after the other by \`npm run bench:suite\` on ${runs[0]?.started.slice(0, 10)} (load average at each start: ${runs.map((run) => `${run.commit} ${run.load.toFixed(1)}`).join(', ')}); steps joined in \`npm test\` run side by side.`,
  markdownTable(
    ['Step', ...runs.flatMap((run) => [`Tests ${run.commit}`, `Time ${run.commit}`])],
    rows,
  ),
  `${runs.map(total).join('; ')}. Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}).`,
].join('\n\n');

await writeDocSection(join(projectRoot, 'README.md'), 'suite', content);
console.log(`test-report: ${runs.map((run) => run.commit).join(' and ')}, written into the README`);
