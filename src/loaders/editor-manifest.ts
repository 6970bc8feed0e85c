import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { AstroConfig } from 'astro';

/**
 * Tells the Astro VS Code extension the collection of every entry file, so a writer gets
 * completion and checks in any entry's frontmatter, not only in the entries the site shows.
 *
 * This is the one place the engine relies on something Astro does not document. With
 * `experimental.contentIntellisense`, Astro writes `.astro/collections/collections.json`, mapping
 * each entry file's URL (in lower case) to its collection, and fills it from the content store,
 * which holds only what the site shows. Astro writes the file before the loaders run and adds the
 * store's files after them, keeping what is there; so the engine writes every entry file it
 * lists in between. tests/content/intellisense.test.ts fails if an upgrade changes any of this.
 */
export function listEntryFiles(config: AstroConfig, files: Map<string, Iterable<string>>) {
  const manifest = new URL('.astro/collections/collections.json', config.root);
  if (!config.experimental.contentIntellisense || !existsSync(manifest)) return;
  const written = JSON.parse(readFileSync(manifest, 'utf8')) as { entries?: object };
  const entries: Record<string, string> = {};
  for (const [collection, paths] of files) {
    for (const path of paths) entries[pathToFileURL(path).href.toLowerCase()] = collection;
  }
  writeFileSync(manifest, JSON.stringify({ ...written, entries }, null, 2));
}
