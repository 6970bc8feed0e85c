import { fileURLToPath } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import type { SiteRules } from '@/config';
import { plural } from '@/lib/format';
import { publishingNow, type Mode } from '@/lib/publishing';
import { Catalogue } from './catalogue';
import { decide, type Decision } from './decide';
import { hasEntryFiles, listEntryFiles } from './code-editor-manifest';
import { engineKey } from './engine-key';
import { indexFile } from './entry-index';
import type { CollectionOptions } from './folder';
import { formatProblems, githubAnnotations, type Problem } from './problems';
import type { ContentChanges } from '../integrations/content-refresh';
import { placeProblems } from './source';

// `astro dev` saves the index, and tells the code editor of files come or gone, this long after the
// last change. A dev server stopped sooner only costs the next run the files changed since.
const SAVE_INDEX_MS = 5000;

const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${plural(count, one, many)}`;

/**
 * What the engine keeps of one project between loads: the catalogue of its files, the latest
 * decision and its problems, and the refresh in hand. This is the one place the engine keeps
 * state. A build or `astro sync` makes a session per evaluation of the content config and lets it
 * go once every collection is filled; `astro dev` keeps one per project for the life of the
 * process (`devSession`), since Astro may evaluate the content config again.
 */
export class Session {
  catalogue: Catalogue | undefined;
  decision: Decision = { picks: new Map(), holds: new Map(), problems: [], notes: [] };
  /** The decision's problems, each at its line. */
  problems: Problem[] = [];
  /** Whether the terminal's last report listed problems, so a clean one can say so. */
  #reported = false;
  /** The catalogue's version when the code editor was last told of every entry file. */
  #listed = -1;
  #error: Error | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #refresh: { id: string; done: Promise<void> } | undefined;
  #saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly mode: Mode) {}

  /** Runs `work` after everything already asked of the engine. */
  run(work: () => Promise<void>): Promise<void> {
    const done = this.#queue.then(work, work);
    this.#queue = done.catch(() => undefined);
    return done;
  }

  /** Lists and reads every folder, decides, and logs what the build will hold. */
  async scan(
    context: LoaderContext,
    collections: Record<string, CollectionOptions>,
    rules: SiteRules,
  ) {
    const { config, logger } = context;
    const root = fileURLToPath(config.root);
    const key = await engineKey(root, fileURLToPath(config.srcDir));
    if (this.catalogue?.options.key !== key) {
      const index = indexFile(fileURLToPath(config.cacheDir));
      const digest = (text: string) => context.generateDigest(text);
      const { mode } = this;
      this.catalogue = new Catalogue({ root, collections, key, indexFile: index, mode, digest });
    }
    const catalogue = this.catalogue;
    const { files, parsed, sameFiles } = await catalogue.scan();
    // The files the index held, no more, no fewer: the code editor's list is as the last run left it.
    if (sameFiles && hasEntryFiles(config.root)) this.#listed = catalogue.version;
    this.#decide(rules, context);
    const counts = [...catalogue.folders.values()]
      .sort((a, b) => a.collection.localeCompare(b.collection))
      .map((folder) => `${folder.ids().length} ${folder.collection}`);
    const held = [...this.decision.holds.values()].reduce((sum, ids) => sum + ids.size, 0);
    logger.info(`Read ${counts.join(', ')} entries.`);
    logger.info(
      `${counted(files - parsed, 'entry', 'entries')} unchanged since the last run, kept as stored; ` +
        `${counted(parsed, 'file', 'files')} read and checked.`,
    );
    logger.info(`The content store holds the ${counted(held, 'entry', 'entries')} the site shows.`);
    for (const note of this.decision.notes) logger.info(note);
    this.save(config.root);
  }

  /** `astro dev`: takes in a refresh once, though each of the engine's loaders hands it over. */
  update(context: LoaderContext, { refresh, changed }: ContentChanges, rules: SiteRules) {
    if (this.#refresh?.id === refresh) return this.#refresh.done;
    const done = this.run(async () => {
      if (!changed.length) return;
      const parsed = await this.catalogue!.update(changed);
      for (const file of parsed) context.logger.info(`Reloaded ${file}`);
      this.#decide(rules, context);
      clearTimeout(this.#saveTimer);
      this.#saveTimer = setTimeout(() => this.save(context.config.root), SAVE_INDEX_MS);
      this.#saveTimer.unref();
    });
    this.#refresh = { id: refresh, done };
    return done;
  }

  /** Asks the core again; `astro dev` reports the problems in the terminal at once. */
  #decide(rules: SiteRules, { logger }: LoaderContext) {
    const catalogue = this.catalogue!;
    this.decision = decide(catalogue.content(), rules, { now: publishingNow(), mode: this.mode });
    this.problems = placeProblems(catalogue.options.root, this.decision.problems);
    this.#error = undefined;
    if (this.mode === 'build') return;
    const keeping = 'Pages keep the last good version of these files until they are fixed:';
    if (this.problems.length) logger.error(formatProblems(this.problems, keeping));
    else if (this.#reported) logger.info('The content problems are fixed.');
    this.#reported = this.problems.length > 0;
  }

  /** What a build throws for the problems, made once: they listed, and GitHub annotations there. */
  get error(): Error {
    if (this.#error) return this.#error;
    if (process.env['GITHUB_ACTIONS']) {
      process.stdout.write(`${githubAnnotations(this.problems).join('\n')}\n`);
    }
    this.#error = Object.assign(new Error(formatProblems(this.problems)), {
      name: 'ContentError',
      // The report says where every problem is; a stack trace into the loader would only distract.
      stack: '',
    });
    return this.#error;
  }

  /** Saves the index, and tells the code editor the collection of every entry file if files came or went. */
  save(root: URL) {
    clearTimeout(this.#saveTimer);
    const catalogue = this.catalogue!;
    catalogue.save();
    if (this.#listed === catalogue.version) return;
    this.#listed = catalogue.version;
    listEntryFiles(root, [...catalogue.folders.values()]);
  }
}

const DEV_SESSIONS = Symbol.for('delicious-bites.content-engine');

/** The session of a project in `astro dev`, which outlives any one evaluation of the content config. */
export function devSession(root: string): Session {
  const global = globalThis as { [DEV_SESSIONS]?: Map<string, Session> };
  const sessions = (global[DEV_SESSIONS] ??= new Map());
  const session = sessions.get(root) ?? new Session('dev');
  sessions.set(root, session);
  return session;
}
