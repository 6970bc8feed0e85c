/**
 * What only the whole site can tell (a list that falls short, a reference to an entry that is
 * gone, Today's Special no longer live), worked out in the browser before the web editor saves
 * or deletes: the engine's own core (`decide()`) over what the last build knew of every entry
 * (/admin/site.json), with the writer's change applied. Its problems are the engine's, in its
 * words; only those the change would add are reported.
 */
import { siteRules } from '@/config';
import { newestFirst } from '@/lib/publishing';
import { decide, type Content, type IndexedEntry } from '@/loaders/decide';
import type { Problem } from '@/loaders/problems';

/** An entry as the last build knew it, with its own photos as written (`./cover.jpg`). */
export type SiteEntry = IndexedEntry & { photos?: readonly string[] };

/** What the last build knew of every entry, as /admin/site.json holds it. */
export type SiteSnapshot = { entries: SiteEntry[] };

/** The snapshot read back from JSON: publish dates are dates again. */
export function snapshotOf(json: SiteSnapshot): SiteSnapshot {
  for (const { placement } of json.entries) {
    if (placement.publishDate !== undefined) {
      placement.publishDate = new Date(placement.publishDate);
    }
  }
  return json;
}

/** The core's view of `entries`: each collection newest first, and nothing left out. */
function contentOf(entries: readonly IndexedEntry[]): Content {
  const byCollection = Map.groupBy(entries, (entry) => entry.collection);
  for (const list of byCollection.values()) {
    list.sort((a, b) => newestFirst(a.placement, b.placement));
  }
  const of = (collection: string) => byCollection.get(collection) ?? [];
  return {
    entries: byCollection,
    entry: (collection, id) => of(collection).find((entry) => entry.id === id),
    has: (collection, id) => of(collection).some((entry) => entry.id === id),
    ids: (collection) => of(collection).map((entry) => entry.id),
    rejected: () => 0,
    problems: [],
  };
}

/** A change the editor is about to make: an entry saved (`put`), or a file deleted. */
export type Change = { put: SiteEntry; remove?: never } | { remove: string; put?: never };

const said = (problem: Problem) =>
  `${problem.file}|${problem.path?.join('.') ?? ''}|${problem.message}`;

/**
 * The problems the site would have after `change` that it does not have now, as a build at `now`
 * would find them.
 */
export function problemsAfter(snapshot: SiteSnapshot, change: Change, now: Date): Problem[] {
  const options = { now, mode: 'build' } as const;
  const before = new Set(
    decide(contentOf(snapshot.entries), siteRules, options).problems.map(said),
  );
  const gone = change.put?.file ?? change.remove;
  const after = snapshot.entries.filter((entry) => entry.file !== gone);
  if (change.put) after.push(change.put);
  return decide(contentOf(after), siteRules, options).problems.filter(
    (problem) => !before.has(said(problem)),
  );
}
