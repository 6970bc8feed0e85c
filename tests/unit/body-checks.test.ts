/**
 * The checks of an entry's body: an `.mdx` body must compile and must not hold `{…}` text the
 * page and the feed would leave out; a `.md` body is plain Markdown, where none of that applies.
 */
import { describe, expect, it } from 'vitest';
import { bodyProblems } from '@/loaders/body-checks';

const places = (body: string) =>
  bodyProblems(body, 'mdx').map(({ line, column }) => `${line}:${column}`);

describe('{…} text in an .mdx body', () => {
  it('is a problem at its line and column, with the fix', () => {
    expect(bodyProblems('# Braces\n\nUse {curly} braces.', 'mdx')).toEqual([
      {
        line: 3,
        column: 5,
        message:
          '"{curly}" is code in an .mdx file, so the page and the feed would leave it out. ' +
          'To show the braces, write \\{curly\\}; or rename the file to .md, where braces are ' +
          'plain text',
      },
    ]);
  });

  it.each([
    ['a block of its own', 'Intro\n\n{1 + 2}\n', ['3:1']],
    ['one spanning lines', 'Intro\n\n{[\n  1,\n]}\n', ['3:1']],
    ['several in a line', 'a {x} b {y}', ['1:3', '1:9']],
    [
      'inside a list, a quote and a table',
      '- a {x}\n\n> {y}\n\n| a |\n| - |\n| {z} |',
      ['1:5', '3:3', '7:3'],
    ],
    ['inside a component', '<Tip>Salt {x}</Tip>', ['1:11']],
    ['only spaces', 'a { } b', ['1:3']],
    ['a string that looks like a comment', '{"/* not a comment */"}', ['1:1']],
    ['a comment before code', '{/* c */ x}', ['1:1']],
    ['after a wide character, counted as JavaScript counts it', '😀 {x}', ['1:4']],
  ])('%s', (_, body, expected) => {
    expect(places(body)).toEqual(expected);
  });

  it('shortens a long expression to one line', () => {
    const [problem] = bodyProblems(`{[\n  ${'"item", '.repeat(10)}\n]}`, 'mdx');
    expect(problem?.message).toMatch(/^"\{\[ "item", "item", "item", "item", "item…\}" is code/);
  });

  it.each([
    ['a comment', 'a {/* note */} b'],
    ['a doc comment', '{/** note */}'],
    ['a line comment', '{// note\n}'],
    ['several comments', '{/* a */ /* b */\n// c\n}'],
    ['escaped braces', 'Use \\{curly\\} braces'],
    ['braces in code', 'Use `{curly}` braces\n\n```js\nconst a = {};\n```'],
    ['import and export lines', 'import Tip from "./tip.astro"\nexport const meta = 1\n\n# Hi'],
    ['a component with an attribute', '<Tip kind={"salt"}>Salt</Tip>'],
  ])('%s is fine', (_, body) => {
    expect(bodyProblems(body, 'mdx')).toEqual([]);
  });
});

describe('an .mdx body that does not compile', () => {
  it.each([
    ['an unclosed brace', 'Intro\n\nUse {curly braces', '3:5'],
    ['an HTML comment', 'Intro\n\n<!-- note -->', '3:1'],
    ['an unclosed tag', 'a <div> b', '1:3'],
    ['an export that is not JavaScript', 'export const a = ;', '1:18'],
  ])('%s is one problem at its place, in the compiler words', (_, body, place) => {
    const problems = bodyProblems(body, 'mdx');
    expect(problems.map(({ line, column }) => `${line}:${column}`)).toEqual([place]);
    expect(problems[0]?.message).toMatch(/^The MDX text does not compile: \S/);
    expect(problems[0]?.message).not.toMatch(/^The MDX text does not compile: \d+:\d+/);
  });

  it('is not also a problem for the braces it holds', () => {
    expect(bodyProblems('{x}\n\nexport const a = ;', 'mdx')).toHaveLength(1);
  });
});

describe('a .md body', () => {
  it.each([
    ['braces', 'Use {curly} braces'],
    ['an unclosed brace', 'Use {curly braces'],
    ['a less-than sign', 'a < b'],
    ['an HTML comment', '<!-- note -->'],
    ['an unclosed tag', '<div>'],
  ])('is fine with %s', (_, body) => {
    expect(bodyProblems(body, 'md')).toEqual([]);
  });
});
