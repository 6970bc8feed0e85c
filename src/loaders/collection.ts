import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import type { DataStore, LoaderContext } from 'astro/loaders';
import type { Change } from './dev-refresh';
import { Listing, photoExtensions } from './discover';
import type { Problem } from './problems';
import { parseSource } from './source';
import { entryValidator, type SchemaFactory } from './validate';

/** One collection folder of the content engine, as `defineCollection` gives it. */
export type CollectionOptions = {
  /** The collection folder, relative to the project root, e.g. `src/content/blog`. */
  folder: string;
  /** File endings read as entries, e.g. `['.md', '.mdx']`. */
  extensions: readonly string[];
  /** The collection's schema, the same one given to `defineCollection`. */
  schema: SchemaFactory;
};

/** One stored entry, as the whole-content checks see it. */
export type LoadedEntry = { id: string; file: string; data: Record<string, unknown> };

/**
 * What the engine knows of one collection folder between runs of its loader: the files in it,
 * the problems of each, and its part of Astro's content store. Entries themselves live only in
 * the store; each carries a digest of the engine key, its path and its text, and a file whose
 * digest matches is neither parsed nor validated again.
 */
export class Collection {
  /** The collection's name in the content config. */
  name = '';
  /** The collection's part of Astro's content store, as of its latest load. */
  store: DataStore | undefined;
  readonly listing: Listing;
  /** Problems of each entry file that has them, by absolute path. */
  readonly problems = new Map<string, Problem[]>();
  /** What the latest full load did: files parsed and validated, and entries kept as stored. */
  readonly counts = { parsed: 0, reused: 0 };
  #validate: ReturnType<typeof entryValidator> | undefined;
  #listed = false;

  constructor(
    readonly root: string,
    /** The engine key this knowledge was built under; see `engine-key.ts`. */
    readonly key: string,
    public options: CollectionOptions,
  ) {
    this.listing = new Listing(root, options.folder, options.extensions);
  }

  /** True once a full load has listed the folder; until then a refresh loads it all. */
  get listed() {
    return this.#listed;
  }

  /** Takes the options of a content config evaluated again; a new schema means a new validator. */
  reconfigure(options: CollectionOptions) {
    if (options.schema !== this.options.schema) this.#validate = undefined;
    this.options = options;
  }

  /** Every problem in the collection: the folder's own, then each file's. */
  allProblems(): Problem[] {
    return [...this.listing.problems(), ...[...this.problems.values()].flat()];
  }

  /** The stored entries, for the whole-content checks. */
  entries(): LoadedEntry[] {
    return (this.store?.values() ?? []).map(({ id, filePath, data }) => ({
      id,
      file: filePath ?? id,
      data,
    }));
  }

  /** A full load: lists the folder, reads every file, and drops entries whose files are gone. */
  async loadAll(context: LoaderContext) {
    this.store = context.store;
    this.listing.scan();
    this.problems.clear();
    this.counts.parsed = this.counts.reused = 0;
    // One at a time: the photo check reads the folder of the entry being validated.
    for (const { id, path } of this.listing.entries()) await this.#loadFile(context, id, path);
    for (const id of context.store.keys()) {
      if (!this.listing.ownerOf(id)) context.store.delete(id);
    }
    this.#listed = true;
  }

