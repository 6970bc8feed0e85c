import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { changesIn, LOADER_NAME, type ContentChanges } from './dev-refresh';
import { Listing, photoExtensions } from './discover';
import { hasEntryFiles, listEntryFiles } from './editor-manifest';
import { readEntry, type ReadEntry } from './entry-file';
import { EntryIndex, type IndexedEntry } from './entry-index';
import { engineKey } from './engine-key';
import { formatProblems, githubAnnotations, type Problem } from './problems';
import type { FieldProblem, SiteRules } from './site-rules';
import { parseSource } from './source';
import { entryValidator, fieldName, type SchemaFactory } from './validate';

/** One collection folder of the content engine. */
export type CollectionOptions = {
  /** The collection folder, relative to the project root, e.g. `src/content/blog`. */
  folder: string;
  /** File endings read as entries, e.g. `['.md', '.mdx']`. */
  extensions: readonly string[];
  /** The collection's schema, the same one given to `defineCollection`. */
  schema: SchemaFactory;
};

/** What the engine knows of one collection: its folder's files, and Astro's side of it. */
type Member = {
  name: string;
  options: CollectionOptions;
  listing: Listing;
  validate?: ReturnType<typeof entryValidator>;
  /** The context of the collection's latest load: its store, its `parseData`, its logger. */
  context?: LoaderContext;
};

type Stat = { size: number; mtimeMs: number };

/** What the engine decided in its latest round: what the store holds, and every problem. */
type Review = { shown: Map<string, Set<string>>; problems: Problem[] };

// `astro dev` saves the index, and tells the editor of files come or gone, this long after the
// last change. A dev server stopped sooner only costs the next run the files changed since.
const SAVE_INDEX_MS = 5000;

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/**
 * What the engine knows of one project: its collections, the index of every entry, the problems
 * of files that have them, and the latest decision of what the store holds. Rounds of work run
 * one after another.
 */
class Project {
  readonly members = new Map<string, Member>();
  /** Problems of each entry file that has them, by absolute path; such files are read every run. */
  readonly problems = new Map<string, Problem[]>();
  /** Entries read in this round that the store will hold, until it does. */
  readonly fresh = new Map<string, ReadEntry>();
  key = '';
  index: EntryIndex | undefined;
  indexFile = '';
  review: Review = { shown: new Map(), problems: [] };
  /** Problems with the collection folders themselves (discover.ts), as of the last listing. */
  folderProblems: Problem[] = [];
  /** The problems of each entry's references, by absolute path. */
  readonly referenceProblems = new Map<string, Problem[]>();
  /** Whether the latest report in `astro dev` listed problems, so a clean one can say so. */
  problemsReported = false;
  #queue: Promise<unknown> = Promise.resolve();
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** `moves` when the editor was last told of every entry file. */
  #listed = -1;
  /** The latest refresh taken in, and its round. */
  #taken: { refresh: string; round: Promise<Review> } | undefined;

  constructor(
    readonly root: string,
    readonly rules: SiteRules,
  ) {}

  /** Runs `work` after every round already asked for; the review it settles on. */
  enqueue(work: () => Promise<Review>): Promise<Review> {
    const round = this.#queue.then(work, work).then((review) => (this.review = review));
    this.#queue = round.catch(() => undefined);
    return round;
  }

  /** Takes in a refresh's changes: once, though each of the engine's loaders hands them over. */
  takeChanges({ refresh, changed }: ContentChanges): Promise<Review> {
    if (this.#taken?.refresh !== refresh) {
      this.#taken = { refresh, round: this.enqueue(() => this.changesRound(changed)) };
    }
    return this.#taken.round;
  }

  /** Takes in a collection, with the options of the content config as it is now. */
  takeIn(name: string, options: CollectionOptions) {
    const member = this.members.get(name);
    if (member?.options === options) return;
    const listing = member?.listing ?? new Listing(this.root, options.folder, options.extensions);
    this.members.set(name, {
      name,
      options,
      listing,
      ...(member?.context && { context: member.context }),
    });
  }

