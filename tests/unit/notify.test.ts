import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as string[]);

vi.mock('sonner', () => ({
  toast: Object.assign(
    (title: string, options: object) => calls.push(`show ${title} ${JSON.stringify(options)}`),
    { dismiss: () => calls.push('dismiss') },
  ),
}));

const { notify } = await import('@/lib/notify');

beforeEach(() => {
  calls.length = 0;
});

describe('notify', () => {
  it('shows a notice by id, with its catalogued title', () => {
    notify('filtersNotImplemented');
    expect(calls.at(-1)).toBe('show Filter functionality is not implemented yet. Stay tuned! {}');
  });

  it('passes the description along when the notice has one', () => {
    notify('messageSent');
    expect(calls.at(-1)).toBe(
      `show Message Sent (Simulation) {"description":"Thanks for reaching out! We'll get back to you shortly. (This is a demo)."}`,
    );
  });

  it('dismisses the previous toast first, so at most one shows', () => {
    notify('notImplemented');
    notify('notImplemented');
    expect(calls.map((c) => c.split(' ')[0])).toEqual(['dismiss', 'show', 'dismiss', 'show']);
  });
});
