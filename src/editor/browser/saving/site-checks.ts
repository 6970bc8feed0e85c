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

const said = (problem: Problem) =>
  `${problem.file}|${fieldName(problem.path ?? [])}|${problem.message}`;

/**
 * The problems the site would have after `change` that it does not have now, as a build at `now`
 * would find them.
 */
export function problemsAfter(snapshot: SiteSnapshot, change: Change, now: Date): Problem[] {
  const options = { now, mode: 'build' } as const;
  const before = new Set(
    decide(contentOf(snapshot.entries), siteRules, options).problems.map(said),
  );
  const gone = change.put ? change.put.file : change.remove;
  const after = snapshot.entries.filter((entry) => !isFile(entry, gone));
  if (change.put) after.push(change.put);
  return decide(contentOf(after), siteRules, options).problems.filter(
    (problem) => !before.has(said(problem)),
  );
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
  const options = { now, mode: 'build' } as const;
  const before = decide(contentOf(snapshot.entries), siteRules, options).picks;
  const others = snapshot.entries.filter((other) => !isFile(other, entry.file));
  const after = decide(contentOf([...others, entry]), siteRules, options).picks;
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
