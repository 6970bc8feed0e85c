import type { NoticeId } from '@/schemas/vocabulary';

/**
 * Every message the site shows as a toast. Components name a notice by id and never repeat
 * its text, so turning a stub into a real feature means deleting one `notice` prop.
 */
export const notices = {
  notImplemented: {
    title:
      "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!",
  },
  filtersNotImplemented: {
    title: 'Filter functionality is not implemented yet. Stay tuned!',
  },
  messageSent: {
    title: 'Message Sent (Simulation)',
    description: "Thanks for reaching out! We'll get back to you shortly. (This is a demo).",
  },
} as const satisfies Record<NoticeId, Notice>;

type Notice = { title: string; description?: string };
