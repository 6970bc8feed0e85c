/**
 * The offer of unsaved work, above the form's first field: when it was typed, and the writer's
 * two answers. Drawn with Decap's own React (`h`), as the conflict notes are.
 */
import { page } from './decap';
import { addStyle } from './style';

const style = `
/* Above the first field's label, not between the label and its box. */
[class*='-ControlContainer']:has(> .editor-backup) { display: flex; flex-direction: column; }
.editor-backup { order: -1; }
.editor-backup { margin: 0 0 16px; padding: 12px 14px; border: 2px solid #1d4ed8;
  border-radius: 6px; background: #eff6ff; color: #1e293b; font-size: 14px; line-height: 1.45; }
.editor-backup p { margin: 0 0 6px; }
.editor-backup button { margin: 4px 8px 0 0; min-height: 32px; padding: 4px 12px; border-radius: 5px;
  border: 1px solid #1e3a8a; background: #fff; color: #1e3a8a; font: inherit; font-weight: 600; cursor: pointer; }
.editor-backup button:focus-visible { outline: 3px solid #b45309; outline-offset: 2px; }
`;

/** The offer of work kept at `savedAt`; `answer(true)` restores it, `answer(false)` drops it. */
export function backupOffer(savedAt: number, answer: (restore: boolean) => void) {
  addStyle(style);
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
    savedAt,
  );
  const { h } = page;
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
