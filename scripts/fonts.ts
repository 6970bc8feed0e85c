/**
 * `npm run fonts`: writes the site's cut-down web fonts (see scripts/lib/font-subsets.ts). Run it
 * after upgrading an @fontsource package or changing a subset, and commit the files it writes;
 * a unit test fails while they are out of date.
 */
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { cutFont, FONT_SUBSETS } from './lib/font-subsets.ts';
import { projectRoot } from './lib/scratch-project.ts';

for (const subset of FONT_SUBSETS) {
  const font = await cutFont(subset);
  const file = join(projectRoot, subset.file);
  await writeFile(file, font);
  console.log(`fonts: ${relative(projectRoot, file)}: ${(font.length / 1024).toFixed(1)} KB`);
}
