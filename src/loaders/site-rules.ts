import { feedNeeds, pageNeeds, PLACEHOLDER, wholeCollections, type ShownList } from '@/config';
import {
  dayOf,
  publishState,
  shortfall,
  shownIn,
  today,
  type PublishState,
} from '@/lib/publishing';
import type { IndexedEntry } from './entry-index';
import type { Problem } from './problems';

/** Every indexed entry, by collection, and what else the rules need. */
export type SiteContent = {
  entries: ReadonlyMap<string, readonly IndexedEntry[]>;
  /** How many files of a collection were left out for their own problems. */
  rejected: (collection: string) => number;
  /** `astro dev`, where pages also show drafts and scheduled entries, labelled. */
  dev: boolean;
};

/** A problem at a field of an entry, placed at its line by the engine. */
export type FieldProblem = Omit<Problem, 'line' | 'column' | 'field'> & {
  path?: readonly (string | number)[];
};

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

function listing(
  heading: string,
  entries: readonly IndexedEntry[],
  detail: (e: IndexedEntry) => string,
) {
  if (!entries.length) return [];
  const shown = entries.slice(0, LISTED).map((e) => `  ${e.file}${detail(e)}`);
  const rest = entries.length - shown.length;
  return [[`${heading}:`, ...shown, ...(rest > 0 ? [`  …and ${rest} more`] : [])].join('\n')];
}

/**
 * The rules that need all the content at once. Which entries the site shows: every list a page
 * or feed shows (src/config.ts) and the collections it shows whole. And what the content must
 * supply: each page can be filled with published entries, Today's Special is live, and nothing
 * live or scheduled still holds a placeholder. The log lists what is waiting to publish.
 */
export const siteRules: SiteRules = ({ entries, rejected, dev }) => {
  const of = (collection: string) => entries.get(collection) ?? [];
  const site = of('site').find((entry) => entry.id === 'site');
  const timezone = site?.showing.timezone ?? 'UTC';
  const day = today(timezone);
  // Every entry's state, worked out once; the rules below only read it.
  const states = new Map<IndexedEntry, PublishState>();
  for (const entry of [...entries.values()].flat()) {
    const { publishDate, draft = false } = entry.showing;
    const state = publishDate ? publishState({ publishDate, draft }, day) : undefined;
    states.set(entry, state ?? (draft ? 'draft' : 'published'));
  }
  const stateOf = (entry: IndexedEntry) => states.get(entry)!;

  const shown = new Map<string, Set<string>>();
  const show = (collection: string, list: readonly IndexedEntry[]) => {
    const ids = shown.get(collection) ?? new Set<string>();
    for (const entry of list) ids.add(entry.id);
    shown.set(collection, ids);
  };
  const lists: ShownList[] = [...Object.values(pageNeeds), ...Object.values(feedNeeds)];
  for (const list of lists) {
    const showing = (entry: IndexedEntry) => entry.showing;
    show(list.collection, shownIn(list, of(list.collection), showing, { today: day, dev }));
  }
  for (const collection of wholeCollections) {
    show(
      collection,
      of(collection).filter((entry) => dev || stateOf(entry) !== 'draft'),
    );
  }

  const problems: FieldProblem[] = [];
  for (const need of Object.values(pageNeeds)) {
    const needed = of(need.collection).filter(
      (entry) => !('qualifies' in need) || need.qualifies(entry.showing),
    );
    const published = needed.filter((entry) => stateOf(entry) === 'published').length;
    if (published >= need.count) continue;
    const left = rejected(need.collection);
    const note = left
      ? ` ${left} ${left === 1 ? 'entry' : 'entries'} with problems listed here ${left === 1 ? 'was' : 'were'} not counted.`
      : '';
    problems.push({
      file: `src/content/${need.collection}`,
      message: shortfall(need.label, need.count, needed.map(stateOf)) + note,
    });
  }

  const special = site?.references.find(({ path }) => path[0] === 'todaysSpecial');
  const recipe = of('recipes').find((entry) => entry.id === special?.id);
  const specialState = recipe && stateOf(recipe);
  if (site && specialState && specialState !== 'published') {
    problems.push({
      file: site.file,
      path: ['todaysSpecial'],
      message: `The recipe "${special?.id}" is ${specialState === 'draft' ? 'a draft' : 'scheduled'}, so the home page cannot show it yet. Pick a published recipe.`,
    });
  }

  const waiting: Record<PublishState, IndexedEntry[]> = { published: [], scheduled: [], draft: [] };
  for (const [entry, state] of states) {
    waiting[state].push(entry);
    if (state === 'draft') continue;
    for (const path of entry.placeholders) {
      problems.push({
        file: entry.file,
        path,
        message: `still starts with the ${PLACEHOLDER} text that npm run new wrote. Write your own, or put back "draft: true" until the entry is ready.`,
      });
    }
  }

  const where = dev ? 'shown here, labelled; a build leaves them out' : 'so left out of this build';
  const notes = [
    listing(
      `Scheduled, ${where} (published as of ${day}, ${timezone})`,
      waiting.scheduled,
      (e) => ` goes live on ${e.showing.publishDate ? dayOf(e.showing.publishDate) : '?'}`,
    ),
    listing(`Drafts, ${where}`, waiting.draft, () => ''),
  ].flat();
  return { shown, problems, notes };
};
