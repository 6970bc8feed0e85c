import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * tests/e2e/README.md maps each requirement to the tests that check it, quoting their names. A
 * renamed or removed test must take its quote along, or the map points at nothing.
 */

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/**
 * Every test name in a folder of test files: the first argument of `test(` or `it(`, or of the
 * function `test.each(…)` and `it.each(…)` return. A `${…}` or `%s` part of a name becomes `…`.
 */
function testNames(folder: string): string[] {
  const named = /(?:\b(?:test|it)|\))\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1\s*,/g;
  return readdirSync(join(root, folder))
    .filter((file) => /\.(spec|test)\.tsx?$/.test(file))
    .flatMap((file) =>
      [...read(join(folder, file)).matchAll(named)].map(([, , name = '']) =>
        name.replace(/\$\{[^}]*\}|%[sdi]/g, '…').replace(/\\(.)/g, '$1'),
      ),
    );
}

/** A pattern for a name in which each `…`, with the spaces around it, stands for any text. */
const pattern = (name: string) =>
  new RegExp(
    `^${name
      .split(/\s*…\s*/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

/**
 * The names quoted in the last column of the README's requirement tables, without the describe
 * blocks a quote may start with (`at 375px › …`). A quote inside a name is written “so”.
 */
function quotedNames(readme: string): string[] {
  return readme
    .slice(readme.indexOf('## docs/BEHAVIOUR.md → tests'))
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .flatMap((row) => {
      const cells = row.split(/(?<!\\)\|/).map((cell) => cell.trim());
      const tests = cells.at(-2) ?? '';
      return [...tests.matchAll(/"([^"]+)"/g)].map(([, name = '']) =>
        (name.split(' › ').at(-1) ?? '').replace(/\\\|/g, '|').replace(/[“”]/g, '"'),
      );
    });
}

describe("the browser suite's README", () => {
  it('quotes only names of tests that exist', () => {
    const names = [...testNames('tests/e2e'), ...testNames('tests/site')];
    const quoted = quotedNames(read('tests/e2e/README.md'));
    expect(quoted.length).toBeGreaterThan(50);
    const found = (quote: string) =>
      names.some((name) => pattern(name).test(quote) || pattern(quote).test(name));
    expect(quoted.filter((quote) => !found(quote))).toEqual([]);
  });
});
