/**
 * The offer of unsaved work, above the form's first field: when it was typed, and the writer's
 * two answers. Drawn with Decap's own React (`h`), as the conflict notes are.
 */
import { h } from '../decap/api';

/** The offer of work kept at `savedAt`; `answer(true)` restores it, `answer(false)` drops it. */
export function backupOffer(savedAt: number, answer: (restore: boolean) => void) {
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
    savedAt,
  );
  return h('div', {
    key: 'backup',
    className: 'editor-backup',
    role: 'alert',
    children: [
      h('p', {
        key: 'words',
        children: `You changed this entry on ${when} and did not save. Your changes were kept on this computer.`,
      }),
      h('button', {
        key: 'restore',
        type: 'button',
        onClick: () => answer(true),
        children: 'Restore my changes',
      }),
      h('button', {
        key: 'drop',
        type: 'button',
        onClick: () => answer(false),
        children: 'Discard them',
      }),
    ],
  });
}
