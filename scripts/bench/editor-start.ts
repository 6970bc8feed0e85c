/**
 * `npm run bench:editor`: how long a writer waits for the web editor, timed from outside as they
 * see it. `npm run editor` is started in a fresh copy of a project (cold: nothing cached, as after
 * a clone), then again in the same copy (warm), and each time this records:
 *
 * - ready: from the command's start to the line that prints the editor's address;
 * - list: from that line to the collection list usable: the writer opens the address at once
 *   (again while nothing answers it), presses Log in as soon as it shows, and the list is usable
 *   when every recipe's link is on the page and a click on it would land (Playwright's checks);
 * - whole: from the command's start to the list usable.
 *
 * The browser is started before the command, as a writer's is; each run has a new profile, so
 * nothing is cached in it. Every file the page fetched before the list was usable is counted in
 * bytes gzipped (as scripts/lib/page-weight.ts counts); in the last warm run of each project the
 * writer then opens an entry and its preview, and what that fetches is counted too.
 *
 * Pass project folders to compare them side by side, each run in its own copy, the order
 * alternating from round to round: `npm run bench:editor -- . ../other-checkout`. RUNS sets how
 * many rounds (5); it prints each checkout's medians and ranges, and the machine's load average
 * at each start. The bytes are those of the last round's warm run: `--bytes` runs one cold and
 * one warm start per project and prints only them. `--trace` adds what `npm run editor` printed
 * and when each file arrived.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page, Response } from 'playwright-core';
import { launchChromium } from '../lib/chromium.ts';
import { median } from '../lib/measure.ts';
import { gzipBytes } from '../lib/page-weight.ts';
import { scratchProject } from '../lib/scratch-project.ts';

const GIVE_UP_MS = 120_000;

type Times = { ready: number; list: number; whole: number; load: number };
type Fetched = { name: string; at: number; gzip: number };
type Run = { times: Times; beforeList: Fetched[]; preview: Fetched[] };

/** A port nothing listens on now: other engineers' servers share this machine. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** Signals `editor` and every process it started, which run in a group of their own. */
function signalGroup(editor: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-editor.pid!, signal);
  } catch {
    // nothing of it left
  }
}

/** What runs now, ended if the bench is stopped with Ctrl-C. */
const running = { editors: new Set<ChildProcess>(), copies: new Set<string>() };
process.once('SIGINT', () => {
  for (const editor of running.editors) signalGroup(editor, 'SIGKILL');
  for (const copy of running.copies) rmSync(copy, { recursive: true, force: true });
  process.exit(130);
});

