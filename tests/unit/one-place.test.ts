/**
 * docs/ENGINE.md's "One rule, one place": each row of the table has a guard here that fails when
 * the rule is written again outside the place the row names. A guard reads code only (comments
 * are left out, so prose may name a rule), and says what restating the rule looks like.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import ts from 'typescript';
import { parse } from 'yaml';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { contentFolders, siteRules, wholeCollections } from '@/config';
import { draftProblems } from '@/editor/browser/saving/draft-checks';
import { readForList } from '@/editor/browser/saving/edit';
import { timezoneOf, type SiteSnapshot } from '@/editor/contract';
import { snapshotOf } from '@/editor/browser/saving/site-checks';
import { editorContext } from '@/editor/browser/stand-ins';
import type { EditedCollection } from '@/editor/contract';
import { splitFrontmatter } from '@/lib/frontmatter';
import { publishingNow } from '@/lib/publishing';
import { Catalogue } from '@/loaders/catalogue';
import { decide } from '@/loaders/decide';
import { EntryIndex, indexFile } from '@/loaders/entry-index';
import type { SchemaFactory } from '@/loaders/validate';
import { blogSchema } from '@/schemas/blog';
import { recipeSchema } from '@/schemas/recipe';
import { siteSchema } from '@/schemas/site';
import { teamSchema } from '@/schemas/team';
import { hostFor } from '../support/engine';
import * as spec from '../spec';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

type Guard = {
  /** The row's rule, as the table's first column says it. */
  rule: string;
  /** The files the row names, which state the rule. */
  home: string[];
  /** What the rule looks like written out, in code. */
  restated: RegExp;
  /** How the home states it, when that is not `restated` itself. */
  stated?: RegExp;
  /** Where to look, below the project's root; src/ and scripts/ when not given. */
  scope?: string[];
  /** Files that may say it too, each with the reason. */
  except?: Record<string, string>;
};

const whole = wholeCollections.join('|');

