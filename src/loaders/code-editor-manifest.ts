import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Folder } from './folder';

const FOLDER = '.astro/collections';

/** Whether the file is there; its entries are as the last run wrote them. */
export const hasEntryFiles = (root: string) => existsSync(join(root, FOLDER, 'collections.json'));

/**
 * Tells the Astro VS Code extension the collection of every entry file, so a writer gets
 * completion and checks in any entry's frontmatter, not only in the entries the site shows.
 *
 * This is the one place the engine relies on something Astro does not document: the file the
 * extension reads, `.astro/collections/collections.json`, which maps each entry file's URL (in
 * lower case) to its collection, whose JSON schema `astro sync` writes beside it. Astro's own
 * `experimental.contentIntellisense` fills it from the content store, which holds only what the
 * site shows, and rewrites it whole on every sync (a fifth of a second at 100,000 entries); the
 * engine writes it instead, when the set of files changes. tests/content/intellisense.test.ts
 * fails if an upgrade changes the file's place or shape.
 */
export function listEntryFiles(root: string, folders: readonly Folder[]) {
  const folder = join(root, FOLDER);
  const collections = folders.map(({ collection: name }) => ({
    hasSchema: existsSync(join(folder, `${name}.schema.json`)),
    name,
  }));
  collections.sort((a, b) => a.name.localeCompare(b.name));
  const entries: Record<string, string> = {};
  for (const folder of folders) {
    for (const { path } of folder.entries()) {
      // The extension looks the file up by its URL decoded: `my title.md`, not `my%20title.md`.
      entries[decodeURIComponent(pathToFileURL(path).href).toLowerCase()] = folder.collection;
    }
  }
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'collections.json'), JSON.stringify({ collections, entries }));
}
