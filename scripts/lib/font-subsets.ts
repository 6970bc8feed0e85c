/**
 * The site's web fonts, cut down to what its pages set. `npm run fonts` writes them into
 * src/assets/fonts/, and astro.config.ts serves them from there.
 *
 * Body text is set in the visitor's own system font, so only the display face is downloaded:
 * Fraunces, for headings, the logo and the stats. The site sets display text at 600 and 700 only,
 * so one bold instance serves both: semibold headings render bold. The @fontsource files carry
 * every weight from 100 to 900 and the whole Latin subset; the cut keeps one weight and the
 * characters of Latin-1 plus typographic punctuation. The display italic, one bold word in the
 * hero, keeps ASCII only. A character outside the set (a Polish name, an emoji) is drawn by the
 * fallback font, that character only; nothing goes missing.
 *
 * Fewer files matter more than fewer bytes. On a phone's first visit every font downloads beside
 * the page's first photo, which is its largest paint; in Lighthouse's simulation each request in
 * flight takes an equal share of the bandwidth, so a photo that starts beside two others arrives
 * later (docs/PERFORMANCE.md).
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

/**
 * Display text is semibold or bold, and the hero's italic word bold. One fixed weight drops the
 * variation data: 17 KB instead of 32 KB for the upright, 15 KB instead of 27 KB for the italic.
 */
const DISPLAY_WEIGHT = 700;

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
    source: 'node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    file: 'src/assets/fonts/fraunces-text-700.woff2',
    characters: TEXT_CHARACTERS,
    weight: DISPLAY_WEIGHT,
  },
  {
    source: 'node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-italic.woff2',
    file: 'src/assets/fonts/fraunces-italic-ascii-700.woff2',
    characters: DISPLAY_ITALIC_CHARACTERS,
    weight: DISPLAY_WEIGHT,
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
