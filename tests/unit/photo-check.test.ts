/**
 * The engine names the photos in the collection folders that tell where they were taken, with
 * the command that removes the position, and builds on (src/loaders/photo-check.ts). It reads a
 * photo's metadata only when the photo's stamp changed; the index keeps the answer.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionOptions } from '@/loaders/folder';
import type * as PhotoCheck from '@/loaders/photo-check';
import { holdsPosition } from '@/loaders/photo-check';
import { refreshOf } from '@/loaders/port';
import { blogSchema } from '@/schemas/blog';
import { teamSchema } from '@/schemas/team';
import { ContentStore, engineFor, showingWhole } from '../support/engine';
import { photo, tempProject, writeFiles } from '../support/temp-project';
import { phoneExif } from '../support/phone-photo';

vi.mock('@/loaders/photo-check', async (original) => {
  const actual = await original<typeof PhotoCheck>();
  return { ...actual, holdsPosition: vi.fn(actual.holdsPosition) };
});

/** The photos whose metadata the engine read, from the project root. */
const checked = (root: string) =>
  vi.mocked(holdsPosition).mock.calls.map(([path]) => path.slice(root.length + 1));
beforeEach(() => {
  vi.mocked(holdsPosition).mockClear();
});

const collections: Record<string, CollectionOptions> = {
  blog: { folder: 'src/content/blog', extensions: ['.md', '.mdx'], schema: blogSchema },
  team: { folder: 'src/content/team', extensions: ['.yaml', '.yml'], schema: teamSchema },
};

/** A photo as a phone writes it: where it was taken, and the camera's serial number. */
const phonePhoto = (format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c2410c' } })
    [format]()
    .withExif(phoneExif)
    .toBuffer();

const post = `---
title: Soup
excerpt: About soup.
category: Cooking Tips
author: ana
publishDate: 2025-03-12
image:
  src: ./cover.jpg
  alt: A bowl of soup
---

The body.
`;

async function site() {
  const root = tempProject({
    'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./src/*'] } } }),
    'src/content.config.ts': 'export const collections = {};\n',
    'src/content/team/ana.yaml':
      'name: Ana\nrole: Cook\nbio: Cooks.\nimage:\n  src: https://images.unsplash.com/photo-2\n  alt: Ana\n',
    'src/content/blog/soup/index.md': post,
    'src/content/blog/soup/cover.jpg': await phonePhoto(),
    // A photo no entry shows is in the repository all the same.
    'src/content/blog/old/unused.png': await phonePhoto('png'),
    'src/content/team/clean.jpg': await photo(),
  });
  const store = new ContentStore();
  const engine = engineFor(root, collections, { rules: showingWhole('blog', 'team'), store });
  return {
    root,
    store,
    run: engine.sync,
    write: (files: Record<string, Buffer>) => writeFiles(root, files),
  };
}

const warning = [
  '2 photos tell where they were taken: a GPS position is in the file, for anyone who can read the repository to see.',
  '  src/content/blog/old/unused.png',
  '  src/content/blog/soup/cover.jpg',
  "To remove the position and the camera's serial number, leaving the picture as it is, run:",
  '  npm run photos:clean -- src/content/blog/old/unused.png src/content/blog/soup/cover.jpg',
].join('\n');

describe('photos that tell where they were taken', () => {
  it('are named, each from the project root, with the command that removes the position; the build goes on', async () => {
    const { run, store } = await site();
    const { error, failures, logged } = await run();
    expect([error, failures]).toEqual(['', 0]);
    expect(logged.warn).toEqual([warning]);
    expect(logged.error).toEqual([]);
    expect(store.collections.get('blog')?.has('soup')).toBe(true);
  });

  it('are read again only when their stamp changed; the index keeps the answer, and a cleaned photo is named no more', async () => {
    const { root, run, write } = await site();
    await run();
    expect(checked(root).sort()).toEqual([
      'src/content/blog/old/unused.png',
      'src/content/blog/soup/cover.jpg',
      'src/content/team/clean.jpg',
    ]);
    // Stamps are trusted once they are 2 s older than a save of the index (git's racy window).
    await new Promise((later) => setTimeout(later, 2100));
    await run();
    vi.mocked(holdsPosition).mockClear();
    expect((await run()).logged.warn).toEqual([warning]);
    expect(checked(root)).toEqual([]);

    write({ 'src/content/blog/soup/cover.jpg': await photo() });
    const { logged } = await run();
    expect(checked(root)).toEqual(['src/content/blog/soup/cover.jpg']);
    expect(logged.warn).toEqual([
      [
        '1 photo tells where it was taken: a GPS position is in the file, for anyone who can read the repository to see.',
        '  src/content/blog/old/unused.png',
        "To remove the position and the camera's serial number, leaving the picture as it is, run:",
        '  npm run photos:clean -- src/content/blog/old/unused.png',
      ].join('\n'),
    ]);
  });

  it('in astro dev, a photo saved with a position is named as it comes, and only that one', async () => {
    const { root, run, write } = await site();
    await run({ mode: 'dev' });
    vi.mocked(holdsPosition).mockClear();
    write({ 'src/content/team/ana.jpg': await phonePhoto() });
    const path = join(root, 'src/content/team/ana.jpg');
    const { logged } = await run({ mode: 'dev', refresh: refreshOf([{ kind: 'added', path }]) });
    expect(checked(root)).toEqual(['src/content/team/ana.jpg']);
    expect(logged.warn).toEqual([
      expect.stringContaining('npm run photos:clean -- src/content/team/ana.jpg'),
    ]);
  });
});
