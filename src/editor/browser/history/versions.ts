/**
 * An entry's history as the editor shows it: each version with what changed in words (changes.ts,
 * between it and the version before), the fields a writer may take back from it with their labels
 * from the schema, the photos a version names that would have to come back with it, and the
 * entries deleted lately, each with its photos. Pure: reading is the backend's (decap/backends.ts),
 * drawing is panel.ts's and recently-deleted.ts's.
 */
import { contentFolders } from '@/config';
import { besideTheFile } from '@/loaders/entry-checks';
import { describeChanges, fieldLabel } from './changes';
import type { Fields } from '../open-entry';
import { ours, read } from '../saving/edit';
import { alike, isRecord } from '../text/values';
import { folderOf, isPhoto } from '../saving/files';
import type { EditedCollection, EditorConfig, EditorField, Removal, Version } from '../../contract';

type Collection = EditorConfig['collections'][number];

/** A version with what changed in it, in words. */
export type Described = Version & { changes: string[] };

/** `versions` (newest first), each with what changed since the one before it. */
export function described(collection: Collection, versions: Version[]): Described[] {
  return versions.map((version, index) => ({
    ...version,
    changes: changesIn(collection, versions[index + 1], version),
  }));
}

function changesIn(collection: Collection, older: Version | undefined, version: Version) {
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
const formFields = (collection: Collection) =>
  (collection.fields as EditorField[]).filter((field) => !ours(field.name));

/** The names of the fields a writer edits in the form. */
export const fieldNames = (collection: Collection) => formFields(collection).map((f) => f.name);

/** The fields whose value in `version` is not the one in `now` (a file's text), with labels. */
export function differing(collection: Collection, version: Version, now: string | undefined) {
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
export function photosNamed(values: unknown, file: string): { src: string; file: string }[] {
  if (typeof values === 'string') {
    if (!besideTheFile(values)) return [];
    const path = decodeURIComponent(new URL(values, `file:///${file}`).pathname.slice(1));
    return [{ src: values, file: path }];
  }
  if (Array.isArray(values)) return values.flatMap((value) => photosNamed(value, file));
  return isRecord(values) ? Object.values(values).flatMap((v) => photosNamed(v, file)) : [];
}

/** "3 Dec 2026, 14:05", in the writer's own time zone. */
export const dateInWords = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(date),
  );

/** A field's place in words, with the labels from the schema: "Image: Alt text". */
export function labelAt(collection: Collection, path: readonly PropertyKey[]): string {
  const words: string[] = [];
  let fields = collection.fields as EditorField[];
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
export function deletedEntries(collection: Collection, removals: Removal[]): DeletedEntry[] {
  const { folder, extensions } = contentFolders[collection.name as EditedCollection];
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
