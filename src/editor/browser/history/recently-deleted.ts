/**
 * "Recently deleted", for each collection: the entries deleted in the last 90 days, read from
 * history (git on this computer, the branch's commits on GitHub), who deleted each and when, and
 * "Bring back". Bringing one back writes its file and the photos deleted with it byte for byte as
 * they were, only once the build's checks pass for it as for a new entry (an id another entry now
 * makes is refused in words), and only where no file is now (`onlyIf`). Decap 3.16 has no
 * API for a page or link of our own, so the view opens from a button beside the collection's
 * "New …" button, placed there by the seam (decap/markup.ts), in a dialog of its own.
 */
import { plural } from '@/lib/format';
import { publishingNow } from '@/lib/publishing';
import { idOf } from '../saving/draft-checks';
import type { Editor } from '../editor';
import { read } from '../saving/edit';
import {
  dateInWords,
  deletedEntries,
  labelAt,
  photosNamed,
  reasonOf,
  type DeletedEntry,
} from './versions';
import { formats, type EditorCollection } from '../../contract';
import { Moved, ROUNDS, Unreachable, type NewFile } from '../saving/files';

/** How far back the view looks, in days. */
const DAYS = 90;

/**
 * Brings `entry` back: checked as a new entry would be, its photos still gone written with it,
 * in one write onto the files as read (none there). The refusal in words, or none once written.
 */
async function bringBack(entry: DeletedEntry, collection: EditorCollection, editor: Editor) {
  const files = editor.files();
  const { body, ...fields } = read(entry.text);
  const draft = {
    collection: collection.name,
    file: entry.file,
    fields,
    body: collection.format === formats.markdown ? String(body ?? '') : undefined,
    nameField: collection.identifier_field,
  };
  await editor.checker.known;
  for (let round = 1; ; round++) {
    const now = await files.read(entry.file);
    if (now.text !== undefined) {
      return `there is a file at ${entry.file} now. Open that entry in the list instead.`;
    }
    const present = async (file: string) => (await files.read(file)).text !== undefined;
    const missing: string[] = [];
    for (const photo of entry.photos) if (!(await present(photo))) missing.push(photo);
    // A photo the entry names is there if it comes back with it, or is there now.
    const there = new Set<string>();
    for (const photo of photosNamed(fields, entry.file)) {
      if (entry.photos.includes(photo.file) || (await present(photo.file))) there.add(photo.src);
    }
    const checked = editor.checker.check(draft, (src) => there.has(src));
    if (checked.problems.length) {
      return checked.problems.map((p) => `${labelAt(collection, p.path)}: ${p.message}`).join(' ');
    }
    const written: NewFile[] = [{ path: entry.file, text: entry.text }];
    for (const photo of missing) {
      written.push({ path: photo, base64: await files.fileAt(entry.from, photo) });
    }
    const singular = collection.label_singular.toLowerCase();
    const message = `Bring back ${singular} “${idOf(collection.name, entry.file)}”`;
    try {
      // Nothing is written over a file someone made since it was read.
      const versions = Object.fromEntries(written.map((file) => [file.path, now.version]));
      await files.onlyIf(versions, () => files.put(written, message));
      if (checked.indexed) editor.checker.saved(checked.indexed);
      return undefined;
    } catch (error) {
      if (error instanceof Moved && round < ROUNDS) continue;
      if (error instanceof Moved) return 'its files kept changing while the editor wrote them.';
      throw error;
    }
  }
}

/** An element with its properties and children. */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) {
  const made = Object.assign(document.createElement(tag), properties);
  made.append(...children);
  return made;
}

/** Who deleted an entry, and when, in words. */
const deletedBy = (entry: DeletedEntry) =>
  entry.commit === null
    ? 'Deleted on this computer, not committed yet'
    : `Deleted${entry.author ? ` by ${entry.author}` : ''}${entry.date ? ` on ${dateInWords(entry.date)}` : ''}`;

/** One deleted entry, with its button. */
function item(entry: DeletedEntry, collection: EditorCollection, editor: Editor, done: () => void) {
  const photos = entry.photos.length;
  const file = photos ? `${entry.file}, with ${photos} ${plural(photos, 'photo')}` : entry.file;
  const said = element('p', { role: 'status' });
  const button = element('button', { type: 'button' }, 'Bring back');
  button.setAttribute('aria-label', `Bring back ${entry.name}`);
  button.addEventListener('click', async () => {
    button.disabled = true;
    said.textContent = 'Checking it and bringing it back…';
    const refusal = await bringBack(entry, collection, editor).catch((error: unknown) =>
      error instanceof Unreachable
        ? "the editor could not reach the site's files. Try again."
        : reasonOf(error),
    );
    if (refusal) {
      said.textContent = `Not brought back: ${refusal}`;
      button.disabled = false;
      return;
    }
    said.textContent = `Brought back: ${entry.name}. The list shows it once this closes.`;
    button.remove();
    done();
  });
  return element(
    'li',
    {},
    element('h3', {}, entry.name),
    element('p', {}, deletedBy(entry)),
    element('p', { className: 'editor-deleted-file' }, file),
    button,
    said,
  );
}

/** The view of `collection`'s deleted entries, in a dialog over the list. */
async function openView(collection: EditorCollection, editor: Editor) {
  let broughtBack = false;
  const title = `Recently deleted from ${collection.label}`;
  const status = element('p', { role: 'status' }, 'Reading the history…');
  const list = element('ul', {});
  list.setAttribute('aria-label', title);
  const close = element('button', { type: 'button' }, 'Close');
  const dialog = element(
    'dialog',
    { className: 'editor-deleted' },
    element('h2', { id: 'editor-deleted-title' }, title),
    element(
      'p',
      {},
      `Entries deleted in the last ${DAYS} days. Bringing one back puts its file and its photos back as they were, if the site can take it now.`,
    ),
    status,
    list,
    close,
  );
  dialog.setAttribute('aria-labelledby', 'editor-deleted-title');
  close.addEventListener('click', () => dialog.close());
  // Decap's list is read once: after a bring-back, the page is read again to show it.
  dialog.addEventListener('close', () => {
    dialog.remove();
    if (broughtBack) location.reload();
  });
  document.body.append(dialog);
  dialog.showModal();
  try {
    const since = new Date(publishingNow().valueOf() - DAYS * 24 * 60 * 60 * 1000);
    const found = deletedEntries(
      collection,
      await editor.files().removals(collection.folder, since),
    );
    status.textContent = found.length
      ? `${found.length} ${plural(found.length, 'entry', 'entries')} deleted in the last ${DAYS} days, newest first.`
      : `Nothing was deleted from ${collection.label} in the last ${DAYS} days.`;
    list.append(
      ...found.map((entry) => item(entry, collection, editor, () => (broughtBack = true))),
    );
  } catch (error) {
    status.textContent = `The history could not be read: ${reasonOf(error)}`;
  }
}

/** The "Recently deleted" button of the collection called `name`, none for one not edited. */
export function deletedButton(editor: Editor, name: string) {
  const collection = editor.config.collections.find((c) => c.name === name);
  if (!collection) return undefined;
  const button = element('button', { type: 'button' }, 'Recently deleted');
  button.addEventListener('click', () => void openView(collection, editor));
  return button;
}
