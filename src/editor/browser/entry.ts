/**
 * The web editor's view of one entry: the file as read, the fields as they will be written (only
 * what the writer changed is new), and the checks of it, worked out once for each state of the
 * form. Nothing here knows Decap's pages; main.ts starts the editor.
 */
import { formatDate } from '@/lib/format';
import { normalise, splitFrontmatter } from '@/lib/frontmatter';
import { DEFAULT_TIME_ZONE, dayIn, publishingNow, publishState } from '@/lib/publishing';
import { midnightUtc } from '@/schemas/calendar';
import { besideTheFile, resolvesAnywhere } from '@/loaders/entry-checks';
import { parse } from 'yaml';
import type { EditedCollection, EditorConfig } from '../node/config';
import type { EditorField } from '../node/fields';
import { draftProblems, type Draft } from './checks';
import { formats, LIST_PHOTO, STATE, type DecapEntry, type ImmutableMap } from './decap';
import { keptEntryFile, keptYaml } from './keep-text';
import { mergeEntry, type Answers, type Conflict } from './merge';
import { openEntry } from './open-entry';
import { schemaOf } from './schemas';
import { isFile, type SiteEntry, type SiteSnapshot } from './site-check';
import { isEmpty } from './values';

/**
 * Keys the editor keeps beside an entry's fields and never writes: the file it is about to write
 * (from the checks to the format), and those of decap.ts, for the list (LIST_PHOTO, STATE).
 */
export const FILE_TEXT = '__file';
export const ours = (key: string) => key.startsWith('__') || key === LIST_PHOTO;

export type Fields = Record<string, unknown>;

/** An entry file's fields, and its body if it has one, as the engine reads the file. */
export function read(text: string): Fields {
  const parts = splitFrontmatter(normalise(text));
  if (!parts) return (parse(normalise(text)) ?? {}) as Fields;
  return { ...(parse(parts.yaml) ?? {}), body: parts.body.replace(/^\n+/, '') };
}

/** The site's time zone, in which a publish date goes live; the snapshot tells it at start-up. */
let timezone = DEFAULT_TIME_ZONE;
export const useTimezone = (zone: string) => void (timezone = zone);

/** An entry's state in the engine's words, as of today: Draft, Scheduled for …, Published …. */
function stateOf(fields: Fields): string {
  const day = fields['publishDate'] ? midnightUtc(String(fields['publishDate'])) : undefined;
  const placement = { draft: fields['draft'] === true, ...(day && { publishDate: day }) };
  const state = publishState(placement, dayIn(timezone, publishingNow()));
  const on = day && !Number.isNaN(day.valueOf()) ? formatDate(day) : '';
  if (state === 'draft') return 'Draft';
  return state === 'scheduled' ? `Scheduled for ${on}` : `Published ${on}`.trim();
}

/** A file as Decap reads it: its fields, with what the list shows of it. */
export function readForList(text: string): Fields {
  const fields = read(text);
  const photo = (fields['image'] as { src?: unknown } | undefined)?.src;
  return {
    ...fields,
    [STATE]: stateOf(fields),
    ...(typeof photo === 'string' && { [LIST_PHOTO]: photo }),
  };
}

/** Whether two values are the same data. */
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** "cover.jpg", as Decap writes a photo saved beside the entry, the way a person writes it. */
const besideTheEntry = (src: string) =>
  src && !besideTheFile(src) && !resolvesAnywhere(src) ? `./${src}` : src;

/**
 * A field's value as the file will hold it: what the writer left alone stays as the file had it;
 * what they changed is trimmed, as the schemas read text, with photos written ./cover.jpg and a
 * group's fields in the schema's order (Decap keeps them in the order they were typed).
 */
