/**
 * A save merges like git, field by field (src/editor/browser/saving/merge.ts): what only one writer
 * changed is taken from them, texts merge line by line and word by word, lists item by item, and
 * a value both changed differently is a conflict for the writer to answer. Over every sample
 * entry, random pairs of changes come out with both kept, or as a conflict: never neither.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { read } from '@/editor/browser/saving/edit';
import { keptEntryFile, keptYaml } from '@/editor/browser/text/keep-text';
import { mergeEntry, mergeText, type Side } from '@/editor/browser/saving/merge';
import { isRecord, same } from '@/editor/browser/text/values';

const excerpt = 'Those brown bits stuck to your skillet are pure flavor.';

describe('a text both writers changed', () => {
  const lines = 'First line.\nSecond line.\nThird line.\n';
  it.each([
    [
      'different words of one sentence',
      excerpt,
      'Those dark bits stuck to your skillet are pure flavor.',
      'Those brown bits stuck to your pan are pure flavor.',
      'Those dark bits stuck to your pan are pure flavor.',
    ],
    [
      'different lines',
      lines,
      'First line, theirs.\nSecond line.\nThird line.\n',
      'First line.\nSecond line.\nThird line, mine.\n',
      'First line, theirs.\nSecond line.\nThird line, mine.\n',
    ],
    ['the same change', excerpt, 'Those dark bits', 'Those dark bits', 'Those dark bits'],
  ])('merges %s', (_, base, theirs, mine, merged) => {
    const result = mergeText(base, theirs, mine);
    expect(result).toEqual({ keepMine: merged, takeTheirs: merged, conflicts: [] });
  });

  it('clashes where both changed the same word of a long text, and offers either side with the rest merged', () => {
    const more = ' Learn the simple formula for a glossy sauce.';
    const result = mergeText(
      `${excerpt}${more}`,
      `Those dark bits stuck to your skillet are pure gold.${more}`,
      `Those brown bits stuck to your skillet are pure magic.${more.replace('.', '!')}`,
    );
    expect(result.keepMine).toBe(
      `Those dark bits stuck to your skillet are pure magic.${more.replace('.', '!')}`,
    );
    expect(result.takeTheirs).toBe(
      `Those dark bits stuck to your skillet are pure gold.${more.replace('.', '!')}`,
    );
  });

  it('offers a short text that clashes (a title) as either side whole', () => {
    const result = mergeText(
      'The Five-Minute Pan Sauce',
      'The Pan Sauce',
      'The Five-Minute Sauce Tonight',
    );
    expect(result).toEqual({
      keepMine: 'The Five-Minute Sauce Tonight',
      takeTheirs: 'The Pan Sauce',
      conflicts: [],
    });
  });
});

describe('an entry both writers changed', () => {
  const base: Side = {
    fields: { title: 'Pan sauce', tags: ['a', 'b'], image: { src: './a.jpg', alt: 'A pan' } },
    body: 'One.\n\nTwo.\n',
  };

  it('takes each writer’s changes to different fields, lists and photo parts', () => {
    const theirs: Side = {
      fields: {
        title: 'Pan sauce',
        tags: ['a', 'b', 'c'],
        image: { src: './b.jpg', alt: 'A pan' },
      },
      body: 'One.\n\nTwo, theirs.\n',
    };
    const mine: Side = {
      fields: {
        title: 'Quick pan sauce',
        tags: ['z', 'a', 'b'],
        image: { src: './a.jpg', alt: 'Hot' },
      },
      body: 'One, mine.\n\nTwo.\n',
    };
    expect(mergeEntry(base, theirs, mine)).toEqual({
      fields: {
        title: 'Quick pan sauce',
        tags: ['z', 'a', 'b', 'c'],
        image: { src: './b.jpg', alt: 'Hot' },
      },
      body: 'One, mine.\n\nTwo, theirs.\n',
      conflicts: [],
    });
  });

  it('reports a value both changed differently, at its own path, with both versions', () => {
    const theirs: Side = {
      ...base,
      fields: { ...base.fields, image: { src: './a.jpg', alt: 'Theirs' } },
    };
    const mine: Side = {
      ...base,
      fields: { ...base.fields, image: { src: './a.jpg', alt: 'Mine' } },
    };
    const { conflicts } = mergeEntry(base, theirs, mine);
    expect(conflicts).toEqual([
      {
        path: ['image', 'alt'],
        base: 'A pan',
        theirs: 'Theirs',
        mine: 'Mine',
        keepMine: 'Mine',
        takeTheirs: 'Theirs',
      },
    ]);
  });

  it('keeps the writer’s answer while theirs is still what they saw, and asks again when it changed', () => {
    const theirs: Side = { fields: { title: 'Theirs' } };
    const mine: Side = { fields: { title: 'Mine' } };
    const answers = new Map([['title', 'Theirs']]);
    expect(mergeEntry({ fields: { title: 'Base' } }, theirs, mine, answers)).toEqual({
      fields: { title: 'Mine' },
      body: undefined,
      conflicts: [],
    });
    const later = mergeEntry(
      { fields: { title: 'Base' } },
      { fields: { title: 'Later' } },
      mine,
      answers,
    );
    expect(later.conflicts.map((conflict) => conflict.theirs)).toEqual(['Later']);
  });

  it('clashes on a list where both changed the same items differently, as a whole list', () => {
    const result = mergeEntry(
      { fields: { steps: ['Boil.', 'Stir.'] } },
      { fields: { steps: ['Boil.', 'Whisk.', 'Serve.'] } },
      { fields: { steps: ['Boil.', 'Fold.'] } },
    );
    expect(result.conflicts.map((conflict) => conflict.path)).toEqual([['steps']]);
  });

  it('merges two edits of different words in one list item', () => {
    const result = mergeEntry(
      { fields: { ingredients: ['2 cups of flour', 'salt'] } },
      { fields: { ingredients: ['3 cups of flour', 'salt'] } },
      { fields: { ingredients: ['2 cups of rye flour', 'salt'] } },
    );
    expect(result).toMatchObject({
      fields: { ingredients: ['3 cups of rye flour', 'salt'] },
      conflicts: [],
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Random pairs of changes over every sample entry.

const content = join(import.meta.dirname, '../../src/content');
const samples = ['recipes', 'blog', 'team'].flatMap((collection) =>
  readdirSync(join(content, collection)).map((file) => join(content, collection, file)),
);

/** A small, seeded random source (mulberry32), so a failure repeats. */
function randomFrom(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Path = (string | number)[];
/** Every place a writer can change: text, numbers, switches, and lists as a whole. */
function leaves(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value))
    return [path, ...value.flatMap((item, i) => leaves(item, [...path, i]))];
  if (isRecord(value))
    return Object.entries(value).flatMap(([key, v]) => leaves(v, [...path, key]));
  return ['string', 'number', 'boolean'].includes(typeof value) ? [path] : [];
}
const at = (value: unknown, path: Path) =>
  path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)?.[key], value);
