/**
 * The engine's one port: everything it exchanges with whoever runs it. The adapter (loader.ts)
 * makes the `Host` from Astro's loader context and applies the `StoreChange`s to Astro's store;
 * src/integrations/content-refresh.ts sends the `Refresh`. The engine defines them, and its hosts
 * only use them, so calls go one way. Nothing here is imported at run time but types: the
 * integration loads it with Astro's config, before any of the engine.
 */
import type { SiteRules } from '@/config';
import type { CollectionOptions } from './folder';

/**
 * What the engine needs of whoever runs it: the one port between the engine and Astro. The
 * adapter (loader.ts) makes it from Astro's loader context; a test makes it from a folder.
 */
export type Host = {
  /** The project's root folder. */
  root: string;
  /** Its source folder, where the content config is. */
  srcDir: string;
  /** The folder the index is saved in. */
  cacheDir: string;
  /** A digest of a text, as Astro's store compares them. */
  digest: (text: string) => string;
  log: { info: (message: string) => void; error: (message: string) => void };
};

/** The part of the store that holds each list's pick: its entries' ids in order, by the list's name. */
export const PICKS = 'picks';

/** What one evaluation of the content config asks of the engine. */
export type Engine = {
  collections: Record<string, CollectionOptions>;
  rules: SiteRules;
  /** The parts of Astro's store the engine fills: each collection's, and the picks'. */
  parts: readonly string[];
};

export const engineOf = (collections: Record<string, CollectionOptions>, rules: SiteRules) => ({
  collections,
  rules,
  parts: [...Object.keys(collections), PICKS],
});

/**
 * An entry as a part of Astro's store holds it: `data` are the validated fields, or with
 * `written`, the fields as written, whose photos' paths Astro's `parseData` makes images;
 * `photos` are its own photos, for Astro to import.
 */
export type Stored = { id: string; data: Record<string, unknown>; digest: string } & Partial<{
  written: boolean;
  body: string;
  filePath: string;
  photos: string[];
}>;

/** What a part of Astro's store must do to hold what the decision holds. */
export type StoreChange = { delete: string } | { set: Stored };

/** The name every loader of the engine carries, so a refresh reaches them all; Astro logs it as `[content]`. */
export const LOADER_NAME = 'content';

/**
 * One change under a collection folder, as the watch saw it: an entry file or photo added,
 * changed or removed, or a folder added, removed or renamed (which moves many files at once).
 */
export type FileEvent = { kind: 'added' | 'changed' | 'removed' | 'folder'; path: string };

/**
 * A refresh: what changed since the last one, and a name of its own, so the engine takes it in
 * once however many of its loaders it reaches.
 */
export type Refresh = { refresh: string; events: FileEvent[] };

const kinds = new Set<unknown>(['added', 'changed', 'removed', 'folder']);

const isEvent = (event: unknown): event is FileEvent =>
  typeof event === 'object' &&
  event !== null &&
  kinds.has((event as FileEvent).kind) &&
  typeof (event as FileEvent).path === 'string';

/** A refresh of `events`. */
export const refreshOf = (events: FileEvent[]): Refresh => ({
  refresh: crypto.randomUUID(),
  events,
});

/** The refresh a loader was handed, if it is one of ours. */
export function refreshIn(data: Record<string, unknown> | undefined): Refresh | undefined {
  const { refresh, events } = data ?? {};
  if (typeof refresh !== 'string' || !Array.isArray(events)) return undefined;
  return { refresh, events: events.filter(isEvent) };
}
