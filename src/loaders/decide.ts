/**
 * The engine's core: from the index of every entry, the site's lists, one "now" and one mode, it
 * decides what each list picks, what Astro's content store holds, and every problem that needs
 * all the content. Plain data in, plain data out: no file is read here, and nothing of Astro or
 * Vite is imported, so a unit test can call it on a handful of entries.
 */
import { contentFolders, PLACEHOLDER, siteSettings, type SiteRules } from '@/config';
import { isoDate, plural } from '@/lib/format';
import {
  appears,
  dayIn,
  DEFAULT_TIME_ZONE,
  pick,
  stateOn,
  shortfall,
  type Mode,
} from '@/lib/publishing';
import type { IndexedEntry as Indexed, Place } from './entry-index';
import { fieldName, type Problem } from './problems';

/** What the core reads of an indexed entry: no file stamp, so the web editor can pass its own. */
export type IndexedEntry = Pick<
  Indexed,
  'collection' | 'id' | 'file' | 'placement' | 'references' | 'placeholders'
>;

/** The content as the core reads it: the index, and which ids the folders' files make. */
export type Content = {
  /** Every indexed entry, by collection, newest first. */
  entries: ReadonlyMap<string, readonly IndexedEntry[]>;
  /** The indexed entry of `collection` with `id`; none when its file has problems of its own. */
  entry: (collection: string, id: string) => IndexedEntry | undefined;
  /** Whether a file of `collection` makes `id`, though it may have problems of its own. */
  has: (collection: string, id: string) => boolean;
  /** Every id the files of `collection` make, including those of files with problems. */
  ids: (collection: string) => readonly string[];
  /** How many files of `collection` were left out for problems of their own. */
  rejected: (collection: string) => number;
  /** The problems of the folders and of files that could not be indexed, each at its line. */
  problems: readonly Problem[];
};

/** What the core decides. */
export type Decision = {
  /** Each list's pick, by the list's name: the ids of the entries it shows, in order. */
  picks: Map<string, string[]>;
  /** The ids of the entries Astro's store holds, by collection. */
  holds: Map<string, Set<string>>;
  /** Every problem; one found in an entry's data names its field, and is at its line when known. */
  problems: Problem[];
  /** What the log says of the run: what is scheduled, and the drafts. */
  notes: string[];
};

/** Where a problem about the value at `path` is: its place in the file, when the index knows it. */
const at = (path: (string | number)[], { line, column }: Partial<Place>) => ({
  path,
  field: fieldName(path),
  ...(line && column && { line, column }),
});

/** Lists at most this many entries by name in a note; the rest are counted. */
const NAMED = 20;

function note(heading: string, entries: IndexedEntry[], detail: (e: IndexedEntry) => string) {
  if (!entries.length) return [];
  const named = entries.slice(0, NAMED).map((e) => `  ${e.file}${detail(e)}`);
  const rest = entries.length - named.length;
  return [[`${heading}:`, ...named, ...(rest > 0 ? [`  …and ${rest} more`] : [])].join('\n')];
}

/**
 * Decides by the site's rules (src/config.ts). Each list picks its newest entries that appear in
 * this mode; the collections shown whole show every entry that appears; the store holds all of
 * those and every entry they name, followed through references (an author, Today's Special). A build stops when a page's
 * list cannot be filled with published entries, when Today's Special is not live, when anything
 * live or scheduled still holds a placeholder, or when a reference names no entry.
 */
