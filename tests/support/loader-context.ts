/**
 * Astro's side of the content engine, in memory: the content store Astro keeps between runs, the
 * context it hands each `load()`, and, for `astro dev`, its file watcher. It follows the
 * documented `DataStore` and `LoaderContext`, including the store's rule that `set()` with an
 * unchanged digest is skipped.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import type { DataStore, LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { vi } from 'vitest';
import type { SiteRules } from '@/config';
import type { CollectionOptions } from '@/loaders/folder';
import { contentEngine, PICKS } from '@/loaders/loader';
import type { SchemaFactory } from '@/loaders/validate';

type Entry = ReturnType<DataStore['values']>[number];

/** The whole content store, by collection; one instance lives across several runs. */
export class ContentStore {
  readonly collections = new Map<string, Map<string, Entry>>();

  scoped(name: string): DataStore {
    const entries = () => {
      if (!this.collections.has(name)) this.collections.set(name, new Map());
      return this.collections.get(name)!;
    };
    return {
      get: (<T extends Record<string, unknown>>(key: string) =>
        entries().get(key) as Entry & { data: T }) as DataStore['get'],
      entries: () => [...entries()],
      values: () => [...entries().values()],
      keys: () => [...entries().keys()],
      set: (entry) => {
        if (entry.digest !== undefined && entries().get(entry.id)?.digest === entry.digest) {
          return false;
        }
        entries().set(entry.id, entry as Entry);
        return true;
      },
      delete: (key) => void entries().delete(key),
      clear: () => entries().clear(),
      has: (key) => entries().has(key),
      addModuleImport: () => {},
    };
  }
}

/** What the loaders said while they ran. */
export type Logged = { info: string[]; error: string[] };

/** Rules with no lists, that show every entry of `collections` whole: the engine on its own. */
export const showingWhole = (...collections: string[]): SiteRules => ({
  pageLists: {},
  feedLists: {},
  wholeCollections: collections,
});

/** Astro's file watcher in `astro dev`, as a loader sees it. */
export type Watcher = EventEmitter & { add: () => void };

/** The context Astro hands a collection's `load()`. */
export function loaderContext({
  root,
  collection,
  schema,
  store,
  logged,
  watcher,
  refresh,
}: {
  root: string;
  collection: string;
  /** None for the picks, which the engine makes itself. */
  schema?: SchemaFactory | undefined;
  store: ContentStore;
  logged: Logged;
  /** `astro dev` hands loaders its file watcher. */
  watcher?: Watcher | undefined;
  /** What `refreshContent({ context })` passed, in dev. */
  refresh?: Record<string, unknown> | undefined;
}): LoaderContext {
  const built =
    typeof schema === 'function'
      ? schema({ image: () => z.string() as never })
      : (schema ?? z.any());
  return {
    collection,
    config: {
      root: pathToFileURL(`${root}/`),
      srcDir: pathToFileURL(`${root}/src/`),
      cacheDir: pathToFileURL(`${root}/node_modules/.astro/`),
    },
    logger: {
      info: (message: string) => logged.info.push(message),
      warn: vi.fn(),
      error: (message: string) => logged.error.push(message),
    },
    parseData: async ({ data }: { data: unknown }) => built.parse(data),
    generateDigest: (text: string) => createHash('sha1').update(text).digest('hex'),
    store: store.scoped(collection),
    meta: new Map(),
    ...(watcher && { watcher }),
    ...(refresh && { refreshContextData: refresh }),
  } as unknown as LoaderContext;
}

/** How Astro runs the collections' `load()` of one sync. Astro 7 runs them together. */
export type Order = 'together' | 'one by one' | 'in reverse';

/** An engine over `collections`, as one evaluation of the content config makes it. */
export function engineFor(
  root: string,
  collections: Record<string, CollectionOptions>,
  {
    rules = showingWhole(...Object.keys(collections)),
    store = new ContentStore(),
  }: {
    rules?: SiteRules;
    /** The store as the last run left it; Astro keeps it between builds. */
    store?: ContentStore;
  } = {},
) {
  const engine = contentEngine(collections, rules);
  /** One sync of every collection over `store`; `refresh` makes it a dev refresh. */
  async function sync({
    order = 'together',
    watcher,
    refresh,
  }: { order?: Order; watcher?: Watcher; refresh?: Record<string, unknown> } = {}) {
    const logged: Logged = { info: [], error: [] };
    const parts = [...Object.entries(collections), [PICKS, { schema: undefined }] as const];
    const loads = parts.map(
      ([collection, { schema }]) =>
        () =>
          engine
            .loader(collection)
            .load(loaderContext({ root, collection, schema, store, logged, watcher, refresh })),
    );
    if (order === 'in reverse') loads.reverse();
    const failures: unknown[] = [];
    if (order === 'together') {
      for (const result of await Promise.allSettled(loads.map((load) => load()))) {
        if (result.status === 'rejected') failures.push(result.reason);
      }
    } else {
      for (const load of loads) await load().catch((error: unknown) => failures.push(error));
    }
    const error = failures.map((failure) => (failure as Error).message).join('\n');
    return { error, logged, failures: failures.length };
  }
  return { sync, store };
}

/** A dev server's watcher, for `engineFor(…).sync({ watcher })`. */
export const fakeWatcher = (): Watcher => Object.assign(new EventEmitter(), { add: () => {} });
