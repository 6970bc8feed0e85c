/**
 * One entry as a save sees it: the file as read, the fields as they will be written (only what the
 * writer changed is new), and what a save would write onto the file as it is now. Plain data in,
 * text out: nothing here knows Decap.
 */
import { formatDate } from '@/lib/format';
import { normalise, splitFrontmatter } from '@/lib/frontmatter';
import { dayIn, publishingNow, publishState } from '@/lib/publishing';
import { midnightUtc } from '@/schemas/calendar';
import { besideTheFile, resolvesAnywhere } from '@/loaders/entry-checks';
import { parse } from 'yaml';
import {
  formats,
  LIST_PHOTO,
  STATE,
  type EditedCollection,
  type EditorCollection,
  type EditorConfig,
  type EditorField,
} from '../../contract';
import type { Fields, FormEntry } from '../open-entry';
import { keptEntryFile, keptYaml } from '../text/keep-text';
import { alike, isEmpty } from '../text/values';
import type { Draft } from './draft-checks';
import { mergeEntry, type Answers, type Conflict } from './merge';

/**
 * Keys the editor keeps beside an entry's fields and never writes: those it carries through Decap
 * (`__…`), and the contract's, for the list (LIST_PHOTO, STATE).
 */
export const ours = (key: string) => key.startsWith('__') || key === LIST_PHOTO;

/** An entry file's fields, and its body if it has one, as the engine reads the file. */
export function read(text: string): Fields {
  const parts = splitFrontmatter(normalise(text));
  if (!parts) return (parse(normalise(text)) ?? {}) as Fields;
  return { ...(parse(parts.yaml) ?? {}), body: parts.body.replace(/^\n+/, '') };
}

/**
 * An entry's state in the engine's words, as of today in the site's time zone: Draft, Scheduled
 * for …, Published ….
 */
function stateOf(fields: Fields, timezone: string): string {
  const day = fields['publishDate'] ? midnightUtc(String(fields['publishDate'])) : undefined;
  const placement = { draft: fields['draft'] === true, ...(day && { publishDate: day }) };
  const state = publishState(placement, dayIn(timezone, publishingNow()));
  const on = day && !Number.isNaN(day.valueOf()) ? formatDate(day) : '';
  if (state === 'draft') return 'Draft';
  return state === 'scheduled' ? `Scheduled for ${on}` : `Published ${on}`.trim();
}

/** A file as the list reads it: its fields, with its state and its photo for the list. */
export function readForList(text: string, timezone: string): Fields {
  const fields = read(text);
  const photo = (fields['image'] as { src?: unknown } | undefined)?.src;
  return {
    ...fields,
    [STATE]: stateOf(fields, timezone),
    ...(typeof photo === 'string' && { [LIST_PHOTO]: photo }),
  };
}

/** "cover.jpg", as Decap writes a photo saved beside the entry, the way a person writes it. */
const besideTheEntry = (src: string) =>
  src && !besideTheFile(src) && !resolvesAnywhere(src) ? `./${src}` : src;

/**
 * A field's value as the file will hold it: what the writer left alone stays as the file had it;
 * what they changed is trimmed, as the schemas read text, with photos written ./cover.jpg and a
 * group's fields in the schema's order (Decap keeps them in the order they were typed).
 */
function written(value: unknown, was: unknown, field: EditorField | undefined): unknown {
  if (alike(value, was)) return was;
  if (typeof value === 'string') {
    const text = value.trim();
    return field?.widget === 'image' ? besideTheEntry(text) : text;
  }
  if (Array.isArray(value)) {
    const item = (field?.['field'] ?? field) as EditorField | undefined;
    return value.map((each, index) => written(each, (was as unknown[])?.[index], item));
  }
  if (value && typeof value === 'object') {
    const subfields = (field?.['fields'] ?? []) as EditorField[];
    return fieldsInOrder(value as Fields, was as Fields | undefined, subfields);
  }
  return value;
}

/** An object's values as written, keys in the order of `fields`, empty ones left out. */
function fieldsInOrder(data: Fields, was: Fields | undefined, fields: EditorField[]): Fields {
  const names = [...fields.map((field) => field.name), ...Object.keys(data)];
  const made: Fields = {};
  for (const name of new Set(names)) {
    if (!(name in data) || name === 'body' || ours(name)) continue;
    const field = fields.find((each) => each.name === name);
    // A field the writer typed in stays, spaces only too: the schema says what is wrong with it.
    if (!isEmpty(data[name]) || (was && name in was))
      made[name] = written(data[name], was?.[name], field);
  }
  return made;
}

