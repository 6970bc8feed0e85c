/**
 * The editor's costly files (its scripts, its collections' schemas) are made once and kept until
 * one of their sources changes, in memory and on disk from one start of `astro dev` to the next
 * (src/editor/node/kept.ts).
 */
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Kept, type Store } from '../../src/editor/node/kept';

let dir: string;
let source: string;
let other: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kept-'));
  [source, other] = [join(dir, 'source.ts'), join(dir, 'other.ts')];
  writeFileSync(source, 'one');
  writeFileSync(other, 'other');
  // Written before any making starts: a file written during it is not trusted to disk.
  const past = new Date(Date.now() - 60_000);
  for (const file of [source, other]) utimesSync(file, past, past);
  store = { file: join(dir, 'cache', 'made.json'), recipe: 'esbuild 1', root: dir };
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A Kept that counts its makings, each made from `source`; `during` runs while it is made. */
function counted(options: { store?: Store; fail?: boolean; during?: () => void } = {}) {
  const count = { makings: 0 };
  const kept = new Kept(async () => {
    count.makings++;
    options.during?.();
    if (options.fail) throw new Error('esbuild failed');
    return { value: `made ${count.makings}`, inputs: [source] };
  }, options.store);
  return { kept, count };
}

/** What a new start of the server gets from the store, and whether it had to make it. */
async function nextStart(store: Store) {
  const { kept, count } = counted({ store });
  return { value: await kept.get(), made: count.makings > 0 };
}

describe('a file the editor makes and keeps', () => {
  it('is made once, however often it is asked for', async () => {
    const { kept, count } = counted();
    kept.prepare();
    expect(await Promise.all([kept.get(), kept.get()])).toEqual(['made 1', 'made 1']);
    expect(count.makings).toBe(1);
  });

  it('is made again after one of its sources changes, and only then', async () => {
    const { kept, count } = counted();
    await kept.get();
    kept.changed(other);
    expect(await kept.get()).toBe('made 1');
    kept.changed(source);
    expect(await kept.get()).toBe('made 2');
    expect(count.makings).toBe(2);
  });

  it('is made again when a source changed while it was being made', async () => {
    const { kept } = counted();
    const first = kept.get();
    kept.changed(source);
    expect(await first).toBe('made 1');
    expect(await kept.get()).toBe('made 2');
  });

  it('keeps a failure too, until a file changes: then it is made again', async () => {
    const { kept, count } = counted({ fail: true });
    kept.prepare();
    await expect(kept.get()).rejects.toThrow('esbuild failed');
    await expect(kept.get()).rejects.toThrow('esbuild failed');
    expect(count.makings).toBe(1);
    kept.changed(other); // the sources of a failed making are not known: any file counts
    await expect(kept.get()).rejects.toThrow('esbuild failed');
    expect(count.makings).toBe(2);
  });

  it('is taken from disk at the next start, unless a source or the recipe changed', async () => {
    expect(await nextStart(store)).toEqual({ value: 'made 1', made: true });
    expect(await nextStart(store)).toEqual({ value: 'made 1', made: false });
    expect(readFileSync(store.file, 'utf8')).toContain('"source.ts"');

    writeFileSync(source, 'two');
    utimesSync(source, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    expect(await nextStart(store)).toEqual({ value: 'made 1', made: true });
    expect(await nextStart(store)).toEqual({ value: 'made 1', made: false });

    expect(await nextStart({ ...store, recipe: 'esbuild 2' })).toMatchObject({ made: true });
  });

  it('is not stored when a source was written while it was being made', async () => {
    await counted({ store, during: () => writeFileSync(source, 'written meanwhile') }).kept.get();
    expect(await nextStart(store)).toMatchObject({ made: true });
  });
});

/** Writes `text` to `file` (making its folder), dated a minute ago: before any making starts. */
function written(file: string, text: string) {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  const past = new Date(Date.now() - 60_000);
  utimesSync(file, past, past);
}

/**
 * A start of the server in the project at `root`: its schemas made from the project's own files
 * (its schema, and a package in its node_modules), kept where Astro keeps its cache.
 */
async function startIn(root: string) {
  // As esbuild names them: a link is followed to the file it leads to.
  const inputs = ['src/schemas.ts', 'node_modules/zod/index.js'].map((file) =>
    realpathSync(join(root, file)),
  );
  let made = false;
  const kept = new Kept(
    async () => {
      made = true;
      return { value: inputs.map((input) => readFileSync(input, 'utf8')).join(' + '), inputs };
    },
    { file: join(root, 'node_modules/.astro/editor/schemas.json'), recipe: 'esbuild 1', root },
  );
  return { value: await kept.get(), made };
}

describe('a kept file, in a copy of the project', () => {
  it("is checked against the copy's own files", async () => {
    const [original, copy] = [join(dir, 'site'), join(dir, 'copy')];
    written(join(original, 'src/schemas.ts'), 'title');
    written(join(original, 'node_modules/zod/index.js'), 'zod 4');
    expect(await startIn(original)).toEqual({ value: 'title + zod 4', made: true });
    const { digests } = JSON.parse(
      readFileSync(join(original, 'node_modules/.astro/editor/schemas.json'), 'utf8'),
    ) as { digests: object };
    expect(Object.keys(digests)).toEqual(['src/schemas.ts', 'node_modules/zod/index.js']);

    execFileSync('cp', ['-a', original, copy]);
    expect(await startIn(copy)).toEqual({ value: 'title + zod 4', made: false });

    // A field added to the copy's schema reaches the copy, and only the copy.
    written(join(copy, 'src/schemas.ts'), 'title, subtitle');
    expect(await startIn(copy)).toEqual({ value: 'title, subtitle + zod 4', made: true });
    expect(await startIn(copy)).toEqual({ value: 'title, subtitle + zod 4', made: false });
    expect(await startIn(original)).toEqual({ value: 'title + zod 4', made: false });

    // So does a package updated in the copy's node_modules, which is inside its root.
    written(join(copy, 'node_modules/zod/index.js'), 'zod 5');
    expect(await startIn(copy)).toEqual({ value: 'title, subtitle + zod 5', made: true });
    expect(await startIn(original)).toEqual({ value: 'title + zod 4', made: false });
  });

  it('is made again where one of its files is outside the root, which a copy may not share', async () => {
    const [original, copy, shared] = [join(dir, 'site'), join(dir, 'copy'), join(dir, 'shared')];
    written(join(original, 'src/schemas.ts'), 'title');
    written(join(shared, 'zod/index.js'), 'zod 4');
    mkdirSync(join(original, 'node_modules/.astro'), { recursive: true });
    symlinkSync(join(shared, 'zod'), join(original, 'node_modules/zod'));
    expect(await startIn(original)).toEqual({ value: 'title + zod 4', made: true });
    expect(await startIn(original)).toEqual({ value: 'title + zod 4', made: false });

    // The copy's link may lead elsewhere: nothing kept is trusted that the copy may not read.
    execFileSync('cp', ['-a', original, copy]);
    expect(await startIn(copy)).toEqual({ value: 'title + zod 4', made: true });
  });
});
