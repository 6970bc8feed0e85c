import { describe, expect, it } from 'vitest';
import { isNoticeId, noticeIds, notices } from '@/lib/notices';

describe('notice catalogue', () => {
  it('holds the exact texts of the spec’s error catalogue', () => {
    expect(notices.notImplemented.title).toBe(
      "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!",
    );
    expect(notices.filtersNotImplemented.title).toBe(
      'Filter functionality is not implemented yet. Stay tuned!',
    );
    expect(notices.messageSent).toEqual({
      title: 'Message Sent (Simulation)',
      description: "Thanks for reaching out! We'll get back to you shortly. (This is a demo).",
    });
  });

  it('lists every notice id once', () => {
    expect(noticeIds).toEqual(['notImplemented', 'filtersNotImplemented', 'messageSent']);
  });

  it.each([
    ['notImplemented', true],
    ['messageSent', true],
    ['toString', false],
    ['', false],
    [undefined, false],
  ])('recognises %s as a notice id: %s', (value, expected) => {
    expect(isNoticeId(value)).toBe(expected);
  });
});
