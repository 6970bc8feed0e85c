/**
 * `npm run bench:editor`: how long a writer waits for the web editor, timed from outside as they
 * see it. `npm run editor` is started in a fresh copy of a project (cold: nothing cached, as after
 * a clone), then again in the same copy (warm), and each time this records:
 *
 * - printed: when it prints the editor's address;
 * - answers: when /admin/ and its configuration answer;
 * - first paint: from opening the address to the first paint of the page (Chromium's own mark);
 * - list: from opening the address, pressing Log in at once, to the first entry in the list.
 *
 * Pass project folders to compare them side by side, alternating, each run in its own copy:
 * `npm run bench:editor -- . ../old-checkout`. RUNS sets how many rounds (3).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { launchChromium } from '../lib/chromium.ts';
import { median, poll } from '../lib/measure.ts';
import { scratchProject } from '../lib/scratch-project.ts';
import { editorAnswers } from '../../src/editor/node/local-proxy.ts';

const SITE_PORT = 4397;
const PROXY_PORT = '8097';
const GIVE_UP_MS = 120_000;
const address = `http://localhost:${SITE_PORT}/admin/`;

type Times = { printed: number; answers: number; firstPaint: number; list: number };

/** Starts `npm run editor` in `dir` and times it; the times in milliseconds. */
async function timeEditor(dir: string): Promise<Times> {
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const editor = spawn(process.execPath, ['scripts/editor.ts', '--port', String(SITE_PORT)], {
    cwd: dir,
    env: { ...process.env, EDITOR_LOCAL_PORT: PROXY_PORT },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let printed = 0;
  editor.stdout.on('data', (chunk: Buffer) => {
    if (!printed && chunk.toString().includes('/admin/')) printed = since();
  });
  try {
    const answered = () => editorAnswers(address).then((yes) => yes || undefined);
    if (!(await poll(answered, { timeoutMs: GIVE_UP_MS }))) {
      throw new Error(`The editor in ${dir} did not answer`);
    }
    const answers = since();
    while (!printed) await sleep(20);

    const browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const opened = performance.now();
    await page.goto(address, { waitUntil: 'commit' });
    await page.getByRole('button', { name: /^Log ?in/ }).click();
    await page.getByRole('link', { name: 'Classic Beef Bourguignon' }).waitFor();
    const list = Math.round(performance.now() - opened);
    const firstPaint = await page.evaluate(
      () => performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
    );
    await browser.close();
    return { printed, answers, firstPaint: Math.round(firstPaint), list };
  } finally {
    editor.kill('SIGINT');
    await new Promise((done) => editor.once('exit', done));
  }
}

const projects = process.argv.slice(2).map((dir) => resolve(dir));
if (!projects.length) projects.push(resolve('.'));
const runs = Number(process.env['RUNS'] ?? 3);
const results = new Map<string, { cold: Times[]; warm: Times[] }>(
  projects.map((project) => [project, { cold: [], warm: [] }]),
);
for (let run = 0; run < runs; run++) {
  for (const project of projects) {
    const copy = scratchProject(undefined, project);
    try {
      const times = results.get(project)!;
      times.cold.push(await timeEditor(copy));
      times.warm.push(await timeEditor(copy));
      console.log(`${project} run ${run + 1}:`, times.cold.at(-1), times.warm.at(-1));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(`\n| Project | Start | Address printed | /admin/ answers | First paint | List shown |`);
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const [project, times] of results) {
  for (const start of ['cold', 'warm'] as const) {
    const of = (key: keyof Times) => seconds(median(times[start].map((t) => t[key])));
    console.log(
      `| ${project} | ${start} | ${of('printed')} | ${of('answers')} | ${of('firstPaint')} | ${of('list')} |`,
    );
  }
}
