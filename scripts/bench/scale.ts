/**
 * `npm run bench:scale -- N`: the writer's loop with N synthetic recipes and N synthetic posts,
 * measured in one run beside the sample site's own build and Hugo, and written into
 * docs/SCALE.md (a row per size).
 *
 * - Builds: cold (no content store), again with nothing changed, and again after editing one
 *   post (the median of 3 edits, each checked on the built page).
 * - `npm run check:content`, cold and warm.
 * - `npm run dev`: seconds until /blog/ answers, with no store and with the store of the last
 *   run, and the median time from saving a post until /blog/ shows it (see dev-loop.ts).
 * - Peak memory of the cold build.
 * - When `hugo` is installed, Hugo on the same entries doing the same work, list pages and feeds
 *   only (see hugo.ts): its build, cold and again, and `hugo server`, timed as `npm run dev` is.
 *   The row compares like with like: cold build with cold build, `npm run dev` ready with
 *   `hugo server` ready, save to page with save to page.
 *
 * Options: --no-dev skips both dev servers; --no-hugo.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { markdownTable, readDocSection, tableRows, writeDocSection } from '../lib/doc-section.ts';
import { median } from '../lib/measure.ts';
import { projectRoot, scratchProject } from '../lib/scratch-project.ts';
import { devLoop } from './dev-loop.ts';
import { fileWithTitle, firstCardTitle } from './entries.ts';
import { hugoInstalled, hugoServerLoop, writeHugoSite } from './hugo.ts';
import { writeSynthetic } from './synthetic.ts';

const args = process.argv.slice(2);
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const withDev = !args.includes('--no-dev');
const withHugo = !args.includes('--no-hugo') && hugoInstalled();
const EDITS = 3;
/** Saves timed in `hugo server`: as many as in the two `npm run dev` runs together. */
const HUGO_SAVES = 10;

const seconds = (value: number) => `${value.toFixed(1)} s`;
/** How many times Hugo's figure ours is, when Hugo was measured. */
const ratio = (ours: number, hugos: number | undefined) =>
  hugos === undefined ? undefined : `${(ours / hugos).toFixed(1)}×`;
/** A cell of ours followed by its ratios to Hugo's, or alone when Hugo was not measured. */
const vsHugo = (cell: string, ...ratios: (string | undefined)[]) =>
  ratios.every((r) => r !== undefined) ? `${cell} (${ratios.join(' / ')} Hugo)` : cell;
const log = (message: string) => console.log(`scale: ${message}`);

type Timed = { seconds: number; peakMB: number | undefined; output: string };

// GNU time reports the peak memory of the whole command; without it, only the wall time counts.
const gnuTime = existsSync('/usr/bin/time');

/** Runs a command to completion; its wall time, its peak memory when known, and its output. */
function timed(command: string, commandArgs: string[], cwd: string, env = {}): Timed {
  const [file, fileArgs] = gnuTime
    ? ['/usr/bin/time', ['-f', 'time: %e s, %M KB', command, ...commandArgs]]
    : [command, commandArgs];
  const started = performance.now();
  const run = spawnSync(file, fileArgs, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: {
      ...process.env,
      NO_COLOR: '1',
      ASTRO_TELEMETRY_DISABLED: '1',
      ...env,
    },
  });
  const wall = (performance.now() - started) / 1000;
  const output = `${run.stdout}\n${run.stderr}`;
  if (run.status !== 0) {
    console.error(output.slice(-4000));
    throw new Error(`scale: ${command} ${commandArgs.join(' ')} failed in ${cwd}`);
  }
  const measured = /time: ([\d.]+) s, (\d+) KB/.exec(output);
  return measured
    ? { seconds: Number(measured[1]), peakMB: Number(measured[2]) / 1024, output }
    : { seconds: wall, peakMB: undefined, output };
}

const astro = (dir: string, command: 'build' | 'sync') =>
  timed(process.execPath, ['node_modules/astro/bin/astro.mjs', command], dir);

/** Removes Astro's content store (kept by builds, checks and the dev server) from a project. */
function forgetStore(dir: string) {
  for (const cache of ['node_modules/.astro', '.astro', 'dist']) {
    rmSync(join(dir, cache), { recursive: true, force: true });
  }
}

/** Edits the excerpt of the first post on the built /blog/, rebuilds, and checks the page. */
function rebuildAfterEdit(dir: string, round: number): number {
  const blog = () => readFileSync(join(dir, 'dist/blog/index.html'), 'utf8');
  const file = join(dir, fileWithTitle(dir, 'src/content/blog', firstCardTitle(blog())));
  const token = `Edited for the benchmark, round ${round}`;
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^excerpt: .*$/m, `excerpt: ${token}`));
  const build = astro(dir, 'build');
  if (!blog().includes(token)) throw new Error('scale: the rebuilt /blog/ does not show the edit');
  return build.seconds;
}

// The sample site: the ratio that matters is a rebuild at scale against the site as committed.
const sample = join(projectRoot, '.bench', 'scale-sample');
rmSync(sample, { recursive: true, force: true });
scratchProject(sample);
astro(sample, 'build');
const sampleBuild = median([1, 2, 3].map(() => astro(sample, 'build').seconds));
log(`the sample site builds in ${seconds(sampleBuild)} (median of 3, store kept)`);

