/**
 * Decap's words where they would mislead or leave a writer guessing: the login, the preview
 * button, the search box, a date's button and the toasts, said as they are true here; and the
 * choices it remembers, set before it reads them.
 */
import type { Decap } from './api';

/** Decap's toast when a save is refused: what the form's fields say, at each field. */
export const REFUSED = 'Not saved yet: each field marked in red says what to change.';

/** On this computer the local proxy saves, and no account is needed. */
const onThisComputer = ['localhost', '127.0.0.1'].includes(window.location.hostname);

export function registerWords(cms: Decap) {
  const en = cms.getLocale('en') as {
    auth: Record<string, string>;
    ui: { toast: Record<string, string> };
    editor: {
      editorInterface: Record<string, string>;
      editorWidgets: { datetime: Record<string, string> };
    };
    collection: { sidebar: Record<string, string> };
  };
  en.ui.toast['missingRequiredField'] = REFUSED;
  // A failed save's toast says our words alone: each says what happened and what to do.
  en.ui.toast['onFailToPersist'] = '%{details}';
  en.ui.toast['onFailToDelete'] = 'Not deleted: %{details}';
  if (onThisComputer) en.auth['login'] = 'Log in: no account needed on this computer';
  en.editor.editorInterface['togglePreview'] = 'Preview the card';
  // Every date here is a day, and Decap's button names the field by its key ("publishDate").
  en.editor.editorWidgets.datetime['now'] = 'Today';
  en.editor.editorWidgets.datetime['setToNow'] = 'Set to today';
  // The search box searches the collection shown, or the one picked under it: not always all.
  en.collection.sidebar['searchAll'] = 'Search';
  cms.registerLocale('en', en);
}

/**
 * Decap's remembered choices (its localStorage keys), set before its script reads them, until the
 * writer makes their own: the preview opens on demand, and the list shows cards with their photos.
 */
export function rememberChoices() {
  for (const [key, value] of [
    ['cms.right-pane', 'none'],
    ['decap-cms.entries.viewStyle', 'VIEW_STYLE_GRID'],
  ] as const) {
    if (!localStorage.getItem(key)) localStorage.setItem(key, value);
  }
}
