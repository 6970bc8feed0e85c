/** Throwaway copies of the project, for running the real Astro CLI on changed content. */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
