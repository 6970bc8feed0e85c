/**
 * What `astro dev` tells the engine of a save: the message src/integrations/content-refresh.ts
 * sends the engine's loaders through Astro's `refreshContent({ loaders, context })`. The engine
 * defines it and the integration only sends it, so the two talk one way. Nothing here imports
 * anything: the integration loads it with Astro's config, before any of the engine.
 */

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
