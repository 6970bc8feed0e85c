import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { Placement } from '@/config';
import { newestFirst } from '@/lib/publishing';
import type { Names } from './folder';
import { none, type Placeholder, type Reference } from './index-fields';

export type { Place } from './index-fields';

/** What tells that a file changed without reading it: its size, modification and change times. */
export type FileStamp = { size: number; mtimeMs: number; ctimeMs: number };

/** A photo in a collection folder as last checked: its stamp, and whether it holds a GPS position (photo-check.ts). */
export type CheckedPhoto = FileStamp & { position: boolean };

/** A directory as last read: its stamps, and its names. */
export type DirectoryListing = Names & { mtimeMs: number; ctimeMs: number };

/**
 * What the engine keeps of one entry file between runs, shown or not: enough to tell that the
 * file is unchanged, to decide where the site shows it, and to run the checks that need every
 * entry. Files with problems are not indexed, so they are read, and reported, on every run.
 */
export type IndexedEntry = {
  collection: string;
  id: string;
  /** From the project root, with forward slashes. */
  file: string;
  /** The file's size, modification time and change time when it was read (`FileStamp`). */
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  /** A digest of the engine key, the file's path and its text; its stored entry carries the same. */
  digest: string;
  /** Its placement: the fields that decide whether and where the site shows it (src/config.ts). */
  placement: Partial<Placement>;
  references: Reference[];
  /** The values that still hold the placeholder `npm run new` wrote. */
  placeholders: Placeholder[];
  /** Its own photos, as written in its fields (`./cover.jpg`). */
  photos: string[];
};

/**
 * An entry as saved, and as read back until `entriesOf` makes it whole. Arrays and objects are
 * what cost time to read back, so its references are saved apart, as text, the arrays most
 * entries leave empty are left out, and its publish date is saved as milliseconds.
 */
type SavedEntry = Omit<IndexedEntry, 'placement' | 'references' | 'placeholders' | 'photos'> & {
  placement: Omit<IndexedEntry['placement'], 'publishDate'> & {
    publishDate?: Date | number | undefined;
  };
  references?: Reference[] | undefined;
  placeholders?: IndexedEntry['placeholders'] | undefined;
  photos?: IndexedEntry['photos'] | undefined;
};

type Saved = {
  key: string;
  savedAt: number;
  /** Every directory of the collection folders, by absolute path. */
  listings: Record<string, DirectoryListing>;
  /** Every photo of the collection folders, by absolute path. */
  photos?: Record<string, CheckedPhoto>;
  entries: SavedEntry[];
  /** Each entry's references, as `collection:id:path.to.field`, space-separated. */
  references: string[];
};

// Ids and field names hold neither `:` nor `.`; a path's numbers are list items.
const referenceText = ({ collection, id, path, line, column }: Reference) =>
  `${collection}:${id}:${path.join('.')}:${line ?? ''}:${column ?? ''}`;
const referenceOf = (text: string): Reference => {
  const [collection = '', id = '', path = '', line, column] = text.split(':');
  const keys = path.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));
  const place = line && column ? { line: Number(line), column: Number(column) } : {};
  return { collection, id, path: keys, ...place };
};

// JSON leaves out what is undefined.
const savedEntry = (entry: IndexedEntry): SavedEntry => ({
  ...entry,
  placement: { ...entry.placement, publishDate: entry.placement.publishDate?.valueOf() },
  references: undefined,
  placeholders: entry.placeholders.length ? entry.placeholders : undefined,
  photos: entry.photos.length ? entry.photos : undefined,
});

/** The entries read back, made whole in place: copying 100,000 would take a tenth of a second. */
function entriesOf({ entries, references }: Saved): IndexedEntry[] {
  // Most entries name one of a few authors: entries that make the same references share them.
  const decoded = new Map<string, Reference[]>([['', []]]);
  return entries.map((entry, row) => {
    const made = references[row] ?? '';
    let refs = decoded.get(made);
    if (!refs) decoded.set(made, (refs = made.split(' ').map(referenceOf)));
    entry.references = refs;
    entry.placeholders ??= none;
    entry.photos ??= none;
    const { publishDate } = entry.placement;
    if (publishDate !== undefined) entry.placement.publishDate = new Date(publishDate);
    return entry as IndexedEntry;
  });
}

/** The index's file in Astro's `cacheDir`. */
export const indexFile = (cacheDir: string) => join(cacheDir, 'content-index.json');

/** Every entry the index at `file` holds, whatever engine key it was built under; none if unread. */
export function indexedEntries(file: string): IndexedEntry[] {
  try {
    return entriesOf(JSON.parse(readFileSync(file, 'utf8')) as Saved);
  } catch {
    return [];
  }
}

/** Newest first, as lists show them. */
const newest = (a: IndexedEntry, b: IndexedEntry) => newestFirst(a.placement, b.placement);

// A file changed within this long before the index was saved may have changed again within the
// file system's timestamp resolution, so its text is compared before it is trusted (as git does).
// The change time is the later of the two: a change to the text or the times sets it.
const RACY_MS = 2000;

/**
 * Every indexed entry of a project, by absolute path, saved in Astro's `cacheDir` beside its
 * content store. Only ever a cache: an entry is trusted while its file's size and modification
 * time, and the engine key, are those it was read with; anything else is read again.
 */
export class EntryIndex {
  readonly entries = new Map<string, IndexedEntry>();
  #savedAt = 0;
  #changed = false;
  #ordered: Map<string, IndexedEntry[]> | undefined;
  /** Each directory of the collection folders as last read, by absolute path. */
  listings = new Map<string, DirectoryListing>();
  /** Each photo of the collection folders as last checked, by absolute path. */
  photos = new Map<string, CheckedPhoto>();