const guards: Guard[] = [
  {
    rule: 'What each list shows: collection, count, which entries qualify',
    home: ['src/config.ts'],
    // The featured flag read, or a feed's size, anywhere else would choose again.
    restated: /\.featured\b|\bFEED_SIZE\b/,
    stated: /\bfeatured === true/,
    scope: ['src'],
  },
  {
    rule: 'Which collections show whole (team, site)',
    home: ['src/config.ts'],
    // A page may ask for a collection whole only if it shows whole.
    restated: new RegExp(`getCollection\\(\\s*['"](?!(?:${whole})['"])`),
    stated: /export const wholeCollections = \[/,
    scope: ['src'],
  },
  {
    rule: 'Where each collection lives, and which file endings are entries',
    home: ['src/config.ts'],
    restated:
      /(['"`])src\/content(\/[\w-]+)*\/?\1|(['"`])\.(md|mdx|ya?ml)\3|\}\.(md|mdx|ya?ml)`|\\\.(mdx\?|md|ya\?ml|yaml)(?![a-z])/,
    except: {
      'scripts/bench/synthetic.ts':
        'writes a synthetic project of thousands of entries for the benchmarks, in its own folders',
      'scripts/bench/hugo.ts':
        'copies the entries into a Hugo project, which reads no .mdx: the benchmark compares the two',
      'scripts/bench/entries.ts': 'counts a synthetic project’s entries for the benchmarks',
      'scripts/bench/scale.ts': 'edits a post of a synthetic project, as a writer would',
      'scripts/bench/dev-loop.ts': 'saves a post of a synthetic project, as a writer would',
      'scripts/bench/editor-start.ts':
        'counts the recipes of a copy of the project, to know when the editor lists them all',
    },
  },
  {
    rule: 'Which files are photos',
    home: ['src/config.ts'],
    restated: /(['"`])\.(jpe?g|png|webp|avif|gif)\1|\\\.\(?(jpe?g|png|webp|avif)/i,
    scope: ['src', 'scripts'],
    except: {
      'scripts/lib/static-host.ts':
        'the MIME type a static host sends for each file it serves, photos among them',
    },
  },
  {
    rule: 'Now',
    home: ['src/lib/publishing.ts'],
    restated: /PUBLISH_NOW/,
    scope: ['src', 'scripts', 'astro.config.ts'],
    except: {
      'astro.config.ts': 'fixes PUBLISH_NOW once per build, from the clock, for publishingNow()',
    },
  },
  {
    rule: 'The time zone when the site names none',
    home: ['src/schemas/calendar.ts'],
    restated: /(['"`])UTC\1/,
    scope: ['src'],
  },
  {
    rule: 'Publish dates: a day is stored as its midnight UTC',
    home: ['src/schemas/calendar.ts'],
    restated: /T00:00:00|toISOString\(\)\.slice\(\s*0\s*,\s*10\s*\)|Date\.UTC\(/,
    scope: ['src', 'scripts/new-entry.ts'],
  },
  {
    rule: 'Published, scheduled or draft; whether an entry appears in a mode',
    home: ['src/lib/publishing.ts'],
    // A publish date compared with a day, or 'published' tried as the alternative to dev.
    restated:
      /publishDate[\w?.()]*\s*[<>]=?\s|(?<!=)[<>]=?\s*[\w?.]*publishDate|(['"])dev\1\s*\|\||\|\|\s*\w+(\([^)]*\))?\s*===\s*['"]published['"]/,
    scope: ['src'],
  },
  {
    rule: 'A list’s pick: newest first, ties by title',
    home: ['src/lib/publishing.ts'],
    restated: /\.(sort|toSorted)\([^;]*\b(publishDate|title)\b/,
    stated: /export const newestFirst/,
    scope: ['src'],
  },
  {
    rule: 'The team’s order on the about page',
    home: ['src/config.ts'],
    // The pages and their queries order entries only by a rule of src/config.ts.
    restated: /\.(sort|toSorted)\((?!\s*(\(\s*\w+\s*,\s*\w+\s*\)\s*=>\s*)?teamOrder\b)/,
    stated: /export const teamOrder/,
    scope: ['src/pages', 'src/queries', 'src/components', 'src/layouts'],
  },
  {
    rule: 'Build or dev',
    home: ['src/loaders/loader.ts'],
    // The loader context's watcher; the dev server's own file watcher (`server.watcher`) is another.
    restated: /(?<!server)\.watcher\b|\bcommand\s*===\s*['"](dev|build)['"]/,
    stated: /\.watcher\b/,
    scope: ['src'],
  },
  {
    rule: 'An entry’s id from its path',
    home: ['src/loaders/entry-id.ts'],
    restated: /github-slugger|\\\/index\$/,
  },
  {
    rule: 'The site settings’ entry',
    home: ['src/config.ts'],
    restated:
      /(['"`])site\.ya?ml\1|\(\s*['"]site['"]\s*,\s*['"]site['"]\s*\)|\.collection\s*===\s*['"]site['"]/,
    stated: /site\.yaml/,
  },
  {
    rule: 'Is this file MDX?',
    home: ['src/config.ts'],
    restated: /(['"`])\.mdx\1/,
    scope: ['src', 'scripts'],
  },
  {
    rule: 'The Markdown features of pages and feeds',
    home: ['src/lib/markdown.ts'],
    restated: /\b(gfm|smartPunctuation)\s*:/,
    scope: ['src', 'scripts', 'astro.config.ts'],
  },
  {
    rule: 'A word’s plural',
    home: ['src/lib/format.ts'],
    stated: /count === 1 \? one : many/,
    restated: /[!=]==\s*1\s*\?\s*(['"`])[a-z]*\1\s*:\s*(['"`])[a-z]*\2/i,
  },
];

const codeFiles = /\.(ts|tsx|mts|js|mjs|cjs|astro)$/;

/** Every code file at or below `path`, relative to the root. */
function filesAt(path: string): string[] {
  const full = join(root, path);
  if (codeFiles.test(path)) return [path];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((file) => codeFiles.test(file) && !file.startsWith('content/'))
    .map((file) => join(path, file));
}

/** `text` with every comment blanked out, so that a match keeps its line. */
function withoutComments(text: string, file: string): string {
  const blank = (part: string) => part.replace(/[^\n]/g, ' ');
  if (extname(file) === '.astro') {
    const [, script = '', markup = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
    return `---\n${withoutComments(script, 'script.ts')}\n---\n${markup.replace(/<!--[\s\S]*?-->|\{\/\*[\s\S]*?\*\/\}/g, blank)}`;
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const comments = new Map<number, number>();
  const visit = (node: ts.Node) => {
    for (const { pos, end } of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []) {
      comments.set(pos, end);
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  let code = text;
  for (const [pos, end] of comments) {
    code = code.slice(0, pos) + blank(code.slice(pos, end)) + code.slice(end);
  }
  return code;
}

/** Where `pattern` matches the code of `file`, as file:line. */
function matches(file: string, pattern: RegExp): string[] {
  const code = withoutComments(read(file), file);
  return code.split('\n').flatMap((line, at) => (pattern.test(line) ? [`${file}:${at + 1}`] : []));
}

/** The rules in docs/ENGINE.md's table "One rule, one place". */
function tableRules(): string[] {
  const doc = read('docs/ENGINE.md');
  const section = doc.split(/^## /m).find((part) => part.startsWith('One rule, one place')) ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\| (Rule|-)/.test(line))
    .map((line) => (line.split('|')[1] ?? '').trim().replaceAll("'", '’'));
}

describe('one rule, one place', () => {
  it('has a guard for each row of docs/ENGINE.md’s table, and a row for each guard', () => {
    expect(tableRules().sort()).toEqual(guards.map((guard) => guard.rule).sort());
  });

  it.each(guards.map((guard) => [guard.rule, guard] as const))(
    '%s: said only where the table says',
    (_rule, { home, restated, stated = restated, scope = ['src', 'scripts'], except = {} }) => {
      for (const file of home) expect(matches(file, stated), `${file} states it`).not.toEqual([]);
      for (const [file, reason] of Object.entries(except)) {
        expect(matches(file, restated), `${file} may say it: ${reason}`).not.toEqual([]);
      }
      const elsewhere = scope
        .flatMap(filesAt)
        .filter((file) => !home.includes(file) && !(file in except))
        .flatMap((file) => matches(file, restated));
      expect(elsewhere).toEqual([]);
    },
  );
});

/** Every string literal of a TypeScript file that is exactly one of `texts`, as file:line. */
function literalsOf(file: string, texts: readonly string[]): string[] {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) && texts.includes(node.text)) {
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('the spec, in the tests', () => {
  it('the spec’s toast texts and page label are written out once, in tests/spec.ts', () => {
    const texts = [
      ...Object.values(spec).filter((value) => typeof value === 'string'),
      spec.SPEC.pageLabel,
    ];
    const elsewhere = filesAt('tests')
      .filter((file) => file !== 'tests/spec.ts' && /\.tsx?$/.test(file))
      .flatMap((file) => literalsOf(file, texts));
    expect(texts.length).toBeGreaterThan(4);
    expect(literalsOf('tests/spec.ts', texts)).toHaveLength(texts.length);
    expect(elsewhere).toEqual([]);
  });
});

/** Each `Date` made or parsed in the code of `file`: where, in which function, and from what. */
function datesIn(file: string) {
  const text = read(file);
  const code = extname(file) === '.astro' ? (/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '') : text;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const found: { at: string; within: string; clock: boolean }[] = [];
  const isDate = (node: ts.Node) => ts.isIdentifier(node) && node.text === 'Date';
  const readsClock = (node: ts.Node): boolean =>
    (ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      isDate(node.expression.expression) &&
      node.expression.name.text === 'now') ||
    node.getChildren(source).some(readsClock);
  const within = (node: ts.Node): string => {
    for (let up: ts.Node | undefined = node.parent; up; up = up.parent) {
      if ((ts.isFunctionDeclaration(up) || ts.isMethodDeclaration(up)) && up.name) {
        return up.name.getText(source);
      }
      if (ts.isVariableDeclaration(up) && ts.isArrowFunction(up.initializer ?? up)) {
        return up.name.getText(source);
      }
    }
    return '(module)';
  };
  const visit = (node: ts.Node) => {
    // `new Date(…)`, or `Date()`, which says now as text.
    const made = (ts.isNewExpression(node) || ts.isCallExpression(node)) && isDate(node.expression);
    if (made) {
      const args = node.arguments ?? ts.factory.createNodeArray();
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({
        at: `${file}:${line}`,
        within: within(node),
        clock: args.length === 0 || args.some(readsClock),
      });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/** Every collection with the schema the engine reads it by. */
const collections = {
  recipes: { ...contentFolders.recipes, schema: recipeSchema },
  blog: { ...contentFolders.blog, schema: blogSchema },
  team: { ...contentFolders.team, schema: teamSchema },
  site: { ...contentFolders.site, schema: siteSchema },
};

/**
 * Runs `work` with `Date` recording each day (YYYY-MM-DD, alone or at midnight) turned into a Date
 * other than by `midnightUtc()`, and each Date made from a day's parts: what it made, and where.
 * A timestamp with its time (an instant as JSON writes it, a commit's date) is no publish date.
 */
async function daysParsedDuring(work: () => Promise<void>): Promise<string[]> {
  const RealDate = Date;
  const parsed: string[] = [];
  const isDay = (value: unknown) =>
    typeof value === 'string' && /^\s*\d{4}-\d{2}-\d{2}(T00:00(:00)?Z?)?\s*$/.test(value);
  const note = (what: string) => {
    const stack = new Error().stack ?? '';
    if (/\bmidnightUtc\b/.test(stack)) return;
    const place = /\/(src\/[^\s)]+)/.exec(stack)?.[1] ?? 'outside src/';
    parsed.push(`${what} at ${place}`);
  };
  const recording = new Proxy(RealDate, {
    construct(target, args: unknown[], newTarget) {
      if (args.length > 1) note(`new Date(${args.join(', ')})`);
      else if (isDay(args[0])) note(`new Date("${String(args[0])}")`);
      return Reflect.construct(target, args, newTarget) as object;
    },
    get(target, key, receiver) {
      if (key === 'UTC')
        return (...args: number[]) => (note('Date.UTC'), Date.UTC(...(args as [number])));
      if (key === 'parse') {
        return (text: string) => (isDay(text) && note(`Date.parse("${text}")`), target.parse(text));
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  vi.stubGlobal('Date', recording);
  try {
    await work();
  } finally {
    vi.unstubAllGlobals();
  }
  return parsed;
}

describe('one clock, one calendar', () => {
  it('now is read from the clock only by publishingNow(): no other code under src/ makes a Date of the moment it runs', () => {
    const clocks = filesAt('src')
      .flatMap(datesIn)
      .filter(({ clock }) => clock);
    // A number from Date.now() that times a wait or stamps a file (the index's save) is no Date of now.
    expect(
      clocks.map(({ at, within }) => `${at.replace(/:\d+$/, '')} ${within}`),
      clocks.map(({ at }) => at).join(', '),
    ).toEqual(['src/lib/publishing.ts publishingNow']);
  });

  it('a publish date becomes a Date only through midnightUtc(): in the engine reading every committed entry, its index read back, and the web editor’s checks of each entry', async () => {
    const root = join(import.meta.dirname, '../..');
    const cacheDir = mkdtempSync(join(tmpdir(), 'bites-one-calendar-'));
    onTestFinished(() => rmSync(cacheDir, { recursive: true, force: true }));
    const parsed = await daysParsedDuring(async () => {
      // The engine: every file read and validated, the index saved and read back, the core's decision.
      const host = { ...hostFor(root, { info: [], error: [] }), cacheDir };
      const catalogue = new Catalogue(host, collections, 'one calendar', 'build');
      await catalogue.scan();
      for (const mode of ['build', 'dev'] as const) {
        decide(catalogue.content(), siteRules, { now: publishingNow(), mode });
      }
      catalogue.save();
      const index = EntryIndex.open(root, 'one calendar', indexFile(cacheDir));
      const entries = [...index.newestFirst().values()].flat();
      // The web editor: /admin/site.json read back, the list's state of each file, and the checks
      // before a save of each, as Decap hands it the fields.
      const site: SiteSnapshot = snapshotOf(JSON.parse(JSON.stringify({ entries })));
      for (const entry of entries) {
        const text = read(entry.file);
        readForList(text, timezoneOf(site));
        const parts = splitFrontmatter(text);
        const fields = parse(parts?.yaml ?? text) as Record<string, unknown>;
        const collection = entry.collection as EditedCollection;
        const factory = collections[collection].schema as SchemaFactory;
        const schema = typeof factory === 'function' ? factory(editorContext() as never) : factory;
        const nameField = collection === 'team' ? 'name' : 'title';
        const draft = { collection, file: entry.file, fields, body: parts?.body, nameField };
        draftProblems(draft, { schema, site, now: publishingNow() });
      }
    });
    expect(parsed).toEqual([]);
  }, 60_000);
});
