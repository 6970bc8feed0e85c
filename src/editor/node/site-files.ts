/**
 * The two files of /admin/ only the running site can make: site.json, what the engine's index
 * knows of every entry, for the form's checks of the whole site; and site.css, the site's own
 * stylesheet, for the preview. Made on each request, as fresh as the site; neither is needed
 * before the collection list shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { appears, publishState, today, type Mode } from '@/lib/publishing';
import { indexedEntries, indexFile } from '@/loaders/entry-index';
import { liveEntries } from '@/loaders/session';
import { timezoneOf, unpublished } from '../contract';
import type { Host } from './admin-files';

/**
 * What the engine's index knows of every entry, for the editor's checks of the whole site: each
 * entry that appears in `mode` in full, and of the rest only digests of its id and file, no
 * title, so the public /admin/site.json of a build names nothing before it is published. In
 * `astro dev`, the running engine's index, as it is after the last save; the file is saved later.
 */
function siteSnapshot(root: string, cacheDir: string, mode: Mode) {
  const indexed = liveEntries(root) ?? indexedEntries(indexFile(cacheDir));
  // A post's card names its author: the team is on the about page, so its names are public.
  const named = (file: string) =>
    (load(readFileSync(join(root, file), 'utf8')) as { name?: string } | undefined)?.name;
  const day = today(timezoneOf({ entries: indexed }));
  const entries = indexed.map(
    ({ collection, id, file, placement, references, placeholders, photos }) =>
      appears(publishState(placement, day), mode)
        ? {
            collection,
            id,
            file,
            placement,
            references,
            placeholders,
            photos,
            ...(collection === 'team' && { name: named(file) }),
          }
        : {
            collection,
            id: unpublished(id),
            file: unpublished(file),
            placement: { ...placement, title: undefined },
            references,
            placeholders,
          },
  );
  return `${JSON.stringify({ entries })}\n`;
}

/**
 * The site's own stylesheet, as its home page has it (inline in a build, linked or inline in
 * `astro dev`), for the editor's preview to draw the cards exactly as the pages do.
 */
function siteStyles(home: string) {
  const inline = [...home.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  const linked = [...home.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    (m) => `@import url("${m[1]}");`,
  );
  return [...linked, ...inline].join('\n');
}

/**
 * site.json and site.css where the site runs in `mode` at `root`, its home page read by `home`.
 */
export const siteFiles = (
  root: string,
  cacheDir: string,
  mode: Mode,
  home: () => Promise<string>,
): NonNullable<Host['site']> => ({
  'site.json': async () => siteSnapshot(root, cacheDir, mode),
  'site.css': async () => siteStyles(await home()),
});
