/** Throwaway copies of the project, for running the real Astro CLI on changed content. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';
import { scratchProject as copyProject } from '../../scripts/lib/scratch-project.ts';

const scratchDirs: string[] = [];

afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

/** A throwaway copy of the project, removed after the test file. */
export function scratchProject(): string {
  const dir = copyProject();
  scratchDirs.push(dir);
  return dir;
}

/** Rewrites one file of the scratch project. */
export function edit(dir: string, file: string, change: (text: string) => string) {
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`The fixture edit did not change ${file}`);
  writeFileSync(path, after);
}

/** Runs the Astro CLI in a scratch project; `env` adds variables such as PUBLISH_NOW. */
export function astro(
  dir: string,
  command: 'sync' | 'build' | 'check',
  env: Record<string, string> = {},
) {
  return run(dir, ['node_modules/astro/bin/astro.mjs', command], env);
}

/** Runs a script of the project, as `npm run` would, with this process's Node. */
export function node(dir: string, args: string[], env: Record<string, string> = {}) {
  return run(dir, args, env);
}

// Vitest's own variables, import.meta.env among them: NODE_ENV=test or DEV=true would make a
// child build treat itself as `astro dev` and show drafts.
const vitestOnly = new Set([
  ...['NODE_ENV', 'DEV', 'PROD', 'MODE', 'SSR', 'SITE', 'BASE_URL', 'ASSETS_PREFIX'],
  ...['TEST', 'VITEST'],
]);

/** This process's environment for a child Astro process, without Vitest's own variables. */
function childEnv(env: Record<string, string>) {
  const inherited = Object.entries(process.env).filter(
    ([key]) => !vitestOnly.has(key) && !key.startsWith('VITEST_'),
  );
  return {
    ...Object.fromEntries(inherited),
    FORCE_COLOR: '0',
    NO_COLOR: '1',
    ASTRO_TELEMETRY_DISABLED: '1',
    GITHUB_ACTIONS: '',
    PUBLISH_NOW: '',
    ...env,
  };
}

function run(dir: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, args, {
    cwd: dir,
    encoding: 'utf8',
    env: childEnv(env),
    timeout: 240_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** Writes a file into a scratch project, making its folders. */
export function write(dir: string, file: string, content: string | Buffer) {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), content);
}

/** A built page of a scratch project. */
export const page = (dir: string, file: string) => readFileSync(join(dir, 'dist', file), 'utf8');

/** Every built file of a scratch project that mentions `text`, relative to dist/. */
export function builtFilesMentioning(dir: string, text: string): string[] {
  const dist = join(dir, 'dist');
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(html|xml|json|txt)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file, 'utf8').includes(text))
    .map((file) => file.slice(dist.length + 1));
}

/** A port nobody listens on yet. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `astro dev` running in a scratch project, with what it has printed so far. */
export async function devServer(dir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'dev', '--host', '127.0.0.1', '--port', String(port)],
    { cwd: dir, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));

  const get = async (path: string) => {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      return response.ok ? await response.text() : undefined;
    } catch {
      return undefined;
    }
  };
  /** Waits until `done` holds, failing with `what` and the server's log after `seconds`. */
  const until = async (what: string, done: () => Promise<boolean> | boolean, seconds = 30) => {
    const deadline = Date.now() + seconds * 1000;
    while (!(await done())) {
      if (Date.now() > deadline) {
        throw new Error(`${what} did not happen within ${seconds} s. The dev server said:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    url: `http://127.0.0.1:${port}`,
    get,
    until,
    log: () => log,
    /** Waits until `path` answers and its HTML passes `accept`. */
    page: async (path: string, accept: (html: string) => boolean = () => true, seconds = 30) => {
      let html = '';
      await until(
        `${path} answering as expected`,
        async () => {
          const answer = await get(path);
          if (answer === undefined) return false;
          html = answer;
          return accept(answer);
        },
        seconds,
      );
      return html;
    },
    stop: async () => {
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    },
  };
}
