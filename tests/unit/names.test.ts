/**
 * Every name the docs and the code's comments give is real: each path in the repository that
 * README.md, docs/ or a comment names exists, and each `npm run` script they name is in
 * package.json. A renamed or deleted file cannot leave a sentence pointing at nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

const filesIn = (folder: string, ending: RegExp) =>
  readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && ending.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));

const docs = ['README.md', ...filesIn('docs', /\.md$/), ...filesIn('tests', /\.md$/)];
const code = ['src', 'scripts', 'tests'].flatMap((folder) =>
  filesIn(folder, /\.(ts|tsx|mts|js|mjs|astro)$/),
);

// `//` and `/* */` comments; `://` in an address is no comment.
const comments = /\/\*[\s\S]*?\*\/|(?<!:)\/\/.*$/gm;

/** The text of `file` that speaks to a reader: a doc whole, a code file's comments. */
const prose = (file: string) => {
  const text = readFileSync(join(root, file), 'utf8');
  return file.endsWith('.md') ? text : (text.match(comments) ?? []).join('\n');
};

/** Paths in the repository's own folders, as prose writes them: `src/lib/format.ts`, `docs/`. */
const pathPattern =
  /(?<![\w./@-])(?:\.\.\/)*((?:src|tests|scripts|docs|public|\.github|\.ci|\.vscode)\/[\w./*{}-]*)/g;

/** A named path, with what a sentence adds taken off: a trailing dot, a `:line`, a `#part`. */
const cleaned = (path: string) => path.replace(/[.,:;)]+$/, '').replace(/#.*$/, '');

/** Whether `path` names something here; a pattern (`*`, `{a,b}`) names its folder. */
function exists(path: string) {
  const fixed = path.split(/[*{]/)[0]!;
  const folder = fixed === path ? path : fixed.slice(0, fixed.lastIndexOf('/') + 1);
  return existsSync(join(root, folder));
}

/**
 * An entry a writer might make is an example, not a file of the repository: under src/content
 * only its collection's folder must exist.
 */
const example = (path: string) =>
  /^src\/content\/[\w-]+\/./.test(path) &&
  existsSync(join(root, path.split('/').slice(0, 3).join('/')));

const named = (files: string[]) =>
  files.flatMap((file) =>
    [...prose(file).matchAll(pathPattern)].map((match) => ({ file, path: cleaned(match[1]!) })),
  );

describe('names the docs and comments give', () => {
  it.each([
    ['README.md and docs/', docs],
    ['comments in src/, scripts/ and tests/', code],
  ])('every path named in %s exists', (_, files) => {
    const missing = named(files)
      .filter(({ path }) => !exists(path) && !example(path))
      .map(({ file, path }) => `${file}: ${path}`);
    expect(missing).toEqual([]);
    expect(named(files).length, 'the pattern finds the paths they name').toBeGreaterThan(20);
  });

  it.each([
    ['README.md and docs/', docs],
    ['comments in src/, scripts/ and tests/', code],
  ])('every npm script named in %s is in package.json', (_, files) => {
    const runs = files.flatMap((file) =>
      [...prose(file).matchAll(/\bnpm run ([\w:-]+)/g)].map((match) => ({ file, name: match[1]! })),
    );
    expect(
      runs.filter(({ name }) => !(name in scripts)).map((r) => `${r.file}: ${r.name}`),
    ).toEqual([]);
    expect(runs.length, 'the pattern finds the scripts they name').toBeGreaterThan(5);
  });
});
