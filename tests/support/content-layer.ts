/**
 * An in-memory `astro:content` for unit tests, as Starlight's tests mock it: tests fill
 * `contentStore`, and the queries read it. Vitest cannot reach Astro's real content store.
 *
 *   vi.mock('astro:content', async (original) =>
 *     (await import('../support/content-layer')).inMemoryContent(original));
 */
import type * as AstroContent from 'astro:content';

type StoredEntry = { collection: string; id: string };

/** The entries the mocked `getCollection()` and `getEntry()` serve. */
export const contentStore = { entries: [] as StoredEntry[] };

/**
 * Holds `entries` in the store as the content engine would for list `name`: each entry, once, and
 * the list's pick of their ids, in order.
 */
export function holdPick(name: string, entries: StoredEntry[]) {
  const held = (e: StoredEntry) =>
    contentStore.entries.some((s) => s.collection === e.collection && s.id === e.id);
  contentStore.entries.push(...entries.filter((e) => !held(e)));
  const ids = entries.map((e) => e.id);
  contentStore.entries.push({ collection: 'picks', id: name, data: { ids } } as StoredEntry);
}

/** The mocked module: the real `reference()`, so fixtures go through the real schemas. */
export async function inMemoryContent(original: () => Promise<typeof AstroContent>) {
  return {
    reference: (await original()).reference,
    getCollection: async (collection: string, filter: (e: unknown) => unknown = () => true) =>
      contentStore.entries.filter((e) => e.collection === collection && filter(e)),
    getEntry: async (ref: string | StoredEntry, maybeId?: string) => {
      const [collection, id] = typeof ref === 'string' ? [ref, maybeId] : [ref.collection, ref.id];
      return contentStore.entries.find((e) => e.collection === collection && e.id === id);
    },
  };
}
