/**
 * Throwaway copies of the project, for running the real Astro CLI on changed content.
 * Shared by the content tests and the scale benchmark.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const projectRoot = resolve(import.meta.dirname, '../..');

/** What a build needs besides node_modules. */
const parts = ['src', 'scripts', 'public', 'astro.config.ts', 'tsconfig.json', 'package.json'];

// Build caches stay per copy, so copies can build side by side without sharing state.
const caches = new Set(['.vite', '.vite-temp', '.astro', '.cache']);

/**
 * Copies the project (or the checkout at `from`) into `dir`, a new temporary folder by default,
 * and links each installed package, so the copy builds exactly as the project does. Returns the
 * folder.
 */
export function scratchProject(
  dir = mkdtempSync(join(tmpdir(), 'bites-scratch-')),
  from = projectRoot,
): string {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  for (const part of parts) {
    if (existsSync(join(from, part)))
      cpSync(join(from, part), join(dir, part), { recursive: true });
  }
  for (const name of readdirSync(join(from, 'node_modules'))) {
    if (!caches.has(name)) {
      symlinkSync(join(from, 'node_modules', name), join(dir, 'node_modules', name));
    }
  }
  return dir;
}
