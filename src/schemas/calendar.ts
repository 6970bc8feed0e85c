/**
 * Publish dates, said once: a writer writes a calendar day, YYYY-MM-DD, and it is stored as
 * midnight UTC of that day whatever the site's time zone, so no machine's clock can shift it.
 * The site's time zone then decides when that day has come (`publishState()` in
 * src/lib/publishing.ts). No imports, so plain Node (`npm run new`), the engine and the browser
 * all read it.
 */

/** The time zone publish dates are read in when the site settings name none. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The time zone a stored publish date is in, so that its day reads back as it was written. */
export const STORED_TIME_ZONE = 'UTC';

/** A YYYY-MM-DD day as a publish date is stored: its midnight UTC (Invalid Date for no day). */
export const midnightUtc = (day: string) => new Date(`${day}T00:00:00Z`);

/** The YYYY-MM-DD day of a stored publish date: `midnightUtc()` read back. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
