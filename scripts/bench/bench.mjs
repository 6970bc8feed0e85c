#!/usr/bin/env node
// `npm run bench`: cold build time, page weight per route and Lighthouse (mobile) per route,
// twice: with the photo host unreachable and with it simulated locally. Writes
// docs/PERFORMANCE.md and .bench/bench-results.json, and prints the tables.
//
// Options:
//   --skip-build        measure the existing dist/ (no cold build)
//   --no-lighthouse     page weight only
//   --routes=/,/blog    a subset of routes
//   --runs=N            Lighthouse runs per route and mode; the report keeps the run with the
//                       median performance score (default 3; 1 for a quick look)
//   --no-wait           do not wait for the machine to go quiet before timing
//   --from-json         only rewrite docs/PERFORMANCE.md from .bench/bench-results.json
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chromium } from 'playwright-core';
import { runLighthouse, summarize } from './lighthouse.mjs';
import {
  CHROMIUM_ARGS,
  JS_BUDGET_BYTES,
  MOBILE_VIEWPORT,
  PHOTO_HOST,
  ROUTES,
  ALLOWED_ISLANDS,
  blockPhotos,
  chromiumPath,
  measurePage,
} from './measure.mjs';
import { ensureCert, ensurePhotos, photoSizes, servePhotos } from './photos.mjs';
import { serveStatic } from './serve.mjs';
import {
  BENCH_DIR,
  ROOT,
  astroBin,
  childEnv,
  kb,
  cpuBusy,
  cpuTimes,
  machine,
  mdTable,
  nodeBin,
  pkgVersion,
  run,
  stripAnsi,
  textTable,
  waitForQuiet,
} from './util.mjs';

const DOC = join(ROOT, 'docs/PERFORMANCE.md');
const SCALE_DOC = 'SCALE.md';

function parseArgs(argv) {
  const opts = { build: true, lighthouse: true, routes: ROUTES, wait: true, runs: 3 };
  for (const arg of argv) {
    if (arg === '--skip-build') opts.build = false;
    else if (arg === '--no-lighthouse') opts.lighthouse = false;
    else if (arg === '--no-wait') opts.wait = false;
    else if (arg === '--from-json') opts.fromJson = true;
    else if (arg.startsWith('--routes=')) opts.routes = arg.slice(9).split(',');
    else if (arg.startsWith('--runs=')) opts.runs = Math.max(1, Number(arg.slice(7)) || 1);
    else throw new Error(`bench: unknown argument ${arg}`);
  }
  return opts;
}

/** Removes every build cache, then times `astro build`. */
async function coldBuild() {
  const caches = ['dist', '.astro', 'node_modules/.vite', 'node_modules/.astro'];
  for (const c of caches) rmSync(join(ROOT, c), { recursive: true, force: true });
  console.log(`bench: cold build (removed ${caches.join(', ')})`);
  const before = cpuTimes();
  const res = await run(nodeBin(), [astroBin(), 'build'], { env: childEnv() });
  const after = cpuTimes();
  const log = stripAnsi(res.stdout + res.stderr);
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(join(BENCH_DIR, 'build.log'), log);
  if (res.code !== 0) {
    console.error(log.split('\n').slice(-30).join('\n'));
    throw new Error(`bench: astro build failed (exit ${res.code}); log in .bench/build.log`);
  }
  const pages = log.match(/(\d+) page\(s\) built in ([\d.]+\s*m?s)/);
  // Share of the two cores busy during the build (the build itself included).
  const busyPercent = Math.round(
    (100 * (after.busyS - before.busyS)) / (after.totalS - before.totalS),
  );
  return { seconds: res.ms / 1000, pages: pages ? `${pages[1]} pages` : '', busyPercent, caches };
}

