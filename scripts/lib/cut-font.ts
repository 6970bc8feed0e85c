import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { WEIGHTS, type FontSubset } from './font-subsets.ts';
import { projectRoot } from './scratch-project.ts';

/** The WOFF2 file `subset` describes, cut from its @fontsource source. */
export async function cutFont({ source, characters }: FontSubset): Promise<Buffer> {
  const font = await readFile(join(projectRoot, source));
  return subsetFont(font, characters, { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } });
}
