import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { notify } from '@/lib/notify';
import { NOTICE_REQUESTED, takePendingNotice } from '@/browser/notice-channel';

/** Toasts dismiss themselves after 5 s. */
const TOAST_DURATION_MS = 5000;

/**
 * The site's one toaster, and its only island. It hydrates on the visitor's first intent
 * (`client:intent`); until then the inline capture script keeps the latest requested notice.
 * On hydration it shows that notice, then every later one as it is requested.
 */
export function NoticeToaster() {
  useEffect(() => {
    function showPending() {
      const id = takePendingNotice();
      if (id) notify(id);
    }
    showPending();
    document.addEventListener(NOTICE_REQUESTED, showPending);
    return () => document.removeEventListener(NOTICE_REQUESTED, showPending);
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
