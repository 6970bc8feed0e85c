import { z } from 'astro/zod';

/** Text a reader sees: trimmed, never empty. */
export const text = () => z.string().trim().min(1, 'Write some text here; it cannot be empty');

/** True when "YYYY-MM-DD" names a day on the calendar (2024-02-29 yes, 2025-02-29 no). */
function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.valueOf()) && date.toISOString().startsWith(day);
}

/**
 * A calendar day written YYYY-MM-DD, e.g. 2025-03-12, read as midnight UTC. Only that form is
 * accepted: JavaScript would read "2025-3-5" in the build machine's own time zone.
 */
export const calendarDay = () =>
  z.preprocess(
    // Other YAML parsers (Astro's glob() loader) turn an unquoted date into a Date already.
    (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
    z
      .string({ error: 'Write a date as YYYY-MM-DD, e.g. 2025-03-12' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, {
        error: 'Write a date as YYYY-MM-DD, e.g. 2025-03-12',
        abort: true,
      })
      .refine(isRealDay, 'This day is not on the calendar; check the month and the day')
      .transform((day) => new Date(`${day}T00:00:00Z`)),
  );

/** Work in progress: shown by `npm run dev`, left out of the built site. Defaults to false. */
export const draft = () => z.boolean().default(false);
