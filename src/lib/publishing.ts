/**
 * When an entry goes live. Plain functions with no Astro imports: the content engine checks the
 * rules before a build, and the queries apply them on every page.
 */

export type PublishState = 'published' | 'scheduled' | 'draft';

type Publishable = { publishDate: Date; draft: boolean };

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

/** A publish date is a calendar day, stored as midnight UTC; its YYYY-MM-DD. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Drafts never publish; anything else publishes on its day in the site's time zone. */
export function publishState(entry: Publishable, today: string): PublishState {
  if (entry.draft) return 'draft';
  return dayOf(entry.publishDate) > today ? 'scheduled' : 'published';
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
