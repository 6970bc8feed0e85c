/**
 * The editor's costly files (its scripts, its collections' schemas) are made once and kept until
 * one of their sources changes, in memory and on disk from one start of `astro dev` to the next
 * (src/editor/node/kept.ts).
 */
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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
  store = { file: join(dir, 'cache', 'made.json'), recipe: 'esbuild 1' };
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
    expect(readFileSync(store.file, 'utf8')).toContain(source);

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
