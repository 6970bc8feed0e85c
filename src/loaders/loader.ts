/**
 * The content engine's adapter: the only code that speaks to Astro's loader context. A load
 * scans or updates the catalogue (catalogue.ts), asks the core what to decide (decide.ts), fills
 * its collection's part of Astro's store, and logs. A build throws the problems; `astro dev`
 * reports them in the terminal and keeps the last good version of each entry.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { siteRules, type SiteRules } from '@/config';
import { plural } from '@/lib/format';
import { publishingNow, type Mode } from '@/lib/publishing';
import { Catalogue, type CollectionOptions } from './catalogue';
import { decide, type Decision } from './decide';
import { hasEntryFiles, listEntryFiles } from './editor-manifest';
import { engineKey } from './engine-key';
import { formatProblems, githubAnnotations, type Problem } from './problems';
import { placeProblems } from './source';
import { changesIn, LOADER_NAME, type ContentChanges } from './refresh';

/** The collection that holds each list's pick: its entries' ids in order, by the list's name. */
export const PICKS = 'picks';

// `astro dev` saves the index, and tells the editor of files come or gone, this long after the
// last change. A dev server stopped sooner only costs the next run the files changed since.
const SAVE_INDEX_MS = 5000;

/**
 * What the engine keeps of one project between loads, and the one place it keeps it. A build or
 * `astro sync` makes one per evaluation of the content config and lets it go once every
 * collection is filled. `astro dev` keeps one per project for the life of the process
 * (`devSession`): Astro may evaluate the content config again, and the index, the problems
 * already reported and the refresh in hand must outlive that.
 */
class Session {
  catalogue: Catalogue | undefined;
  decision: Decision = { picks: new Map(), holds: new Map(), problems: [], notes: [] };
  /** The decision's problems, each at its line. */
  problems: Problem[] = [];
  /** What a build throws for them, made once. */
  error: Error | undefined;
  /** Whether the terminal's last report listed problems, so a clean one can say so. */
  reported = false;
  /** The catalogue's version when the editor was last told of every entry file. */
  listed = -1;
  #queue: Promise<unknown> = Promise.resolve();
  #refresh: { id: string; done: Promise<void> } | undefined;
  #saveTimer: ReturnType<typeof setTimeout> | undefined;

  /** Runs `work` after everything already asked of the engine. */
  run(work: () => Promise<void>): Promise<void> {
    const done = this.#queue.then(work, work);
    this.#queue = done.catch(() => undefined);
    return done;
  }

