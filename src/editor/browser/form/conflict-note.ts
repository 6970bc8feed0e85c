/**
 * A conflict shown at its field: what someone else changed since the form was opened, what this
 * writer changed, both in words, and the writer's two answers besides editing the field. Drawn
 * with Decap's own React (`h`), under the field's control.
 */
import { describeValue } from '../history/changes';
import { h } from '../decap/api';
import type { Conflict } from '../saving/merge';

/** The note for `conflict`; `answer(true)` keeps the writer's own, `answer(false)` takes theirs. */
export function conflictNote(conflict: Conflict, answer: (keep: boolean) => void) {
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
