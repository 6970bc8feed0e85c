import { existsSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { photoExtensions } from '@/config';
import { oneOf } from '@/lib/format';
import { entryId, sameEntry } from './entry-id';
import { fileProblem, type Problem } from './problems';
import { entryValidator, type SchemaFactory } from './validate';

const hidden = (pathInCollection: string) =>
  pathInCollection.startsWith('.') || pathInCollection.includes(`${sep}.`);

/** One collection as the engine reads it. */
export type CollectionOptions = {
  /** The collection folder, relative to the project root, e.g. `src/content/blog`. */
  folder: string;
  /** File endings read as entries, e.g. `['.md', '.mdx']`. */
  extensions: readonly string[];
  /** The collection's schema, the same one given to `defineCollection`. */
  schema: SchemaFactory;
};

/** The names of a directory's files, and of the directories in it. */
export type Names = { files: string[]; folders: string[] };

/**
 * The files of one collection folder and the ids they make. Nothing a writer commits is
 * skipped without a word: a file that is neither an entry, a photo nor hidden (a dotfile) is a
 * problem, and so are two files that would make the same id; the first in path order keeps it.
 * Kept up to date file by file while `astro dev` watches the folder.
 */
export class Folder {
  /** The absolute path of every entry file, by the id it makes; several when they clash. */
  readonly #claims = new Map<string, string[]>();
  /** Every file known, by absolute path, with the id it makes if the site reads it. */
  readonly #files = new Map<string, string | undefined>();
  #problems: { version: number; found: Problem[] } | undefined;

  /** The collection folder's absolute path. */
  readonly base: string;
  /** Goes up each time a file comes or goes, so a change to the set of files shows. */
  version = 0;
  /** Validates an entry file of the collection (validate.ts). */
  readonly validate: ReturnType<typeof entryValidator>;

  constructor(
    readonly root: string,
    /** The collection whose entries it holds. */
    readonly collection: string,
    readonly options: CollectionOptions,
  ) {
    this.base = join(root, options.folder);
    this.validate = entryValidator(root, options.schema);
  }

  /** A path as writers see it, and as Astro's store names it: from the project root, with forward slashes. */
  filePath(path: string) {
    return relative(this.root, path).split(sep).join('/');
  }

  contains(path: string) {
    return (
      path.length > this.base.length && path[this.base.length] === sep && path.startsWith(this.base)
    );
  }

  /**
   * Reads the whole folder's listing again, forgetting what was known: `listing` gives the names in
   * each of its directories, and `known` the entries of files found before, whose ids are the same for
   * the same path.
   */
  scan(listing: (directory: string) => Names, known: ReadonlyMap<string, { id: string }>) {
    this.#claims.clear();
    this.#files.clear();
    this.version += 1;
    if (!existsSync(this.base)) return;
    const files: string[] = [];
    const walk = (directory: string) => {
      const { files: names, folders } = listing(directory);
      for (const name of names) files.push(`${directory}${sep}${name}`);
      for (const name of folders) walk(`${directory}${sep}${name}`);
    };
    walk(this.base);
    files.sort();
    for (const path of files) this.add(path, known.get(path)?.id);
  }

  /** Adds a file that appeared or changed; what it makes depends only on its name. */
  add(path: string, knownId?: string) {
    const inCollection = path.slice(this.base.length + 1);
    const extension = extname(path);
    if (hidden(inCollection) || photoExtensions.includes(extension.toLowerCase())) return;
    if (this.#files.has(path)) return;
    this.version += 1;
    if (!this.options.extensions.includes(extension)) {
      this.#files.set(path, undefined);
      return;
    }
    const id = knownId ?? entryId(inCollection);
    this.#files.set(path, id);
    const claims = this.#claims.get(id);
    this.#claims.set(id, claims ? [...claims, path].sort() : [path]);
  }

  /** Forgets a file that is gone; a file that clashed with it may now own its id. */
  remove(path: string) {
    const id = this.#files.get(path);
    if (!this.#files.delete(path)) return;
    this.version += 1;
    if (id === undefined) return;
    const rest = (this.#claims.get(id) ?? []).filter((claim) => claim !== path);
    if (rest.length) this.#claims.set(id, rest);
    else this.#claims.delete(id);
  }

  /** The id `path` makes, if it is an entry file. */
  idOf(path: string): string | undefined {
    return this.#files.get(path);
  }

  /** The file that owns `id`: the first in path order of those that make it. */
  ownerOf(id: string): string | undefined {
    return this.#claims.get(id)?.[0];
  }

  /** Every file that makes `id`, the one that owns it first. */
  claimants(id: string): readonly string[] {
    return this.#claims.get(id) ?? [];
  }

  /** Every entry id, with the file that owns it. */
  *entries(): Generator<{ id: string; path: string }> {
    for (const [id, [path]] of this.#claims) if (path) yield { id, path };
  }

  /** Every id found, including those whose files have problems of their own. */
  ids(): string[] {
    return [...this.#claims.keys()];
  }

  /** Problems with the folder itself: missing, files it does not read, clashing ids. */
  problems(): Problem[] {
    if (this.#problems?.version !== this.version) {
      this.#problems = { version: this.version, found: this.#problemsNow() };
    }
    return this.#problems.found;
  }

  #problemsNow(): Problem[] {
    if (!existsSync(this.base))
      return [fileProblem(this.options.folder, 'This content folder is missing.')];
    const unread = [...this.#files]
      .filter(([, id]) => id === undefined)
      .map(([path]) =>
        fileProblem(
          this.filePath(path),
          `The site does not read "${extname(path) || 'files without an extension'}" files here. ` +
            `Entries in ${this.options.folder} end in ${oneOf(this.options.extensions)}; rename the file, ` +
            `or move it out of src/content if it is not an entry.`,
        ),
      );
    const clashes = [...this.#claims].flatMap(([id, [owner, ...others]]) =>
      others.map((path) => fileProblem(this.filePath(path), sameEntry(this.filePath(owner!), id))),
    );
    return [...unread, ...clashes];
  }
}
