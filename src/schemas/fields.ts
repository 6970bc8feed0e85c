import { z } from 'astro/zod';
import { dayOf, midnightUtc } from './calendar';

/**
 * The building blocks of the schemas. Every field says what it is for in `.meta({ description })`:
 * the one wording that VS Code shows as a field's tooltip (through the JSON schemas `astro sync`
 * writes) and the web editor as its hint.
 */

/** Text a reader sees: trimmed, never empty. */
export const text = () => z.string().trim().min(1, 'Write some text here; it cannot be empty');

/**
 * Text of a sentence or more, such as a description or a bio: `text()`, which the web editor
 * gives a box of several lines (the `multiline` annotation).
 */
export const paragraph = () => text().meta({ multiline: true });

/** True when "YYYY-MM-DD" names a day on the calendar (2024-02-29 yes, 2025-02-29 no). */
function isRealDay(day: string): boolean {
  const date = midnightUtc(day);
  return !Number.isNaN(date.valueOf()) && dayOf(date) === day;
}

/**
 * A calendar day written YYYY-MM-DD, e.g. 2025-03-12, stored as its midnight UTC (calendar.ts).
 * Only that form is accepted: JavaScript would read "2025-3-5" in the build machine's own time
 * zone. Its JSON schema says `format: date`, JSON Schema's word for exactly that form.
 */
export const calendarDay = () =>
  z
    .preprocess(
      // Other YAML parsers (Astro's glob() loader) turn an unquoted date into a Date already.
      (value) => (value instanceof Date ? dayOf(value) : value),
      z
        .string({ error: 'Write a date as YYYY-MM-DD, e.g. 2025-03-12' })
        .regex(/^\d{4}-\d{2}-\d{2}$/, {
          error: 'Write a date as YYYY-MM-DD, e.g. 2025-03-12',
          abort: true,
        })
        .refine(isRealDay, 'This day is not on the calendar; check the month and the day')
        .transform(midnightUtc),
    )
    .meta({ format: 'date' });

/** Whether the entry is still work in progress. */
export const draft = () =>
  z.boolean().default(false).meta({
    description:
      'Work in progress: shown by `npm run dev`, left out of the built site. Defaults to false.',
  });
