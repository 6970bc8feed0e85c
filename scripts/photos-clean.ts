/**
 * Removes where a photo was taken and which camera took it, in place:
 * `npm run photos:clean -- <photo…>`, or with no photo named, every photo in the collection
 * folders of src/content (those the build checks). The
 * picture's bytes and its orientation stay as they are; only metadata goes (GPS position, serial
 * numbers, the rest of EXIF, XMP, comments), as the web editor does for an upload
 * (src/lib/photo-metadata.ts). `npm run check:content` and the build name the photos that need it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { contentFolders, photoExtensions } from '../src/config.ts';
import { plural } from '../src/lib/format.ts';
import { photoFacts } from '../src/lib/photo-facts.ts';
import { cleanPhoto } from '../src/lib/photo-metadata.ts';
import { inMemory } from '../src/lib/photo-parts.ts';

const root = join(import.meta.dirname, '..');
// npm runs scripts from the project root; the writer's paths are from where they typed them.
const here =
  process.env['npm_lifecycle_event'] === 'photos:clean'
    ? (process.env['INIT_CWD'] ?? process.cwd())
    : process.cwd();
const fromRoot = (path: string) => relative(root, path).split(sep).join('/');
const isPhoto = (path: string) => photoExtensions.includes(extname(path).toLowerCase());

const named = process.argv.slice(2).map((file) => resolve(here, file));
const photos = named.length
  ? named
  : Object.values(contentFolders)
      .flatMap(({ folder }) =>
        readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
          join(root, folder, file),
        ),
      )
      .filter(isPhoto)
      .sort();

let [cleaned, refused] = [0, 0];
for (const path of photos) {
  const file = fromRoot(path);
  if (!isPhoto(path)) {
    console.error(`${file}: not a photo (${photoExtensions.join(', ')}); left as it is.`);
    refused += 1;
    continue;
  }
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch {
    console.error(`${file}: there is no such file.`);
    refused += 1;
    continue;
  }
  const [facts, result] = [await photoFacts(inMemory(bytes)), cleanPhoto(bytes)];
  if (!result.ok) {
    console.error(`${file}: could not be read, so it was left as it is. ${result.problem}`);
    refused += 1;
    continue;
  }
  if (!result.removed) {
    if (named.length) console.log(`${file}: nothing to remove.`);
    continue;
  }
  writeFileSync(path, result.bytes);
  cleaned += 1;
  const told = facts && 'position' in facts ? facts : undefined;
  const what = [
    told?.position && 'its GPS position',
    told?.serial && "the camera's serial number",
    'its other metadata',
  ].filter(Boolean);
  const listed = `${what.slice(0, -1).join(', ')} and ${what.at(-1)}`;
  console.log(`${file}: removed ${listed}; the picture is as it was.`);
}
console.log(
  `${cleaned} of ${photos.length} ${plural(photos.length, 'photo')} cleaned` +
    (refused ? `; ${refused} left as ${plural(refused, 'it was', 'they were')} (above).` : '.'),
);
process.exitCode = refused ? 1 : 0;
