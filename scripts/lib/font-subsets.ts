/**
 * The site's web fonts, cut down to what its pages set. `npm run fonts` writes them into
 * src/assets/fonts/, and astro.config.ts serves them from there.
 *
 * The @fontsource files carry every weight from 100 to 900 and the whole Latin subset. The site
 * sets text at 400, 600 and 700, in English with the odd French or Italian word, so the text files
 * keep weights 400 to 700 and the characters of Latin-1 plus typographic punctuation: about a third
 * less to download before text can show in its own face. The display italic, one bold word in the
 * hero, keeps ASCII at 700 only. A character outside the set (a Polish name, an emoji) is drawn by
 * the fallback font, that character only; nothing goes missing.
 */

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { projectRoot } from './scratch-project.ts';

const range = (from: number, to: number) =>
  String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

/**
 * Printable ASCII, Latin-1 and the punctuation that typographers and smart quotes produce. Latin-1's
 * soft hyphen (U+AD) is left out: it has no glyph of its own.
 */
export const TEXT_CHARACTERS = `${range(0x20, 0x7e)}${range(0xa0, 0xac)}${range(0xae, 0xff)}‘’‚“”„–—…•·′″€™`;

/** Printable ASCII: Fraunces italic only sets the hero's "Culinary". */
export const DISPLAY_ITALIC_CHARACTERS = range(0x20, 0x7e);

/** 400 normal, 600 semibold and 700 bold: the weights the stylesheets use. */
const WEIGHTS = { min: 400, max: 700 } as const;

/**
 * The hero sets its italic word bold only. One fixed weight drops the variation data: 15 KB
 * instead of 27 KB, downloaded on the home page alongside its first photo.
 */
const DISPLAY_ITALIC_WEIGHT = 700;

export type FontSubset = {
  /** The @fontsource-variable file it is cut from. */
  source: string;
  /** Where it is written, relative to the project root. */
  file: string;
  characters: string;
  /** A range keeps the weight axis; a single weight is cut to a fixed instance. */
  weight: { min: number; max: number } | number;
};

export const FONT_SUBSETS: readonly FontSubset[] = [
  {
    source: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    file: 'src/assets/fonts/inter-text-400-700.woff2',
    characters: TEXT_CHARACTERS,
    weight: WEIGHTS,
  },
  {
    source: 'node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    file: 'src/assets/fonts/fraunces-text-400-700.woff2',
    characters: TEXT_CHARACTERS,
    weight: WEIGHTS,
  },
  {
    source: 'node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-italic.woff2',
    file: 'src/assets/fonts/fraunces-italic-ascii-700.woff2',
    characters: DISPLAY_ITALIC_CHARACTERS,
    weight: DISPLAY_ITALIC_WEIGHT,
  },
];

/** The WOFF2 file `subset` describes, cut from its @fontsource source. */
export async function cutFont({ source, characters, weight }: FontSubset): Promise<Buffer> {
  const font = await readFile(join(projectRoot, source));
  return subsetFont(font, characters, { targetFormat: 'woff2', variationAxes: { wght: weight } });
}

/** The subset's weight as CSS writes it: "400 700", or "700". */
export const cssWeight = ({ weight }: FontSubset): string =>
  typeof weight === 'number' ? String(weight) : `${weight.min} ${weight.max}`;
