import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as string[]);

vi.mock('sonner', () => ({
  toast: Object.assign(
    (title: string, options: object) => calls.push(`show ${title} ${JSON.stringify(options)}`),
    { dismiss: () => calls.push('dismiss') },
  ),
}));

const { notify, notices } = await import('@/components/islands/NoticeToaster');

beforeEach(() => {
  calls.length = 0;
});

describe('notify', () => {
  it('shows a notice by id, with its catalogued title', () => {
    notify('filtersNotImplemented');
    expect(calls.at(-1)).toBe(`show ${notices.filtersNotImplemented.title} {}`);
  });

  it('passes the description along when the notice has one', () => {
    notify('messageSent');
    const { title, description } = notices.messageSent;
    expect(calls.at(-1)).toBe(`show ${title} ${JSON.stringify({ description })}`);
  });

  it('dismisses the previous toast first, so at most one shows', () => {
    notify('notImplemented');
    notify('notImplemented');
    expect(calls.map((c) => c.split(' ')[0])).toEqual(['dismiss', 'show', 'dismiss', 'show']);
  });
});