function put(value: unknown, path: Path, leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[key!] = put(copy[key!], rest, leaf);
  return copy;
}

/** One writer's change: where, and a mark that shows whether it survived a merge. */
type Change = { path: Path; mark: string | number | boolean; slot: number };

/** A random change of `side`, leaving a unique mark (a new word, item, number or switch). */
function change(side: Side, random: () => number, who: string, near?: Change): [Side, Change] {
  const whole = { ...side.fields, ...(side.body === undefined ? {} : { body: side.body }) };
  const places = leaves(whole);
  const path = near?.path ?? places[Math.floor(random() * places.length)]!;
  const value = at(whole, path);
  const word = `${who}${Math.floor(random() * 1e9)}`;
  // Where in a text or list; the same as `near`'s, when both change one place.
  const slot = (length: number) => near?.slot ?? Math.floor(random() * length);
  let mark: Change['mark'];
  let where = 0;
  let next: unknown;
  if (Array.isArray(value)) {
    const i = (where = slot(value.length + 1));
    next = [...value.slice(0, i), word, ...value.slice(i)];
    mark = word;
  } else if (typeof value === 'string') {
    const words = value.split(' ');
    words[(where = slot(words.length))] = word;
    next = words.join(' ');
    mark = word;
  } else if (typeof value === 'number') {
    next = mark = value + 1 + Math.floor(random() * 1e6);
  } else {
    next = mark = !value;
  }
  const changed = put(whole, path, next) as Record<string, unknown>;
  const { body, ...fields } = changed;
  return [
    { fields, body: side.body === undefined ? undefined : String(body) },
    { path, mark, slot: where },
  ];
}

/** Whether `change`'s mark is in `merged` where it was made: a word or item within, or the value. */
function holds(merged: Side, { path, mark }: Change) {
  const whole = { ...merged.fields, body: merged.body };
  const value = at(whole, path.slice(0, typeof mark === 'string' ? 1 : path.length));
  return typeof mark === 'string' ? JSON.stringify(value ?? '').includes(mark) : same(value, mark);
}

describe.each(samples.map((file) => [file.slice(content.length + 1), file]))(
  'random pairs of changes to %s',
  (_, file) => {
    const text = readFileSync(file, 'utf8');
    const { body, ...fields } = read(text);
    const markdown = !file.endsWith('.yaml');
    const base: Side = { fields, body: markdown ? String(body ?? '') : undefined };
    const order = Object.keys(fields);

    it('keeps both writers’ changes, or reports a conflict with each side whole: never neither', () => {
      const random = randomFrom(file.length * 7919);
      let [merges, conflicts] = [0, 0];
      for (let round = 0; round < 60; round++) {
        const [theirs, theirChange] = change(base, random, 'theirs');
        // One round in five, both change the same place.
        const samePlace = random() < 0.2 ? theirChange : undefined;
        const [mine, myChange] = change(base, random, 'mine', samePlace);
        const merged = mergeEntry(base, theirs, mine);
        if (merged.conflicts.length) {
          conflicts++;
          for (const conflict of merged.conflicts) {
            expect(
              same(conflict.keepMine, conflict.takeTheirs),
              'a conflict offers two versions',
            ).toBe(false);
          }
          continue;
        }
        merges++;
        expect(holds(merged, theirChange), `their change at ${theirChange.path.join('.')}`).toBe(
          true,
        );
        expect(holds(merged, myChange), `my change at ${myChange.path.join('.')}`).toBe(true);
        // Written onto their file, only what the merge changed is new, and it reads back as merged.
        const theirText = markdown
          ? keptEntryFile(text, theirs.fields, theirs.body!, order)
          : keptYaml(text, theirs.fields, order);
        const written = markdown
          ? keptEntryFile(theirText, merged.fields, merged.body!, order)
          : keptYaml(theirText, merged.fields, order);
        const { body: writtenBody, ...writtenFields } = read(written);
        expect(same(writtenFields, merged.fields)).toBe(true);
        if (markdown) expect(String(writtenBody ?? '').trimEnd()).toBe(merged.body!.trimEnd());
      }
      // Both outcomes are tried.
      expect(merges).toBeGreaterThan(30);
      expect(conflicts).toBeGreaterThan(0);
    });
  },
);
