/**
 * The web editor's body checks (micromark, in the browser) against the engine's (Sätteri): they
 * must agree on which bodies have problems and on their lines, on the committed content and on
 * the bodies where MDX parsers most often differ. Columns and the compiler's reason may differ.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMdx } from '@/config';
import { normalise, splitFrontmatter } from '@/lib/frontmatter';
import { bodyProblems as engine } from '@/loaders/body-checks';
import { bodyProblems as browser } from '@/loaders/body-checks.browser';

/** Each problem's line and its kind of message, which is what the two must agree on. */
const found = (check: typeof engine, body: string, kind: 'md' | 'mdx') =>
  check(body, kind).map(({ line, message }) => `${line}: ${message.slice(0, 30)}`);

const sampleFiles = readdirSync('src/content', { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.mdx?$/.test(path))
  .map((path) => join('src/content', path));

describe('the committed content', () => {
  it.each(sampleFiles)('%s has no body problem in either', (file) => {
    const parts = splitFrontmatter(normalise(readFileSync(file, 'utf8')));
    const kind = isMdx(file) ? 'mdx' : 'md';
    expect(parts).toBeDefined();
    expect(engine(parts?.body ?? '', kind)).toEqual([]);
    expect(browser(parts?.body ?? '', kind)).toEqual([]);
  });
});

describe('bodies where MDX parsers differ', () => {
  it.each([
    ['text in braces', 'Intro\n\nUse {curly} braces'],
    ['an unclosed brace', 'Intro\n\nUse {curly braces'],
    ['a stray closing brace', 'a } b'],
    ['a comment', 'a {/* c */} b'],
    ['a doc comment and a line comment', '{/** c */}\n\n{// c\n}'],
    ['escaped braces', 'Use \\{x\\} braces'],
    ['empty braces', 'a {} b'],
    ['braces in code', 'Use `{x}`\n\n    {y}\n\n```\n{z}\n```'],
    ['braces in a link address and an autolink', '[a](https://x/{y}) and https://a.b/{x}'],
    ['braces in a table, a footnote and a task', '| {a} |\n| - |\n| b |\n\n[^{c}]\n\n- [ ] {d}'],
    ['braces in a component', '<Tip>\n\n{x}\n\n</Tip> and <Tip>{y}</Tip>'],
    ['an HTML comment', 'Intro\n\n<!-- note -->'],
    ['an HTML comment in a line', 'a <!-- note --> b'],
    ['a less-than sign with spaces', 'a < b and c > d'],
    ['a less-than sign without', 'a<b'],
    ['less than or equal', 'a <= b'],
    ['an autolink', '<https://example.com>'],
    ['an unclosed tag', 'Intro\n\n<div>'],
    ['an unclosed tag in a line', 'a <b> c'],
    ['a void HTML tag', 'a<br>b'],
    ['a closing tag that does not match', 'a <b>c</i> d\n\n<A>\n\nx\n\n</B>'],
    ['a closed tag over blank lines', '<div>\n\nx\n\n</div>'],
    ['an expression that is not JavaScript', 'x {a b} y'],
    ['an import that does not parse', 'import {'],
    ['an export that is not JavaScript', 'export const a = ;'],
    ['code that is not an import or export', 'export const a = 1; a'],
    ['an import and an expression using it', 'export const meta = { a: 1 }\n\n{meta.a}'],
  ])('%s', (_, body) => {
    expect(found(browser, body, 'mdx')).toEqual(found(engine, body, 'mdx'));
    expect(browser(body, 'md')).toEqual([]);
  });

  it('differ on two default exports, which only the MDX compiler refuses', () => {
    const body = 'export default 1\n\nexport default 2';
    expect(engine(body, 'mdx')).toHaveLength(1);
    expect(browser(body, 'mdx')).toEqual([]);
  });
});
