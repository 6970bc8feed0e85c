/** The hand-over between the inline capture script and the toaster island. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noticeChannel } from '@/browser/notice-channel';

beforeEach(() => {
  vi.stubGlobal('window', {});
});

describe('noticeChannel', () => {
  it('is one object per page, on window, whichever side asks first', () => {
    const channel = noticeChannel();
    expect(noticeChannel()).toBe(channel);
    expect(window.noticeChannel).toBe(channel);
  });

  it('keeps only the latest request until it is taken, as one toast shows at a time', () => {
    const channel = noticeChannel();
    expect(channel.waiting).toBe(false);
    channel.request('notImplemented');
    channel.request('messageSent');
    expect(channel.waiting).toBe(true);
    expect(channel.take()).toBe('messageSent');
    expect(channel.waiting).toBe(false);
    expect(channel.take()).toBeUndefined();
  });

  it('calls every listener after each request, until it stops listening', () => {
    const channel = noticeChannel();
    const heard: string[] = [];
    const stop = channel.listen(() => heard.push(`first: ${channel.waiting}`));
    channel.listen(() => heard.push('second'));
    channel.request('notImplemented');
    stop();
    channel.request('filtersNotImplemented');
    expect(heard).toEqual(['first: true', 'second', 'second']);
  });

  it('lets a listener stop itself while it is being called', () => {
    const channel = noticeChannel();
    const heard: string[] = [];
    const stop = channel.listen(() => {
      stop();
      heard.push('once');
    });
    channel.listen(() => heard.push('always'));
    channel.request('notImplemented');
    channel.request('notImplemented');
    expect(heard).toEqual(['once', 'always', 'always']);
  });
});
