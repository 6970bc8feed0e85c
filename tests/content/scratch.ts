/** Throwaway copies of the project, for running the real Astro CLI on changed content. */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const scratchDirs: string[] = [];

afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

// Build caches stay per copy, so copies can build side by side without sharing state.
const caches = new Set(['.vite', '.astro', '.cache']);

/** A throwaway copy of the project that links to this checkout's installed packages. */
export function scratchProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bites-scratch-'));
  scratchDirs.push(dir);
  for (const item of [
    'src',
    'public',
    'config',
    'astro.config.ts',
    'tsconfig.json',
    'package.json',
  ]) {
    cpSync(join(root, item), join(dir, item), { recursive: true });
  }
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (!caches.has(name))
      symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name));
  }
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

export function astro(dir: string, command: 'sync' | 'build' | 'check') {
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', command], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ASTRO_TELEMETRY_DISABLED: '1' },
    timeout: 240_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}