const dir = join(projectRoot, '.bench', `scale-${count}`);
rmSync(dir, { recursive: true, force: true });
scratchProject(dir);
writeSynthetic(dir, count);
log(`${count} + ${count} synthetic entries`);

forgetStore(dir);
const cold = astro(dir, 'build');
log(`cold build ${seconds(cold.seconds)}, peak ${cold.peakMB?.toFixed(0)} MB`);
const unchanged = median([1, 2, 3].map(() => astro(dir, 'build').seconds));
log(`rebuild with nothing changed ${seconds(unchanged)}`);
const oneEdit = median(Array.from({ length: EDITS }, (_, round) => rebuildAfterEdit(dir, round)));
log(
  `rebuild after one edit ${seconds(oneEdit)} (${(oneEdit / sampleBuild).toFixed(1)}× the sample)`,
);

forgetStore(dir);
const checkCold = astro(dir, 'sync').seconds;
const checkWarm = astro(dir, 'sync').seconds;
log(`check:content ${seconds(checkCold)} cold, ${seconds(checkWarm)} warm`);

let dev: { cold: number; warm: number; editMs: number } | undefined;
if (withDev) {
  forgetStore(dir);
  const first = await devLoop(dir);
  const second = await devLoop(dir);
  // Every save counts, from no store and from the last run's, as a writer's day has both.
  const saves = [...first.editTimes, ...second.editTimes];
  dev = { cold: first.readySeconds, warm: second.readySeconds, editMs: median(saves) };
  log(
    `dev ready in ${seconds(dev.cold)} cold, ${seconds(dev.warm)} warm; ` +
      `edit to page ${dev.editMs.toFixed(0)} ms (median; ${saves.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
  );
}

let hugo: { cold: number; again: number } | undefined;
let hugoServer: { ready: number; editMs: number } | undefined;
if (withHugo) {
  const site = join(projectRoot, '.bench', `hugo-${count}`);
  writeHugoSite(site, dir);
  const run = () => timed('hugo', ['--quiet'], site).seconds;
  hugo = { cold: run(), again: median([1, 2, 3].map(run)) };
  log(`Hugo, list pages only: ${seconds(hugo.cold)} cold, ${seconds(hugo.again)} again`);
  if (withDev) {
    const served = await hugoServerLoop(site, { edits: HUGO_SAVES });
    hugoServer = { ready: served.readySeconds, editMs: served.editMs };
    log(
      `hugo server ready in ${seconds(hugoServer.ready)}; edit to page ` +
        `${hugoServer.editMs.toFixed(0)} ms (median; ${served.editTimes.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
    );
  }
  rmSync(site, { recursive: true, force: true });
}

const entries = `${count.toLocaleString('en')} + ${count.toLocaleString('en')}`;
const row = [
  entries,
  vsHugo(seconds(cold.seconds), ratio(cold.seconds, hugo?.cold)),
  `${seconds(unchanged)} (${(unchanged / sampleBuild).toFixed(1)}× sample)`,
  `${seconds(oneEdit)} (${(oneEdit / sampleBuild).toFixed(1)}× sample)`,
  `${seconds(checkCold)} / ${seconds(checkWarm)}`,
  dev
    ? vsHugo(
        `${seconds(dev.cold)} / ${seconds(dev.warm)}`,
        ratio(dev.cold, hugoServer?.ready),
        ratio(dev.warm, hugoServer?.ready),
      )
    : '—',
  dev ? vsHugo(`${(dev.editMs / 1000).toFixed(2)} s`, ratio(dev.editMs, hugoServer?.editMs)) : '—',
  cold.peakMB ? `${cold.peakMB.toFixed(0)} MB` : '—',
  seconds(sampleBuild),
  hugo ? `${seconds(hugo.cold)} / ${seconds(hugo.again)}` : '—',
  hugoServer ? seconds(hugoServer.ready) : '—',
  hugoServer ? `${(hugoServer.editMs / 1000).toFixed(2)} s` : '—',
  new Date().toISOString().slice(0, 10),
];

const head = [
  'Entries (recipes + posts)',
  'Cold build',
  'Rebuild, nothing changed',
  'Rebuild, one edit',
  'check:content, cold / warm',
  'Dev ready, cold / warm',
  'Dev, save to page',
  'Peak memory',
  'Sample site build',
  'Hugo lists, cold / again',
  'Hugo server ready',
  'Hugo server, save to page',
  'Date',
];
const doc = join(projectRoot, 'docs/SCALE.md');
const size = (cell: string) => Number(cell.split(' + ')[0]!.replaceAll(',', ''));
const kept = tableRows(readDocSection(doc, 'scale')).filter(
  (cells) => cells.length === head.length && cells[0] !== entries,
);
const rows = [...kept, row].sort((a, b) => size(a[0]!) - size(b[0]!));
const machine =
  `Latest run: ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores ` +
  `(${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.`;
await writeDocSection(doc, 'scale', `${markdownTable(head, rows)}\n\n${machine}`);
rmSync(join(dir, 'dist'), { recursive: true, force: true });
