import { describe, expect, it } from 'vitest';
import { dayIn, pick, publishState, shortfall } from '@/lib/publishing';

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
    ['no day, as a team member has', { draft: false }, 'published'],
    ['no day, and a draft', { draft: true }, 'draft'],
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

describe('pick', () => {
  const posts = ['2026-05-01', '2026-04-01', '2026-03-01', '2026-02-01', '2026-01-01'].map(
    (day, n) => ({
      placement: { title: `Post ${n}`, publishDate: at(`${day}T00:00:00Z`), draft: n === 1 },
    }),
  );
  const list = { collection: 'blog' as const, label: '/blog', count: 2 };
  const options = { today: '2026-06-01', mode: 'build' } as const;
  const titles = (picked: typeof posts) => picked.map((post) => post.placement.title);

  it('shows the newest published entries, whatever order they come in', () => {
    expect(titles(pick(list, [...posts].reverse(), options))).toEqual(['Post 0', 'Post 2']);
  });

  it('stops reading entries given newest first once no further one can lead', () => {
    const read: string[] = [];
    function* reading() {
      for (const post of posts) {
        read.push(post.placement.title);
        yield post;
      }
    }
    const picked = pick(list, reading(), { ...options, ordered: true });
    expect(titles(picked)).toEqual(['Post 0', 'Post 2']);
    expect(read).toEqual(['Post 0', 'Post 1', 'Post 2', 'Post 3']);
  });
});
