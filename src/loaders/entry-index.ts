import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { Showing } from '@/config';

/** A reference an entry makes to another, where `reference()` left it in the entry's data. */
export type Reference = { path: (string | number)[]; collection: string; id: string };

/**
 * What the engine knows of one entry file between runs, whether or not the site shows it: enough
 * to tell that the file has not changed, to decide whether and where the site shows the entry,
 * and to run the checks that need every entry. Only files without problems of their own are
 * indexed; a file with problems is read again on every run, so its problems are always reported.
 */
export type IndexedEntry = {
  collection: string;
  id: string;
  /** From the project root, with forward slashes. */
  file: string;
  /** The file's size and modification time when it was read. */
  size: number;
  mtimeMs: number;
  /** A digest of the engine key, the file's path and its text; its stored entry carries the same. */
  digest: string;
  /** The fields that decide whether and where the site shows it (src/config.ts). */
  showing: Partial<Showing>;
  /** The references it makes. */
  references: Reference[];
  /** Where its values still hold the placeholder `npm run new` wrote. */
  placeholders: (string | number)[][];
  /** Its own photos, as written in its fields (`./cover.jpg`). */
  photos: string[];
};

/**
 * The index as saved: a column per field, a row per entry, and when it was saved. Columns of
 * plain values read back several times faster than an object per entry (at 100,000 entries,
 * 60 ms instead of 340 ms). A `showing` field whose values were dates is saved as milliseconds.
 */
type Saved = {
  key: string;
  savedAt: number;
  rows: Record<'collection' | 'id' | 'file' | 'digest', string[]> &
    Record<'size' | 'mtimeMs', number[]>;
  showing: Record<string, unknown[]>;
  dates: string[];
  /** Each entry's references, as `collection:id:path.to.field`, space-separated. */
  references: string[];
  /** The rare columns, by row: placeholders and photos. */
  sparse: Record<'placeholders' | 'photos', Record<number, unknown[]>>;
};

const sparseFields = ['placeholders', 'photos'] as const;

// Ids and field names hold neither `:` nor `.`; a path's numbers are list items.
const referenceText = ({ collection, id, path }: Reference) =>
  `${collection}:${id}:${path.join('.')}`;
const referenceOf = (text: string): Reference => {
  const [collection = '', id = '', path = ''] = text.split(':');
  const keys = path.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));
  return { collection, id, path: keys };
};

/** Lays out `entries` in columns. */
function columns(entries: IndexedEntry[], key: string, savedAt: number): Saved {
  const rows: Saved['rows'] = {
    collection: [],
    id: [],
    file: [],
    digest: [],
    size: [],
    mtimeMs: [],
  };
  const showing: Saved['showing'] = {};
  const dates = new Set<string>();
  const references: string[] = [];
  const sparse: Saved['sparse'] = { placeholders: {}, photos: {} };
  entries.forEach((entry, row) => {
    for (const field of ['collection', 'id', 'file', 'digest'] as const)
      rows[field].push(entry[field]);
    rows.size.push(entry.size);
    rows.mtimeMs.push(entry.mtimeMs);
    for (const [field, value] of Object.entries(entry.showing)) {
      if (value instanceof Date) dates.add(field);
      (showing[field] ??= [])[row] = value instanceof Date ? value.valueOf() : value;
    }
    references.push(entry.references.map(referenceText).join(' '));
    for (const field of sparseFields) if (entry[field].length) sparse[field][row] = entry[field];
  });
  return { key, savedAt, rows, showing, dates: [...dates], references, sparse };
}

/** What most entries hold of the rare columns; never changed, so shared. */
const none: never[] = [];

/** The entries laid out in `saved`. */
function rowsOf({ rows, showing, dates, references, sparse }: Saved): IndexedEntry[] {
  const columns = Object.entries(showing).map(([field, values]) => ({
    field,
    values,
    date: dates.includes(field),
  }));
  // Most entries name one of a few authors: entries that make the same references share them.
  const decoded = new Map<string, Reference[]>([['', []]]);
  const entries: IndexedEntry[] = [];
  for (let row = 0; row < rows.file.length; row += 1) {
    const fields: Record<string, unknown> = {};
    for (const { field, values, date } of columns) {
      const value = values[row];
      if (value !== null && value !== undefined) {
        fields[field] = date ? new Date(value as number) : value;
      }
    }
    const made = references[row] ?? '';
    let refs = decoded.get(made);
    if (!refs) decoded.set(made, (refs = made.split(' ').map(referenceOf)));
    entries.push({
      collection: rows.collection[row]!,
      id: rows.id[row]!,
      file: rows.file[row]!,
      size: rows.size[row]!,
      mtimeMs: rows.mtimeMs[row]!,
      digest: rows.digest[row]!,
      showing: fields as Partial<Showing>,
      references: refs,
      placeholders: (sparse.placeholders[row] ?? none) as (string | number)[][],
      photos: (sparse.photos[row] ?? none) as string[],
    });
  }
  return entries;
}

// A file modified within this long before the index was saved may have changed again within the
// file system's timestamp resolution, so its text is compared before it is trusted (as git does).
const RACY_MS = 2000;

/**
 * Every indexed entry of a project, by absolute path, kept in `node_modules/.astro` (Astro's
 * `cacheDir`) beside Astro's own content store. It is only ever a cache: an entry is trusted
 * while its file's size and modification time are those it was read with, under the same
 * engine key; anything else is read again.
 */
export class EntryIndex {
  readonly entries = new Map<string, IndexedEntry>();
  #savedAt = 0;
  #changed = false;

  constructor(
    readonly root: string,
    /** The engine key it was built under (engine-key.ts). */
    readonly key: string,
  ) {}

  /** The index saved at `file`, if it was built under `key`; otherwise an empty one. */
  static open(root: string, key: string, file: string): EntryIndex {
    const index = new EntryIndex(root, key);
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Saved;
      if (saved.key !== key) return index;
      index.#savedAt = saved.savedAt;
      // Joined by hand: a hundred thousand calls to join() cost a tenth of a second.
      const folder = sep === '/' ? `${resolve(root)}/` : undefined;
      for (const entry of rowsOf(saved)) {
        index.entries.set(folder ? folder + entry.file : join(root, entry.file), entry);
      }
    } catch {
      // No index yet, or one that cannot be read: every file is read again.
    }
    return index;
  }

  /** The indexed entry for `path`, if its file is as it was when indexed. */
  unchanged(path: string, stat: { size: number; mtimeMs: number }): IndexedEntry | undefined {
    const entry = this.entries.get(path);
    if (!entry || entry.size !== stat.size || entry.mtimeMs !== stat.mtimeMs) return undefined;
    return entry.mtimeMs < this.#savedAt - RACY_MS ? entry : undefined;
  }

  set(path: string, entry: IndexedEntry) {
    this.entries.set(path, entry);
    this.#changed = true;
  }

  delete(path: string) {
    this.#changed = this.entries.delete(path) || this.#changed;
  }

  /** Writes the index to `file` if anything changed since it was opened or last saved. */
  save(file: string) {
    if (!this.#changed) return;
    this.#savedAt = Date.now();
    const saved = columns([...this.entries.values()], this.key, this.#savedAt);
    mkdirSync(dirname(file), { recursive: true });
    // Written beside and renamed over, so a build and a dev server never read half an index.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(saved));
    renameSync(temporary, file);
    this.#changed = false;
  }
}
