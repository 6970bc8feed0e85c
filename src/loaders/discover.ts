import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { slug } from 'github-slugger';
import { fileProblem, type Problem } from './problems';

/** Files that may sit beside entries: photos for `image.src`, read by Astro's image pipeline. */
export const photoExtensions = ['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif', '.tiff', '.svg'];

/** One entry file and the id it gets. */
export type Found = { id: string; path: string };

/**
 * The id of an entry, as Astro's `glob()` loader makes it: the path inside the collection
 * without its extension, each folder and file name slugged, and a final `/index` dropped, so
 * `2026/My Post.md` is `2026/my-post` and `my-post/index.md` is `my-post`.
 */
function entryId(pathInCollection: string): string {
  const withoutExtension = pathInCollection.slice(0, -extname(pathInCollection).length);
  const id = withoutExtension
    .split(/[\\/]/)
    .map((segment) => slug(segment))
    .join('/');
  return id.replace(/\/index$/, '');
}

const hidden = (pathInCollection: string) =>
  pathInCollection.split(sep).some((segment) => segment.startsWith('.'));

/**
 * Every entry file in a collection folder and its sub-folders. Nothing a writer commits is
 * skipped without a word: a file that is neither an entry, a photo nor hidden (a dotfile) is a
 * problem, and so are two files that would get the same id.
 */
export function discover(
  root: string,
  folder: string,
  extensions: readonly string[],
): { found: Found[]; problems: Problem[] } {
  const shown = (path: string) => relative(root, path).split(sep).join('/');
  const base = join(root, folder);
  if (!existsSync(base)) {
    return { found: [], problems: [fileProblem(folder, 'This content folder is missing.')] };
  }

  const found: Found[] = [];
  const problems: Problem[] = [];
  const owners = new Map<string, string>();
  const files = readdirSync(base, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

  for (const path of files) {
    const inCollection = relative(base, path);
    const extension = extname(path).toLowerCase();
    if (hidden(inCollection) || photoExtensions.includes(extension)) continue;
    if (!extensions.includes(extname(path))) {
      problems.push(
        fileProblem(
          shown(path),
          `The site does not read "${extname(path) || 'files without an extension'}" files here. ` +
            `Entries in ${folder} end in ${extensions.join(' or ')}; rename the file, ` +
            `or move it out of src/content if it is not an entry.`,
        ),
      );
      continue;
    }
    const id = entryId(inCollection);
    const owner = owners.get(id);
    if (owner) {
      problems.push(
        fileProblem(
          shown(path),
          `This file and ${owner} both make the entry "${id}". Rename or remove one of them.`,
        ),
      );
      continue;
    }
    owners.set(id, shown(path));
    found.push({ id, path });
  }
  return { found, problems };
}
