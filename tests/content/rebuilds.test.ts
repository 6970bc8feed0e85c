/**
 * Builds after builds, as a writer's CI or host runs them: the content store is kept between
 * builds, and whatever changed (a file, the clock, a schema, a photo) shows in the next build,
 * while nothing that is gone stays anywhere in it. What the lists show as entries come and go is
 * in incremental.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { engineKey } from '@/loaders/engine-key';
import { EntryIndex, indexFile } from '@/loaders/entry-index';
import { astro } from '../support/astro-cli';
import { builtFilesMentioning, edit, page, scratchProject, write } from './scratch';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

const NOW = { PUBLISH_NOW: '2026-06-01T09:00:00Z' };

/** The log line every build and check prints: how many entries were kept, and how many files were read. */
const reuse = (output: string) =>
  /([\d,]+) entr(?:y|ies) unchanged since the last run, kept as stored; ([\d,]+) files? read/.exec(
    output,
  );

/** A writer's own photo. */
const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#c2410c' } })
    .jpeg()
    .toBuffer();

const newest = 'src/content/blog/lessons-from-bangkok-street-cooks.mdx';

/** Whether the index the next run opens takes `file` as unchanged without reading it. */
async function indexTrusts(dir: string, file: string) {
  const key = await engineKey(dir, join(dir, 'src'));
  const index = EntryIndex.open(dir, key, indexFile(join(dir, 'node_modules/.astro')));
  const path = join(dir, file);
  return index.unchanged(path, statSync(path)) !== undefined;
}

/**
 * Runs `npm run check:content` until the index trusts `file`'s stamp, as it does between a
 * writer's commits: once the stamp is more than git's racy window older than a save of the index.
 * Until then a run reads the file again whatever its stamp says, which would hide what a test asks.
 */
async function untilTrusted(dir: string, file: string) {
  for (let runs = 0; !(await indexTrusts(dir, file)); runs += 1) {
    // Each run saves the index later than the last, so the window passes within two or three.
    if (runs === 5) throw new Error(`The index still does not trust ${file} after ${runs} runs`);
    const check = astro(dir, 'sync', NOW);
    expect(check.status, check.output).toBe(0);
  }
}

