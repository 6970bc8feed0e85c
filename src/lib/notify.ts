import { toast } from 'sonner';
import type { NoticeId } from '@/schemas/vocabulary';
import { notices } from './notices';

/**
 * Shows a catalogued notice as a toast. The only place that turns a notice id into UI.
 * At most one toast shows at a time, so a new notice replaces the previous one
 * instead of queueing behind it.
 */
export function notify(id: NoticeId): void {
  const { title, ...rest } = notices[id];
  toast.dismiss();
  toast(title, rest);
}
