/**
 * `npm run bench`: what each route costs a visitor on a phone, written into docs/PERFORMANCE.md
 * and the README's table.
 *
 * - Cold build time.
 * - JavaScript that runs before any input (gzipped), as `npm run budget` counts it.
 * - First click to a visible toast, the median of 9, timed without DevTools' Runtime agent (see
 *   first-click.ts): clicked right after load, unthrottled and under Lighthouse's mobile
 *   throttling, and clicked 5 s after load under that throttling.
 * - Lighthouse mobile, the median of 3 runs, with the photo host unreachable and simulated.
 *
 * Options: --runs=N Lighthouse runs per route and mode (default 3); --skip-build; --no-lighthouse.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../lib/chromium.ts';
import { markdownTable, writeDocSection } from '../lib/doc-section.ts';
import { median } from '../lib/measure.ts';
import {
  blockPhotos,
  javascriptRun,
  LIGHTHOUSE_MOBILE,
  ROUTES,
  totalGzip,
} from '../lib/page-weight.ts';
import { projectRoot } from '../lib/scratch-project.ts';
import { serveStatic } from '../lib/static-host.ts';
import { firstClickToToast } from './first-click.ts';
import { PHOTOS_OFFLINE, photosFrom } from './headless.ts';
import { lighthouseSeries, type LighthouseRun, type LighthouseSeries } from './lighthouse.ts';
import { servePhotos } from './photo-host.ts';

const args = process.argv.slice(2);
const lighthouseRuns = Number(
  /^--runs=(\d+)$/.exec(args.find((a) => a.startsWith('--runs=')) ?? '')?.[1] ?? 3,
);
// A cold first click on a phone sometimes takes twice as long; nine runs keep the median steady.
const TOAST_RUNS = 9;
/** "Warm": the visitor reads for a while before the first click. */
const WARM_AFTER_MS = 5000;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Seconds for `astro build` with every cache removed first. */
function coldBuild(): number {
  for (const cache of ['dist', '.astro', 'node_modules/.vite', 'node_modules/.astro']) {
    rmSync(join(projectRoot, cache), { recursive: true, force: true });
  }
  const started = performance.now();
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('bench: the build failed');
  return (performance.now() - started) / 1000;
}

/** JavaScript run before any input on `route`, on a phone-sized page with the photo host offline. */
async function javascriptAtLoad(browser: Browser, site: string, route: string) {
  const context = await browser.newContext({ ...LIGHTHOUSE_MOBILE, baseURL: site });
  const page = await context.newPage();
  await blockPhotos(page);
  const bytes = totalGzip(await javascriptRun(page, route));
  await context.close();
  return bytes;
}

