// Build-scale benchmark: `npm run bench:scale -- N [--loader=glob]`.
// Copies the project to .bench/, adds N synthetic recipes and N synthetic posts, builds the copy
// under /usr/bin/time -v, and records wall time and peak memory in docs/SCALE.md.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { markdownTable, readDocSection, tableRows, writeDocSection } from '../lib/doc-section.ts';
import { projectRoot, scratchProject } from '../lib/scratch-project.ts';
import { writeSynthetic } from './synthetic.mjs';

const args = process.argv.slice(2);
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const loader = args.includes('--loader=glob') ? 'glob' : 'content engine';

const dir = join(projectRoot, '.bench', `scale-${count}`);
rmSync(dir, { recursive: true, force: true });
scratchProject(dir);
writeSynthetic(dir, count);

console.log(`scale: building ${count} + ${count} synthetic entries with the ${loader} loader…`);
const build = spawnSync(
  '/usr/bin/time',
  ['-v', process.execPath, 'node_modules/astro/bin/astro.mjs', 'build'],
  {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: {
      ...process.env,
      NO_COLOR: '1',
      ASTRO_TELEMETRY_DISABLED: '1',
      ...(loader === 'glob' && { CONTENT_LOADER: 'glob' }),
    },
  },
);
const log = `${build.stdout}\n${build.stderr}`;
if (build.status !== 0) {
  console.error(log.slice(-4000));
  throw new Error('scale: the build failed');
}

/** "Elapsed (wall clock) time (h:mm:ss or m:ss): 0:41.23" → 41.23 */
const wall = /Elapsed \(wall clock\) time(?: \([^)]*\))?:\s*([\d:.]+)/
  .exec(log)?.[1]
  ?.split(':')
  .reduce((total, part) => total * 60 + Number(part), 0);
const peakMB = Number(/Maximum resident set size \(kbytes\):\s*(\d+)/.exec(log)?.[1]) / 1024;
/** The time Astro logs for generating a route: "├─ /rss.xml (+91ms)" → "91 ms". */
const routeTime = (route) => {
  const ms = new RegExp(`─ ${route.replaceAll('.', '\\.')} \\(\\+(\\d+)ms\\)`).exec(log)?.[1];
  return ms ? `${ms} ms` : '—';
};
const entries = `${count.toLocaleString('en')} + ${count.toLocaleString('en')}`;
const row = [
  entries,
  loader,
  `${wall?.toFixed(1)} s`,
  `${peakMB.toFixed(0)} MB`,
  routeTime('/rss.xml'),
  routeTime('/recipes/rss.xml'),
  new Date().toISOString().slice(0, 10),
];
console.log(`scale: ${wall?.toFixed(1)} s wall, ${peakMB.toFixed(0)} MB peak`);

// The results table lives between two markers in docs/SCALE.md; a row per size and loader.
const doc = join(projectRoot, 'docs/SCALE.md');
const head = ['Entries (recipes + posts)', 'Loader', 'Wall time', 'Peak memory'];
const kept = tableRows(readDocSection(doc, 'scale')).filter(
  ([size, by]) => size !== entries || by !== loader,
);
const rows = [...kept, row].sort((a, b) => a.join().localeCompare(b.join()));
await writeDocSection(
  doc,
  'scale',
  markdownTable([...head, '/rss.xml', '/recipes/rss.xml', 'Date'], rows),
);
rmSync(join(dir, 'dist'), { recursive: true, force: true });
