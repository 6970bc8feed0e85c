/**
 * An entry's history as the editor shows it: each version with what changed in words (changes.ts,
 * between it and the version before), the fields a writer may take back from it with their labels
 * from the schema, the photos a version names that would have to come back with it, and the
 * entries deleted lately, each with its photos. Pure: reading is the backend's (decap/backends.ts),
 * drawing is panel.ts's and recently-deleted.ts's.
 */
import { contentFolders } from '@/config';
import { describeChanges, fieldLabel } from './changes';
import type { Fields } from '../open-entry';
import { ours, read } from '../saving/edit';
import { alike } from '../text/values';
import { photosIn } from '../saving/draft-checks';
import { folderOf, isPhoto, photoAt } from '../saving/files';
import type { EditorCollection, EditorField, Removal, Version } from '../../contract';

/** A version with what changed in it, in words. */
export type Described = Version & { changes: string[] };

/** `versions` (newest first), each with what changed since the one before it. */
export function described(collection: EditorCollection, versions: Version[]): Described[] {
  return versions.map((version, index) => ({
    ...version,
    changes: changesIn(collection, versions[index + 1], version),
  }));
}

function changesIn(collection: EditorCollection, older: Version | undefined, version: Version) {
  if (version.text === undefined) return ['Deleted'];
  if (!older) return ['Created'];
  if (older.text === undefined) return ['Created again'];
  const moved = older.path === version.path ? [] : [`Moved from ${older.path}`];
  const words = describeChanges(collection, read(older.text), read(version.text));
  if (moved.length || words.length) return [...moved, ...words];
  return older.text === version.text
    ? ['No change to the file']
    : ['No field changed: only how the file is written (spacing, quotes or comments)'];
}

/** The fields a writer edits in the form: the schema's, not the editor's own. */
const formFields = (collection: EditorCollection) =>
  collection.fields.filter((field) => !ours(field.name));

/** The names of the fields a writer edits in the form. */
export const fieldNames = (collection: EditorCollection) =>
  formFields(collection).map((f) => f.name);

/** The fields whose value in `version` is not the one in `now` (a file's text), with labels. */
export function differing(collection: EditorCollection, version: Version, now: string | undefined) {
  if (version.text === undefined) return [];
  const [was, is] = [read(version.text), now === undefined ? {} : read(now)];
  return formFields(collection)
    .filter((field) => !alike(was[field.name], is[field.name]))
    .map((field) => ({ name: field.name, label: fieldLabel(field) }));
}

/** The values of `names` in `version`, for the form; a field the version lacks is emptied. */
export function restored(version: Version, names: string[]): Fields {
  const was = version.text === undefined ? {} : read(version.text);
  return Object.fromEntries(names.map((name) => [name, was[name]]));
}

/**
 * The photos beside the entry (`./cover.jpg`) that `values` name, each as written and where it is
 * from the project root, for the entry's file at `file`.
 */
export const photosNamed = (values: unknown, file: string) =>
  photosIn(values).map((src) => ({ src, file: photoAt(src, file) }));

/** "3 Dec 2026, 14:05", in the writer's own time zone. */
export const dateInWords = (date: string | number) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(date),
  );

/** What went wrong, in the error's own words. */
export const reasonOf = (error: unknown) =>
  (error as { message?: string }).message ?? String(error);

/** A field's place in words, with the labels from the schema: "Image: Alt text". */
export function labelAt(collection: EditorCollection, path: readonly PropertyKey[]): string {
  const words: string[] = [];
  let fields = collection.fields;
  for (const key of path) {
    if (typeof key === 'number') continue;
    const field = fields.find((each) => each.name === key);
    words.push(field ? fieldLabel(field) : String(key));
    const inner = (field?.['field'] ?? field) as EditorField | undefined;
    fields = (inner?.['fields'] as EditorField[] | undefined) ?? [];
  }
  return words.join(': ') || 'The entry';
}

/** An entry deleted lately, as the "Recently deleted" view lists it. */
export type DeletedEntry = Omit<Removal, 'files' | 'texts'> & {
  /** Where its file was, from the project root. */
  file: string;
  /** Its name: its title, or a team member's name. */
  name: string;
  /** Its file's text before the delete. */
  text: string;
  /** The photos deleted with it, still gone, from the project root. */
  photos: string[];
};

/**
 * The entries of `collection` that `removals` (newest first) deleted, each once, as of its last
 * delete, with the photos deleted with it: those in its own folder, or named in its file.
 */
export function deletedEntries(collection: EditorCollection, removals: Removal[]): DeletedEntry[] {
  const { folder, extensions } = contentFolders[collection.name];
  const isEntryFile = (file: string) => {
    const [name = '', index, ...deeper] = file.slice(folder.length + 1).split('/');
    const ending = (index ?? name).slice((index ?? name).lastIndexOf('.'));
    return (
      file.startsWith(`${folder}/`) &&
      extensions.includes(ending) &&
      !deeper.length &&
      (index === undefined || index === `index${ending}`)
    );
  };
  const listed = new Set<string>();
  return removals.flatMap(({ files, texts, ...removal }) =>
    Object.entries(texts)
      .filter(([file]) => isEntryFile(file) && !listed.has(file))
      .map(([file, text]) => {
        listed.add(file);
        const own = /\/index\.[^/]+$/.test(file) ? `${folderOf(file)}/` : undefined;
        const named = (photo: string) =>
          photo.startsWith(`${folderOf(file)}/`) &&
          text.includes(`./${photo.slice(folderOf(file).length + 1)}`);
        const photos = files.filter(
          (photo) => isPhoto(photo) && ((own && photo.startsWith(own)) || named(photo)),
        );
        const name = read(text)[collection.identifier_field];
        return { ...removal, file, name: typeof name === 'string' ? name : file, text, photos };
      }),
  );
}
