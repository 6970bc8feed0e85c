/** Small projects written to temporary folders, removed after each test. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterEach } from 'vitest';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Writes `files` (path → text, or a Buffer for photos) into `root`, making folders. */
export function writeFiles(root: string, files: Record<string, string | Buffer>) {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** A project folder holding `files`, removed after the test. */
export function tempProject(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'bites-loader-'));
  roots.push(root);
  writeFiles(root, files);
  return root;
}

/** A small JPEG, as a writer's own photo. */
export const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c2410c' } })
    .jpeg()
    .toBuffer();
