/**
 * docs/ENGINE.md's "One rule, one place": each row of the table has a guard here that fails when
 * the rule is written again outside the place the row names. A guard reads code only (comments
 * are left out, so prose may name a rule), and says what restating the rule looks like.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { wholeCollections } from '@/config';
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
    restated: /\.watcher\b|\bcommand\s*===\s*['"](dev|build)['"]/,
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