function written(value: unknown, was: unknown, field: EditorField | undefined): unknown {
  if (same(value, was)) return was;
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

type Collection = EditorConfig['collections'][number];

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

/**
 * The text `entry`'s form stands on: the file as it was opened, or as the editor last wrote it or
 * restored it. None for a new entry.
 */
export function baseOf(entry: DecapEntry): string | undefined {
  if (entry.get('newRecord')) return undefined;
  const path = entry.get('path') as string | undefined;
  return (path && openEntry.baseOf(path)) ?? (entry.get('raw') as string | undefined) ?? undefined;
}

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

/** The editor's view of one entry: what it is about to write, and what the file held. */
export class Edit {
  readonly collection: EditedCollection;
  readonly config: Collection;
  readonly file: string;
  /**
   * The text the form stands on: the file as it was opened, or as the editor last wrote it or
   * restored it. None for a new entry.
   */
  readonly base: string | undefined;
  readonly original: Fields | undefined;
  readonly fields: Fields;
  readonly body: string | undefined;
  /** Photos uploaded in this session, by file name. */
  readonly uploads: string[];

  constructor(entry: DecapEntry, config: EditorConfig) {
    this.collection = entry.get('collection') as EditedCollection;
    this.config = config.collections.find((c) => c.name === this.collection)!;
    const data = (entry.get('data') as ImmutableMap).toJS();
    const path = entry.get('path') as string | undefined;
    this.base = baseOf(entry);
    this.original = this.base === undefined ? undefined : read(this.base);
    this.fields = fieldsInOrder(data, this.original, this.config.fields as EditorField[]);
    const markdown = this.config.format === formats.markdown;
    this.body = markdown ? String(data['body'] ?? '') : undefined;
    const name = String(data[this.config.identifier_field] ?? '');
    this.file =
      this.base !== undefined && path
        ? path
        : `${this.config.folder}/${slugOf(name)}/index.${this.config.extension}`;
    const media = (entry.get('mediaFiles') as ImmutableMap | undefined)?.toJS() ?? [];
    this.uploads = Object.values(media).map((file) => String((file as { name?: string }).name));
  }

  /** Whether a photo by this path is beside the entry: in the file as opened, or just uploaded. */
  photoThere = (src: string) =>
    (this.base?.includes(src) ?? false) || this.uploads.some((name) => src === `./${name}`);

  draft(): Draft {
    const { collection, file, fields, body } = this;
    return { collection, file, fields, body, nameField: this.config.identifier_field };
  }

  #order() {
    return this.config.fields.map((field) => field.name);
  }

  /** The whole file: only what changed is new text, or a fresh file for a new entry. */
  text() {
    return this.#write(this.base, this.fields, this.body);
  }

  #write(onto: string | undefined, fields: Fields, body: string | undefined) {
    return body === undefined
      ? keptYaml(onto, fields, this.#order())
      : keptEntryFile(onto, fields, body, this.#order());
  }

  /**
   * What this writer changed (the form against its base), applied onto `current`, the file as it
   * is now: values someone else changed meanwhile stay as they are now. A file nobody else
   * touched comes out as `text()` would write it.
   */
  onto(current: string | undefined, answers: Answers): Onto {
    if (current === undefined) {
      return this.base === undefined ? this.#merged(undefined, this.fields, this.body) : gone;
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

const gone: Onto = { kind: 'gone' };

/** The editor's checks, over what the last build knew of the site; it learns each save. */
export class Checks {
  #last = new WeakMap<object, ReturnType<typeof draftProblems>>();

  constructor(
    readonly config: EditorConfig,
    readonly site: SiteSnapshot,
  ) {}

  /** Every problem the build would find with `entry`; worked out once for each state of it. */
  of(entry: DecapEntry) {
    const data = entry.get('data') as object;
    let found = this.#last.get(data);
    if (!found) {
      const edit = new Edit(entry, this.config);
      const schema = schemaOf(edit.collection, edit.photoThere);
      found = draftProblems(edit.draft(), { schema, site: this.site, now: publishingNow() });
      this.#last.set(data, found);
    }
    return found;
  }

  /** A saved entry, as the next check of the site must see it. */
  saved(indexed: SiteEntry) {
    this.site.entries = [...this.site.entries.filter((e) => !isFile(e, indexed.file)), indexed];
  }

  deleted(file: string) {
    this.site.entries = this.site.entries.filter((entry) => !isFile(entry, file));
  }
}
