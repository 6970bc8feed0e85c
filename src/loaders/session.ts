import type { SiteRules } from '@/config';
import { plural } from '@/lib/format';
import { publishingNow, type Mode } from '@/lib/publishing';
import { Catalogue } from './catalogue';
import { decide, type Decision } from './decide';
import { hasEntryFiles, listEntryFiles } from './code-editor-manifest';
import { engineKey } from './engine-key';
import type { IndexedEntry } from './entry-index';
import type { CollectionOptions } from './folder';
import { positionWarning } from './photo-check';
import { PICKS, type Engine, type Host, type Refresh, type StoreChange } from './port';
import { formatProblems, githubAnnotations } from './problems';

// `astro dev` saves the index, and tells the code editor of files come or gone, this long after the
// last change. A dev server stopped sooner only costs the next run the files changed since.
const SAVE_INDEX_MS = 5000;

const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${plural(count, one, many)}`;

/**
 * What the engine keeps of one project between loads: the catalogue of its files, the latest
 * decision and its problems, and how far the loaders of this run have got. All the engine's
 * keeping is here. A build or `astro sync` makes a session per evaluation of the content config
 * and lets it go once every part of the store is filled; `astro dev` keeps one per project for
 * the life of the process (`sessionOf`), and scans again for each newer evaluation of the
 * content config, with a new catalogue when the engine key changed.
 */
class Session {
  catalogue: Catalogue | undefined;
  decision: Decision = { picks: new Map(), holds: new Map(), problems: [], notes: [] };
  /** Whether the terminal's last report listed problems, so a clean one can say so. */
  #reported = false;
  /** The catalogue's version when the code editor was last told of every entry file. */
  #told = -1;
  #error: Error | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  /** The scan for the newest evaluation of the content config, which every loader waits for. */
  #scanned: Promise<void> | undefined;
  /** The evaluation of the content config the session last scanned for. */
  #engine: Engine | undefined;
  #lastRefresh: { id: string; done: Promise<void> } | undefined;
  /** A build: the parts of the store filled so far. */
  readonly #filled = new Set<string>();
  #saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly mode: Mode,
    /** The port of the latest load. */
    public host: Host,
  ) {}

  /** Runs `work` after everything already asked of the engine. */
  run(work: () => Promise<void>): Promise<void> {
    const done = this.#queue.then(work, work);
    this.#queue = done.catch(() => undefined);
    return done;
  }

  /**
   * One loader's turn: the first of an evaluation of the content config scans every folder; each
   * hands over the refresh it carries, which the session reads once however many loaders hand it
   * over. A load of an older evaluation than the one scanned for takes the newer one's decision.
   */
  async load(engine: Engine, refresh: Refresh | undefined) {
    if (engine.evaluation > (this.#engine?.evaluation ?? 0)) {
      this.#engine = engine;
      this.#scanned = this.run(() => this.#scan(engine.collections, engine.rules));
    }
    await this.#scanned;
    if (refresh) await this.#refresh(refresh, this.#engine!.rules);
  }

  /**
   * What one part of the store must do to hold exactly what the decision holds, given each stored
   * id's digest: an entry whose digest matches is kept, one newly held or changed is set, one no
   * longer held is deleted. The picks' part holds each list's pick.
   */
  async *storeChanges(
    part: string,
    stored: ReadonlyMap<string, unknown>,
  ): AsyncGenerator<StoreChange> {
    const { picks, holds } = this.decision;
    const wanted = part === PICKS ? new Set(picks.keys()) : holds.get(part);
    for (const id of stored.keys()) if (!wanted?.has(id)) yield { delete: id };
    if (part === PICKS) {
      for (const [list, ids] of picks)
        yield { set: { id: list, data: { ids }, digest: ids.join(' ') } };
      return;
    }
    for (const id of wanted ?? []) {
      const indexed = this.catalogue!.indexed(part, id);
      if (!indexed || stored.get(id) === indexed.digest) continue;
      const read = await this.catalogue!.parse(indexed);
      if (!read) continue;
      const { file: filePath, digest, photos } = indexed;
      const [data, written] = read.written ? [read.written, true] : [read.data, false];
      yield { set: { id, data, written, body: read.body, filePath, digest, photos } };
    }
  }

  /**
   * A part of the store is filled. A build throws the problems; once every part is filled it
   * needs the catalogue no more, and lets it go before Vite bundles the pages (a quarter of a
   * gigabyte at 100,000 entries). True when the session is done.
   */
  filled(part: string, { parts }: Engine): boolean {
    if (this.mode === 'dev') return false;
    if (this.decision.problems.length) throw this.error;
    this.#filled.add(part);
    return this.#filled.size === parts.length;
  }

  /** Reads every folder's listing and every changed file, decides, and logs what the build will hold. */
  async #scan(collections: Record<string, CollectionOptions>, rules: SiteRules) {
    const { root, srcDir, log } = this.host;
    const key = await engineKey(root, srcDir);
    if (this.catalogue?.key !== key) {
      this.catalogue = new Catalogue(this.host, collections, key, this.mode);
    }
    const catalogue = this.catalogue;
    const { files, parsed, sameFiles, positions } = await catalogue.scan();
    // The files the index held, no more, no fewer: the code editor's manifest is as the last run left it.
    if (sameFiles && hasEntryFiles(root)) this.#told = catalogue.version;
    this.#decide(rules);
    const counts = [...catalogue.folders.values()]
      .sort((a, b) => a.collection.localeCompare(b.collection))
      .map((folder) => `${folder.ids().length} ${folder.collection}`);
    const held = [...this.decision.holds.values()].reduce((sum, ids) => sum + ids.size, 0);
    log.info(`Read ${counts.join(', ')} entries.`);
    log.info(
      `${counted(files - parsed, 'entry', 'entries')} unchanged since the last run, kept as stored; ` +
        `${counted(parsed, 'file', 'files')} read and checked.`,
    );
    log.info(`The content store holds the ${counted(held, 'entry', 'entries')} the site shows.`);
    for (const note of this.decision.notes) log.info(note);
    this.#warnOfPositions(positions);
    this.save();
  }

  /** `astro dev`: reads a refresh once, though each of the engine's loaders hands it over. */
  #refresh({ refresh, events }: Refresh, rules: SiteRules) {
    if (this.#lastRefresh?.id === refresh) return this.#lastRefresh.done;
    const done = this.run(async () => {
      if (!events.length) return;
      const { parsed, positions } = await this.catalogue!.refresh(events);
      for (const file of parsed) this.host.log.info(`Reloaded ${file}`);
      this.#warnOfPositions(positions);
      this.#decide(rules);
      clearTimeout(this.#saveTimer);
      this.#saveTimer = setTimeout(() => this.save(), SAVE_INDEX_MS);
      this.#saveTimer.unref();
    });
    this.#lastRefresh = { id: refresh, done };
    return done;
  }

  /** Names the photos that tell where they were taken, with the command that removes it. */
  #warnOfPositions(photos: string[]) {
    if (photos.length) this.host.log.warn(positionWarning(photos));
  }

  /** Asks the core again; `astro dev` reports the problems in the terminal at once. */
  #decide(rules: SiteRules) {
    const catalogue = this.catalogue!;
    this.decision = decide(catalogue.content(), rules, { now: publishingNow(), mode: this.mode });
    this.#error = undefined;
    if (this.mode === 'build') return;
    const keeping = 'Pages keep the last good version of these files until they are fixed:';
    const { problems } = this.decision;
    if (problems.length) this.host.log.error(formatProblems(problems, keeping));
    else if (this.#reported) this.host.log.info('The content problems are fixed.');
    this.#reported = problems.length > 0;
  }

  /** What a build throws for the problems, made once: every problem in words, and GitHub annotations there. */
  get error(): Error {
    if (this.#error) return this.#error;
    if (process.env['GITHUB_ACTIONS']) {
      process.stdout.write(`${githubAnnotations(this.decision.problems).join('\n')}\n`);
    }
    this.#error = Object.assign(new Error(formatProblems(this.decision.problems)), {
      name: 'ContentError',
      // The report says where every problem is; a stack trace into the loader would only distract.
      stack: '',
    });
    return this.#error;
  }

  /** Saves the index, and tells the code editor the collection of every entry file if files came or went. */
  save() {
    clearTimeout(this.#saveTimer);
    const catalogue = this.catalogue!;
    catalogue.save();
    if (this.#told === catalogue.version) return;
    this.#told = catalogue.version;
    listEntryFiles(this.host.root, [...catalogue.folders.values()]);
  }
}

const DEV_SESSIONS = Symbol.for('delicious-bites.content-engine');
const builds = new WeakMap<Engine, Session>();

/**
 * The session a load belongs to. `astro dev`'s outlives any one evaluation of the content config:
 * one per project, kept on `globalThis`. A build's belongs to its evaluation (`engine`), until
 * `fill` lets it go.
 */
function sessionOf(engine: Engine, mode: Mode, host: Host): Session {
  if (mode === 'build') {
    const session = builds.get(engine) ?? new Session('build', host);
    builds.set(engine, session);
    return session;
  }
  const global = globalThis as { [DEV_SESSIONS]?: Map<string, Session> };
  const sessions = (global[DEV_SESSIONS] ??= new Map());
  const session = sessions.get(host.root) ?? new Session('dev', host);
  sessions.set(host.root, session);
  session.host = host;
  return session;
}

/** What one load hands the engine: build or dev, its port, its refresh, and the digest of each entry its part of the store holds, by id. */
export type Load = {
  mode: Mode;
  host: Host;
  refresh: Refresh | undefined;
  stored: ReadonlyMap<string, unknown>;
};

/**
 * One load of one part of the store (`part`), the adapter's one call into the session: the
 * session takes in what the load carries, and yields what the part must do to hold what the
 * decision holds. Astro runs a loader per collection, so each load asks this once. A build's
 * session is let go once every part is filled: the next load of the same evaluation starts over.
 */
export async function* fill(
  engine: Engine,
  part: string,
  { mode, host, refresh, stored }: Load,
): AsyncGenerator<StoreChange> {
  const session = sessionOf(engine, mode, host);
  await session.load(engine, refresh);
  yield* session.storeChanges(part, stored);
  if (session.filled(part, engine)) builds.delete(engine);
}

/**
 * Every entry the index of the project at `root` holds now, newest first: the running `astro
 * dev`'s, as it is after the last save, when this process runs one; none otherwise.
 */
export function liveEntries(root: string): IndexedEntry[] | undefined {
  const global = globalThis as { [DEV_SESSIONS]?: Map<string, Session> };
  const index = global[DEV_SESSIONS]?.get(root)?.catalogue?.index;
  return index && [...index.newestFirst().values()].flat();
}
