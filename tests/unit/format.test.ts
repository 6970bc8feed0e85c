import { describe, expect, it } from 'vitest';
import {
  countWords,
  formatComments,
  formatDate,
  formatMinutes,
  formatRating,
  formatReadTime,
  formatServings,
  isoDate,
  isoDuration,
  telHref,
  readingMinutes,
} from '@/lib/format';

describe('formatMinutes', () => {
  it.each([
    [5, '5 min'],
    [35, '35 min'],
    [60, '1 hr'],
    [75, '1 hr 15 min'],
    [180, '3 hr'],
  ])('shows %i minutes as "%s"', (minutes, expected) => {
    expect(formatMinutes(minutes)).toBe(expected);
  });
});

describe('isoDuration', () => {
  it.each([
    [25, 'PT25M'],
    [60, 'PT1H'],
    [95, 'PT1H35M'],
  ])('encodes %i minutes as %s', (minutes, expected) => {
    expect(isoDuration(minutes)).toBe(expected);
  });
});

describe('formatServings', () => {
  it.each([
    [1, '1 serving'],
    [4, '4 servings'],
    [12, '12 servings'],
  ])('shows %i as "%s"', (servings, expected) => {
    expect(formatServings(servings)).toBe(expected);
  });
});

describe('formatDate', () => {
  it.each([
    ['2025-03-12', 'March 12, 2025'],
    ['2025-01-01', 'January 1, 2025'],
    ['2025-12-31', 'December 31, 2025'],
  ])('shows %s as "%s" whatever the local time zone', (iso, expected) => {
    expect(formatDate(new Date(iso))).toBe(expected);
  });

  it('gives the calendar day for datetime attributes', () => {
    expect(isoDate(new Date('2025-03-12'))).toBe('2025-03-12');
  });
});

describe('reading time', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

  it('counts prose words and ignores Markdown syntax and link targets', () => {
    expect(countWords('## A heading\n\n- one *two* [three](https://example.com/four)')).toBe(5);
  });

  it.each([
    [0, 1],
    [150, 1],
    [400, 2],
    [700, 4],
    [1000, 5],
  ])('reads %i words in %i min at 200 wpm, never less than 1', (count, minutes) => {
    expect(readingMinutes(words(count))).toBe(minutes);
  });

  it('formats minutes as "N min read"', () => {
    expect(formatReadTime(4)).toBe('4 min read');
  });
});

describe('small labels', () => {
  it.each([
    [0, '0 comments'],
    [1, '1 comment'],
    [24, '24 comments'],
  ])('shows %i comments as "%s"', (count, expected) => {
    expect(formatComments(count)).toBe(expected);
  });

  it.each([
    [5, '5.0'],
    [4.9, '4.9'],
  ])('shows rating %d as "%s"', (rating, expected) => {
    expect(formatRating(rating)).toBe(expected);
  });
});

describe('telHref', () => {
  it.each([
    ['+1 (555) 123-4567', 'tel:+15551234567'],
    ['020 7946 0958', 'tel:02079460958'],
  ])('links %s as %s', (phone, expected) => {
    expect(telHref(phone)).toBe(expected);
  });
});