  /** Runs `work` for a refresh once, though each of the engine's loaders hands it over. */
  take({ refresh }: ContentChanges, work: () => Promise<void>): Promise<void> {
    if (this.#refresh?.id !== refresh) this.#refresh = { id: refresh, done: this.run(work) };
    return this.#refresh.done;
  }

  /** Saves the index, and tells the editor the collection of every entry file if files came or went. */
  save(root: URL) {
    clearTimeout(this.#saveTimer);
    const catalogue = this.catalogue!;
    catalogue.save();
    if (this.listed === catalogue.version) return;
    this.listed = catalogue.version;
    listEntryFiles(root, catalogue.entryFiles());
  }

  saveLater(root: URL) {
    clearTimeout(this.#saveTimer);
    this.#saveTimer = setTimeout(() => this.save(root), SAVE_INDEX_MS);
    this.#saveTimer.unref();
  }
}

const DEV_SESSIONS = Symbol.for('delicious-bites.content-engine');

/** The session of a project in `astro dev`, which outlives any one evaluation of the content config. */
function devSession(root: string): Session {
  const sessions = ((globalThis as Record<symbol, Map<string, Session> | undefined>)[
    DEV_SESSIONS
  ] ??= new Map());
  const session = sessions.get(root) ?? new Session();
  sessions.set(root, session);
  return session;
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

const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${plural(count, one, many)}`;

/**
 * The site's content engine, and a loader for each of its collections and for the picks.
 *
 * The first load of an engine (one per evaluation of the content config: a build, `astro sync`,
 * a dev server's start) scans every folder; in `astro dev`, later changes come named by a refresh
 * (src/integrations/content-refresh.ts). Each load then fills its own part of the store from the
 * session's decision, so nothing depends on the order in which Astro runs the loaders, or on how
 * many of them it runs. The context members used: `store`, `parseData`, `generateDigest`,
 * `logger`, `config`, `refreshContextData`, and `watcher`, whose presence means `astro dev`.
 */
export function contentEngine(
  collections: Record<string, CollectionOptions>,
  rules: SiteRules = siteRules,
) {
  let scanned: Promise<void> | undefined;
  let built: Session | undefined;
  const filled = new Set<string>();
  const parts = [...Object.keys(collections), PICKS];

  /** Asks the core again, and reports the problems in `astro dev`. */
  function decideNow(session: Session, mode: Mode, { logger }: LoaderContext) {
    const catalogue = session.catalogue!;
    session.decision = decide(catalogue.content(), rules, { now: publishingNow(), mode });
    session.problems = placeProblems(catalogue.options.root, session.decision.problems);
    session.error = undefined;
    if (mode === 'build') return;
    const keeping = 'Pages keep the last good version of these files until they are fixed:';
    if (session.problems.length) logger.error(formatProblems(session.problems, keeping));
    else if (session.reported) logger.info('The content problems are fixed.');
    session.reported = session.problems.length > 0;
  }

  async function scan(session: Session, mode: Mode, context: LoaderContext) {
    const { config, logger } = context;
    const root = fileURLToPath(config.root);
    const key = engineKey(root, fileURLToPath(config.srcDir));
    if (session.catalogue?.options.key !== key) {
      const indexFile = join(fileURLToPath(config.cacheDir), 'content-index.json');
      const digest = (text: string) => context.generateDigest(text);
      session.catalogue = new Catalogue({ root, collections, key, indexFile, mode, digest });
    }
    const catalogue = session.catalogue;
    const { files, parsed, sameFiles } = await catalogue.scan();
    // The files the index held, no more, no fewer: the editor's list is as the last run left it.
    if (sameFiles && hasEntryFiles(config.root)) session.listed = catalogue.version;
    decideNow(session, mode, context);
    const counts = [...catalogue.folders]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, folder]) => `${folder.ids().length} ${name}`);
    const held = [...session.decision.holds.values()].reduce((sum, ids) => sum + ids.size, 0);
    logger.info(`Read ${counts.join(', ')} entries.`);
    logger.info(
      `${counted(files - parsed, 'entry', 'entries')} unchanged since the last run, kept as stored; ` +
        `${counted(parsed, 'file', 'files')} read and checked.`,
    );
    logger.info(`The content store holds the ${counted(held, 'entry', 'entries')} the site shows.`);
    for (const note of session.decision.notes) logger.info(note);
    session.save(config.root);
  }

  async function update(session: Session, mode: Mode, context: LoaderContext, changed: string[]) {
    if (!changed.length) return;
    const parsed = await session.catalogue!.update(changed);
    for (const file of parsed) context.logger.info(`Reloaded ${file}`);
    decideNow(session, mode, context);
    session.saveLater(context.config.root);
  }

  /**
   * Makes a collection's part of Astro's store hold exactly what the decision holds: an entry
   * whose stored digest matches is kept, one newly held or changed is stored, one no longer held
   * leaves. The picks' part holds each list's pick.
   */
  async function fill(session: Session, part: string, { store, parseData }: LoaderContext) {
    const { decision } = session;
    const catalogue = session.catalogue!;
    const wanted = part === PICKS ? new Set(decision.picks.keys()) : decision.holds.get(part);
    for (const id of store.keys()) if (!wanted?.has(id)) store.delete(id);
    if (part === PICKS) {
      for (const [list, ids] of decision.picks) {
        store.set({ id: list, data: { ids }, digest: ids.join(' ') });
      }
      return;
    }
    for (const id of wanted ?? []) {
      const indexed = catalogue.indexed(part, id);
      if (!indexed || store.get(id)?.digest === indexed.digest) continue;
      const read = await catalogue.parse(indexed);
      if (!read) continue;
      // Only Astro's own parseData turns a local photo's path into an image.
      const data = read.written
        ? await parseData({ id, data: read.written, filePath: indexed.file })
        : read.data;
      const photos = indexed.photos.length ? { assetImports: indexed.photos } : {};
      store.set({
        id,
        data,
        body: read.body,
        filePath: indexed.file,
        digest: indexed.digest,
        ...photos,
      });
    }
  }

  function loader(part: string): Loader {
    return {
      name: LOADER_NAME,
      load: async (context) => {
        const mode: Mode = context.watcher ? 'dev' : 'build';
        const session =
          mode === 'dev'
            ? devSession(fileURLToPath(context.config.root))
            : (built ??= new Session());
        scanned ??= session.run(() => scan(session, mode, context));
        await scanned;
        const changes = changesIn(context.refreshContextData);
        if (changes)
          await session.take(changes, () => update(session, mode, context, changes.changed));
        await fill(session, part, context);
        if (mode === 'dev') return;
        if (session.problems.length) throw (session.error ??= contentError(session.problems));
        // Once every part is filled, a build needs the catalogue no more: let it go before Vite
        // bundles the pages (a quarter of a gigabyte at 100,000 entries). A later load starts over.
        filled.add(part);
        if (filled.size < parts.length) return;
        [built, scanned] = [undefined, undefined];
        filled.clear();
      },
    };
  }

  return {
    /** The loader of collection `name`. */
    loader,
    /** The loader of the picks collection. */
    picks: () => loader(PICKS),
  };
}
