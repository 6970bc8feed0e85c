import { slug } from 'github-slugger';

/**
 * The id of an entry (README, "Where files go"): the path inside the collection without its
 * extension, each folder and file name slugged, and a final `/index` dropped, so
 * `2026/My Post.md` is `2026/my-post` and `my-post/index.md` is `my-post`. It is the rule Astro's
 * `glob()` loader applies by default; a collection moved to `glob()` keeps its ids with
 * `generateId: ({ entry }) => entryId(entry)`. Its own module, free of aliases and the engine's other code, so
 * `npm run new` (plain Node) and the web editor (in the browser) apply the same rule.
 */
export function entryId(pathInCollection: string): string {
  const withoutExtension = pathInCollection.replace(/\.[^./\\]*$/, '');
  const id = withoutExtension
    .split(/[\\/]/)
    // A name already in lower case, digits and dashes is its own slug; most are, and slug() is slow.
    .map((segment) => (/^[a-z0-9-]+$/.test(segment) ? segment : slug(segment)))
    .join('/');
  return id.replace(/\/index$/, '');
}

/** The engine's word for a file whose entry `other` already makes; the web editor has its own fix. */
export const sameEntry = (other: string, id: string, fix = 'Rename or remove one of them.') =>
  `This file and ${other} both make the entry "${id}". ${fix}`;
