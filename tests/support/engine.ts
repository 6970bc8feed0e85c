/**
 * The content engine driven as its adapter (src/loaders/loader.ts) drives it, with no Astro at
 * all: the engine's port made from a folder, and each part of the store a plain map of what the
 * session has it hold.
 */
import { join } from 'node:path';
import type { SiteRules } from '@/config';
import type { Mode } from '@/lib/publishing';
import type { CollectionOptions } from '@/loaders/folder';
import { engineOf, type Host, type Refresh, type Stored } from '@/loaders/port';
import { fill } from '@/loaders/session';

/** Every part of the store, by name; one instance lives across several runs, as Astro's does. */
export class ContentStore {
  readonly collections = new Map<string, Map<string, Stored>>();

  part(name: string): Map<string, Stored> {
    const part = this.collections.get(name) ?? new Map<string, Stored>();
    this.collections.set(name, part);
    return part;
  }
}

/** What the engine logged while it ran. */
export type Logged = { info: string[]; error: string[]; warn?: string[] };

/** Rules with no lists, that show every entry of `collections` whole: the engine on its own. */
export const showingWhole = (...collections: string[]): SiteRules => ({
  pageLists: {},
  feedLists: {},
  wholeCollections: collections,
});

/** The engine's port for a project folder, logging into `logged`. */
export const hostFor = (root: string, logged: Logged): Host => ({
  root,
  srcDir: join(root, 'src'),
  cacheDir: join(root, 'node_modules/.astro'),
  log: {
    info: (message) => logged.info.push(message),
    warn: (message) => (logged.warn ??= []).push(message),
    error: (message) => logged.error.push(message),
  },
});

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
  const engine = engineOf(collections, rules);

  /** One sync of every part over `store`: a build's, or in `dev` a dev server's, with a refresh. */
  async function sync({
    order = 'together',
    mode = 'build',
    refresh,
  }: { order?: Order; mode?: Mode; refresh?: Refresh } = {}) {
    const logged: Logged = { info: [], error: [], warn: [] };
    const load = async (part: string) => {
      const stored = store.part(part);
      const digests = new Map([...stored].map(([id, entry]) => [id, entry.digest]));
      const host = hostFor(root, logged);
      for await (const change of fill(engine, part, { mode, host, refresh, stored: digests })) {
        if ('delete' in change) stored.delete(change.delete);
        else stored.set(change.set.id, change.set);
      }
    };
    const loads = engine.parts.map((part) => () => load(part));
    if (order === 'in reverse') loads.reverse();
    const failures: unknown[] = [];
    if (order === 'together') {
      for (const result of await Promise.allSettled(loads.map((run) => run()))) {
        if (result.status === 'rejected') failures.push(result.reason);
      }
    } else {
      for (const run of loads) await run().catch((error: unknown) => failures.push(error));
    }
    const error = failures.map((failure) => (failure as Error).message).join('\n');
    return { error, logged, failures: failures.length };
  }
  return { sync, store };
}