  /** Any collection's latest context, for what does not belong to one collection. */
  get context(): LoaderContext {
    return [...this.members.values()].find((member) => member.context)!.context!;
  }

  /** The collection whose folder holds `path`. */
  memberOf(path: string): Member | undefined {
    return [...this.members.values()].find(
      ({ listing }) => listing.contains(path) || path === listing.base,
    );
  }

  /** The absolute paths of an indexed entry's own photos. */
  photoPaths(entry: IndexedEntry): string[] {
    const folder = dirname(join(this.root, entry.file));
    return entry.photos.map((src) => resolve(folder, src));
  }

  /** Parses and validates an entry file (entry-file.ts). */
  read(member: Member, id: string, path: string, raw: string, stat: Stat, digest: string) {
    member.validate ??= entryValidator(this.root, member.options.schema);
    const file = { collection: member.name, id, path, shown: member.listing.shown(path), raw };
    return readEntry(file, stat, digest, member.validate);
  }

  /**
   * Reads an entry file again if it changed since it was indexed, or a photo it shows is gone:
   * true when it was parsed, false when its indexed entry still holds or it is no entry of its own.
   */
  async refresh(path: string): Promise<boolean> {
    const index = this.index!;
    const member = this.memberOf(path);
    const id = member?.listing.idOf(path);
    // Gone before it was read, like the temporary file `sed -i` renames over the file.
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!member || id === undefined || member.listing.ownerOf(id) !== path || !stat) return false;
    const known = index.entries.get(path);
    const photosGone = !!known?.photos.length && !this.photoPaths(known).every(existsSync);
    const intact = !this.problems.has(path) && !photosGone;
    if (intact && index.unchanged(path, stat)) return false;
    const raw = readFileSync(path, 'utf8');
    const shown = member.listing.shown(path);
    const digest = this.context.generateDigest(`${this.key}\0${shown}\0${raw}`);
    if (intact && known?.digest === digest) {
      index.set(path, { ...known, size: stat.size, mtimeMs: stat.mtimeMs });
      return false;
    }
    const read = await this.read(member, id, path, raw, stat, digest);
    if (Array.isArray(read)) {
      this.problems.set(path, read);
      // A build keeps nothing of it; `astro dev` keeps showing its last good version.
      if (!this.context.watcher) index.delete(path);
    } else {
      this.problems.delete(path);
      index.set(path, read.indexed);
      this.fresh.set(path, read);
    }
    return true;
  }

  /**
   * Forgets each of `suspects` that is no longer an entry of its own (gone, or clashing with the
   * file that owns its id), and reads each file of `reread` that changed. The paths it read.
   */
  async settle(suspects: Set<string>, reread: Set<string>): Promise<string[]> {
    for (const path of suspects) {
      const listing = this.memberOf(path)?.listing;
      const id = listing?.idOf(path);
      if (id !== undefined && listing?.ownerOf(id) === path) continue;
      this.index!.delete(path);
      this.problems.delete(path);
      reread.delete(path);
    }
    const read: string[] = [];
    // One at a time: a photo check reads the folder of the entry being validated.
    for (const path of reread) if (await this.refresh(path)) read.push(path);
    return read;
  }

  /** Start-up, a build or `astro sync`: lists every folder and reads every file that changed. */
  async fullRound(): Promise<Review> {
    const { context } = this;
    const key = engineKey(this.root, fileURLToPath(context.config.srcDir));
    if (key !== this.key || !this.index) {
      this.key = key;
      this.indexFile = join(fileURLToPath(context.config.cacheDir), 'content-index.json');
      this.index = EntryIndex.open(this.root, key, this.indexFile);
      for (const member of this.members.values()) delete member.validate;
    }
    this.problems.clear();
    this.fresh.clear();
    const listed = new Set<string>();
    let unindexed = 0;
    for (const { listing } of this.members.values()) {
      listing.scan((path) => this.index?.entries.get(path)?.id);
      for (const { path } of listing.entries()) {
        listed.add(path);
        if (!this.index.entries.has(path)) unindexed += 1;
      }
    }
    // The files the index holds, no more, no fewer: the editor's list is as the last run left it.
    const same = !unindexed && this.index.entries.size === listed.size;
    if (same && hasEntryFiles(context.config.root)) this.#listed = this.moves;
    const parsed = (await this.settle(new Set(this.index.entries.keys()), listed)).length;
    const { review, notes } = this.decide();
    const counts = [...this.members.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ name, listing }) => `${listing.ids().length} ${name}`);
    const held = [...review.shown.values()].reduce((sum, ids) => sum + ids.size, 0);
    context.logger.info(`Read ${counts.join(', ')} entries.`);
    context.logger.info(
      `${plural(listed.size - parsed, 'entry', 'entries')} unchanged since the last run, kept as stored; ` +
        `${plural(parsed, 'file', 'files')} read and checked.`,
    );
    context.logger.info(
      `The content store holds the ${plural(held, 'entry', 'entries')} the site shows.`,
    );
    for (const note of notes) context.logger.info(note);
    this.save();
    return review;
  }

  /**
   * `astro dev`: takes in the paths a refresh names (dev-refresh.ts), reading only the files they
   * touch. What changed is read off the disk: a file or a folder that is there, or is gone.
   */
  async changesRound(changed: readonly string[]): Promise<Review> {
    if (!changed.length) return this.review;
    this.fresh.clear();
    const moves = this.moves;
    const index = this.index!;
    const reread = new Set<string>();
    // Files with problems are tried again: a photo added or a clashing file removed may fix them.
    const suspects = new Set<string>(this.problems.keys());
    for (const path of suspects) reread.add(path);
    for (const path of new Set(changed)) {
      const listing = this.memberOf(path)?.listing;
      if (!listing) continue;
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory() || (!stat && listing.holdsFolder(path))) {
        // A folder added, removed or renamed moves many files at once: list it again.
        listing.scan();
        for (const file of index.entries.keys()) if (listing.contains(file)) suspects.add(file);
        for (const { path: file } of listing.entries()) reread.add(file);
      } else if (photoExtensions.includes(extname(path).toLowerCase())) {
        for (const [file, entry] of index.entries) {
          if (this.photoPaths(entry).includes(path)) reread.add(file);
        }
      } else {
        const id = listing.idOf(path);
        // Gone, or gone before it was read, like the temporary file `sed -i` renames over the file.
        if (stat) listing.add(path);
        else listing.remove(path);
        // The file that owns its id may have changed: another that clashed with it, or this one.
        for (const claimant of listing.claimants(id ?? listing.idOf(path) ?? '')) {
          suspects.add(claimant);
          reread.add(claimant);
        }
        suspects.add(path);
      }
    }
    const touched = new Set([...suspects, ...reread]);
    for (const path of await this.settle(suspects, reread)) {
      this.context.logger.info(`Reloaded ${this.memberOf(path)!.listing.shown(path)}`);
    }
    const { review } = this.decide(this.moves === moves ? touched : undefined);
    clearTimeout(this.#saveTimer);
    this.#saveTimer = setTimeout(() => this.save(), SAVE_INDEX_MS);
    this.#saveTimer.unref();
    return review;
  }

  /** How often the set of entry files changed: files taken in or forgotten, in every folder. */
  get moves() {
    return [...this.members.values()].reduce((sum, { listing }) => sum + listing.moves, 0);
  }

  /** Saves the index, and tells the editor the collection of every entry file if files came or went. */
  save() {
    this.index!.save(this.indexFile);
    if (this.#listed === this.moves) return;
    this.#listed = this.moves;
    const files = [...this.members.values()].map(
      ({ name, listing }) => [name, [...listing.entries()].map(({ path }) => path)] as const,
    );
    listEntryFiles(this.context.config.root, new Map(files));
  }

  /** A problem the rules found at a field, at its line. */
  placed(problem: FieldProblem): Problem {
    const { path, ...rest } = problem;
    if (!path) return rest;
    const source = parseSource(problem.file, readFileSync(join(this.root, problem.file), 'utf8'));
    const place = Array.isArray(source) ? { line: 1, column: 1 } : source.locate(path);
    return { ...rest, ...place, field: fieldName(path) };
  }

  /**
   * Runs the checks over every indexed entry and decides what the store holds: what the rules
   * show, and every entry those name (an author, Today's Special). In `astro dev` the report goes
   * to the terminal as soon as the change is read; a build throws it (`load`).
   */
  decide(touched?: Iterable<string>): { review: Review; notes: string[] } {
    const members = [...this.members.values()];
    const index = this.index!;
    const entryOf = (collection: string, id: string) => {
      const path = this.members.get(collection)?.listing.ownerOf(id);
      return path === undefined ? undefined : index.entries.get(path);
    };
    const rejected = (name: string) =>
      [...this.problems.keys()].filter((path) => this.members.get(name)?.listing.contains(path))
        .length;
    const {
      shown,
      problems: found,
      notes,
    } = this.rules({
      entries: index.newestFirst(),
      flagged: index.flagged,
      entryOf,
      rejected,
      dev: !!this.context.watcher,
    });

    // Astro only logs a reference to a missing entry; here it stops the build, at its line. An
    // entry left out for problems of its own still exists, and is reported at its own file only.
    // Only the entries that changed are checked again, unless files came or went: a new file may
    // be the entry a reference names, and a file gone may have been.
    if (!touched) {
      this.referenceProblems.clear();
      this.folderProblems = members.flatMap((member) => member.listing.problems());
    }
    for (const file of touched ?? index.entries.keys()) {
      const entry = index.entries.get(file);
      const found = (entry?.references ?? []).flatMap(({ path, collection, id }) => {
        const target = this.members.get(collection)?.listing;
        if (!target || target.ownerOf(id)) return [];
        const message = `There is no ${collection} entry "${id}". Use one of: ${target.ids().sort().join(', ')}`;
        return [this.placed({ file: entry!.file, path, message })];
      });
      if (found.length) this.referenceProblems.set(file, found);
      else this.referenceProblems.delete(file);
    }
    const problems: Problem[] = [
      ...this.folderProblems,
      ...[...this.problems.values()].flat(),
      ...found.map((problem) => this.placed(problem)),
      ...[...this.referenceProblems.values()].flat(),
    ];

    const queue = [...shown].flatMap(([name, ids]) => [...ids].map((id) => entryOf(name, id)));
    while (queue.length) {
      for (const { collection, id } of queue.pop()?.references ?? []) {
        const ids = shown.get(collection) ?? new Set<string>();
        shown.set(collection, ids);
        if (ids.has(id)) continue;
        ids.add(id);
        queue.push(entryOf(collection, id));
      }
    }
    for (const [path, read] of this.fresh) {
      if (!shown.get(read.indexed.collection)?.has(read.indexed.id)) this.fresh.delete(path);
    }

    if (this.context.watcher) {
      const { logger } = this.context;
      const keeping = 'Pages keep the last good version of these files until they are fixed:';
      if (problems.length) logger.error(formatProblems(problems, keeping));
      else if (this.problemsReported) logger.info('The content problems are fixed.');
      this.problemsReported = problems.length > 0;
    }
    return { review: { shown, problems }, notes };
  }

  /**
   * Makes a collection's part of Astro's store hold exactly the entries the site shows: an entry
   * whose stored digest matches is kept, one newly shown or changed is stored, one no longer shown
   * leaves. An entry is parsed here only if this round did not parse it already.
   */
  async fill(member: Member, review: Review) {
    const { context } = member;
    if (!context) return;
    const { store } = context;
    const shown = review.shown.get(member.name) ?? new Set<string>();
    for (const id of store.keys()) if (!shown.has(id)) store.delete(id);
    for (const id of shown) {
      const path = member.listing.ownerOf(id);
      const entry = path && this.index!.entries.get(path);
      if (!path || !entry || store.get(id)?.digest === entry.digest) continue;
      const read =
        this.fresh.get(path) ??
        (await this.read(member, id, path, readFileSync(path, 'utf8'), entry, entry.digest));
      if (Array.isArray(read)) continue;
      this.fresh.delete(path);
      // Only Astro's own parseData turns a local photo's path into an image.
      const data = read.written
        ? await context.parseData({ id, data: read.written, filePath: entry.file })
        : read.data;
      const photos = entry.photos.length ? { assetImports: entry.photos } : {};
      store.set({
        id,
        data,
        body: read.body,
        filePath: entry.file,
        digest: entry.digest,
        ...photos,
      });
    }
  }
}

