/**
 * Decap's save and delete, handed to the editor's (saving/save.ts): its events before a save and
 * around a delete, and each collection's format, which reads files for the list and writes the
 * text the save merged.
 */
import type { Editor } from '../editor';
import { beginDelete, beginSave, deleted } from '../saving/save';
import type { Fields } from '../open-entry';
import { readForList } from '../saving/edit';
import { schemas } from '../schemas';
import type { Decap, ImmutableMap } from './api';
import type { Forms } from './entries';

/** Where the text to write rides from Decap's save to the format's `toFile`. */
const FILE_TEXT = '__file';

export function registerSaves(cms: Decap, editor: Editor, forms: Forms, timezone: string) {
  cms.registerEventListener({
    name: 'preSave',
    handler: async ({ entry }) => {
      const data = entry.get('data') as ImmutableMap;
      if (!((entry.get('collection') as string) in schemas)) return data;
      const form = forms.of(entry);
      editor.entry.edit(form);
      await editor.checker.known;
      return data.set(FILE_TEXT, beginSave(editor, form));
    },
  });
  cms.registerEventListener({
    name: 'preUnpublish',
    handler: ({ entry }) => beginDelete(editor, forms.of(entry)),
  });
  cms.registerEventListener({
    name: 'postUnpublish',
    handler: async ({ entry }) => deleted(editor, forms.of(entry)),
  });
  // Each collection's format, as config.json names it: files read and written as a person would.
  const format = {
    fromFile: (text: string) => readForList(text, timezone),
    // The file as the save merged it. Asked for anything else, it is Decap's own backup of a
    // draft, which the editor keeps itself (form/backup.ts): an empty text tells Decap to keep none.
    toFile: ({ [FILE_TEXT]: text }: Fields) => (typeof text === 'string' ? text : ''),
  };
  for (const { format: name, extension } of editor.config.collections) {
    cms.registerCustomFormat(name, extension, format);
  }
}
