/**
 * A file made from source files, kept until one of them changes: the editor's scripts and its
 * collections' schemas take seconds to make on a busy 2-core machine, and `astro dev` is asked
 * for them on every load. Kept in memory, and on disk from one start of the server to the next.
 *
 * On disk, an input inside the project's root is named relative to it and checked against the
 * files of the root it is read from: a copy of the project (`cp -a`, node_modules and its kept
 * files included) checks its own files, not the original's. An input outside the root (a
 * node_modules that is a link to another folder, say) is named by its absolute path, and trusted
 * only at the root it was made at: elsewhere, whether the copy would read that same file is not
 * known, so it is made again.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/** What was made, and the files it was made from (absolute paths). */
export type Made<T> = { value: T; inputs: string[] };

/**
 * Where it is kept between starts: a file; what else the making depends on besides its inputs
 * (the bundler's version and options, with no absolute path in it), so that a change there makes
 * it again too; and the project's root, which its inputs are named from.
 */
export type Store = { file: string; recipe: string; root: string };

/** A kept file on disk: its value, the root it was made at, each input's digest by its name. */
type Stored<T> = { recipe: string; root: string; digests: { [input: string]: string }; value: T };

/** The SHA-256 of a file's bytes, in hex; undefined if it cannot be read (gone, say). */
export const fileDigest = (file: string) => {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return undefined;
  }
};
const digest = (file: string) => fileDigest(file) ?? 'gone';

/** `root` as given and as the disk has it (a link resolved): inputs are named from either. */
const rootsOf = (root: string) => {
  try {
    return [...new Set([resolve(root), realpathSync(root)])];
  } catch {
    return [resolve(root)];
  }
};

/** How `input` is named on disk: from the root if it is inside it, else by its absolute path. */
function stored(input: string, roots: string[]) {
  for (const root of roots) {
    const path = relative(root, input);
    if (path && path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path)) return path;
  }
  return resolve(input);
}

/** How far a file's time may lag the clock: Linux sets it from a clock read once a tick. */
const MTIME_MARGIN_MS = 100;

export class Kept<T> {
  readonly #make: () => Promise<Made<T>>;
  readonly #store: Store | undefined;
  #made: Promise<Made<T>> | undefined;
  /** Its sources, once made. */
  #inputs: Set<string> | undefined;
  /** Files that changed while it was being made: it may have read them as they were. */
  #changedMeanwhile: string[] = [];
  /** Making it failed: which files it read is not known, so any change makes it again. */
  #failed = false;

  constructor(make: () => Promise<Made<T>>, store?: Store) {
    this.#make = make;
    this.#store = store;
  }

  /** Starts making it now, before anyone asks. */
  prepare(): void {
    this.get().catch(() => {}); // whoever asks next meets the error
  }

  /** What was made, or is being made; taken from disk or made anew if none is kept. */
  async get(): Promise<T> {
    if (!this.#made) {
      const stored = this.#stored();
      const started = Date.now();
      const making = stored ?? this.#make();
      [this.#made, this.#inputs, this.#changedMeanwhile] = [making, undefined, []];
      this.#failed = false;
      making.then(
        (made) => {
          if (this.#made !== making) return;
          this.#inputs = new Set(made.inputs);
          if (this.#changedMeanwhile.some((path) => this.#inputs!.has(path))) {
            this.#made = undefined;
          } else if (!stored) {
            this.#save(made, started);
          }
        },
        () => {
          if (this.#made !== making) return;
          // Kept too, until a file changes: made again from the same files, it fails the same way.
          if (this.#changedMeanwhile.length) this.#made = undefined;
          else this.#failed = true;
        },
      );
    }
    return (await this.#made).value;
  }

  /** `path` changed on disk: if it was made from it (or failed), it is made again when asked. */
  changed(path: string): void {
    if (!this.#made) return;
    if (this.#failed) this.#made = undefined;
    else if (!this.#inputs) this.#changedMeanwhile.push(path);
    else if (this.#inputs.has(path)) this.#made = undefined;
  }

  /** What the disk keeps, if it was made the same way from the files as they are now. */
  #stored(): Promise<Made<T>> | undefined {
    if (!this.#store) return undefined;
    try {
      const { root, recipe } = this.#store;
      const record = JSON.parse(readFileSync(this.#store.file, 'utf8')) as Stored<T>;
      // Outside the root, a file is only known to be the one read at the root it was made at.
      const sameRoot = record.root === resolve(root);
      const named = Object.keys(record.digests);
      // Named as a making names them: by the path the disk has, as esbuild does.
      const disk = rootsOf(root).at(-1)!;
      const inputs = named.map((input) => resolve(disk, input));
      const same = named.every(
        (input, i) =>
          (!isAbsolute(input) || sameRoot) && digest(inputs[i]!) === record.digests[input],
      );
      if (record.recipe === recipe && same) {
        return Promise.resolve({ value: record.value, inputs });
      }
    } catch {
      // None yet, or not one this code reads: made anew.
    }
    return undefined;
  }

  /** Keeps `made` on disk for the next start, unless a source was written as it was made. */
  #save(made: Made<T>, started: number) {
    // The watcher tells of a write while it was made; a file's time tells too, where there is no
    // watcher.
    const untouched = made.inputs.every((input) => {
      const stat = statSync(input, { throwIfNoEntry: false });
      return stat !== undefined && stat.mtimeMs < started - MTIME_MARGIN_MS;
    });
    if (!this.#store || !untouched) return;
    const { recipe, root } = this.#store;
    const roots = rootsOf(root);
    const digests = Object.fromEntries(
      made.inputs.map((input) => [stored(input, roots), digest(input)]),
    );
    const record: Stored<T> = { recipe, root: resolve(root), digests, value: made.value };
    try {
      mkdirSync(dirname(this.#store.file), { recursive: true });
      writeFileSync(this.#store.file, JSON.stringify(record));
    } catch {
      // Not kept for the next start, which makes it again: still served now.
    }
  }
}
