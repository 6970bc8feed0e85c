/**
 * When an entry goes live, and which entries a list picks. Plain functions with no Astro imports:
 * the content engine applies them to every entry, and `npm run new` dates a new entry by them.
 */
import type { List, Placement } from '@/config';
import { midnightUtc } from '../schemas/calendar.ts';
import { plural } from './format.ts';

export type PublishState = 'published' | 'scheduled' | 'draft';

/**
 * `build`: what a built site shows, published entries only; `astro build` and `astro sync`.
 * `dev`: `astro dev`, where the pages also show drafts and scheduled entries, labelled.
 */
export type Mode = 'build' | 'dev';

export { DEFAULT_TIME_ZONE } from '../schemas/calendar.ts';

/**
 * Now, as every part of the site publishes: the moment in `PUBLISH_NOW`, which astro.config.ts
 * fixes once per run of Astro so every page agrees, or the clock. Set it yourself
 * (PUBLISH_NOW=2026-12-24) to preview a day.
 */
export function publishingNow(): Date {
  // In the web editor (a browser, no process) it is the writer's clock.
  const fixed = globalThis.process?.env['PUBLISH_NOW'];
  const instant = fixed ? new Date(fixed) : new Date();
  if (Number.isNaN(instant.valueOf())) {
    throw new Error(`PUBLISH_NOW="${fixed}" is not a date; write it as YYYY-MM-DD.`);
  }
  return instant;
}

/** The calendar day of `instant` in `timeZone`, as YYYY-MM-DD. */
export function dayIn(timeZone: string, instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Today in `timeZone`, as of `publishingNow()`; YYYY-MM-DD. */
export const today = (timeZone: string) => dayIn(timeZone, publishingNow());

/**
 * The publish state of entries on `today` (YYYY-MM-DD in the site's time zone): drafts never
 * publish; a dated entry publishes on its day; an undated one (a team member, the site settings)
 * is published unless it is a draft. The day's midnight is worked out once, for all the entries
 * a decision asks about.
 */
export function stateOn(today: string): (entry: Partial<Placement>) => PublishState {
  const midnight = midnightUtc(today).valueOf();
  return (entry) => {
    if (entry.draft) return 'draft';
    if (!entry.publishDate) return 'published';
    return entry.publishDate.valueOf() > midnight ? 'scheduled' : 'published';
  };
}

/** The publish state of one entry on `today`: `stateOn(today)` asked once. */
export const publishState = (entry: Partial<Placement>, today: string): PublishState =>
  stateOn(today)(entry);

/** Whether an entry in `state` appears at all: published ones always, the rest in `astro dev`. */
export const appears = (state: PublishState, mode: Mode) => state === 'published' || mode === 'dev';

/**
 * The message for a list that cannot be filled, counting what is waiting to publish, as
 * "(2 drafts, 1 scheduled)", if anything is.
 */
export function shortfall(what: string, needed: number, states: readonly PublishState[]): string {
  const count = (state: PublishState) => states.filter((s) => s === state).length;
  const [published, drafts, scheduled] = [count('published'), count('draft'), count('scheduled')];
  const waiting = [
    drafts && `${drafts} ${plural(drafts, 'draft')}`,
    scheduled && `${scheduled} scheduled`,
  ].filter(Boolean);
  const note = waiting.length ? ` (${waiting.join(', ')})` : '';
  return (
    `${what} needs ${needed}, but only ${published} ${plural(published, 'is', 'are')} published` +
    `${note}. Add entries, or publish ones that are waiting.`
  );
}

type Dated = Pick<Placement, 'publishDate' | 'title'>;

const titles = new Intl.Collator();

/** Newest first; ties by title, so the order never depends on the file system. Undated last. */
export const newestFirst = (a: Partial<Dated>, b: Partial<Dated>) =>
  (b.publishDate?.valueOf() ?? 0) - (a.publishDate?.valueOf() ?? 0) ||
  titles.compare(a.title ?? '', b.title ?? '');

/**
 * The entries `list` picks by their placement, in order: those that qualify and appear in `mode`,
 * newest first, up to its count (published only, in any mode, for a list that says so). It keeps
 * only the leaders as it walks, so it costs little more for 100,000 entries than for 70; given
 * entries already newest first (`ordered`), it stops as soon as no further entry can lead.
 */
export function pick<T extends { placement: Partial<Placement> }>(
  list: List,
  entries: Iterable<T>,
  { today, mode, ordered = false }: { today: string; mode: Mode; ordered?: boolean },
): T[] {
  const leaders: { entry: T; fields: Dated }[] = [];
  const listMode = list.publishedOnly ? 'build' : mode;
  for (const entry of entries) {
    const fields = entry.placement;
    const { publishDate, title = '' } = fields;
    if (!publishDate) continue;
    const last = leaders[list.count - 1];
    if (last && newestFirst({ publishDate, title }, last.fields) >= 0) {
      if (ordered) break;
      continue;
    }
    if (list.qualifies && !list.qualifies(fields)) continue;
    if (!appears(publishState(fields, today), listMode)) continue;
    const dated = { publishDate, title };
    const at = leaders.findIndex((leader) => newestFirst(dated, leader.fields) < 0);
    leaders.splice(at === -1 ? leaders.length : at, 0, { entry, fields: dated });
    if (leaders.length > list.count) leaders.pop();
  }
  return leaders.map(({ entry }) => entry);
}
