/**
 * Decap's entry (an Immutable.js map) as the rest of the editor reads a form: plain data, its
 * file, and the photos uploaded in it. One FormEntry for each state of Decap's draft, so what is
 * worked out from a form (its checks) is worked out once.
 */
import type { EditedCollection } from '../../contract';
import type { FormEntry } from '../open-entry';
import type { DecapEntry, ImmutableMap } from './api';

/** A file in Decap's list of the entry's media: an upload not saved yet is a draft, with its bytes. */
type MediaFile = { name?: string; file?: Blob; draft?: boolean };

/** A value as plain data: Decap hands lists and groups over as Immutable.js values. */
export const plain = (value: unknown) => (value as ImmutableMap | undefined)?.toJS?.() ?? value;

export class Forms {
  readonly #made = new WeakMap<object, { form: FormEntry; media: unknown }>();

  /** The form `entry` holds: the same object for the same draft. */
  of(entry: DecapEntry): FormEntry {
    const data = entry.get('data') as ImmutableMap;
    const media = entry.get('mediaFiles');
    const made = this.#made.get(data);
    if (made && made.media === media && made.form.file === fileOf(entry)) return made.form;
    const form: FormEntry = {
      collection: entry.get('collection') as EditedCollection,
      file: fileOf(entry),
      data: data.toJS(),
      uploads: Object.values((plain(media) ?? {}) as object).map((each) => {
        const { name, file, draft } = each as MediaFile;
        return { name: String(name), blob: draft ? file : undefined };
      }),
    };
    this.#made.set(data, { form, media });
    return form;
  }
}

/** The entry's file, from the project root; none for a new entry. */
const fileOf = (entry: DecapEntry) =>
  entry.get('newRecord') ? undefined : ((entry.get('path') as string | undefined) ?? undefined);

/** The text of the file Decap read for the form; none for a new entry. */
export const readText = (entry: DecapEntry) =>
  entry.get('newRecord') ? undefined : ((entry.get('raw') as string | undefined) ?? undefined);
