/**
 * The names of the tests in test files, for the checks that docs quote only tests that exist
 * (test-index.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

/**
 * Every test name in a test file: the first argument of `test(` or `it(`, or of the function
 * `test.each(…)` and `it.each(…)` return. A `${…}` or `%s` part of a name becomes `…`.
 */
export function testNamesIn(file: string): string[] {
  const named = /(?:\b(?:test|it)|\))\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1\s*,/g;
  return [...readFileSync(join(root, file), 'utf8').matchAll(named)].map(([, , name = '']) =>
    name.replace(/\$\{[^}]*\}|%[sdi]/g, '…').replace(/\\(.)/g, '$1'),
  );
}

/** Every test name in the test files of a folder. */
export const testNames = (folder: string): string[] =>
  readdirSync(join(root, folder))
    .filter((file) => /\.(spec|test)\.tsx?$/.test(file))
    .flatMap((file) => testNamesIn(join(folder, file)));

/** A pattern for a name in which each `…`, with the spaces around it, stands for any text. */
export const namePattern = (name: string) =>
  new RegExp(
    `^${name
      .split(/\s*…\s*/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
