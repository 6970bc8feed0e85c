import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { glob, type Loader, type LoaderContext } from 'astro/loaders';
import { discover } from './discover';
import { formatProblems, githubAnnotations, type Problem } from './problems';
import { parseSource, type Source } from './source';
import { entryValidator, fieldName, type SchemaFactory } from './validate';

/** One loaded entry, as the whole-content checks see it. */
export type LoadedEntry = { id: string; file: string; data: Record<string, unknown> };

/** Every collection of one run, by name. */
export type LoadedContent = ReadonlyMap<string, readonly LoadedEntry[]>;

/** Where the value at `path` sits in `file`; for pointing a problem at its line. */
export type Locate = (
  file: string,
  path: readonly PropertyKey[],
) => { line: number; column: number };

/** Checks that need every collection at once, such as page counts. */
export type ContentCheck = (
  content: LoadedContent,
  helpers: {
    locate: Locate;
    /** How many files of a collection were left out for their own problems. */
    rejected: (collection: string) => number;
  },
) => {
  problems: Problem[];
  /** Lines for the build log, such as the list of scheduled entries. */
  notes: string[];
};

type Options = {
  /** The collection folder, relative to the project root, e.g. `src/content/blog`. */
  folder: string;
  /** File endings read as entries, e.g. `['.md', '.mdx']`. */
  extensions: readonly string[];
  /** The collection's schema, the same one given to `defineCollection`. */
  schema: SchemaFactory;
};

type Outcome = {
  collection: string;
  entries: LoadedEntry[];
  /** Every entry id found in the folder, including those left out for their problems. */
  ids: readonly string[];
  problems: Problem[];
};

/** `{ collection, id }` values inside entry data: the results of `reference()`. */
function* references(
  value: unknown,
  path: PropertyKey[] = [],
): Generator<{
  path: PropertyKey[];
  collection: string;
  id: string;
}> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* references(item, [...path, index]);
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    const { collection, id } = value as Record<string, unknown>;
    if (
      typeof collection === 'string' &&
      typeof id === 'string' &&
      Object.keys(value).length === 2
    ) {
      yield { path, collection, id };
      return;
    }
    for (const [key, item] of Object.entries(value)) yield* references(item, [...path, key]);
  }
}

/** A locator that re-reads a file; only ever needed for the few entries with a problem. */
const locator =
  (root: string): Locate =>
  (file, path) => {
    const source = parseSource(file, readFileSync(`${root}/${file}`, 'utf8'));
    return Array.isArray(source) ? { line: 1, column: 1 } : source.locate(path);
  };

/**
 * Astro only logs a reference to a missing entry; here it stops the build, at its line. An entry
 * left out for problems of its own still exists: those problems are reported at its file, and a
 * second report at every reference to it would send the writer looking for a missing file.
 */
function brokenReferences(outcomes: readonly Outcome[], locate: Locate): Problem[] {
  const ids = new Map(outcomes.map((o) => [o.collection, new Set(o.ids)]));
  const content = outcomes.map((o) => o.entries);
  const problems: Problem[] = [];
  for (const entries of content) {
    for (const entry of entries) {
      for (const ref of references(entry.data)) {
        const known = ids.get(ref.collection);
        if (!known || known.has(ref.id)) continue;
        problems.push({
          file: entry.file,
          ...locate(entry.file, ref.path),
          field: fieldName(ref.path),
          message:
            `There is no ${ref.collection} entry "${ref.id}". ` +
            `Use one of: ${[...known].sort().join(', ')}`,
        });
      }
    }
  }
  return problems;
}

/**
 * The site's content loader. It reads entry files the way Astro's `glob()` does (any depth,
 * `.md` and `.mdx`, a folder per entry with `index.md`), but stores bodies as text instead of
 * registering each one as a module to render: at 10,000 recipes and 10,000 posts that bundling
 * was most of an 87 s build, and no page renders a body (docs/SCALE.md).
 *
 * What it adds for writers: every problem in every collection is reported in one run, each at
 * its `file:line:column`; unknown fields, unread files and duplicate ids are errors rather than
 * silently dropped; and references to missing entries stop the build, which Astro only logs.
 *
 * The collections of one `astro build`, `sync` or `check` load side by side; each waits for
 * the others so the whole report, and the cross-collection checks, come out once.
 */
