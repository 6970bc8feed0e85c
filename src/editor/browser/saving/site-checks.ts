/**
 * What only the whole site can tell (a list that falls short, a reference to an entry that is
 * gone, Today's Special no longer live), worked out in the browser before the web editor saves
 * or deletes: the engine's own core (`decide()`) over what the last build knew of every entry
 * (/admin/site.json), with the writer's change applied. Its problems are the engine's, in its
 * words; only those the change would add are reported.
 */
import { siteRules } from '@/config';
import { formatDate } from '@/lib/format';
import { dayIn, newestFirst, publishState } from '@/lib/publishing';
import { decide, type Content } from '@/loaders/decide';
import { fieldName, type Problem } from '@/loaders/problems';
import { timezoneOf, unpublished, type SiteEntry, type SiteSnapshot } from '../../contract';

/** Whether `entry` is `id` of `collection`, told by its id or, not yet published, its digest. */
export const isEntry = (entry: SiteEntry, collection: string, id: string) =>
  entry.collection === collection && (entry.id === id || entry.id === unpublished(id));

/** Whether `entry` is the file at `file`, told by its path or, not yet published, its digest. */
export const isFile = (entry: SiteEntry, file: string) =>
  entry.file === file || entry.file === unpublished(file);

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
function contentOf(entries: readonly SiteEntry[]): Content {
  const byCollection = Map.groupBy(entries, (entry) => entry.collection);
  for (const list of byCollection.values()) {
    list.sort((a, b) => newestFirst(a.placement, b.placement));
  }
  const of = (collection: string) => byCollection.get(collection) ?? [];
  return {
    entries: byCollection,
    entry: (collection, id) => of(collection).find((entry) => isEntry(entry, collection, id)),
    has: (collection, id) => of(collection).some((entry) => isEntry(entry, collection, id)),
    ids: (collection) => of(collection).map((entry) => entry.id),
    rejected: () => 0,
    problems: [],
  };
}

/** A change the editor is about to make: an entry saved (`put`), or a file deleted. */
export type Change = { put: SiteEntry; remove?: never } | { remove: string; put?: never };

/** `entries` after `change`. */
export function changed(entries: readonly SiteEntry[], change: Change): SiteEntry[] {
  const gone = change.put ? change.put.file : change.remove;
  const after = entries.filter((entry) => !isFile(entry, gone));
  return change.put ? [...after, change.put] : after;
}

/** What a build at `now` decides of `entries`: its problems and its lists' picks. */
const decided = (entries: readonly SiteEntry[], now: Date) =>
  decide(contentOf(entries), siteRules, { now, mode: 'build' });

const said = (problem: Problem) =>
  `${problem.file}|${fieldName(problem.path ?? [])}|${problem.message}`;

/**
 * The problems the site would have after `change` that it does not have now, as a build at `now`
 * would find them.
 */
export function problemsAfter(snapshot: SiteSnapshot, change: Change, now: Date): Problem[] {
  const before = new Set(decided(snapshot.entries, now).problems.map(said));
  const after = decided(changed(snapshot.entries, change), now);
  return after.problems.filter((problem) => !before.has(said(problem)));
}

/** Whether `entry` is published, scheduled or a draft at `now`, by the engine's rule. */
export const stateAt = (snapshot: SiteSnapshot, entry: SiteEntry, now: Date) =>
  publishState(entry.placement, dayIn(timezoneOf(snapshot), now));

/** How a list is named to a writer: the page or feed, without the rule in brackets. */
const listName = (label: string) => label.replace(/ \(.*\)$/, '');

/**
 * Where `entry` appears once saved, in words, as a build at `now` would place it: each list that
 * picks it (first, or in it, and whom it displaces), or why it is on no page yet.
 */
export function placementWords(snapshot: SiteSnapshot, entry: SiteEntry, now: Date): string[] {
  const state = stateAt(snapshot, entry, now);
  if (state === 'draft') return ['A draft: on no page until Draft is switched off.'];
  if (state === 'scheduled') {
    const day = entry.placement.publishDate ? formatDate(entry.placement.publishDate) : '?';
    return [`Scheduled for ${day}: on no page until then.`];
  }
  const before = decided(snapshot.entries, now).picks;
  const after = decided(changed(snapshot.entries, { put: entry }), now).picks;
  const titleOf = (collection: string, id: string) =>
    snapshot.entries.find((other) => isEntry(other, collection, id))?.placement.title ?? id;
  const lists = { ...siteRules.pageLists, ...siteRules.feedLists };
  const words = Object.entries(lists).flatMap(([name, list]) => {
    const picked = after.get(name) ?? [];
    if (list.collection !== entry.collection || !picked.includes(entry.id)) return [];
    const gone = (before.get(name) ?? []).filter((id) => !picked.includes(id) && id !== entry.id);
    const replaces = gone.map((id) => ` (replaces ${titleOf(list.collection, id)})`).join('');
    const where = listName(list.label);
    return [picked[0] === entry.id ? `Leads ${where}${replaces}.` : `In ${where}${replaces}.`];
  });
  if (entry.collection === 'team') return ['On the about page, with the team.'];
  return words.length ? words : ['Published, but on no page: newer entries fill every list.'];
}
