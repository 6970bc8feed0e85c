/**
 * The engine's knowledge of the files: every collection folder's listing, every entry file indexed,
 * and the problems of the files that could not be. A file is read only when its stamp changed
 * since it was indexed. It knows nothing of Astro: all it needs comes through the port (port.ts).
 */
import { hash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { photoExtensions } from '@/config';
import type { Mode } from '@/lib/publishing';
import type { Content } from './decide';
import { readEntry, type ReadEntry } from './entry-file';
import { EntryIndex, indexFile, type DirectoryListing, type IndexedEntry } from './entry-index';
import { Folder, type CollectionOptions, type Names } from './folder';
import type { References } from './index-fields';
import { holdsPosition } from './photo-check';
import type { Problem } from './problems';
import type { FileEvent, Host } from './port';

const isPhoto = (path: string) => photoExtensions.includes(extname(path).toLowerCase());

// Parsed entries kept from one round for filling the store. A round that reads more (a cold build)
// keeps no more than this: the store needs the few dozen entries the site shows, read again then.
const KEEP_PARSED = 500;

export class Catalogue {
  /** Each collection's folder, by the collection's name. */
  readonly folders = new Map<string, Folder>();
  readonly index: EntryIndex;
  /** The problems of each entry file that has them, by absolute path; such a file is never indexed. */
  readonly fileProblems = new Map<string, Problem[]>();
  /** Entries parsed in this round, by absolute path, until the store takes them. */
  readonly parsed = new Map<string, ReadEntry>();
  /** The photos checked in the last round, by absolute path. */
  #photosChecked: string[] = [];
  /** The references of every indexed entry, each kept once however many entries make it. */
  readonly #references: References = new Map();

  constructor(
    readonly host: Host,
    collections: Record<string, CollectionOptions>,
    /** The engine key (engine-key.ts): an index saved under another key is not used. */
    readonly key: string,
    /** In `dev`, a file that gets problems keeps its last good entry, for the pages to show. */
    readonly mode: Mode,
  ) {
    for (const [name, collection] of Object.entries(collections)) {
      this.folders.set(name, new Folder(host.root, name, collection));
    }
    this.index = EntryIndex.open(host.root, key, indexFile(host.cacheDir));
  }

  /** The folder that holds `path`, or is it. */
  #folderOf(path: string): Folder | undefined {
    for (const folder of this.folders.values()) {
      if (folder.contains(path) || path === folder.base) return folder;
    }
    return undefined;
  }

  /** Goes up each time an entry file comes or goes, in any folder. */
  get version() {
    return [...this.folders.values()].reduce((sum, folder) => sum + folder.version, 0);
  }

  /**
   * Reads every folder's listing again and every file whose stamp changed: a build, `astro sync`, or a
   * dev server's start. How many entry files there are, how many it parsed, whether they are the
   * files the index held, and every photo that tells where it was taken.
   */
  async scan() {
    this.fileProblems.clear();
    this.parsed.clear();
    const { entries } = this.index;
    const found = new Set<string>();
    let unindexed = 0;
    // Only the directories there are now are kept.
    const before = this.index.listings;
    this.index.listings = new Map();
    const photos: string[] = [];
    for (const folder of this.folders.values()) {
      folder.scan((directory) => this.#listing(directory, photos, before), entries);
      for (const { path } of folder.entries()) {
        found.add(path);
        if (!entries.has(path)) unindexed += 1;
      }
    }
    const sameFiles = !unindexed && found.size === entries.size;
    // Found are the files that own their ids: any other the index holds is gone, or now clashes.
    for (const path of entries.keys()) {
      if (found.has(path)) continue;
      this.index.delete(path);
      this.fileProblems.delete(path);
    }
    const parsed = await this.#readChanged(found);
    await this.#checkPhotos(photos, () => true);
    return { files: found.size, parsed: parsed.length, sameFiles, positions: this.#positions() };
  }

  /** A directory's names, as the index lists them; its photos are added to `photos`. */
  #listing(
    directory: string,
    photos: string[],
    before?: ReadonlyMap<string, DirectoryListing>,
  ): Names {
    const names = this.index.listing(directory, before);
    for (const name of names.files) if (isPhoto(name)) photos.push(`${directory}${sep}${name}`);
    return names;
  }

  /**
   * Checks each of `photos` whose stamp changed since its answer was kept, and forgets each photo
   * the index knows that `within` holds but `photos` does not name: it is gone.
   */
  async #checkPhotos(photos: readonly string[], within: (path: string) => boolean) {
    const { index } = this;
    const found = new Set(photos);
    for (const path of index.photos.keys())
      if (!found.has(path) && within(path)) index.setPhoto(path, undefined);
    this.#photosChecked = [];
    for (const path of photos) {
      const stat = statSync(path, { throwIfNoEntry: false });
      if (!stat) index.setPhoto(path, undefined);
      if (!stat || index.checkedPhoto(path, stat)) continue;
      const { size, mtimeMs, ctimeMs } = stat;
      index.setPhoto(path, { size, mtimeMs, ctimeMs, position: await holdsPosition(path, stat) });
      this.#photosChecked.push(path);
    }
  }

  /** The photos of `paths` that hold a GPS position, from the project root, in order. */
  #positions(paths: Iterable<string> = this.index.photos.keys()): string[] {
    return [...paths]
      .filter((path) => this.index.photos.get(path)?.position)
      .map((path) => relative(this.host.root, path).split(sep).join('/'))
      .sort();
  }

  /**
   * `astro dev`: reads what a refresh names, and only the files it touches: the entry files
   * added or changed, and the entries whose own photo changed. A photo added is also tried on the
   * files with problems, whose photos are unknown until they read cleanly; a file that goes may
   * hand its id to a file that clashed with it. The files parsed, from the project root, and the
   * photos it checked that tell where they were taken.
   */
  async refresh(events: readonly FileEvent[]) {
    this.parsed.clear();
    const maybeGone = new Set<string>();
    const reread = new Set<string>();
    const photos: string[] = [];
    const folders = new Set<Folder>();
    for (const { kind, path } of events) {
      const folder = this.#folderOf(path);
      if (!folder) continue;
      if (kind === 'folder') {
        // A folder added, removed or renamed moves many files at once: read its listing again.
        folders.add(folder);
        folder.scan((directory) => this.#listing(directory, photos), this.index.entries);
        for (const file of this.index.entries.keys())
          if (folder.contains(file)) maybeGone.add(file);
        for (const { path: file } of folder.entries()) reread.add(file);
      } else if (isPhoto(path)) {
        if (kind === 'removed') this.index.setPhoto(path, undefined);
        else photos.push(path);
        for (const [file, entry] of this.index.entries) {
          if (this.#photoPaths(entry).includes(path)) reread.add(file);
        }
        if (kind === 'added') for (const file of this.fileProblems.keys()) reread.add(file);
      } else {
        const id = folder.idOf(path);
        if (kind === 'removed') folder.remove(path);
        else folder.add(path);
        // The file that owns its id may have changed: another that clashed with it, or this one.
        for (const claimant of folder.claimants(id ?? folder.idOf(path) ?? '')) {
          maybeGone.add(claimant);
          reread.add(claimant);
        }
        maybeGone.add(path);
      }
    }
    this.#forgetGone(maybeGone);
    const parsed = await this.#readChanged(reread);
    await this.#checkPhotos(photos, (path) => [...folders].some((folder) => folder.contains(path)));
    return {
      parsed: parsed.map((path) => this.#folderOf(path)!.filePath(path)),
      positions: this.#positions(this.#photosChecked),
    };
  }

  /** Forgets each of `paths` that no longer makes an entry of its own: gone, or clashing. */
  #forgetGone(paths: Iterable<string>) {
    for (const path of [...paths]) {
      const folder = this.#folderOf(path);
      const id = folder?.idOf(path);
      if (id !== undefined && folder?.ownerOf(id) === path) continue;
      this.index.delete(path);
      this.fileProblems.delete(path);
    }
  }

  /** Reads each of `paths` whose file changed since it was indexed; the paths it parsed. */
  async #readChanged(paths: Iterable<string>): Promise<string[]> {
    const parsed: string[] = [];
    // One at a time: a photo check reads the folder of the entry being validated.
    for (const path of paths) if (await this.#readIfChanged(path)) parsed.push(path);
    return parsed;
  }

  /**
   * Reads an entry file again if its stamp changed since it was indexed, or a photo it shows is
   * gone: true when it was parsed, false when its indexed entry still holds or it is no entry.
   */
  async #readIfChanged(path: string): Promise<boolean> {
    const folder = this.#folderOf(path);
    const id = folder?.idOf(path);
    // Gone before it was read, like the temporary file `sed -i` renames over the file.
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!folder || id === undefined || folder.ownerOf(id) !== path || !stat) return false;
    const { index } = this;
    const known = index.entries.get(path);
    const photosGone = !!known?.photos.length && !this.#photoPaths(known).every(existsSync);
    const intact = !this.fileProblems.has(path) && !photosGone;
    if (intact && index.unchanged(path, stat)) return false;
    const raw = readFileSync(path, 'utf8');
    const filePath = folder.filePath(path);
    // Compared with the index's and the store's digests only, so it need not be Astro's own.
    const digest = hash('sha1', `${this.key}\0${filePath}\0${raw}`);
    const { size, mtimeMs, ctimeMs } = stat;
    if (intact && known?.digest === digest) {
      index.set(path, { ...known, size, mtimeMs, ctimeMs });
      return false;
    }
    const file = { collection: folder.collection, id, filePath, raw };
    const read = await readEntry(file, stat, digest, folder.validate, this.#references);
    if (Array.isArray(read)) {
      this.fileProblems.set(path, read);
      if (this.mode === 'build') index.delete(path);
    } else {
      this.fileProblems.delete(path);
      index.set(path, read.indexed);
      if (this.parsed.size < KEEP_PARSED) this.parsed.set(path, read);
    }
    return true;
  }

  /** The absolute paths of an indexed entry's own photos. */
  #photoPaths(entry: IndexedEntry): string[] {
    const folder = dirname(join(this.host.root, entry.file));
    return entry.photos.map((src) => resolve(folder, src));
  }

  /** The indexed entry of `collection` with `id`; none when its file has problems of its own. */
  indexed(collection: string, id: string): IndexedEntry | undefined {
    const path = this.folders.get(collection)?.ownerOf(id);
    return path === undefined ? undefined : this.index.entries.get(path);
  }

  /** An indexed entry, parsed: as this round parsed it, or read again. */
  async parse(indexed: IndexedEntry): Promise<ReadEntry | undefined> {
    const path = join(this.host.root, indexed.file);
    const kept = this.parsed.get(path);
    this.parsed.delete(path);
    if (kept) return kept;
    const { collection, id, file: filePath, digest } = indexed;
    const file = { collection, id, filePath, raw: readFileSync(path, 'utf8') };
    const validate = this.folders.get(collection)!.validate;
    const read = await readEntry(file, indexed, digest, validate, this.#references);
    return Array.isArray(read) ? undefined : read;
  }

  /** The content as the core reads it (decide.ts). */
  content(): Content {
    const problems = [
      ...[...this.folders.values()].flatMap((folder) => folder.problems()),
      ...[...this.fileProblems.values()].flat(),
    ];
    return {
      entries: this.index.newestFirst(),
      entry: (collection, id) => this.indexed(collection, id),
      has: (collection, id) => this.folders.get(collection)?.ownerOf(id) !== undefined,
      ids: (collection) => this.folders.get(collection)?.ids() ?? [],
      rejected: (collection) => {
        const folder = this.folders.get(collection);
        return [...this.fileProblems.keys()].filter((path) => folder?.contains(path)).length;
      },
      problems,
    };
  }

  save() {
    this.index.save(indexFile(this.host.cacheDir));
  }
}