/**
 * Decap's slug for a new entry's title, with the settings in config.ts: lower case, accents
 * and quotes dropped, anything else outside letters, digits, `-`, `_`, `.` and `~` a dash.
 */
const slugOf = (title: string) =>
  title
    .trim()
    .toLocaleLowerCase()
    .replace(/'/g, '')
    .replace(/\./g, '-')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w\-.~]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/** What a save would write onto the file as it is now. */
export type Onto =
  /** The file is gone: deleted or moved since the form opened it. */
  | { kind: 'gone' }
  /** A new entry's file was made by someone else meanwhile. */
  | { kind: 'taken' }
  /** Both changed the same values in different ways: the writer decides. */
  | { kind: 'conflicts'; conflicts: Conflict[] }
  /** This writer's changes applied onto the file as it is now. */
  | { kind: 'merged'; text: string; fields: Fields; body: string | undefined };

export class Edit {
  readonly collection: EditedCollection;
  readonly config: EditorCollection;
  readonly file: string;
  readonly fields: Fields;
  readonly body: string | undefined;
  /** Photos uploaded in this form, by file name. */
  readonly uploads: string[];

  /**
   * The form's entry, standing on `base`: the text the form stands on (the file as it was opened,
   * or as the editor last wrote or restored it); none for a new entry.
   */
  constructor(
    form: FormEntry,
    config: EditorConfig,
    readonly base: string | undefined,
  ) {
    this.collection = form.collection;
    this.config = config.collections.find((c) => c.name === this.collection)!;
    const original = base === undefined ? undefined : read(base);
    this.fields = fieldsInOrder(form.data, original, this.config.fields);
    const markdown = this.config.format === formats.markdown;
    this.body = markdown ? String(form.data['body'] ?? '') : undefined;
    const name = String(form.data[this.config.identifier_field] ?? '');
    this.file =
      base !== undefined && form.file
        ? form.file
        : `${this.config.folder}/${slugOf(name)}/index.${this.config.extension}`;
    this.uploads = form.uploads.map((upload) => upload.name);
  }

  /** Whether a photo by this path is beside the entry: in the file as opened, or just uploaded. */
  photoThere = (src: string) =>
    (this.base?.includes(src) ?? false) || this.uploads.some((name) => src === `./${name}`);

  draft(): Draft {
    const { collection, file, fields, body } = this;
    return { collection, file, fields, body, nameField: this.config.identifier_field };
  }

  /** The whole file: only what changed is new text, or a fresh file for a new entry. */
  text() {
    return this.#write(this.base, this.fields, this.body);
  }

  #write(onto: string | undefined, fields: Fields, body: string | undefined) {
    const order = this.config.fields.map((field) => field.name);
    return body === undefined
      ? keptYaml(onto, fields, order)
      : keptEntryFile(onto, fields, body, order);
  }

  /**
   * What this writer changed (the form against its base), applied onto `current`, the file as it
   * is now: values someone else changed meanwhile stay as they are now. A file nobody else
   * touched comes out as `text()` would write it.
   */
  onto(current: string | undefined, answers: Answers): Onto {
    if (current === undefined) {
      if (this.base !== undefined) return { kind: 'gone' };
      return this.#merged(undefined, this.fields, this.body);
    }
    if (this.base === undefined) return { kind: 'taken' };
    if (current === this.base) return this.#merged(current, this.fields, this.body);
    const side = (text: string) => {
      const { body, ...fields } = read(text);
      return { fields, body: this.body === undefined ? undefined : String(body ?? '') };
    };
    const mine = { fields: this.fields, body: this.body };
    const merged = mergeEntry(side(this.base), side(current), mine, answers);
    if (merged.conflicts.length) return { kind: 'conflicts', conflicts: merged.conflicts };
    return this.#merged(current, merged.fields, merged.body);
  }

  #merged(onto: string | undefined, fields: Fields, body: string | undefined): Onto {
    return { kind: 'merged', text: this.#write(onto, fields, body), fields, body };
  }
}
