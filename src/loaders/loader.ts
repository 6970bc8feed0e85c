/**
 * The content engine's adapter: the only code that speaks to Astro's loader context. It turns the
 * context into the engine's one port (`Host`), hands the session the refresh a load carries, and
 * turns the session's store changes back into operations on Astro's store. Whether this is a build
 * or `astro dev` is read here, once: the context has a `watcher` only in `astro dev`.
 */
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { siteRules, type SiteRules } from '@/config';
import type { CollectionOptions } from './folder';
import {
  engineOf,
  loaded,
  LOADER_NAME,
  PICKS,
  refreshIn,
  type Host,
  type StoreChange,
} from './port';
import { fill } from './session';

/** The engine's port, from what Astro hands a load. */
const hostOf = ({ config, logger }: LoaderContext): Host => ({
  root: fileURLToPath(config.root),
  srcDir: fileURLToPath(config.srcDir),
  cacheDir: fileURLToPath(config.cacheDir),
  log: logger,
});

/** Does what the session asks of one part of Astro's store. */
async function apply(change: StoreChange, { store, parseData }: LoaderContext) {
  if ('delete' in change) return store.delete(change.delete);
  const { id, data, written, body, filePath, digest, photos } = change.set;
  store.set({
    id,
    // Only Astro's own parseData turns a local photo's path into an image.
    data: written ? await parseData({ id, data, ...(filePath && { filePath }) }) : data,
    ...(body !== undefined && { body }),
    ...(filePath && { filePath }),
    digest,
    ...(photos?.length && { assetImports: photos }),
  });
}

/**
 * The site's content engine, and a loader for each of its collections and for the picks.
 *
 * The first load of an engine (one per evaluation of the content config: a build, `astro sync`,
 * a dev server's start) scans every folder; in `astro dev`, later saves come as refreshes
 * (src/integrations/content-refresh.ts). Each load then fills its own part of the store from the
 * session's decision, so nothing depends on the order in which Astro runs the loaders, or on how
 * many of them it runs. The context members used: `store`, `parseData`, `logger`, `config`,
 * `refreshContextData`, and `watcher`, whose presence means `astro dev`.
 */
export function contentEngine(
  collections: Record<string, CollectionOptions>,
  rules: SiteRules = siteRules,
) {
  const engine = engineOf(collections, rules);

  const loader = (part: string): Loader => ({
    name: LOADER_NAME,
    load: async (context) => {
      const changes = fill(engine, part, {
        mode: context.watcher ? 'dev' : 'build',
        host: hostOf(context),
        refresh: refreshIn(context.refreshContextData),
        stored: new Map(context.store.entries().map(([id, entry]) => [id, entry.digest])),
      });
      for await (const change of changes) await apply(change, context);
      loaded(engine);
    },
  });

  return { loader, picks: () => loader(PICKS) };
}
