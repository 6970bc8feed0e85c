/**
 * The real Astro CLI and the project's scripts, run as child processes of a test: a command to
 * its end, or `astro dev` kept running. No Vitest hooks, so a global setup may use it too.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fetchText } from '../../scripts/lib/measure.ts';

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

/** Runs the Astro CLI in a project; `env` adds variables such as PUBLISH_NOW. */
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

/** A port nobody listens on yet. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until `done` holds, failing with `what` and `log()` after `seconds`. */
export async function until(
  what: string,
  done: () => Promise<boolean> | boolean,
  { seconds = 30, log = () => '' }: { seconds?: number; log?: () => string | Promise<string> } = {},
) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await done())) {
    if (Date.now() > deadline) {
      throw new Error(
        `${what} did not happen within ${seconds} s. The dev server said:\n${await log()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `astro dev` running in a project, with what it has printed so far. */
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
  const url = `http://127.0.0.1:${port}`;
  const get = (path: string) => fetchText(`${url}${path}`);
  const waitFor = (what: string, done: () => Promise<boolean> | boolean, seconds = 30) =>
    until(what, done, { seconds, log: () => log });
  return {
    url,
    get,
    /** Waits until `done` holds, failing with `what` and the server's log after `seconds`. */
    until: waitFor,
    log: () => log,
    /** Waits until `path` answers and its HTML passes `accept`. */
    page: async (path: string, accept: (html: string) => boolean = () => true, seconds = 30) => {
      let html = '';
      await waitFor(
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

export type DevServer = Awaited<ReturnType<typeof devServer>>;