/** Ends `npm run editor` and everything it started: it runs in a process group of its own. */
async function stop(editor: ChildProcess) {
  running.editors.delete(editor);
  const group = (signal: NodeJS.Signals) => signalGroup(editor, signal);
  if (editor.exitCode === null) {
    const exited = new Promise((done) => editor.once('exit', done));
    group('SIGINT');
    const killed = setTimeout(() => group('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killed);
  }
  group('SIGKILL'); // whatever it left running
}

/** Every file `page` fetches from now on, as it arrives, gzipped. */
function recordFetches(page: Page, since: number) {
  const fetched: Promise<Fetched | undefined>[] = [];
  page.on('response', (response: Response) => {
    const at = Math.round(performance.now() - since);
    const url = new URL(response.url());
    if (!url.protocol.startsWith('http')) return;
    const action = /\/api\/v1$/.test(url.pathname)
      ? ` ${String((response.request().postDataJSON() as { action?: string } | null)?.action)}`
      : '';
    fetched.push(
      response.body().then(
        (body) => ({ name: `${url.pathname}${action}`, at, gzip: gzipBytes(body) }),
        () => undefined, // a redirect, or a page that navigated away
      ),
    );
  });
  return async () => (await Promise.all(fetched.splice(0))).filter((file) => file !== undefined);
}

/** Opens `address` as a writer does, again and again while nothing answers it yet. */
async function openWhenAnswering(page: Page, address: string) {
  for (const deadline = performance.now() + GIVE_UP_MS; ; await sleep(200)) {
    try {
      await page.goto(address, { waitUntil: 'commit' });
      return;
    } catch (error) {
      if (performance.now() > deadline) throw error;
    }
  }
}

/** Resolves once the recipes' list is usable: every entry's link shown, and clickable. */
async function listUsable(page: Page, entries: number) {
  const links = page.locator('a[href*="#/collections/recipes/entries/"]');
  await links.nth(entries - 1).waitFor({ timeout: GIVE_UP_MS });
  await links.first().click({ trial: true, timeout: GIVE_UP_MS });
}

/** `npm run editor` started in `dir`, in a process group of its own, with what it prints. */
function startEditor(dir: string, sitePort: number, proxyPort: number) {
  const started = performance.now();
  const editor = spawn(process.execPath, ['scripts/editor.ts', '--port', String(sitePort)], {
    cwd: dir,
    env: { ...process.env, EDITOR_LOCAL_PORT: String(proxyPort), ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.editors.add(editor);
  const out = { editor, started, log: '', ready: 0 };
  for (const stream of [editor.stdout, editor.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      for (const line of trace ? text.split('\n') : []) {
        if (line.trim()) console.log(`  ${seconds(performance.now() - started)}  ${line}`);
      }
      out.log += text;
      // Its address: "The editor is ready: http://…", or an older checkout's "The editor: http://…".
      if (!out.ready && /The editor[^:\n]*: http/.test(out.log)) out.ready = performance.now();
    });
  }
  return out;
}

/** The writer opens an entry, then its preview, if the checkout has one: what that fetches. */
async function openPreview(page: Page, fetches: () => Promise<Fetched[]>) {
  await fetches();
  await page.locator('a[href*="#/collections/recipes/entries/"]').first().click();
  await page.getByLabel('Title', { exact: true }).waitFor({ timeout: GIVE_UP_MS });
  const eye = page.getByRole('button', { name: 'Preview the card' });
  if (await eye.isVisible()) {
    await eye.click();
    const placed = page.frameLocator('iframe').first();
    await placed.getByRole('list', { name: 'Where it will appear' }).waitFor();
  }
  await sleep(1000); // what the preview fetches once drawn: the site's stylesheet, its font
  return fetches();
}

/** Starts `npm run editor` in `dir` and times a writer's wait; then, if asked, its preview. */
async function timeEditor(dir: string, browser: Browser, preview: boolean): Promise<Run> {
  const [sitePort, proxyPort] = [await freePort(), await freePort()];
  const address = `http://localhost:${sitePort}/admin/`;
  const entries = readdirSync(join(dir, 'src/content/recipes')).length;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const load = loadavg()[0]!;
  const run = startEditor(dir, sitePort, proxyPort);
  try {
    for (const deadline = run.started + GIVE_UP_MS; !run.ready; await sleep(10)) {
      if (performance.now() > deadline || run.editor.exitCode !== null) {
        const last = run.log.split('\n').slice(-30).join('\n');
        throw new Error(`npm run editor in ${dir} printed no address; its last lines:\n${last}`);
      }
    }
    const fetches = recordFetches(page, run.ready);
    await openWhenAnswering(page, address);
    await page.getByRole('button', { name: /^Log ?in/ }).click({ timeout: GIVE_UP_MS });
    await listUsable(page, entries);
    const usable = performance.now();
    // Astro moves to another port when one is taken: it would have been another's server.
    if (!run.log.includes(`localhost:${sitePort}/`)) throw new Error(`Astro left ${sitePort}`);
    const times = {
      ready: Math.round(run.ready - run.started),
      list: Math.round(usable - run.ready),
      whole: Math.round(usable - run.started),
      load,
    };
    const beforeList = (await fetches()).filter((file) => file.at <= usable - run.ready);
    return { times, beforeList, preview: preview ? await openPreview(page, fetches) : [] };
  } finally {
    await context.close();
    await stop(run.editor);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** The median, and the range in brackets. */
const spread = (values: number[]) =>
  `${seconds(median(values))} (${seconds(Math.min(...values))}–${seconds(Math.max(...values))})`;

/** What a fetched file is, for the sums. */
const kinds: [string, RegExp][] = [
  ['our scripts', /^\/admin\/editor[\w-]*\.js$/],
  // decap.js and its decap-*.js chunks; an older checkout's Decap bundle, <id>.decap-cms.js.
  ["Decap's script and chunks", /^\/admin\/(decap[\w-]*|(\d+\.)?decap-cms)\.js$/],
  ['the page, config.json, site.json, site.css', /^\/admin\/(|config\.json|site\.json|site\.css)$/],
  ['the entries, from the local proxy', /^\/api\/v1 /],
];

/** The files and their gzipped bytes, one line each, then the sum of each kind and of all. */
function bytesTable(title: string, files: Fetched[]) {
  console.log(`\n${title}`);
  const line = (bytes: number, name: string) =>
    console.log(`  ${kilobytes(bytes).padStart(10)}  ${name}`);
  const sum = (some: Fetched[]) => some.reduce((total, file) => total + file.gzip, 0);
  for (const { name, gzip, at } of files) line(gzip, trace ? `${name} (at ${seconds(at)})` : name);
  for (const [kind, pattern] of kinds) {
    const some = files.filter((file) => pattern.test(file.name));
    if (some.length) line(sum(some), `in all, ${kind}`);
  }
  line(sum(files), 'in all');
}

const args = process.argv.slice(2);
const [bytesOnly, trace] = [args.includes('--bytes'), args.includes('--trace')];
const projects = args.filter((arg) => !arg.startsWith('--')).map((dir) => resolve(dir));
if (!projects.length) projects.push(resolve('.'));
const rounds = bytesOnly ? 1 : Number(process.env['RUNS'] ?? 5);
const runs = new Map<string, { cold: Run[]; warm: Run[] }>(
  projects.map((project) => [project, { cold: [], warm: [] }]),
);

/** One timed start; a failed one (a timeout on a busy machine) is told and left out. */
async function attempt(project: string, copy: string, start: 'cold' | 'warm', preview: boolean) {
  try {
    const run = await timeEditor(copy, browser, preview);
    console.log(`${project} ${start}: ${JSON.stringify(run.times)}`);
    return run;
  } catch (error) {
    console.log(`${project} ${start}: failed, left out: ${String(error)}`);
    return undefined;
  }
}

const browser = await launchChromium();
try {
  for (let round = 0; round < rounds; round++) {
    // A B, then B A: a machine that slows down during the run weighs on both alike.
    const order = round % 2 ? [...projects].reverse() : projects;
    for (const project of order) {
      const copy = scratchProject(undefined, project);
      running.copies.add(copy);
      try {
        const { cold, warm } = runs.get(project)!;
        const first = await attempt(project, copy, 'cold', false);
        if (first && !bytesOnly) cold.push(first);
        const again = await attempt(project, copy, 'warm', round === rounds - 1);
        if (again) warm.push(again);
      } finally {
        rmSync(copy, { recursive: true, force: true });
        running.copies.delete(copy);
      }
    }
  }
} finally {
  await browser.close();
}

if (!bytesOnly) {
  console.log(`\nMedians of ${rounds} rounds, and the range:\n`);
  console.log(
    '| Checkout | Start (runs) | Ready line | Ready line → list usable | Start → list usable |',
  );
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const [project, starts] of runs) {
    for (const start of ['cold', 'warm'] as const) {
      const done = starts[start];
      const of = (key: keyof Times) => spread(done.map((run) => run.times[key]));
      const row = [project, `${start} (${done.length})`, of('ready'), of('list'), of('whole')];
      if (done.length) console.log(`| ${row.join(' | ')} |`);
    }
  }
  const loads = [...runs.values()].flatMap(({ cold, warm }) =>
    [...cold, ...warm].map((run) => run.times.load),
  );
  console.log(
    `\nLoad average over 1 minute at each start: ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} (${availableParallelism()} cores)`,
  );
}
for (const [project, { warm }] of runs) {
  const last = warm.at(-1);
  if (!last) continue;
  bytesTable(
    `${project}: what the page fetched before the list was usable, gzipped`,
    last.beforeList,
  );
  bytesTable(`${project}: then, opening an entry and its preview`, last.preview);
}
