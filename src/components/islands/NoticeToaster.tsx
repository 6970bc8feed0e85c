import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { noticeChannel } from '@/browser/notice-channel';
import type { NoticeId } from '@/schemas/vocabulary';

/** Every message the site shows as a toast. Markup names a notice by id and never its text. */
export const notices = {
  notImplemented: {
    title:
      "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!",
  },
  filtersNotImplemented: { title: 'Filter functionality is not implemented yet. Stay tuned!' },
  messageSent: {
    title: 'Message Sent (Simulation)',
    description: "Thanks for reaching out! We'll get back to you shortly. (This is a demo).",
  },
} as const satisfies Record<NoticeId, { title: string; description?: string }>;

/** How long a toast stays before it dismisses itself. */
export const TOAST_DURATION_MS = 5000;

/**
 * Shows a notice as a toast, the only place a notice id becomes UI. A new notice replaces the
 * one showing instead of queueing behind it.
 */
export function notify(id: NoticeId): void {
  const { title, ...rest } = notices[id];
  toast.dismiss();
  toast(title, rest);
}

/**
 * The site's one toaster, and its only island. It hydrates on the visitor's first intent
 * (`client:intent`); until then the notice channel keeps the latest requested notice. On
 * hydration it shows that notice, then every later one as it is requested.
 */
export function NoticeToaster() {
  useEffect(() => {
    const channel = noticeChannel();
    function showWaiting() {
      const id = channel.take();
      if (id) notify(id);
    }
    showWaiting();
    return channel.listen(showWaiting);
  }, []);

  return (
    <Toaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={1}
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
