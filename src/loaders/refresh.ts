import { randomUUID } from 'node:crypto';

/**
 * The seam between `astro dev`'s watch of src/content (src/integrations/content-refresh.ts) and
 * the engine's loaders (loader.ts): what a refresh hands them through Astro's
 * `refreshContent({ loaders, context })`.
 */

/** The name every loader of the engine carries, so a refresh reaches them all; Astro logs it as `[content]`. */
export const LOADER_NAME = 'content';

/** The paths that changed under src/content, and a name of the refresh's own, so the engine takes it in once however many of its loaders it reaches. */
export type ContentChanges = { refresh: string; changed: string[] };

/** A refresh naming `changed`. */
export const contentChanges = (changed: string[]): ContentChanges => ({
  refresh: randomUUID(),
  changed,
});

/** What a refresh names, if it is one of ours. */
export function changesIn(data: Record<string, unknown> | undefined): ContentChanges | undefined {
  const { refresh, changed } = data ?? {};
  if (typeof refresh !== 'string' || !Array.isArray(changed)) return undefined;
  return { refresh, changed: changed.filter((path) => typeof path === 'string') };
}