export function contentEngine({ check }: { check?: ContentCheck } = {}) {
  const members = new Set<string>();
  let round = newRound();

  function newRound() {
    let release = () => {};
    const complete = new Promise<void>((resolve) => (release = resolve));
    return {
      outcomes: [] as Outcome[],
      complete,
      release,
      verdict: undefined as Error | null | undefined,
    };
  }

  function judge(outcomes: Outcome[], context: LoaderContext): Error | null {
    const locate = locator(fileURLToPath(context.config.root));
    const content: LoadedContent = new Map(outcomes.map((o) => [o.collection, o.entries]));
    const rejected = (name: string) => {
      const outcome = outcomes.find((o) => o.collection === name);
      return outcome ? outcome.ids.length - outcome.entries.length : 0;
    };
    const checked = check?.(content, { locate, rejected }) ?? { problems: [], notes: [] };
    const counts = outcomes
      .map((o) => `${o.entries.length} ${o.collection}`)
      .sort((a, b) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!))
      .join(', ');
    context.logger.info(`Read ${counts} entries.`);
    for (const note of checked.notes) context.logger.info(note);
    const problems = [
      ...outcomes.flatMap((o) => o.problems),
      ...brokenReferences(outcomes, locate),
      ...checked.problems,
    ];
    if (!problems.length) return null;
    if (process.env['GITHUB_ACTIONS']) {
      process.stdout.write(`${githubAnnotations(problems).join('\n')}\n`);
    }
    const error = new Error(formatProblems(problems));
    error.name = 'ContentError';
    // The report says where every problem is; a stack trace into the loader would only distract.
    error.stack = '';
    return error;
  }

  /** Waits for the other collections of this run, then throws the run's report if it has one. */
  async function settle(outcome: Outcome, context: LoaderContext) {
    const current = round;
    current.outcomes.push(outcome);
    if (current.outcomes.length >= members.size) {
      round = newRound();
      current.release();
    }
    await current.complete;
    if (current.verdict === undefined) current.verdict = judge(current.outcomes, context);
    if (current.verdict) throw current.verdict;
  }

  return {
    /** A loader for one collection folder; see `contentEngine`. */
    files({ folder, extensions, schema }: Options): Loader {
      members.add(folder);
      return {
        name: 'content',
        load: async (context) => {
          const root = fileURLToPath(context.config.root);
          const shown = (path: string) => relative(root, path).split(sep).join('/');
          const validate = entryValidator(root, schema);

          /** Reads, validates and stores one file; returns its problems. */
          async function loadFile(id: string, path: string): Promise<Problem[]> {
            const raw = readFileSync(path, 'utf8');
            const source: Source | Problem[] = parseSource(shown(path), raw);
            if (Array.isArray(source)) return source;
            const checked = await validate(source);
            if (checked.problems.length) return checked.problems;
            // Astro rebuilds the schema for every entry it parses; only local photos need it.
            const data =
              checked.data ??
              (await context.parseData({
                id,
                data: source.document.toJS() ?? {},
                filePath: source.file,
              }));
            context.store.set({
              id,
              data,
              body: source.body,
              filePath: source.file,
              digest: context.generateDigest(raw),
            });
            entries.push({ id, file: source.file, data });
            return [];
          }

          const { found, problems } = discover(root, folder, extensions);
          const entries: LoadedEntry[] = [];
          context.store.clear();
          // One at a time: the photo check reads the folder of the entry being validated.
          for (const { id, path } of found) problems.push(...(await loadFile(id, path)));

          if (context.watcher) {
            // `astro dev`: report at once, then keep up with edits file by file.
            if (problems.length) context.logger.error(formatProblems(problems, whileWatching));
            watch(context, root, folder, extensions, loadFile);
            return;
          }
          const ids = found.map((entry) => entry.id);
          await settle({ collection: context.collection, entries, ids, problems }, context);
        },
      };
    },
  };
}

/** Astro's own `glob()` over the same folder and endings, for comparison in benchmarks. */
export function astroGlob({ folder, extensions }: Options): Loader {
  return glob({ base: folder, pattern: `**/*{${extensions.join(',')}}` });
}

const whileWatching = 'Pages keep the last good version of these files until they are fixed:';

/** Reloads a changed file in `astro dev`, logging its problems instead of stopping the server. */
function watch(
  context: LoaderContext,
  root: string,
  folder: string,
  extensions: readonly string[],
  loadFile: (id: string, path: string) => Promise<Problem[]>,
) {
  const base = join(root, folder);
  context.watcher?.add(base);
  context.watcher?.on('all', async (event, path) => {
    if (!path.startsWith(base)) return;
    // Any change in the folder may add, rename or clash ids: rediscover, then reload the file.
    const { found, problems } = discover(root, folder, extensions);
    const changed = found.find((entry) => entry.path === path);
    if (event === 'unlink') {
      const ids = new Set(found.map((entry) => entry.id));
      for (const key of context.store.keys()) if (!ids.has(key)) context.store.delete(key);
    } else if (changed) {
      problems.push(...(await loadFile(changed.id, changed.path)));
    }
    if (problems.length) context.logger.error(formatProblems(problems, whileWatching));
  });
}
