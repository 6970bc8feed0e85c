import type { NoticeId } from '@/schemas/vocabulary';
import { noticeChannel } from './notice-channel';

/**
 * Inline in every visitor page's <head> (beside photo-fallback.ts), so it works from the first
 * paint, before any other JavaScript has arrived.
 *
 * Static markup names a stubbed action with `data-notice="<id>"`. This script owns those actions:
 * it stops their default (a navigation, or a form sending its fields) and requests the notice.
 * The toaster island shows it once React and sonner have loaded; see notice-channel.ts.
 */

/** The closest element at or above the event's target that names a notice. */
function noticeSource(event: Event): HTMLElement | null {
  return event.target instanceof Element
    ? event.target.closest<HTMLElement>('[data-notice]')
    : null;
}

// Clicks: stubbed buttons, cards and links (the footer's /team, /careers …) show their notice
// instead of navigating to a page that does not exist.
document.addEventListener('click', (event) => {
  const source = noticeSource(event);
  // A click inside a stubbed form is the form's business: the submit event follows.
  if (!source || source instanceof HTMLFormElement) return;
  // A real link inside a stubbed card (a photographer's credit) still goes where it says.
  const control = (event.target as Element).closest('a[href], button');
  if (control && control !== source && source.contains(control)) return;
  event.preventDefault();
  noticeChannel().request(source.dataset['notice'] as NoticeId);
});

// Submits: a stubbed form never sends, so nothing typed ends up in a URL, a browser's history or
// a server log. The browser's own validation has already run: an incomplete form never gets here
// and keeps what was typed. Forms marked data-clear-on-send empty their fields as if sent.
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset['notice']) return;
  event.preventDefault();
  noticeChannel().request(form.dataset['notice'] as NoticeId);
  if (form.hasAttribute('data-clear-on-send')) form.reset();
});
