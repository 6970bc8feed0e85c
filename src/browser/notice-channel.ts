import type { NoticeId } from '@/schemas/vocabulary';

/**
 * The hand-over between the inline capture script, which runs from the first byte, and the
 * toaster island, which loads on the visitor's first intent. They are built apart, so they meet
 * at one object, `window.noticeChannel`, and nothing else passes between them: each side reaches
 * it by importing `noticeChannel()` from here.
 *
 * One toast shows at a time, so only the latest request waits: it is the one the visitor would see.
 */
export type NoticeChannel = {
  /** Keeps `id` as the notice to show, and calls every listener. */
  request(id: NoticeId): void;
  /** The notice waiting to be shown, if any; taking it clears it. */
  take(): NoticeId | undefined;
  /** True while a requested notice has not been taken. */
  readonly waiting: boolean;
  /** Calls `listener` after every request from now on; returns the function that stops it. */
  listen(listener: () => void): () => void;
};

declare global {
  interface Window {
    /** The page's notice channel; reach it through `noticeChannel()`. */
    noticeChannel?: NoticeChannel;
  }
}

function createNoticeChannel(): NoticeChannel {
  let pending: NoticeId | undefined;
  const listeners = new Set<() => void>();
  return {
    request(id) {
      pending = id;
      for (const listener of [...listeners]) listener();
    },
    take() {
      const id = pending;
      pending = undefined;
      return id;
    },
    get waiting() {
      return pending !== undefined;
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's notice channel, made by whichever side asks first: the capture script, on a page. */
export function noticeChannel(): NoticeChannel {
  return (window.noticeChannel ??= createNoticeChannel());
}
