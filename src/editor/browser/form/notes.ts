/**
 * What the form says beside its fields, with the writer's answers: the offer of unsaved work above
 * the first field, and a conflict under its field (what someone else changed since the form was
 * opened and what this writer changed, both in words). Drawn with Decap's own React (`h`).
 */
import { h } from '../decap/api';
import { describeValue } from '../history/changes';
import { dateInWords } from '../history/versions';
import type { Conflict } from '../saving/merge';

const button = (key: string, words: string, onClick: () => void) =>
  h('button', { key, type: 'button', onClick, children: words });

/** The offer of work kept at `savedAt`; `answer(true)` restores it, `answer(false)` drops it. */
export function backupOffer(savedAt: number, answer: (restore: boolean) => void) {
  return h('div', {
    key: 'backup',
    className: 'editor-backup',
    role: 'alert',
    children: [
      h('p', {
        key: 'words',
        children: `You changed this entry on ${dateInWords(savedAt)} and did not save. Your changes were kept on this computer.`,
      }),
      button('restore', 'Restore my changes', () => answer(true)),
      button('drop', 'Discard them', () => answer(false)),
    ],
  });
}

/** The note for `conflict`; `answer(true)` keeps the writer's own, `answer(false)` takes theirs. */
export function conflictNote(conflict: Conflict, answer: (keep: boolean) => void) {
  const said = (key: string, words: string, value: unknown) =>
    h('p', {
      key,
      children: [
        words,
        h('strong', { key: 'value', children: describeValue(conflict.base, value) }),
      ],
    });
  return h('div', {
    key: 'conflict',
    className: 'editor-conflict',
    role: 'group',
    'aria-label': 'Changed by someone else',
    children: [
      said('theirs', 'Changed by someone else since you opened this: ', conflict.theirs),
      said('mine', 'Your change: ', conflict.mine),
      button('keep', 'Keep mine', () => answer(true)),
      button('take', 'Take theirs', () => answer(false)),
    ],
  });
}
