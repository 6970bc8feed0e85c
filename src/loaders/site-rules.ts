import { feedNeeds, pageNeeds, PLACEHOLDER, wholeCollections } from '@/config';
import { dayOf, publishState, shortfall, shownIn, today } from '@/lib/publishing';
import type { PublishState } from '@/lib/publishing';
import type { IndexedEntry } from './entry-index';

/** Every indexed entry, by collection and newest first, and what else the rules need. */
export type SiteContent = {
  entries: ReadonlyMap<string, readonly IndexedEntry[]>;
  /** The drafts, and the entries that hold a placeholder. */
  flagged: Iterable<IndexedEntry>;
  /** The entry of `collection` with `id`, if it is indexed. */
  entryOf: (collection: string, id: string) => IndexedEntry | undefined;
  /** How many files of a collection were left out for their own problems. */
  rejected: (collection: string) => number;
  /** `astro dev`, where pages also show drafts and scheduled entries, labelled. */
  dev: boolean;
};

/** A problem at a field of an entry, placed at its line by the engine. */
export type FieldProblem = { file: string; path?: readonly (string | number)[]; message: string };

/** What the rules decide: the entries the site shows, what stops a build, and what to log. */
export type SiteReview = {
  /** The ids of the entries pages show, by collection, before following their references. */
  shown: Map<string, Set<string>>;
  problems: FieldProblem[];
  notes: string[];
};

/** The rules that need all the content at once; see `siteRules`. */
export type SiteRules = (content: SiteContent) => SiteReview;

/** Lists at most this many entries by name in the log; the rest are counted. */
const LISTED = 20;

function listing(heading: string, entries: IndexedEntry[], detail: (e: IndexedEntry) => string) {
  if (!entries.length) return [];
  const shown = entries.slice(0, LISTED).map((e) => `  ${e.file}${detail(e)}`);
  const rest = entries.length - shown.length;
  return [[`${heading}:`, ...shown, ...(rest > 0 ? [`  …and ${rest} more`] : [])].join('\n')];
}

/**
 * The rules that need all the content at once. The site shows every list on a page or in a feed
 * (src/config.ts) and the collections it shows whole. Every page must fill with published
 * entries, Today's Special must be live, and nothing live or scheduled may hold a placeholder.
 * The log lists what is waiting to publish.
 */
export const siteRules: SiteRules = ({ entries, flagged, entryOf, rejected, dev }) => {
  const of = (collection: string) => entries.get(collection) ?? [];
  const site = of('site').find((entry) => entry.id === 'site');
  const timezone = site?.showing.timezone ?? 'UTC';
  const day = today(timezone);
  const stateOf = ({ showing: { publishDate, draft = false } }: IndexedEntry): PublishState =>
    publishDate ? publishState({ publishDate, draft }, day) : draft ? 'draft' : 'published';

  // The entries come newest first, so each list, and each count below, stops at its leaders.
  const shown = new Map<string, Set<string>>();
  const show = (collection: string, list: readonly IndexedEntry[]) => {
    const ids = shown.get(collection) ?? new Set<string>();
    for (const entry of list) ids.add(entry.id);
    shown.set(collection, ids);
  };
  const showing = (entry: IndexedEntry) => entry.showing;
  for (const list of [...Object.values(pageNeeds), ...Object.values(feedNeeds)]) {
    const leaders = shownIn(list, of(list.collection), showing, { today: day, dev, ordered: true });
    show(list.collection, leaders);
  }
  const visible = (entry: IndexedEntry) => dev || stateOf(entry) !== 'draft';
  for (const collection of wholeCollections) show(collection, of(collection).filter(visible));

  const problems: FieldProblem[] = [];
  for (const need of Object.values(pageNeeds)) {
    const qualifies = (entry: IndexedEntry) =>
      !('qualifies' in need) || need.qualifies(entry.showing);
    let published = 0;
    for (const entry of of(need.collection)) {
      if (published === need.count) break;
      if (qualifies(entry) && stateOf(entry) === 'published') published += 1;
    }
    if (published === need.count) continue;
    const left = rejected(need.collection);
    const note = left
      ? ` ${left} ${left === 1 ? 'entry' : 'entries'} with problems listed here ${left === 1 ? 'was' : 'were'} not counted.`
      : '';
    const states = of(need.collection).filter(qualifies).map(stateOf);
    problems.push({
      file: `src/content/${need.collection}`,
      message: shortfall(need.label, need.count, states) + note,
    });
  }

  const special = site?.references.find(({ path }) => path[0] === 'todaysSpecial');
  const recipe = special && entryOf('recipes', special.id);
  const specialState = recipe && stateOf(recipe);
  if (site && specialState && specialState !== 'published') {
    problems.push({
      file: site.file,
      path: ['todaysSpecial'],
      message: `The recipe "${special?.id}" is ${specialState === 'draft' ? 'a draft' : 'scheduled'}, so the home page cannot show it yet. Pick a published recipe.`,
    });
  }

  for (const entry of flagged) {
    if (stateOf(entry) === 'draft') continue;
    for (const path of entry.placeholders) {
      problems.push({
        file: entry.file,
        path,
        message: `still starts with the ${PLACEHOLDER} text that npm run new wrote. Write your own, or put back "draft: true" until the entry is ready.`,
      });
    }
  }
  const drafts = [...flagged].filter((entry) => entry.showing.draft);
  // Scheduled entries are the newest: each collection's list starts with them.
  const scheduled = [...entries.values()].flatMap((list) => {
    const future = list.findIndex((entry) => stateOf(entry) === 'published');
    return list.slice(0, future === -1 ? list.length : future).filter((e) => !e.showing.draft);
  });

  const where = dev ? 'shown here, labelled; a build leaves them out' : 'so left out of this build';
  const notes = [
    listing(
      `Scheduled, ${where} (published as of ${day}, ${timezone})`,
      scheduled,
      (e) => ` goes live on ${e.showing.publishDate ? dayOf(e.showing.publishDate) : '?'}`,
    ),
    listing(`Drafts, ${where}`, drafts, () => ''),
  ].flat();
  return { shown, problems, notes };
};
