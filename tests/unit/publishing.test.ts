import { describe, expect, it } from 'vitest';
import { dayIn, publishState, shortfall } from '@/lib/publishing';

const at = (iso: string) => new Date(iso);
const entry = (day: string, draft = false) => ({ publishDate: at(`${day}T00:00:00Z`), draft });

describe('the publishing day', () => {
  it.each([
    ['UTC', '2026-11-30T23:30:00Z', '2026-11-30'],
    ['Europe/Rome', '2026-11-30T23:30:00Z', '2026-12-01'],
    ['America/Los_Angeles', '2026-12-01T05:00:00Z', '2026-11-30'],
    ['Pacific/Kiritimati', '2026-11-30T10:00:00Z', '2026-12-01'],
  ])('in %s, %s is %s', (zone, instant, day) => {
    expect(dayIn(zone, at(instant))).toBe(day);
  });
});

describe('publishState', () => {
  it.each([
    ['a past day', entry('2026-11-01'), 'published'],
    ['the day itself', entry('2026-11-22'), 'published'],
    ['the next day', entry('2026-11-23'), 'scheduled'],
    ['a draft in the past', entry('2025-01-01', true), 'draft'],
    ['a draft in the future', entry('2027-01-01', true), 'draft'],
  ])('calls an entry dated %s %s on 2026-11-22', (_, data, state) => {
    expect(publishState(data, '2026-11-22')).toBe(state);
  });
});

describe('shortfall', () => {
  it.each([
    [['published', 'published'], '/blog needs 8, but only 2 are published. Add'],
    [['published', 'draft'], 'only 1 is published (1 draft). Add'],
    [['draft', 'draft', 'scheduled'], 'only 0 are published (2 drafts, 1 scheduled). Add'],
  ] as const)('explains %j', (states, message) => {
    expect(shortfall('/blog', 8, states)).toContain(message);
  });
});
