/**
 * A writer's loop in a dev server (`astro dev`, or `hugo server` through hugo.ts), timed from
 * outside as a writer sees it: how long until the first page answers, and how long from saving a
 * file until the page shows the change.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { fetchText, median, poll } from '../lib/measure.ts';
import { firstCardTitle, fileWithTitle } from './entries.ts';

// A fixed port: Astro keeps the dev server's port in the digest that decides whether its
// content store is still valid, so a port picked at random would empty the store every time.
const PORT = 4398;
const EDITS = 5;
/** A writer pauses between saves; the loop does too, so one save's work never overlaps the next. */
const BETWEEN_EDITS_MS = 1500;
const GIVE_UP_MS = 60_000;

/** Polls `path` until `accept` holds for its HTML; the milliseconds it took from `since`. */
async function until(port: number, path: string, accept: (html: string) => boolean, since: number) {
  const accepted = async () => {
    const html = await fetchText(`http://localhost:${port}${path}`);
    return html !== undefined && accept(html) ? { ms: performance.now() - since, html } : undefined;
  };
  const found = await poll(accepted, { timeoutMs: GIVE_UP_MS, everyMs: 20 });
  if (!found) {
    throw new Error(`dev loop: ${path} did not show the change within ${GIVE_UP_MS / 1000} s`);
  }
  return found;
}

/** A dev server to time: how to start it in `dir`, the port it serves, where the posts are. */
export type Server = {
  dir: string;
  command: string;
  args: string[];
  port: number;
  /** The folder of `dir` holding the posts listed on /blog/. */
  postsFolder: string;
  env?: Record<string, string>;
  edits?: number;
};

/**
 * Starts a dev server, times it until /blog/ answers, then edits the excerpt of the first post
 * on the page `edits` times, timing each save until the page shows it. Seconds to ready, and the
 * median milliseconds from save to page.
 */
export async function serverLoop({
  dir,
  command,
  args,
  port,
  postsFolder,
  env,
  edits = EDITS,
}: Server) {
  const started = performance.now();
  const server = spawn(command, args, {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout.on('data', (chunk: Buffer) => (log += chunk));
  server.stderr.on('data', (chunk: Buffer) => (log += chunk));
  const exited = new Promise((resolve) => server.on('exit', resolve));
  try {
    const ready = await until(port, '/blog/', () => true, started);
    const title = firstCardTitle(ready.html);
    const file = join(dir, fileWithTitle(dir, postsFolder, title));
    const times: number[] = [];
    for (let edit = 0; edit < edits; edit += 1) {
      await pause(BETWEEN_EDITS_MS);
      const token = `Edited in the dev loop ${Date.now()}`;
      const text = readFileSync(file, 'utf8').replace(/^excerpt: .*$/m, `excerpt: ${token}`);
      const saved = performance.now();
      writeFileSync(file, text);
      times.push((await until(port, '/blog/', (html) => html.includes(token), saved)).ms);
    }
    return { readySeconds: ready.ms / 1000, editMs: median(times), editTimes: times };
  } catch (error) {
    console.error(log.slice(-3000));
    throw error;
  } finally {
    server.kill('SIGINT');
    await Promise.race([exited, pause(10_000)]);
  }
}

/** `astro dev` in the project in `dir`, through `serverLoop()`. */
export function devLoop(dir: string, { edits = EDITS } = {}) {
  return serverLoop({
    dir,
    command: process.execPath,
    args: ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(PORT)],
    port: PORT,
    postsFolder: 'src/content/blog',
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
    edits,
  });
}