const REGISTRY = Symbol.for('delicious-bites.content-engine');

/**
 * The engine's state of a project in `astro dev`, which may evaluate the content config again and
 * so make new loaders: what the engine knows outlives that, per process and project root.
 */
function devProject(root: string, rules: SiteRules): Project {
  const registry = ((globalThis as Record<symbol, Map<string, Project> | undefined>)[REGISTRY] ??=
    new Map());
  const project = registry.get(root) ?? new Project(root, rules);
  registry.set(root, project);
  return project;
}

/** The engine's report in a build: every problem, and GitHub annotations when running there. */
function contentError(problems: Problem[]): Error {
  if (process.env['GITHUB_ACTIONS']) {
    process.stdout.write(`${githubAnnotations(problems).join('\n')}\n`);
  }
  const error = new Error(formatProblems(problems));
  error.name = 'ContentError';
  // The report says where every problem is; a stack trace into the loader would only distract.
  error.stack = '';
  return error;
}

/**
 * The site's content engine, and a loader for each of its collections.
 *
 * Every entry file is read and validated, and every problem of every file is reported in one
 * run at its `file:line:column`. Astro's content store holds only the entries the site shows
 * (`rules`, from src/config.ts): the lists on the pages and in the feeds, the collections shown
 * whole, and the entries those name. The engine keeps its own index of every entry
 * (entry-index.ts): a file whose size and time are unchanged is not read again, and the checks
 * that need all the content (references, page counts, Today's Special, placeholders, the
 * schedule) run over the index on every build and every save.
 *
 * It talks to Astro only through the loader context: `store`, `parseData`, `generateDigest`,
 * `logger`, `config`, `refreshContextData`, and `watcher`, whose presence means `astro dev`. The
 * first load of an engine (one per evaluation of the content config: a build, `astro sync`, a dev
 * server's start) looks at every file; in `astro dev`, later changes come named by a refresh
 * (dev-refresh.ts). Each load then fills its own collection's part of the store from what the
 * engine decided, so nothing depends on the order in which Astro runs the loaders, or on how many
 * of them it runs.
 */
