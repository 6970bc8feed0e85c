/**
 * `npm run bench:suite -- <commit> …`: the whole suite of each commit named (HEAD if none), one
 * after the other in the same minutes, as CI runs it on a clean clone: `npm ci`, then every step
 * of that commit's `npm test`, then the audit, each timed. Every commit's steps run through this
 * checkout's runner (scripts/test.ts), so each is timed alike, whatever its own `npm test` says.
 * What each run leaves goes to reports/suite/<commit>/, which `npm run test:report` reads.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../lib/scratch-project.ts';

/** What one commit's run took, as reports/suite/<commit>/run.json keeps it. */
export type SuiteRun = {
  commit: string;
  /** When it started, and the machine's load average then. */
  started: string;
  load: number;
  /** From the clone's first command to the audit's end. */
  ms: number;
  install: { ms: number; status: number };
  audit: { ms: number; status: number };
};

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8' }).trim();

/**
 * The stages of a checkout's `npm test`: this runner's arguments, or each script of a chain of
 * one `npm run` after another (joined by `&&`), one stage each.
 */
function stagesOf(dir: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const test = scripts['test'] ?? '';
  const runner = /^node scripts\/test\.ts (.+)$/.exec(test);
  if (runner) return runner[1]!.split(/\s+/);
  return [...test.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
}

/** Runs `command` in `dir` as CI would, its output passed through; how long, and how it ended. */
function timed(dir: string, command: string, args: string[]) {
  const started = performance.now();
  const { status } = spawnSync(command, args, {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, CI: 'true' },
  });
  return { ms: Math.round(performance.now() - started), status: status ?? 1 };
}

const named = process.argv.slice(2);
const commits = (named.length ? named : ['HEAD']).map((name) => git('rev-parse', '--short', name));
for (const commit of commits) {
  const dir = mkdtempSync(join(tmpdir(), `bites-suite-${commit}-`));
  const started = new Date().toISOString();
  const load = loadavg()[0]!;
  const begun = performance.now();
  execFileSync('git', ['clone', '--quiet', '--no-checkout', projectRoot, dir]);
  execFileSync('git', ['checkout', '--quiet', commit], { cwd: dir });
  const install = timed(dir, 'npm', ['ci', '--no-audit', '--no-fund']);
  timed(dir, process.execPath, [join(projectRoot, 'scripts/test.ts'), ...stagesOf(dir)]);
  const audit = timed(dir, 'npm', ['run', 'audit:prod']);
  const run: SuiteRun = {
    commit,
    started,
    load,
    ms: Math.round(performance.now() - begun),
    install,
    audit,
  };
  const kept = join(projectRoot, 'reports/suite', commit);
  rmSync(kept, { recursive: true, force: true });
  mkdirSync(kept, { recursive: true });
  cpSync(join(dir, 'reports'), kept, { recursive: true });
  writeFileSync(join(kept, 'run.json'), `${JSON.stringify(run, null, 2)}\n`);
  rmSync(dir, { recursive: true, force: true });
  console.log(`bench:suite: ${commit} in ${(run.ms / 60_000).toFixed(1)} min`);
}
