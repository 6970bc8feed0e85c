import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { isNoticeId } from '@/lib/notices';
import { notify } from '@/lib/notify';

/** Toasts auto-dismiss after 5 s and one shows at a time (spec §9). */
const TOAST_DURATION_MS = 5000;

/**
 * The site's one toaster, plus one delegated listener for every stubbed action.
 *
 * Static markup names a notice with `data-notice="…"`: a click on a button, link or card, or a
 * submitted form, shows that notice instead of its default action. The cards and buttons stay
 * plain HTML, so this island is the only JavaScript they need.
 */
export function NoticeCenter() {
  useEffect(() => {
    function handle(event: Event) {
      if (!(event.target instanceof Element)) return;
      const source = event.target.closest<HTMLElement>('[data-notice]');
      const id = source?.dataset['notice'];
      if (!source || !isNoticeId(id)) return;
      // A click inside a stubbed form is the form's business, unless it hit its own stub.
      if (event.type === 'click' && source instanceof HTMLFormElement) return;
      event.preventDefault();
      notify(id);
    }
    document.addEventListener('click', handle);
    document.addEventListener('submit', handle);
    return () => {
      document.removeEventListener('click', handle);
      document.removeEventListener('submit', handle);
    };
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
