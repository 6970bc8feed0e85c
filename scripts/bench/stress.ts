/**
 * `npm run bench:stress -- [--runs N] [--load K] [file …]`: each editor test file run N times
 * (20) in one Vitest run, under K CPU hogs (`stress-ng --cpu K`, the machine's core count) beside
 * it, to find the tests that fail only sometimes. Each file is run as N copies beside it
 * (`<name>.stress-<n>.test.ts`, removed afterwards), so the editor's workbench starts once per
 * worker, as in `npm run test:editor`, and the copies share its workers with the rest.
 *
 * Prints, for each file, its runs and its failures, each failed test by name; writes the same to
 * reports/stress/summary.json; exits 1 if any test failed. Pass files to run only those
 * (`tests/editor/trust.test.ts`). Without stress-ng it runs without the extra load, and says so.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '20' }, load: { type: 'string' } },
});
const runs = Number(values.runs);
const load = Number(values.load ?? availableParallelism());
const folder = 'tests/editor';
const files = positionals.length
  ? positionals
  : readdirSync(folder)
      .filter((name) => /^[\w-]+\.test\.ts$/.test(name))
      .map((name) => join(folder, name));

const copies = files.flatMap((file) =>
  Array.from({ length: runs }, (_, n) => ({
    file,
    copy: file.replace(/\.test\.ts$/, `.stress-${n + 1}.test.ts`),
  })),
);
const cleanUp = () => copies.forEach(({ copy }) => rmSync(copy, { force: true }));
process.on('SIGINT', () => (cleanUp(), process.exit(130)));
for (const { file, copy } of copies) copyFileSync(file, copy);

const hasStress = spawnSync('stress-ng', ['--version']).status === 0;
const hogs = hasStress
  ? spawn('stress-ng', ['--cpu', String(load), '--timeout', '0'], { stdio: 'ignore' })
  : undefined;
if (!hasStress) console.log('stress-ng is not installed: running without extra load.');

mkdirSync('reports/stress', { recursive: true });
const report = 'reports/stress/vitest.json';
rmSync(report, { force: true });
const started = Date.now();
const vitest = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    'editor',
    '--reporter=dot',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...copies.map(({ copy }) => copy),
  ],
  { stdio: 'inherit' },
);
hogs?.kill();
cleanUp();

type Result = { name: string; assertionResults: { fullName: string; status: string }[] };
if (!existsSync(report)) {
  console.log(
    `Vitest stopped (status ${vitest.status}) before it wrote its report: the run failed.`,
  );
  process.exit(1);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as { testResults: Result[] };
const summary = files.map((file) => {
  const ours = testResults.filter((result) =>
    basename(result.name).startsWith(basename(file).replace(/\.test\.ts$/, '.stress-')),
  );
  const tests = ours.flatMap((result) => result.assertionResults);
  const failed = tests.filter((test) => test.status !== 'passed');
  return {
    file,
    runs: ours.length,
    tests: tests.length,
    failed: failed.length,
    failures: failed.map((test) => test.fullName),
  };
});
writeFileSync(
  'reports/stress/summary.json',
  JSON.stringify(
    { runs, load: hasStress ? load : 0, minutes: (Date.now() - started) / 60e3, summary },
    null,
    2,
  ),
);
for (const { file, runs: ran, tests, failed, failures } of summary) {
  console.log(`${file}: ${ran} runs, ${tests} tests, ${failed} failed`);
  for (const name of failures) console.log(`  failed: ${name}`);
}
const failures = summary.reduce((sum, each) => sum + each.failed, 0);
const missing = summary.filter((each) => each.runs !== runs).map((each) => each.file);
if (missing.length) console.log(`Not every run finished: ${missing.join(', ')}`);
process.exitCode = failures || missing.length || vitest.status ? 1 : 0;
