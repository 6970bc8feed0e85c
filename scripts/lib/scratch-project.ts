/**
 * Throwaway copies of the project, for running the real Astro CLI on changed content.
 * Shared by the content tests and the scale benchmark.
 */
import { execFileSync } from 'node:child_process';
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

/**
 * `git` in the scratch project at `dir` as `who` commits, its output as text, after a first
 * commit of `src` as the writers found it, on `branch` if given.
 */
export function gitIn(dir: string, who: { name: string; email: string }, branch?: string) {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', `user.name=${who.name}`, '-c', `user.email=${who.email}`, ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
  git('init', '--quiet', ...(branch ? [`--initial-branch=${branch}`] : []));
  git('add', 'src');
  git('commit', '--quiet', '-m', 'The content as the writers found it');
  return git;
}
