/**
 * A conflict shown at its field: what someone else changed since the form was opened, what this
 * writer changed, both in words, and the writer's two answers besides editing the field. Drawn
 * with Decap's own React (`h`), under the field's control.
 */
import { describeValue } from './changes';
import { page } from './decap';
import { addStyle } from './style';
import type { Conflict } from './merge';

const style = `
.editor-conflict { margin: 8px 0 4px; padding: 12px 14px; border: 2px solid #b45309;
  border-radius: 6px; background: #fffbeb; color: #3b2a20; font-size: 14px; line-height: 1.45; }
.editor-conflict p { margin: 0 0 6px; }
.editor-conflict button { margin: 4px 8px 0 0; min-height: 32px; padding: 4px 12px; border-radius: 5px;
  border: 1px solid #7c2d12; background: #fff; color: #7c2d12; font: inherit; font-weight: 600; cursor: pointer; }
.editor-conflict button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
`;

/** The note for `conflict`; `answer(true)` keeps the writer's own, `answer(false)` takes theirs. */
export function conflictNote(conflict: Conflict, answer: (keep: boolean) => void) {
  addStyle(style);
  const { h } = page;
  return h('div', {
    key: 'conflict',
    className: 'editor-conflict',
    role: 'group',
    'aria-label': 'Changed by someone else',
    children: [
      h('p', {
        key: 'theirs',
        children: [
          'Changed by someone else since you opened this: ',
          h('strong', { key: 'value', children: describeValue(conflict.base, conflict.theirs) }),
        ],
      }),
      h('p', {
        key: 'mine',
        children: [
          'Your change: ',
          h('strong', { key: 'value', children: describeValue(conflict.base, conflict.mine) }),
        ],
      }),
      h('button', {
        key: 'keep',
        type: 'button',
        onClick: () => answer(true),
        children: 'Keep mine',
      }),
      h('button', {
        key: 'take',
        type: 'button',
        onClick: () => answer(false),
        children: 'Take theirs',
      }),
    ],
  });
}
