import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { glob, type Loader, type LoaderContext } from 'astro/loaders';
import {
  collectionAt,
  projectAt,
  type Collection,
  type CollectionOptions,
  type LoadedEntry,
  type Project,
} from './collection';
import { changesOf, LOADER_NAME } from './dev-refresh';
import { engineKey } from './engine-key';
import { findInData } from './find-in-data';
import { formatProblems, githubAnnotations, type Problem } from './problems';
import { parseSource } from './source';
import { fieldName } from './validate';

export type { LoadedEntry };

/** Every collection's stored entries, by collection name. */
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

/** A `{ collection, id }` value: what `reference()` leaves in entry data. */
function reference(value: unknown): { collection: string; id: string } | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { collection, id } = value as Record<string, unknown>;
  return typeof collection === 'string' && typeof id === 'string' && Object.keys(value).length === 2
    ? { collection, id }
    : undefined;
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
function brokenReferences(collections: readonly Collection[], locate: Locate): Problem[] {
  const ids = new Map(collections.map((c) => [c.name, new Set(c.listing.ids())]));
  const problems: Problem[] = [];
  for (const collection of collections) {
    for (const entry of collection.entries()) {
      for (const { path, found: ref } of findInData(entry.data, reference)) {
        const known = ids.get(ref.collection);
        if (!known || known.has(ref.id)) continue;
        problems.push({
          file: entry.file,
          ...locate(entry.file, path),
          field: fieldName(path),
          message:
            `There is no ${ref.collection} entry "${ref.id}". ` +
            `Use one of: ${[...known].sort().join(', ')}`,
        });
      }
    }
  }
  return problems;
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

const whileWatching = 'Pages keep the last good version of these files until they are fixed:';

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
 * Work follows what changed. Each stored entry carries a digest of its file, its path and the
 * engine key (`engine-key.ts`); a file whose digest matches is neither parsed nor validated
 * again, in `astro dev` or across builds, since Astro keeps the store between runs. In dev,
 * `contentRefresh()` names the changed files and only those are read.
 *
 * The checks that need every collection (references, page counts, Today's Special, what is
 * scheduled) run over the stored entries once every collection of the engine has loaded, in
 * whichever load finishes last. No load waits for another, so the order in which Astro runs
 * them cannot matter.
 */
export function contentEngine({ check }: { check?: ContentCheck } = {}) {
  /** One per collection folder; each knows its collection once it has loaded. */
  const members: { options: CollectionOptions; collection?: Collection }[] = [];
  /** Members still to load in the current sync; every sync loads each of them once. */
  let waiting = new Set<(typeof members)[number]>();
  /** The engine key, worked out at the first load of this evaluation of the content config. */
  let key: string | undefined;

  function keyFor(context: LoaderContext, root: string): string {
    const srcDir = fileURLToPath(context.config.srcDir);
    const config = ['ts', 'mts', 'js', 'mjs']
      .map((extension) => join(srcDir, `content.config.${extension}`))
      .find((file) => existsSync(file));
    return config ? engineKey(root, config) : 'no content config';
  }

  /** Runs the whole-content checks over every member's stored entries; returns the report. */
  function review(context: LoaderContext, project: Project, fullSync: boolean) {
    const collections = members.flatMap(({ collection }) => collection ?? []);
    const locate = locator(fileURLToPath(context.config.root));
    const content: LoadedContent = new Map(collections.map((c) => [c.name, c.entries()]));
    const rejected = (name: string) => collections.find((c) => c.name === name)?.problems.size ?? 0;
    const checked = check?.(content, { locate, rejected }) ?? { problems: [], notes: [] };
    const problems = [
      ...collections.flatMap((c) => c.allProblems()),
      ...brokenReferences(collections, locate),
      ...checked.problems,
    ];

    if (fullSync) {
      const counts = [...collections]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((c) => `${content.get(c.name)?.length ?? 0} ${c.name}`)
        .join(', ');
      context.logger.info(`Read ${counts} entries.`);
      const parsed = collections.reduce((sum, c) => sum + c.counts.parsed, 0);
      const reused = collections.reduce((sum, c) => sum + c.counts.reused, 0);
      context.logger.info(
        `${plural(reused, 'entry', 'entries')} unchanged since the last run, kept as stored; ` +
          `${plural(parsed, 'file', 'files')} read and checked.`,
      );
      for (const note of checked.notes) context.logger.info(note);
    }

    if (context.watcher) {
      // `astro dev` keeps serving: report, then keep up with the next change.
      if (problems.length) context.logger.error(formatProblems(problems, whileWatching));
      else if (project.problemsReported) context.logger.info('The content problems are fixed.');
      project.problemsReported = problems.length > 0;
      return undefined;
    }
    if (!problems.length) return undefined;
    if (process.env['GITHUB_ACTIONS']) {
      process.stdout.write(`${githubAnnotations(problems).join('\n')}\n`);
    }
    const error = new Error(formatProblems(problems));
    error.name = 'ContentError';
    // The report says where every problem is; a stack trace into the loader would only distract.
    error.stack = '';
    return error;
  }

  return {
    /** A loader for one collection folder; see `contentEngine`. */
    files(options: CollectionOptions): Loader {
      const member: (typeof members)[number] = { options };
      members.push(member);
      return {
        name: LOADER_NAME,
        load: async (context) => {
          // A sync runs every member once; a member loading again starts the next sync.
          if (!waiting.has(member)) waiting = new Set(members);
          const root = fileURLToPath(context.config.root);
          const project = projectAt(root);
          key ??= keyFor(context, root);
          const collection = collectionAt(project, root, key, options);
          collection.name = context.collection;
          member.collection = collection;

          const changes = changesOf(context.refreshContextData);
          const fullSync = !changes || !collection.listed;
          if (fullSync) await collection.loadAll(context);
          else await collection.loadChanged(context, changes);

          waiting.delete(member);
          if (waiting.size) return;
          const report = review(context, project, fullSync);
          if (report) throw report;
        },
      };
    },
  };
}

/** Astro's own `glob()` over the same folder and endings, for comparison in benchmarks. */
export function astroGlob({ folder, extensions }: CollectionOptions): Loader {
  return glob({ base: folder, pattern: `**/*{${extensions.join(',')}}` });
}
