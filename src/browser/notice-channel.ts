import type { NoticeId } from '@/schemas/vocabulary';

/**
 * How the inline capture script hands notices to the toaster, which loads later.
 *
 * The capture script runs from the first byte; React and sonner arrive only after the visitor's
 * first intent. Until then a requested notice waits here. One toast shows at a time, so only the
 * latest request is kept: it is the one the visitor would see.
 */
declare global {
  interface Window {
    pendingNotice?: NoticeId | undefined;
  }
  interface DocumentEventMap {
    [NOTICE_REQUESTED]: Event;
  }
}

/** Fired on `document` whenever a notice is requested; the toaster listens for it. */
export const NOTICE_REQUESTED = 'notice-requested';

/** Keeps `id` as the notice to show, and tells whoever is listening. */
export function requestNotice(id: NoticeId): void {
  window.pendingNotice = id;
  document.dispatchEvent(new Event(NOTICE_REQUESTED));
}

/** The notice waiting to be shown, if any; taking it clears it. */
export function takePendingNotice(): NoticeId | undefined {
  const id = window.pendingNotice;
  window.pendingNotice = undefined;
  return id;
}
