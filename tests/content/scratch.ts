/** Throwaway copies of the project, for running the real Astro CLI on changed content. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

function run(dir: string, args: string[], env: Record<string, string>) {
  const inherited = Object.entries(process.env).filter(
    ([key]) => !vitestOnly.has(key) && !key.startsWith('VITEST_'),
  );
  const result = spawnSync(process.execPath, args, {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...Object.fromEntries(inherited),
      FORCE_COLOR: '0',
      NO_COLOR: '1',
      ASTRO_TELEMETRY_DISABLED: '1',
      GITHUB_ACTIONS: '',
      PUBLISH_NOW: '',
      ...env,
    },
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