  constructor(
    readonly root: string,
    readonly key: string,
  ) {}

  /** The index saved at `file`, if it was built under `key`; otherwise an empty one. */
  static open(root: string, key: string, file: string): EntryIndex {
    const index = new EntryIndex(root, key);
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Saved;
      if (saved.key !== key) return index;
      index.#savedAt = saved.savedAt;
      index.listings = new Map(Object.entries(saved.listings));
      index.photos = new Map(Object.entries(saved.photos ?? {}));
      // Joined by hand: a hundred thousand calls to join() cost a tenth of a second.
      const folder = sep === '/' ? `${resolve(root)}/` : undefined;
      for (const entry of entriesOf(saved)) {
        index.entries.set(folder ? folder + entry.file : join(root, entry.file), entry);
      }
    } catch {
      // No index yet, or one that cannot be read: every file is read again.
    }
    return index;
  }

  /**
   * The indexed entry for `path`, if its file is as it was when indexed. As git's index does, the
   * change time is compared too: a tool can set a file's modification time back (`touch -r`, an
   * archive restored), but no tool can set back its change time.
   */
  unchanged(path: string, stamp: FileStamp): IndexedEntry | undefined {
    const entry = this.entries.get(path);
    const same =
      entry?.size === stamp.size &&
      entry.mtimeMs === stamp.mtimeMs &&
      entry.ctimeMs === stamp.ctimeMs;
    return same && this.settled(stamp) ? entry : undefined;
  }

  /** The photo at `path` as last checked, if its stamp is the same and settled. */
  checkedPhoto(path: string, { size, mtimeMs, ctimeMs }: FileStamp): CheckedPhoto | undefined {
    const photo = this.photos.get(path);
    const same = photo?.size === size && photo.mtimeMs === mtimeMs && photo.ctimeMs === ctimeMs;
    return same && this.settled(photo) ? photo : undefined;
  }

  setPhoto(path: string, photo: CheckedPhoto | undefined) {
    if (photo) this.photos.set(path, photo);
    this.#changed = (photo ? true : this.photos.delete(path)) || this.#changed;
  }

  /** True when `stamp` was set well before the index was last saved: no change since can hide in it. */
  settled(stamp: { ctimeMs: number }) {
    return stamp.ctimeMs < this.#savedAt - RACY_MS;
  }

  /**
   * The names in `directory`: its listing in `before` (the last run's, by default the current one)
   * while the directory's own stamps are unchanged and settled, since a file added, removed or
   * renamed changes them (git's untracked cache relies on the same), else read now. Either way it
   * is kept for the next run. The index is the one owner of directory listings.
   */
  listing(directory: string, before: ReadonlyMap<string, DirectoryListing> = this.listings): Names {
    const { mtimeMs, ctimeMs } = statSync(directory);
    const last = before.get(directory);
    if (last?.mtimeMs === mtimeMs && last.ctimeMs === ctimeMs && this.settled(last)) {
      this.listings.set(directory, last);
      return last;
    }
    const listing: DirectoryListing = { mtimeMs, ctimeMs, files: [], folders: [] };
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.isFile()) listing.files.push(entry.name);
      else if (entry.isDirectory()) listing.folders.push(entry.name);
    }
    this.listings.set(directory, listing);
    this.#changed = true;
    return listing;
  }

  set(path: string, entry: IndexedEntry) {
    this.#move(this.entries.get(path), entry);
    this.entries.set(path, entry);
    this.#changed = true;
  }

  delete(path: string) {
    this.#move(this.entries.get(path), undefined);
    this.#changed = this.entries.delete(path) || this.#changed;
  }

  /** Every entry by collection, newest first, kept in order as entries change. */
  newestFirst(): ReadonlyMap<string, readonly IndexedEntry[]> {
    if (!this.#ordered) {
      this.#ordered = Map.groupBy(this.entries.values(), (entry) => entry.collection);
      for (const list of this.#ordered.values()) list.sort(newest);
    }
    return this.#ordered;
  }

  /** Takes `old` out of the order and puts `now` in its place. */
  #move(old: IndexedEntry | undefined, now: IndexedEntry | undefined) {
    const ordered = this.#ordered;
    if (!ordered || old === now) return;
    if (old) {
      const list = ordered.get(old.collection)!;
      list.splice(list.indexOf(old), 1);
    }
    if (!now) return;
    const list = ordered.get(now.collection) ?? [];
    ordered.set(now.collection, list);
    let [low, high] = [0, list.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (newest(list[middle]!, now) <= 0) low = middle + 1;
      else high = middle;
    }
    list.splice(low, 0, now);
  }

  /** Writes the index to `file` if anything changed since it was opened or last saved. */
  save(file: string) {
    if (!this.#changed) return;
    this.#savedAt = Date.now();
    // Newest first, so the order is found again at a glance.
    const entries = [...this.newestFirst().values()].flat();
    const saved: Saved = {
      key: this.key,
      savedAt: this.#savedAt,
      listings: Object.fromEntries(this.listings),
      photos: Object.fromEntries(this.photos),
      entries: entries.map(savedEntry),
      references: entries.map((entry) => entry.references.map(referenceText).join(' ')),
    };
    mkdirSync(dirname(file), { recursive: true });
    // Written beside and renamed over, so a build and a dev server never read half an index.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(saved));
    renameSync(temporary, file);
    this.#changed = false;
  }
}
