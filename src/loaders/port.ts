/**
 * The engine's port: everything it exchanges with whoever runs it. The adapter (loader.ts) makes
 * the `Host` from Astro's loader context and does the `StoreChange`s to Astro's store;
 * src/integrations/content-refresh.ts sends the `Refresh`. The engine defines them and its hosts
 * use them, so calls go one way. At run time this imports nothing: the integration loads it with
 * Astro's config, before any of the engine.
 */
import type { SiteRules } from '@/config';
import type { CollectionOptions } from './folder';

/** What the engine needs of whoever runs it; a test makes one from a folder. */
export type Host = {
  root: string;
  /** The source folder, where the content config is. */
  srcDir: string;
  /** The folder the index is saved in. */
  cacheDir: string;
  log: {
    info: (message: string) => void;
    /** Something a writer should fix that does not stop the build. */
    warn: (message: string) => void;
    error: (message: string) => void;
  };
};

/** The part of the store that holds each list's pick: its entries' ids in order, by list. */
export const PICKS = 'picks';

/** What one evaluation of the content config asks of the engine: its collections, its rules, and the parts of the store it fills. */
export type Engine = ReturnType<typeof engineOf>;

type Evaluations = { made: number; loaded: number };
const EVALUATIONS = Symbol.for('delicious-bites.content-config-evaluations');

/**
 * How many times this process evaluated the content config, and the newest evaluation whose
 * loaders ran. On `globalThis`: Astro's config and its content config load this module apart.
 */
const evaluations = (): Evaluations =>
  ((globalThis as { [EVALUATIONS]?: Evaluations })[EVALUATIONS] ??= { made: 0, loaded: 0 });

export const engineOf = (collections: Record<string, CollectionOptions>, rules: SiteRules) => ({
  collections,
  rules,
  parts: [...Object.keys(collections), PICKS] as readonly string[],
  /** Which evaluation made it, counted from 1: a later one may have other schemas and rules. */
  evaluation: (evaluations().made += 1),
});

/** A load of `engine` ran. */
export function loaded({ evaluation }: Engine) {
  const counts = evaluations();
  counts.loaded = Math.max(counts.loaded, evaluation);
}

/** The newest evaluation of the content config so far, and the newest whose loaders ran. */
export const evaluated = (): Readonly<Evaluations> => ({ ...evaluations() });

/**
 * What a part of Astro's store must do. A stored entry's `data` are its validated fields, or with
 * `written`, its fields as written, whose photos' paths Astro's `parseData` makes images; `photos`
 * are its own photos, for Astro to import.
 */
export type StoreChange = { delete: string } | { set: Stored };
export type Stored = { id: string; data: Record<string, unknown>; digest: string } & Partial<{
  written: boolean;
  body: string;
  filePath: string;
  photos: string[];
}>;

/** The name every loader of the engine carries, so a refresh reaches them all; Astro logs it as `[content]`. */
export const LOADER_NAME = 'content';

/**
 * One change in a collection folder, as the watch saw it: an entry file or photo added, changed
 * or removed, or a folder added, removed or renamed (which moves many files at once).
 */
export type FileEvent = { kind: 'added' | 'changed' | 'removed' | 'folder'; path: string };

/** What changed since the last refresh, and a name of its own, so the engine takes it in once however many loaders it reaches. */
export type Refresh = { refresh: string; events: FileEvent[] };

export const refreshOf = (events: FileEvent[]): Refresh => ({
  refresh: crypto.randomUUID(),
  events,
});

/** The refresh a loader was handed, if it is one of ours (another integration may refresh too). */
export function refreshIn(data: Record<string, unknown> | undefined): Refresh | undefined {
  const { refresh, events } = data ?? {};
  return typeof refresh === 'string' && Array.isArray(events)
    ? { refresh, events: events as FileEvent[] }
    : undefined;
}