export function contentEngine(collections: Record<string, CollectionOptions>, rules: SiteRules) {
  let looked: Promise<Review> | undefined;
  let built: Project | undefined;
  const filled = new Set<string>();
  return {
    /** The loader of collection `name`. */
    loader(name: string): Loader {
      return {
        name: LOADER_NAME,
        load: async (context) => {
          const root = fileURLToPath(context.config.root);
          // A build or `astro sync` starts from what it reads and the saved index.
          const project = context.watcher
            ? devProject(root, rules)
            : (built ??= new Project(root, rules));
          for (const [member, options] of Object.entries(collections)) {
            project.takeIn(member, options);
          }
          const member = project.members.get(name)!;
          member.context = context;
          looked ??= project.enqueue(() => project.fullRound());
          await looked;
          // A refresh in `astro dev` (dev-refresh.ts) names what changed since.
          const changes = changesIn(context.refreshContextData);
          if (changes) await project.takeChanges(changes);
          await project.fill(member, project.review);
          if (context.watcher) return;
          if (project.review.problems.length) throw contentError(project.review.problems);
          // Once every collection is filled, a build needs the index no more: let it go before Vite
          // bundles the pages (a quarter of a gigabyte at 100,000 entries). A later load starts over.
          filled.add(name);
          if (filled.size < Object.keys(collections).length) return;
          [built, looked] = [undefined, undefined];
          filled.clear();
        },
      };
    },
  };
}
