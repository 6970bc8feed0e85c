/**
 * What a writer typed and did not save, kept on their computer in case the tab closes: every
 * field as the form holds it, the text the form stood on, and the photos uploaded for it. When the
 * entry is opened again, the form offers it back; restored, it is saved like any change (merged
 * onto the file as it is by then). Decap's own backup is not used: it is offered before the
 * entry has loaded, which then replaces it, and it forgets what the form stood on.
 */
import type { Fields, FormEntry } from '../open-entry';
import { ours, read } from '../saving/edit';
import { same } from '../text/values';

/** One entry's unsaved work. */
type Backup = {
  /** What the form stood on: the file as opened (none for a new entry). */
  base: string | undefined;
  /** Every field as the form held it, the body among them. */
  values: Fields;
  /** Photos uploaded for it and not saved yet, by file name, with their field's value. */
  photos: string[];
  /** When it was last changed, in ms since 1970. */
  savedAt: number;
};

const PREFIX = 'delicious-bites.backup:';
/** The key of an entry's backup: its file, or its collection's new entry. */
export const keyOf = (collection: string, file: string | undefined) =>
  `${collection}:${file ?? 'new'}`;

/** The form's values as the backup keeps them: the fields a writer edits, nothing of ours. */
const valuesOf = (form: FormEntry): Fields =>
  Object.fromEntries(Object.entries(form.data).filter(([key]) => !ours(key)));

/** Whether the form holds what its base says: nothing to keep. */
function unchanged(base: string | undefined, values: Fields) {
  const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  return base === undefined ? same({}, filled) : same(read(base), filled);
}

/** Keeps the form's unsaved values (and the photos uploaded in it), as typed. */
export function keep(form: FormEntry, base: string | undefined) {
  const key = keyOf(form.collection, form.file);
  const values = valuesOf(form);
  if (unchanged(base, values)) return;
  const photos = form.uploads.flatMap(({ name, blob }) => (blob ? [{ name, blob }] : []));
  const backup: Backup = { base, values, photos: photos.map((p) => p.name), savedAt: Date.now() };
  const before = localStorage.getItem(PREFIX + key);
  localStorage.setItem(PREFIX + key, JSON.stringify(backup));
  const keptAlready = before ? (photosOf(before) ?? []) : [];
  for (const { name, blob } of photos) {
    if (!keptAlready.includes(name))
      void photoStore('readwrite', (s) => s.put(blob, `${key}/${name}`));
  }
}

/** The unsaved work kept for the entry at `key`, photos included; none if any part is missing. */
export async function kept(key: string) {
  const text = localStorage.getItem(PREFIX + key);
  if (!text) return undefined;
  try {
    const backup = JSON.parse(text) as Backup;
    const photos = await Promise.all(
      backup.photos.map(async (name) => {
        const file = await photoStore<Blob | undefined>('readonly', (s) => s.get(`${key}/${name}`));
        if (!file) throw new Error(`The photo ${name} was not kept.`);
        return new File([file], name, { type: file.type });
      }),
    );
    return { ...backup, files: photos };
  } catch {
    // A backup that cannot put everything back is not offered.
    forget(key);
    return undefined;
  }
}

/** The photos a kept backup names; none if what was kept cannot be read. */
function photosOf(text: string): string[] | undefined {
  try {
    return (JSON.parse(text) as Backup).photos;
  } catch {
    return undefined;
  }
}

/** The entry at `key` was saved, deleted or its backup turned down: nothing to offer any more. */
export function forget(key: string) {
  const text = localStorage.getItem(PREFIX + key);
  localStorage.removeItem(PREFIX + key);
  const names = text ? (photosOf(text) ?? []) : [];
  for (const name of names) void photoStore('readwrite', (s) => s.delete(`${key}/${name}`));
}

/** One request to the store of kept photos (IndexedDB, as photos are too large for localStorage). */
function photoStore<T = unknown>(
  mode: IDBTransactionMode,
  ask: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  return new Promise((done, fail) => {
    const opening = indexedDB.open('delicious-bites-editor', 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore('photos');
    opening.onerror = () => fail(opening.error);
    opening.onsuccess = () => {
      const request = ask(opening.result.transaction('photos', mode).objectStore('photos'));
      request.onsuccess = () => done(request.result as T);
      request.onerror = () => fail(request.error);
    };
  });
}