export function decide(
  content: Content,
  rules: SiteRules,
  { now, mode }: { now: Date; mode: Mode },
): Decision {
  const of = (collection: string) => content.entries.get(collection) ?? [];
  const site = content.entry(siteSettings.collection, siteSettings.id);
  const timezone = site?.placement.timezone ?? DEFAULT_TIME_ZONE;
  const today = dayIn(timezone, now);
  const stateAt = stateOn(today);
  const stateOf = (entry: IndexedEntry) => stateAt(entry.placement);

  const holds = new Map<string, Set<string>>();
  const hold = (collection: string, ids: Iterable<string>) =>
    holds.set(collection, new Set([...(holds.get(collection) ?? []), ...ids]));

  // The entries come newest first, so each pick, and each count below, stops at its leaders.
  const picks = new Map<string, string[]>();
  for (const [name, list] of Object.entries({ ...rules.pageLists, ...rules.feedLists })) {
    const picked = pick(list, of(list.collection), { today, mode, ordered: true });
    const ids = picked.map((entry) => entry.id);
    picks.set(name, ids);
    hold(list.collection, ids);
  }
  for (const collection of rules.wholeCollections) {
    const ids = of(collection).flatMap((e) => (appears(stateOf(e), mode) ? [e.id] : []));
    hold(collection, ids);
  }
  const named = [...holds].flatMap(([collection, ids]) =>
    [...ids].map((id) => content.entry(collection, id)),
  );
  while (named.length) {
    for (const { collection, id } of named.pop()?.references ?? []) {
      if (holds.get(collection)?.has(id)) continue;
      hold(collection, [id]);
      named.push(content.entry(collection, id));
    }
  }

  const problems: Problem[] = [...content.problems];
  for (const list of Object.values(rules.pageLists)) {
    const qualifies = (entry: IndexedEntry) => !list.qualifies || list.qualifies(entry.placement);
    let published = 0;
    for (const entry of of(list.collection)) {
      if (published === list.count) break;
      if (qualifies(entry) && stateOf(entry) === 'published') published += 1;
    }
    if (published === list.count) continue;
    const left = content.rejected(list.collection);
    const uncounted = left
      ? ` ${left} ${plural(left, 'entry', 'entries')} with problems listed here ${plural(left, 'was', 'were')} not counted.`
      : '';
    const states = of(list.collection).filter(qualifies).map(stateOf);
    problems.push({
      file: contentFolders[list.collection].folder,
      message: shortfall(list.label, list.count, states) + uncounted,
    });
  }

  const special = site?.references.find(({ path }) => path[0] === 'todaysSpecial');
  const recipe = special && content.entry('recipes', special.id);
  const specialState = recipe && stateOf(recipe);
  if (site && specialState && specialState !== 'published') {
    problems.push({
      file: site.file,
      ...at(special.path, special),
      message: `The recipe "${special.id}" is ${specialState === 'draft' ? 'a draft' : 'scheduled'}, so the home page cannot show it yet. Pick a published recipe.`,
    });
  }

  const all = [...content.entries.values()].flat();
  for (const entry of all) {
    if (!entry.placeholders.length || stateOf(entry) === 'draft') continue;
    for (const placeholder of entry.placeholders) {
      problems.push({
        file: entry.file,
        ...at(placeholder.path, placeholder),
        message: `still starts with the ${PLACEHOLDER} text that npm run new wrote. Write your own, or put back "draft: true" until the entry is ready.`,
      });
    }
  }

  // Astro only logs a reference to a missing entry; here it stops the build, at its line. An
  // entry left out for problems of its own still exists, and is reported at its own file only.
  for (const entry of all) {
    for (const reference of entry.references) {
      const { collection, id } = reference;
      if (content.has(collection, id)) continue;
      const ids = [...content.ids(collection)].sort().join(', ');
      const message = `There is no ${collection} entry "${id}". Use one of: ${ids}`;
      problems.push({ file: entry.file, ...at(reference.path, reference), message });
    }
  }

  const drafts = all.filter((entry) => entry.placement.draft);
  // Scheduled entries are the newest: each collection's list starts with them.
  const scheduled = [...content.entries.values()].flatMap((list) => {
    const live = list.findIndex((entry) => stateOf(entry) === 'published');
    return list.slice(0, live === -1 ? list.length : live).filter((e) => !e.placement.draft);
  });
  const where =
    mode === 'dev' ? 'shown here, labelled; a build leaves them out' : 'so left out of this build';
  const notes = [
    note(
      `Scheduled, ${where} (published as of ${today}, ${timezone})`,
      scheduled,
      (e) => ` goes live on ${e.placement.publishDate ? isoDate(e.placement.publishDate) : '?'}`,
    ),
    note(`Drafts, ${where}`, drafts, () => ''),
  ].flat();
  return { picks, holds, problems, notes };
}