describe('a build after a build', () => {
  let dir = '';
  let first = '';

  beforeAll(() => {
    dir = scratchProject();
    write(
      dir,
      'src/content/blog/written-ahead.md',
      readFileSync(join(dir, newest), 'utf8')
        .replace(/^title: .*$/m, 'title: Written Ahead Post')
        .replace(/^publishDate: .*$/m, 'publishDate: 2026-07-01'),
    );
    const build = astro(dir, 'build', NOW);
    expect(build.status, build.output).toBe(0);
    expect(reuse(build.output)?.[1]).toBe('0');
    first = page(dir, 'blog/index.html');
  });

  it('reads no file again when nothing changed, and builds the same pages', () => {
    const build = astro(dir, 'build', NOW);
    expect(build.status, build.output).toBe(0);
    expect(reuse(build.output)?.[2]).toBe('0');
    expect(page(dir, 'blog/index.html')).toBe(first);
  });

  it('reads only the edited file, and every page and feed shows the edit', () => {
    edit(dir, newest, (text) => text.replace(/^title: .*$/m, 'title: Bangkok, Edited'));
    const build = astro(dir, 'build', NOW);
    expect(build.status, build.output).toBe(0);
    expect(reuse(build.output)?.[2]).toBe('1');
    for (const file of ['index.html', 'blog/index.html', 'rss.xml']) {
      expect(page(dir, file), file).toContain('Bangkok, Edited');
    }
    expect(builtFilesMentioning(dir, 'Street Cooks Taught Me')).toEqual([]);
  });

  it('shows a renamed post under its new id, and nothing under its old one', () => {
    const from = 'src/content/blog/better-food-photos-on-your-phone.mdx';
    write(dir, 'src/content/blog/phone-photos.mdx', readFileSync(join(dir, from), 'utf8'));
    rmSync(join(dir, from));
    const build = astro(dir, 'build', NOW);
    expect(build.status, build.output).toBe(0);
    expect(page(dir, 'blog/index.html')).toContain('id="phone-photos"');
    expect(builtFilesMentioning(dir, 'better-food-photos-on-your-phone')).toEqual([]);
  });

  it('leaves a deleted post out of every page, feed and sitemap', () => {
    rmSync(join(dir, newest));
    const build = astro(dir, 'build', NOW);
    expect(build.status, build.output).toBe(0);
    expect(builtFilesMentioning(dir, 'Bangkok, Edited')).toEqual([]);
    expect(builtFilesMentioning(dir, 'lessons-from-bangkok-street-cooks')).toEqual([]);
  });

  it('publishes a scheduled post once its day has come, though its file did not change', () => {
    expect(builtFilesMentioning(dir, 'Written Ahead Post')).toEqual([]);
    const build = astro(dir, 'build', { PUBLISH_NOW: '2026-07-01T09:00:00Z' });
    expect(build.status, build.output).toBe(0);
    expect(reuse(build.output)?.[2]).toBe('0');
    for (const file of ['index.html', 'blog/index.html', 'rss.xml']) {
      expect(page(dir, file), file).toContain('Written Ahead Post');
    }
  });

  it('reads a file again whose edit kept its size and modification time, as a restore from an archive can', async () => {
    await untilTrusted(dir, 'src/content/blog/why-sunday-ragu-matters.mdx');
    const file = join(dir, 'src/content/blog/why-sunday-ragu-matters.mdx');
    const before = statSync(file);
    // `touch -r` keeps the modification time to the nanosecond, as an archive restores it.
    const stamp = join(dir, 'stamp');
    write(dir, 'stamp', '');
    expect(spawnSync('touch', ['-r', file, stamp]).status).toBe(0);
    edit(dir, 'src/content/blog/why-sunday-ragu-matters.mdx', (text) =>
      text.replace('title: Why Sunday', 'title: Why Monday'),
    );
    expect(spawnSync('touch', ['-r', stamp, file]).status).toBe(0);
    expect(statSync(file)).toMatchObject({ size: before.size, mtimeMs: before.mtimeMs });
    const build = astro(dir, 'build', NOW);
    expect(build.status, build.output).toBe(0);
    expect(reuse(build.output)?.[2]).toBe('1');
    expect(page(dir, 'rss.xml')).toContain('Why Monday Ragù');
  });

  it('reads every file again when a schema changes', () => {
    edit(dir, 'src/schemas/blog.ts', (text) => `${text}\n// A change to the schema's file.\n`);
    // `astro build` starts with this same content sync, where the files are read.
    const check = astro(dir, 'sync', NOW);
    expect(check.status, check.output).toBe(0);
    expect(reuse(check.output)?.[1]).toBe('0');
  });

  it("stops the build when an unchanged entry's own photo is deleted", async () => {
    const post = readFileSync(join(dir, 'src/content/blog/written-ahead.md'), 'utf8')
      .replace(/^title: .*$/m, 'title: Own Photo Post')
      .replace(/^publishDate: .*$/m, 'publishDate: 2026-05-01')
      .replace(/^ {2}src: .*$/m, '  src: ./cover.jpg');
    write(dir, 'src/content/blog/own-photo/index.md', post);
    write(dir, 'src/content/blog/own-photo/cover.jpg', await photo());
    // Indexed with its photo, and trusted: the build after the delete has no other reason to read it.
    await untilTrusted(dir, 'src/content/blog/own-photo/index.md');

    rmSync(join(dir, 'src/content/blog/own-photo/cover.jpg'));
    const build = astro(dir, 'build', NOW);
    expect(build.status).not.toBe(0);
    expect(build.output).toMatch(
      /src\/content\/blog\/own-photo\/index\.md:\d+:8\n\s+image\.src: There is no photo at "\.\/cover\.jpg"/,
    );
  });
});
