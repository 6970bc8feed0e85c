import { describe, expect, it } from 'vitest';
import { findImpossibleDate } from '@/lib/strict-glob';

describe('findImpossibleDate', () => {
  it.each([
    ['publishDate: 2025-03-12', undefined],
    ['publishDate: 2024-02-29', undefined],
    ['publishDate: "2025-1-5"', undefined],
    ['title: Not a date\nrating: 4.9', undefined],
    ['publishDate: 2025-13-45', { field: 'publishDate', value: '2025-13-45' }],
    ['publishDate: 2025-02-29', { field: 'publishDate', value: '2025-02-29' }],
    ["updated: '2025-04-31'", { field: 'updated', value: '2025-04-31' }],
  ])('checks %j', (source, expected) => {
    expect(findImpossibleDate(source)).toEqual(expected);
  });

  it('ignores dates inside nested values and prose', () => {
    expect(findImpossibleDate('steps:\n  - Rest until 2025-13-45\n')).toBeUndefined();
  });
});