async function measureRoutes(site: string) {
  const browser = await launchChromium();
  try {
    const rows = [];
    for (const route of ROUTES) {
      const jsBytes = await javascriptAtLoad(browser, site, route);
      const toast = (afterMs: number, throttled = true) =>
        firstClickToToast(site + route, {
          runs: TOAST_RUNS,
          chromeFlags: PHOTOS_OFFLINE,
          afterMs,
          throttled,
        }).then(median);
      const fastMs = await toast(0, false);
      const coldMs = await toast(0);
      const warmMs = await toast(WARM_AFTER_MS);
      console.log(
        `bench: ${route}: ${kb(jsBytes)} JS; first toast right after load ${fastMs} ms ` +
          `unthrottled, ${coldMs} ms on a phone; ${warmMs} ms on a phone 5 s after load`,
      );
      rows.push({ route, jsBytes, fastMs, coldMs, warmMs });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

async function lighthouseRoutes(site: string) {
  const photoHost = await servePhotos(join(projectRoot, '.bench/certs'));
  const modes = {
    offline: PHOTOS_OFFLINE,
    photos: photosFrom(photoHost.port),
  };
  const results: Record<string, Record<keyof typeof modes, LighthouseSeries>> = {};
  try {
    for (const route of ROUTES) {
      const offline = await lighthouseSeries(site + route, modes.offline, lighthouseRuns);
      const photos = await lighthouseSeries(site + route, modes.photos, lighthouseRuns);
      results[route] = { offline, photos };
      console.log(
        `bench: ${route}: Lighthouse ${Object.values(offline.median.scores).join('/')} offline, ${Object.values(photos.median.scores).join('/')} with photos`,
      );
    }
    return { results, photoSizes: photoHost.sizes };
  } finally {
    photoHost.close();
  }
}

const scores = (run: LighthouseRun) => Object.values(run.scores).join(' / ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const range = (values: number[]) => {
  const [low, high] = [Math.min(...values), Math.max(...values)].map(Math.round);
  return low === high ? `${low}` : `${low}–${high}`;
};

/** Every run of a series, so that the machine's noise is on record next to the median. */
const spread = ({ runs }: LighthouseSeries) =>
  [
    `performance ${runs.map((run) => run.scores.performance).join(', ')}`,
    `LCP ${runs.map((run) => seconds(run.lcpMs)).join(', ')}`,
    `blocking time ${range(runs.map((run) => run.tbtMs))} ms`,
    `CPU benchmark ${range(runs.map((run) => run.benchmarkIndex))}`,
  ].join('; ');

const buildSeconds = args.includes('--skip-build') ? undefined : coldBuild();
const site = await serveStatic(join(projectRoot, 'dist'));
try {
  const routes = await measureRoutes(site.url);
  const lighthouse = args.includes('--no-lighthouse')
    ? undefined
    : await lighthouseRoutes(site.url);

  const table = markdownTable(
    [
      'Route',
      'JS run at load (gzip)',
      'First toast after load, unthrottled',
      'on a phone',
      'on a phone, 5 s later',
      'Lighthouse, photos offline',
      'LCP',
      'Lighthouse, photos simulated',
      'LCP',
    ],
    routes.map(({ route, jsBytes, fastMs, coldMs, warmMs }) => {
      const lh = lighthouse?.results[route];
      return [
        route,
        kb(jsBytes),
        `${fastMs} ms`,
        `${coldMs} ms`,
        `${warmMs} ms`,
        lh ? scores(lh.offline.median) : '—',
        lh ? seconds(lh.offline.median.lcpMs) : '—',
        lh ? scores(lh.photos.median) : '—',
        lh ? seconds(lh.photos.median.lcpMs) : '—',
      ];
    }),
  );
  const series = ROUTES.flatMap((route) =>
    (['offline', 'photos'] as const).flatMap((mode) => {
      const runs = lighthouse?.results[route]?.[mode];
      const label = `${route}, photos ${mode === 'offline' ? 'offline' : 'simulated'}`;
      return runs ? [{ label, runs }] : [];
    }),
  );
  // Each series' runs, and the audits that kept its median run below 1.
  const runsByRoute = series.map(({ label, runs }) => {
    const { misses } = runs.median;
    return `- ${label}: ${spread(runs)}${misses.length ? `; below 1: ${misses.join(', ')}` : ''}`;
  });
  const when = `${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpus()[0]?.model.trim()})`;
  await writeDocSection(join(projectRoot, 'README.md'), 'bench', `${table}\n\nMeasured ${when}.`);
  await writeDocSection(
    join(projectRoot, 'docs/PERFORMANCE.md'),
    'bench',
    [
      `Measured ${when} by \`npm run bench\`${buildSeconds ? `; cold build ${buildSeconds.toFixed(1)} s` : ''}.`,
      `Lighthouse: median of ${lighthouseRuns} mobile runs (scores are performance / accessibility / best practices / SEO).`,
      `First toast: median of ${TOAST_RUNS}; "on a phone" is under 4× CPU slowdown and slow 4G.`,
      '',
      table,
      '',
      lighthouse
        ? `Simulated photo sizes (AVIF / WebP): ${lighthouse.photoSizes.map((p) => `${p.width} px ${p.avifKB.toFixed(0)} / ${p.webpKB.toFixed(0)} KB`).join(', ')}.`
        : '',
      '',
      runsByRoute.length
        ? `Every Lighthouse run, and the scored audits below 1 in the median run:\n\n${runsByRoute.join('\n')}`
        : '',
    ].join('\n'),
  );
  console.log(`\n${table}\n\nbench: wrote docs/PERFORMANCE.md and the README's table`);
} finally {
  site.close();
}