/** Page weight per route, measured in Chromium at Lighthouse's mobile viewport, photos failing. */
async function pageWeights(browser, baseUrl, routes) {
  const out = {};
  for (const route of routes) {
    const context = await browser.newContext({
      viewport: MOBILE_VIEWPORT,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await blockPhotos(context);
    const page = await context.newPage();
    out[route] = await measurePage(page, baseUrl + route);
    await context.close();
    const w = out[route];
    console.log(
      `bench: ${route.padEnd(9)} JS ${kb(w.js.gzip)} KB gz (${w.js.files.length} files), ` +
        `CSS ${kb(w.css.gzip)} KB, HTML ${kb(w.html.gzip)} KB, ${w.requestsOnLoad.length} requests`,
    );
  }
  return out;
}

/** One Lighthouse result; retried when Chrome's trace fails (e.g. NO_NAVSTART under load). */
async function lighthouseOnce(url, flags) {
  let last;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    last = await runLighthouse(url, { flags });
    if (!last.lhr.runtimeError && last.lhr.categories.performance?.score != null) return last;
    console.log(
      `bench:   ${url}: ${last.lhr.runtimeError?.code ?? 'no performance score'}; retrying`,
    );
  }
  return last;
}

async function lighthouseRuns(baseUrl, routes, photoPort, runs) {
  const modes = {
    offline: ['--host-resolver-rules=MAP images.unsplash.com ~NOTFOUND'],
    photos: [
      `--host-resolver-rules=MAP ${PHOTO_HOST} 127.0.0.1:${photoPort}`,
      '--ignore-certificate-errors',
    ],
  };
  const out = { offline: {}, photos: {} };
  const dir = join(BENCH_DIR, 'lighthouse');
  mkdirSync(dir, { recursive: true });
  for (const [mode, flags] of Object.entries(modes)) {
    for (const route of routes) {
      const started = Date.now();
      const results = [];
      for (let i = 0; i < runs; i += 1) results.push(await lighthouseOnce(baseUrl + route, flags));
      const perf = (r) => r.lhr.categories.performance?.score ?? -1;
      const sorted = [...results].sort((a, b) => perf(a) - perf(b));
      const { lhr, html } = sorted[Math.floor((sorted.length - 1) / 2)];
      const name = `${mode}-${route === '/' ? 'home' : route.slice(1)}`;
      writeFileSync(join(dir, `${name}.html`), html);
      writeFileSync(join(dir, `${name}.json`), JSON.stringify(lhr));
      const s = summarize(lhr);
      s.runs = results.map((r) => {
        const x = summarize(r.lhr);
        return { performance: x.scores.performance, lcpMs: x.lcpMs, tbtMs: x.tbtMs, cls: x.cls };
      });
      out[mode][route] = s;
      console.log(
        `bench: lighthouse ${mode.padEnd(7)} ${route.padEnd(9)} ` +
          `${Object.values(s.scores).join('/')}  LCP ${sec(s.lcpMs)}  ` +
          `TBT ${ms(s.tbtMs)}  CLS ${cls(s.cls)}  (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
      if (s.runtimeError) console.log(`bench:   runtime error: ${s.runtimeError}`);
    }
  }
  return out;
}

// ---------- report ----------

const sec = (v) => (v == null ? '—' : `${(v / 1000).toFixed(2)} s`);
const ms = (v) => (v == null ? '—' : `${Math.round(v)} ms`);
const cls = (v) => (v == null ? '—' : v.toFixed(3));

function weightRows(weights, routes) {
  return routes.map((r) => {
    const w = weights[r];
    const failed = w.requestsOnLoad.filter((q) => q.failed).length;
    const photos = w.requestsOnLoad.filter((q) => q.url.includes(PHOTO_HOST)).length;
    return [
      r,
      kb(w.js.gzip),
      kb(w.jsOnLoad.gzip),
      kb(w.css.gzip),
      kb(w.html.gzip),
      kb(w.fonts.raw),
      `${w.requestsOnLoad.length} (${photos} photos, ${failed} failed)`,
      `${w.js.gzip <= JS_BUDGET_BYTES ? 'ok' : 'OVER'}`,
      [...new Set(w.islands.map((i) => i.component))].join(', ') || '—',
    ];
  });
}
const WEIGHT_HEAD = [
  'Route',
  'JS gz KB (all islands)',
  'JS gz KB (on load)',
  'CSS gz KB',
  'HTML gz KB',
  'Fonts KB',
  'Requests on load',
  'JS ≤ 80 KB',
  'Islands',
];

function jsFileRows(weights, routes) {
  const files = new Map();
  for (const r of routes) {
    for (const f of weights[r].js.files) {
      const key = f.url.startsWith('inline')
        ? `inline <script>: ${f.snippet ?? ''}…`
        : new URL(f.url).pathname;
      const e = files.get(key) ?? { ...f, routes: [] };
      e.routes.push(r);
      files.set(key, e);
    }
  }
  return [...files.entries()]
    .sort((a, b) => b[1].gzip - a[1].gzip)
    .map(([k, f]) => [
      k,
      kb(f.bytes),
      kb(f.gzip),
      f.routes.length === routes.length ? 'all' : f.routes.join(' '),
    ]);
}

function lhRows(results, routes) {
  return routes.map((r) => {
    const s = results[r];
    return [
      r,
      s.scores.performance,
      s.scores.accessibility,
      s.scores['best-practices'],
      s.scores.seo,
      sec(s.fcpMs),
      sec(s.lcpMs),
      ms(s.tbtMs),
      cls(s.cls),
      s.requests,
      s.photoRequests ? `${s.photoRequests} / ${kb(s.photoBytes)} KB` : '0',
    ];
  });
}
const LH_HEAD = [
  'Route',
  'Perf',
  'A11y',
  'Best pr.',
  'SEO',
  'FCP',
  'LCP',
  'TBT',
  'CLS',
  'Requests',
  'Photos (n / bytes)',
];
/** Route left-aligned, every figure right-aligned. */
const LH_ALIGN = ['l', ...LH_HEAD.slice(1).map(() => 'r')];

function failedAuditsSection(lh, routes) {
  const lines = [];
  for (const mode of Object.keys(lh)) {
    lines.push(
      `### ${mode === 'offline' ? 'Run A: photo host unreachable' : 'Run B: photo host simulated'}`,
      '',
    );
    for (const r of routes) {
      const s = lh[mode][r];
      if (!s) continue;
      lines.push(
        `**${r}**${s.lcpElement ? ` — LCP element: \`${s.lcpElement.replace(/`/g, "'").slice(0, 160)}\`` : ''}`,
        '',
      );
      if (!s.failed.length) lines.push('- none', '');
      else {
        for (const f of s.failed) {
          const dv = f.displayValue ? ` — ${f.displayValue}` : '';
          lines.push(`- [${f.category}] \`${f.id}\` ${f.title} (score ${f.score})${dv}`);
          if (f.detail) lines.push(`  - ${f.detail.replace(/\s+/g, ' ').slice(0, 400)}`);
        }
        lines.push('');
      }
      for (const w of s.warnings) lines.push(`> Lighthouse warning: ${w}`, '');
    }
  }
  return lines.join('\n');
}

