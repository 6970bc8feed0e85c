/**
 * Astro's side of a content loader, in memory: the content store that Astro keeps between runs,
 * and the context it hands each `load()`. It follows the documented `DataStore` and
 * `LoaderContext`, including the store's rule that `set()` with an unchanged digest is skipped.
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { DataStore, LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { vi } from 'vitest';
import type { CollectionOptions } from '@/loaders/collection';
import { contentEngine, type ContentCheck } from '@/loaders/content-files';
import { refreshRequest, type Change } from '@/loaders/dev-refresh';
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

/** What a loader said while it ran. */
export type Logged = { info: string[]; error: string[] };

/** The context Astro hands a collection's `load()`. */
export function loaderContext({
  root,
  collection,
  schema,
  store,
  logged,
  watching = false,
  refresh,
}: {
  root: string;
  collection: string;
  schema: SchemaFactory;
  store: ContentStore;
  logged: Logged;
  /** True for `astro dev`, which hands loaders a file watcher. */
  watching?: boolean;
  /** What `refreshContent({ context })` passed, in dev. */
  refresh?: Record<string, unknown>;
}): LoaderContext {
  const built =
    typeof schema === 'function' ? schema({ image: () => z.string() as never }) : schema;
  return {
    collection,
    config: { root: pathToFileURL(`${root}/`), srcDir: pathToFileURL(`${root}/src/`) },
    logger: {
      info: (message: string) => logged.info.push(message),
      warn: vi.fn(),
      error: (message: string) => logged.error.push(message),
    },
    parseData: async ({ data }: { data: unknown }) => built.parse(data),
    generateDigest: (text: string) => createHash('sha1').update(text).digest('hex'),
    store: store.scoped(collection),
    meta: new Map(),
    ...(watching && { watcher: { on: vi.fn(), add: vi.fn() } }),
    ...(refresh && { refreshContextData: refresh }),
  } as unknown as LoaderContext;
}

/** How Astro runs the collections' `load()` of one sync. Astro 7 runs them together. */
export type Order = 'together' | 'one by one' | 'in reverse';

/**
 * One sync with a new engine, as a new `astro build`, `astro sync` or a dev server's evaluation
 * of the content config would run it, over `store` as the last run left it. `changes` makes it a
 * dev refresh naming those changes.
 */
export async function runEngine({
  root,
  store,
  collections,
  check,
  order = 'together',
  watching = false,
  changes,
}: {
  root: string;
  store: ContentStore;
  collections: Record<string, CollectionOptions>;
  check?: ContentCheck;
  order?: Order;
  watching?: boolean;
  changes?: Change[];
}) {
  const engine = contentEngine(check ? { check } : {});
  const logged: Logged = { info: [], error: [] };
  const refresh = changes && refreshRequest(changes);
  const loads = Object.entries(collections).map(([collection, options]) => {
    const loader = engine.files(options);
    return () =>
      loader.load(
        loaderContext({
          root,
          collection,
          schema: options.schema,
          store,
          logged,
          watching,
          ...(refresh && { refresh }),
        }),
      );
  });
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
