/**
 * The content engine's adapter: the only code that speaks to Astro's loader context. A load has
 * its session (session.ts) scan or update the catalogue of files and decide again, then fills its
 * collection's part of Astro's store. A build throws the problems; `astro dev` reports them in
 * the terminal and keeps the last good version of each entry.
 */
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { siteRules, type SiteRules } from '@/config';
import type { CollectionOptions } from './folder';
import { changesIn, LOADER_NAME } from '../integrations/content-refresh';
import { devSession, Session } from './session';

/** The collection that holds each list's pick: its entries' ids in order, by the list's name. */
export const PICKS = 'picks';

/**
 * Makes one part of Astro's store hold exactly what the decision holds: an entry whose stored
 * digest matches is kept, one newly held or changed is stored, one no longer held leaves. The
 * picks' part holds each list's pick.
 */
async function fill({ decision, catalogue }: Session, part: string, context: LoaderContext) {
  const { store, parseData } = context;
  const wanted = part === PICKS ? new Set(decision.picks.keys()) : decision.holds.get(part);
  for (const id of store.keys()) if (!wanted?.has(id)) store.delete(id);
  if (part === PICKS) {
    for (const [list, ids] of decision.picks) {
      store.set({ id: list, data: { ids }, digest: ids.join(' ') });
    }
    return;
  }
  for (const id of wanted ?? []) {
    const indexed = catalogue!.indexed(part, id);
    if (!indexed || store.get(id)?.digest === indexed.digest) continue;
    const read = await catalogue!.parse(indexed);
    if (!read) continue;
    const { file: filePath, digest, photos } = indexed;
    // Only Astro's own parseData turns a local photo's path into an image.
    const data = read.written ? await parseData({ id, data: read.written, filePath }) : read.data;
    const assets = photos.length ? { assetImports: photos } : {};
    store.set({ id, data, body: read.body, filePath, digest, ...assets });
  }
}

/**
 * The site's content engine, and a loader for each of its collections and for the picks.
 *
 * The first load of an engine (one per evaluation of the content config: a build, `astro sync`,
 * a dev server's start) scans every folder; in `astro dev`, later changes come named by a refresh
 * (src/integrations/content-refresh.ts). Each load then fills its own part of the store from the
 * session's decision, so nothing depends on the order in which Astro runs the loaders, or on how
 * many of them it runs. The context members used: `store`, `parseData`, `generateDigest`,
 * `logger`, `config`, `refreshContextData`, and `watcher`, whose presence means `astro dev`.
 */
export function contentEngine(
  collections: Record<string, CollectionOptions>,
  rules: SiteRules = siteRules,
) {
  let scanned: Promise<void> | undefined;
  let built: Session | undefined;
  const filled = new Set<string>();
  const parts = [...Object.keys(collections), PICKS];

  const loader = (part: string): Loader => ({
    name: LOADER_NAME,
    load: async (context) => {
      const session = context.watcher
        ? devSession(fileURLToPath(context.config.root))
        : (built ??= new Session('build'));
      scanned ??= session.run(() => session.scan(context, collections, rules));
      await scanned;
      const changes = changesIn(context.refreshContextData);
      if (changes) await session.update(context, changes, rules);
      await fill(session, part, context);
      if (session.mode === 'dev') return;
      if (session.problems.length) throw session.error;
      // Once every part is filled, a build needs the catalogue no more: let it go before Vite
      // bundles the pages (a quarter of a gigabyte at 100,000 entries). A later load starts over.
      filled.add(part);
      if (filled.size < parts.length) return;
      [built, scanned] = [undefined, undefined];
      filled.clear();
    },
  });

  return { loader, picks: () => loader(PICKS) };
}
