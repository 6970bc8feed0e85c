/**
 * When an entry goes live, and which entries a list shows. Plain functions with no Astro imports:
 * the content engine applies them to every entry to decide what Astro's store holds, and the
 * queries apply them to what the store holds to decide what each page shows.
 */
import type { Showing, ShownList } from '@/config';

export type PublishState = 'published' | 'scheduled' | 'draft';

type Publishable = Pick<Showing, 'publishDate' | 'draft'>;

/**
 * The moment this build publishes as of. astro.config.ts fixes it once per build in
 * PUBLISH_NOW, so every page agrees; set it yourself (PUBLISH_NOW=2026-12-24) to preview a day.
 */
export function publishingInstant(): Date {
  const fixed = process.env['PUBLISH_NOW'];
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

/** Today, in the site's time zone, as of this build's publishing instant; YYYY-MM-DD. */
export const today = (timeZone: string) => dayIn(timeZone, publishingInstant());

/** A publish date is a calendar day, stored as midnight UTC; its YYYY-MM-DD. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

let lastDay = { day: '', midnight: 0 };
/** Midnight UTC of a YYYY-MM-DD day, as publish dates are stored; the last one is remembered. */
function midnightOf(day: string): number {
  if (lastDay.day !== day) lastDay = { day, midnight: Date.parse(`${day}T00:00:00Z`) };
  return lastDay.midnight;
}

/** Drafts never publish; anything else publishes on its day in the site's time zone. */
export function publishState(entry: Publishable, today: string): PublishState {
  if (entry.draft) return 'draft';
  return entry.publishDate.valueOf() > midnightOf(today) ? 'scheduled' : 'published';
}

/** How many of `entries` are waiting, as "(2 drafts, 1 scheduled)", or "" when none are. */
function waitingNote(states: readonly PublishState[]): string {
  const drafts = states.filter((s) => s === 'draft').length;
  const scheduled = states.filter((s) => s === 'scheduled').length;
  const parts = [
    drafts && `${drafts} ${drafts === 1 ? 'draft' : 'drafts'}`,
    scheduled && `${scheduled} scheduled`,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** The message for a page that cannot be filled, counting what is waiting to publish. */
export function shortfall(what: string, needed: number, states: readonly PublishState[]): string {
  const published = states.filter((s) => s === 'published').length;
  return (
    `${what} needs ${needed}, but only ${published} ${published === 1 ? 'is' : 'are'} published` +
    `${waitingNote(states)}. Add entries, or publish ones that are waiting.`
  );
}

type Dated = Pick<Showing, 'publishDate' | 'title'>;

const titles = new Intl.Collator();

/** Newest first; ties by title, so the order never depends on the file system. Undated last. */
export const newestFirst = (a: Partial<Dated>, b: Partial<Dated>) =>
  (b.publishDate?.valueOf() ?? 0) - (a.publishDate?.valueOf() ?? 0) ||
  titles.compare(a.title ?? '', b.title ?? '');

/**
 * The entries `list` shows, in order: those that qualify and are published, newest first, up to
 * its count. `astro dev` (`dev`) also shows drafts and scheduled entries, unless the list is
 * published only. It keeps only the leaders as it walks, so it costs little more for 100,000
 * entries than for 70; given entries already newest first (`ordered`), it stops as soon as no
 * further entry can lead.
 */
export function shownIn<T>(
  list: ShownList,
  entries: Iterable<T>,
  showing: (entry: T) => Partial<Showing>,
  { today, dev, ordered = false }: { today: string; dev: boolean; ordered?: boolean },
): T[] {
  const leaders: { entry: T; fields: Dated }[] = [];
  for (const entry of entries) {
    const fields = showing(entry);
    const { publishDate, title = '', draft = false } = fields;
    if (!publishDate) continue;
    const last = leaders[list.count - 1];
    if (last && newestFirst({ publishDate, title }, last.fields) >= 0) {
      if (ordered) break;
      continue;
    }
    if (list.qualifies && !list.qualifies(fields)) continue;
    const state = publishState({ publishDate, draft }, today);
    if (state !== 'published' && (list.publishedOnly || !dev)) continue;
    const dated = { publishDate, title };
    const at = leaders.findIndex((leader) => newestFirst(dated, leader.fields) < 0);
    leaders.splice(at === -1 ? leaders.length : at, 0, { entry, fields: dated });
    if (leaders.length > list.count) leaders.pop();
  }
  return leaders.map(({ entry }) => entry);
}