function report(data) {
  const { build, weights, lh, routes, env, photos } = data;
  const parts = [
    '# Performance',
    '',
    '<!-- Generated by `npm run bench` (scripts/bench/bench.mjs). Do not edit by hand: rerun it. -->',
    '',
    `Measured ${env.date} on ${env.machine.cores} cores (${env.machine.cpu}), ${env.machine.memoryGiB} GiB RAM, ` +
      `${env.machine.platform}. Node ${env.machine.node}, Astro ${env.astro}, Lighthouse ${env.lighthouse}, ` +
      `${env.chromium}. CPUs ${env.busyBefore}% busy just before timing.`,
    '',
    'Build-scale results (12 / 1,000 / 10,000 entries) are in [SCALE.md](' + SCALE_DOC + ').',
    '',
    '## Cold build',
    '',
    build
      ? `\`astro build\` after removing ${build.caches.map((c) => `\`${c}/\``).join(', ')}: **${build.seconds.toFixed(1)} s** (${build.pages}; both cores ${build.busyPercent}% busy meanwhile, the build included).`
      : 'Skipped (`--skip-build`); measured the existing `dist/`.',
    '',
    '## Page weight',
    '',
    'Gzip level 9 per file. JS counts every script the page loads plus inline `<script>` code ' +
      '(JSON-LD and other data blocks are not JavaScript and are not counted); ' +
      '"all islands" also counts the island chunks that hydrate later (client:visible, ' +
      'client:media), which the measurement forces to load. Requests: everything started until ' +
      `the network is idle after \`load\` at ${MOBILE_VIEWPORT.width}×${MOBILE_VIEWPORT.height} ` +
      '(Lighthouse mobile), photo host unreachable. Budget (npm run budget): JS (all islands) ≤ 80 KB.',
    '',
    mdTable(WEIGHT_HEAD, weightRows(weights, routes), [
      'l',
      'r',
      'r',
      'r',
      'r',
      'r',
      'l',
      'l',
      'l',
    ]),
    '',
    '### JavaScript files',
    '',
    mdTable(['File', 'Raw KB', 'Gzip KB', 'Routes'], jsFileRows(weights, routes), [
      'l',
      'r',
      'r',
      'l',
    ]),
    '',
  ];
  if (lh) {
    parts.push(
      '## Lighthouse (mobile)',
      '',
      'Lighthouse default (mobile) config: simulated slow 4G and 4× CPU slowdown, moto g power ' +
        'screen; each route runs ' +
        `${data.runs ?? 1} time(s) per run and the run with the median performance score is shown. ` +
        'Pages are served from `dist/` by scripts/bench/serve.mjs as a static host would: gzip, ' +
        'and the headers in `dist/_headers` (e.g. `Cache-Control: immutable` for `/_astro/*`).',
      '',
      '### Run A: photo host unreachable',
      '',
      '`--host-resolver-rules="MAP images.unsplash.com ~NOTFOUND"`: every photo fails at once, ' +
        'as on this offline machine.',
      '',
      mdTable(LH_HEAD, lhRows(lh.offline, routes), LH_ALIGN),
      '',
      '### Run B: photo host simulated',
      '',
      `A local HTTP/2 server answers for images.unsplash.com (scripts/bench/photos.mjs; ` +
        'self-signed certificate, `--host-resolver-rules="MAP images.unsplash.com 127.0.0.1:PORT"`, ' +
        '`--ignore-certificate-errors`) with a photo-like image at the requested width, WebP for ' +
        "Chromium as the real service's `auto=format` would send: " +
        photos.map((p) => `${p.width} px ≈ ${p.maxKB.toFixed(0)} KB`).join(', ') +
        ' (JPEG fallback about 1.5× that). So LCP includes a real image download under ' +
        "Lighthouse's throttling.",
      '',
      mdTable(LH_HEAD, lhRows(lh.photos, routes), LH_ALIGN),
      '',
      '## Lighthouse audits that did not pass (score < 1)',
      '',
      'Reports: `.bench/lighthouse/<run>-<route>.html` (gitignored).',
      '',
      failedAuditsSection(lh, routes),
    );
  }
  parts.push(
    '## How to reproduce',
    '',
    '```sh',
    'npm run bench            # cold build + page weight + Lighthouse, rewrites this file',
    'npm run budget           # the per-route budget as Playwright tests',
    'npm run bench:scale -- 10000   # build-scale run, recorded in docs/SCALE.md',
    '```',
    '',
  );
  return parts.join('\n');
}

