import { dayOf, STORED_TIME_ZONE } from '../schemas/calendar.ts';

/** The word for `count` of a thing: plural(1, 'serving') is "serving", plural(4, 'entry', 'entries') "entries". */
export const plural = (count: number, one: string, many = `${one}s`) => (count === 1 ? one : many);

/** A choice in words: ['.md', '.mdx'] is ".md or .mdx", ['a', 'b', 'c'] "a, b or c". */
export const oneOf = (choices: readonly string[]) =>
  choices.length < 2
    ? (choices[0] ?? '')
    : `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;

/** Cooking time for people: 35 → "35 min", 60 → "1 hr", 75 → "1 hr 15 min". */
export function formatMinutes(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} hr` : `${hours} hr ${minutes} min`;
}

/** ISO 8601 duration for structured data: 75 → "PT1H15M". */
export function isoDuration(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return `PT${hours ? `${hours}H` : ''}${minutes || !hours ? `${minutes}M` : ''}`;
}

/** 1 → "1 serving", 4 → "4 servings". */
export const formatServings = (servings: number) => `${servings} ${plural(servings, 'serving')}`;

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: STORED_TIME_ZONE,
});

/** Publish date as shown on cards: "March 12, 2025", the day as the writer wrote it. */
export const formatDate = (date: Date) => dateFormat.format(date);

/** Machine-readable calendar day for `<time datetime>`: "2025-03-12". */
export const isoDate = (date: Date) => dayOf(date);

const WORDS_PER_MINUTE = 200;

/** Words in a Markdown or MDX body, ignoring syntax such as `#`, `*` and link targets. */
export function countWords(markdown: string): number {
  const prose = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]/g, ' ');
  return prose.split(/\s+/).filter((word) => /\w/.test(word)).length;
}

/** Minutes to read a body at 200 words a minute, never less than 1. */
export const readingMinutes = (markdown: string) =>
  Math.max(1, Math.round(countWords(markdown) / WORDS_PER_MINUTE));

/** 4 → "4 min read". */
export const formatReadTime = (minutes: number) => `${minutes} min read`;

/** "1 comment", "24 comments". */
export const formatComments = (count: number) => `${count} ${plural(count, 'comment')}`;

/** Rating to one decimal: 5 → "5.0". */
export const formatRating = (rating: number) => rating.toFixed(1);

/** A `tel:` link for a phone number written for people: "+1 (555) 123-4567" → "tel:+15551234567". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
