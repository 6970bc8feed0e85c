import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namePattern as pattern, testNames } from './test-names';

/**
 * tests/e2e/README.md maps each requirement to the tests that check it, quoting their names. A
 * renamed or removed test must take its quote along, or the map points at nothing.
 */

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

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