function printTables(data) {
  const { build, weights, lh, routes } = data;
  console.log('');
  if (build) console.log(`Cold build: ${build.seconds.toFixed(1)} s\n`);
  console.log(
    textTable(
      WEIGHT_HEAD.slice(0, 8),
      weightRows(weights, routes).map((r) => r.slice(0, 8)),
    ),
  );
  if (lh) {
    for (const mode of ['offline', 'photos']) {
      console.log(
        `\nLighthouse mobile, ${mode === 'offline' ? 'photo host unreachable' : 'photo host simulated'}`,
      );
      console.log(textTable(LH_HEAD, lhRows(lh[mode], routes)));
    }
    console.log('\nAudits below 1:');
    for (const mode of ['offline', 'photos']) {
      for (const r of routes) {
        const ids = lh[mode][r].failed.map((f) => f.id);
        console.log(`  ${mode.padEnd(7)} ${r.padEnd(9)} ${ids.join(', ') || 'none'}`);
      }
    }
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.fromJson) {
    const saved = JSON.parse(readFileSync(join(BENCH_DIR, 'bench-results.json'), 'utf8'));
    // Re-read the saved Lighthouse reports, so report changes apply without a rerun.
    for (const mode of Object.keys(saved.lh ?? {})) {
      for (const route of saved.routes) {
        const file = join(
          BENCH_DIR,
          'lighthouse',
          `${mode}-${route === '/' ? 'home' : route.slice(1)}.json`,
        );
        if (!existsSync(file) || !saved.lh[mode][route]) continue;
        const runs = saved.lh[mode][route].runs;
        saved.lh[mode][route] = { ...summarize(JSON.parse(readFileSync(file, 'utf8'))), runs };
      }
    }
    writeFileSync(DOC, report(saved));
    printTables(saved);
    console.log(`\nbench: rewrote ${relative(ROOT, DOC)} from .bench/bench-results.json`);
    return;
  }
  const busyBefore = opts.wait ? await waitForQuiet({ label: 'bench' }) : await cpuBusy();
  const build = opts.build ? await coldBuild() : null;
  const dist = join(ROOT, 'dist');
  if (!existsSync(join(dist, 'index.html')))
    throw new Error('bench: no dist/index.html; run a build first');

  const site = await serveStatic(dist);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  let weights;
  let lh = null;
  let photoServer;
  const photoDir = join(BENCH_DIR, 'photos');
  try {
    weights = await pageWeights(browser, site.url, opts.routes);
    await ensurePhotos(browser, photoDir);
    await browser.close();
    for (const r of opts.routes) {
      const bad = weights[r].islands.filter((i) => !ALLOWED_ISLANDS.includes(i.component));
      if (bad.length)
        console.log(`bench: WARNING ${r} hydrates ${bad.map((i) => i.component).join(', ')}`);
    }
    if (opts.lighthouse) {
      photoServer = await servePhotos(photoDir, ensureCert(join(BENCH_DIR, 'certs')));
      lh = await lighthouseRuns(site.url, opts.routes, photoServer.port, opts.runs);
      console.log(`bench: photo server answered ${photoServer.stats.hits} requests`);
    }
  } finally {
    await browser.close().catch(() => undefined);
    await photoServer?.close();
    await site.close();
  }

  const anyLh = lh ? Object.values(lh.offline)[0] : undefined;
  const env = {
    date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    machine: machine(),
    astro: pkgVersion('astro'),
    lighthouse: pkgVersion('lighthouse'),
    chromium: anyLh?.userAgent?.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium',
    busyBefore,
  };
  const data = {
    build,
    weights,
    lh,
    routes: opts.routes,
    env,
    runs: opts.runs,
    photos: photoSizes(photoDir),
  };
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(join(BENCH_DIR, 'bench-results.json'), JSON.stringify(data, null, 2));
  mkdirSync(join(ROOT, 'docs'), { recursive: true });
  writeFileSync(DOC, report(data));
  if (!existsSync(join(ROOT, 'docs', SCALE_DOC))) {
    console.log('bench: docs/SCALE.md does not exist yet; run `npm run bench:scale -- N`');
  }
  printTables(data);
  console.log(`\nbench: wrote ${relative(ROOT, DOC)} and .bench/bench-results.json`);
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