  /** A dev refresh: takes in the named changes and reloads only the files they touch. */
  async loadChanged(context: LoaderContext, changes: readonly Change[]) {
    this.store = context.store;
    const { listing } = this;
    const mine = changes.filter(({ path }) => listing.contains(path) || path === listing.base);
    if (!mine.length) return;
    // A folder added, removed or renamed moves many files at once: list it again.
    if (mine.some(({ event }) => event === 'addDir' || event === 'unlinkDir')) {
      return this.loadAll(context);
    }
    const reload = new Set<string>();
    for (const { event, path } of mine) {
      if (photoExtensions.includes(extname(path).toLowerCase())) {
        for (const user of this.#photoUsers(path)) reload.add(user);
      } else if (event === 'unlink' || !existsSync(path)) {
        // Gone before it was read, like the temporary file `sed -i` renames over the original.
        const id = listing.idOf(path);
        listing.remove(path);
        this.problems.delete(path);
        if (id === undefined) continue;
        const owner = listing.ownerOf(id);
        if (owner) reload.add(owner);
        else context.store.delete(id);
      } else {
        listing.add(path);
        reload.add(path);
      }
    }
    // Files with problems are tried again: a photo added or a clashing file removed may fix them.
    for (const path of this.problems.keys()) reload.add(path);
    for (const path of reload) {
      const id = listing.idOf(path);
      if (id === undefined || listing.ownerOf(id) !== path || !existsSync(path)) {
        // No longer an entry of its own: gone, or clashing with the file that owns its id.
        this.problems.delete(path);
        continue;
      }
      if (await this.#loadFile(context, id, path)) {
        context.logger.info(`Reloaded ${listing.shown(path)}`);
      }
    }
  }

  /**
   * Reads one entry file and, unless its stored digest says it is unchanged, parses, validates
   * and stores it. True when it was parsed.
   */
  async #loadFile(context: LoaderContext, id: string, path: string): Promise<boolean> {
    const file = this.listing.shown(path);
    const raw = readFileSync(path, 'utf8');
    const digest = context.generateDigest(`${this.key}\0${file}\0${raw}`);
    const stored = context.store.get(id);
    if (stored?.digest === digest && this.#photosPresent(stored)) {
      this.problems.delete(path);
      this.counts.reused += 1;
      return false;
    }
    this.counts.parsed += 1;
    const problems = await this.#store(context, id, file, raw, digest);
    if (problems.length) {
      this.problems.set(path, problems);
      // A build never keeps an entry whose file has problems; `astro dev` keeps the last good one.
      if (!context.watcher) context.store.delete(id);
    } else {
      this.problems.delete(path);
    }
    return true;
  }

  /** Parses and validates a file's text; stores the entry, or returns its problems. */
  async #store(context: LoaderContext, id: string, file: string, raw: string, digest: string) {
    const source = parseSource(file, raw);
    if (Array.isArray(source)) return source;
    this.#validate ??= entryValidator(this.root, this.options.schema);
    const checked = await this.#validate(source);
    if (checked.problems.length) return checked.problems;
    // Astro rebuilds the schema for every entry it parses; only local photos need it.
    const data =
      checked.data ??
      (await context.parseData({
        id,
        data: source.data as Record<string, unknown>,
        filePath: file,
      }));
    // The entry's own photos, as Astro imports them; kept so a later run can check they are there.
    const assetImports = checked.photos?.length ? { assetImports: checked.photos } : {};
    context.store.set({ id, data, body: source.body, filePath: file, digest, ...assetImports });
    return [];
  }

  /** The absolute paths of a stored entry's own photos (`image.src: ./cover.jpg`). */
  #photoPaths(entry: { filePath?: string; assetImports?: string[] }) {
    const folder = dirname(join(this.root, entry.filePath ?? ''));
    return (entry.assetImports ?? []).map((src) => resolve(folder, src));
  }

  /** A stored entry is only as good as its photos: one deleted since makes it a problem. */
  #photosPresent(entry: { filePath?: string; assetImports?: string[] }) {
    return this.#photoPaths(entry).every((path) => existsSync(path));
  }

  /** The entry files whose stored entries show the photo at `path`. */
  #photoUsers(path: string): string[] {
    return (this.store?.values() ?? [])
      .filter((entry) => this.#photoPaths(entry).includes(path))
      .map((entry) => join(this.root, entry.filePath ?? ''));
  }
}

/** What the engine knows of one project, kept for as long as the process runs. */
export type Project = {
  /** By collection folder. */
  collections: Map<string, Collection>;
  /** Whether the latest report in `astro dev` listed problems, so a clean one can say so. */
  problemsReported: boolean;
};

const REGISTRY = Symbol.for('delicious-bites.content-engine');

/**
 * The engine's knowledge of a project. `astro dev` evaluates the content config again on every
 * content change, which makes a new engine; what the engine knows must outlive that, so it is
 * kept per process, by project root.
 */
export function projectAt(root: string): Project {
  const registry = ((globalThis as Record<symbol, Map<string, Project> | undefined>)[REGISTRY] ??=
    new Map());
  let project = registry.get(root);
  if (!project) {
    project = { collections: new Map(), problemsReported: false };
    registry.set(root, project);
  }
  return project;
}

/** The engine's knowledge of a collection folder, dropped when the engine key has changed. */
export function collectionAt(
  project: Project,
  root: string,
  key: string,
  options: CollectionOptions,
): Collection {
  let collection = project.collections.get(options.folder);
  if (collection?.key === key) {
    collection.reconfigure(options);
  } else {
    collection = new Collection(root, key, options);
    project.collections.set(options.folder, collection);
  }
  return collection;
}
