/** The cut-down web fonts in src/assets/fonts/, and the characters they must carry. */
import { glob, readFile } from 'node:fs/promises';
import { fontace } from 'fontace';
import { describe, expect, it } from 'vitest';
import {
  cssWeight,
  cutFont,
  FONT_SUBSETS,
  TEXT_CHARACTERS,
} from '../../scripts/lib/font-subsets.ts';

/** Every code point in a CSS unicode-range such as "U+20-7E, U+A0". */
function codePoints(unicodeRange: string): Set<number> {
  const points = new Set<number>();
  for (const part of unicodeRange.split(/,\s*/)) {
    const [from = '', to = from] = part.replace(/^U\+/i, '').split('-');
    for (let point = parseInt(from, 16); point <= parseInt(to, 16); point += 1) points.add(point);
  }
  return points;
}

const pointsOf = (characters: Iterable<string>) =>
  new Set([...characters].map((c) => c.codePointAt(0)!));

/** The characters of `characters` whose code points are not in `points`. */
const missing = (characters: Iterable<string>, points: Set<number>) =>
  [...new Set(characters)].filter((c) => !points.has(c.codePointAt(0)!));

describe('web fonts', () => {
  it.each(FONT_SUBSETS)('$file is what `npm run fonts` cuts from its source', async (subset) => {
    const committed = await readFile(subset.file);
    expect(committed.equals(await cutFont(subset)), 'run `npm run fonts` and commit').toBe(true);
  });

  it.each(FONT_SUBSETS)('$file has every character of its set, at its weights', async (subset) => {
    const font = fontace(await readFile(subset.file));
    expect(missing(subset.characters, codePoints(font.unicodeRange))).toEqual([]);
    expect(font.weight).toBe(cssWeight(subset));
  });

  it('astro.config.ts declares each file at the weights it carries', async () => {
    const config = await readFile('astro.config.ts', 'utf8');
    for (const subset of FONT_SUBSETS) {
      const name = subset.file.split('/').at(-1)!;
      expect(config).toMatch(
        new RegExp(
          `fontFile\\('${name.replaceAll('.', '\\.')}'\\)\\],\\s*weight: '${cssWeight(subset)}'`,
        ),
      );
    }
  });

  it('the sample content uses no character the text fonts lack', async () => {
    const used = new Set<string>();
    for await (const file of glob('src/content/**/*.{md,mdx,yaml,yml}')) {
      for (const c of await readFile(file, 'utf8')) if (c > ' ') used.add(c);
    }
    expect(missing(used, pointsOf(TEXT_CHARACTERS))).toEqual([]);
  });
});
