/**
 * Reading a content file's fields. The fast path (js-yaml, with YAML 1.2's core schema) must read
 * every value exactly as YAML's own parser does, which also points at lines when there is a
 * problem; these cases are where YAML parsers most often disagree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument, type Node } from 'yaml';
import { normalise, splitFrontmatter } from '@/lib/frontmatter';
import { parseSource } from '@/loaders/source';

const root = join(import.meta.dirname, '../..');

const fieldsOf = (yaml: string) => {
  const source = parseSource('src/content/team/a.yaml', yaml);
  if (Array.isArray(source)) throw new Error(source.map((p) => p.message).join('\n'));
  return source.data;
};

describe('reading the fields', () => {
  it.each([
    ['an unquoted date, which stays text for the schema to read', 'day: 2025-03-12'],
    ['a date and time', 'at: 2025-03-12T10:00:00Z'],
    ['a time, which YAML 1.1 would read as minutes', 'at: 12:30'],
    ['whole numbers in decimal, octal and hex', 'a: 42\nb: -7\nc: +5\nd: 012\ne: 0o17\nf: 0x1F'],
    ['a binary number, which YAML 1.2 keeps as text', 'n: 0b101'],
    ['a number with an underscore, which YAML 1.2 keeps as text', 'n: 1_000'],
    ['decimals and exponents', 'a: 4.9\nb: 1e3\nc: 6.02e+23\nd: .5\ne: 1.10'],
    ['infinity and not-a-number', 'a: .inf\nb: -.inf\nc: .nan'],
    [
      'the YAML 1.2 booleans, and yes/no/on/off as text',
      'a: true\nb: True\nc: FALSE\nd: yes\ne: on\nf: no\ng: off',
    ],
    ['empty values', 'a: ~\nb: null\nc: Null\nd:'],
    ['quoted text with escapes', 'a: "tab\\tand \\u00e9"\nb: \'it\'\'s\'\nc: "~"'],
    ['block text, kept and folded', 'a: |\n  one\n  two\nb: >-\n  one\n  two\nc: |+\n  kept\n\n'],
    ['plain text over several lines', 'a: a long\n  plain value'],
    ['a comment after a value', 'a: value # a note'],
    ['a colon inside quotes', 'title: "Soup: A Love Story"'],
    ['lists and groups of fields', 'image:\n  src: ./a.jpg\n  alt: A\nsteps:\n  - Boil.\n  - Eat.'],
    ['flow lists and maps', 'a: [1, two, {x: 3}]'],
    ['anchors and aliases', 'a: &x 1\nb: *x'],
    ['a merge key, which YAML 1.2 keeps as a field', 'base: &b {x: 1}\nm:\n  <<: *b\n  y: 2'],
    ['non-Latin text', 'title: Ragù alla bolognese — 東京'],
  ])('reads %s as YAML itself does', (_, yaml) => {
    expect(fieldsOf(yaml)).toEqual(parseDocument(yaml).toJS());
  });

  it('reads an empty file as no fields', () => {
    expect(fieldsOf('')).toEqual({});
  });
});

describe('YAML that does not parse', () => {
  it.each([
    ['a field set twice', 'a: 1\na: 2', 2, 'This field is set twice'],
    ['a colon inside a value', 'title: Soup: A Love Story', 1, 'This value contains ": "'],
    ['a tab for indentation', 'image:\n\tsrc: a', 2, 'Indent with spaces, not tabs.'],
  ])('is explained at its line: %s', (_, yaml, line, message) => {
    const problems = parseSource('src/content/team/a.yaml', yaml);
    expect(problems).toEqual([
      expect.objectContaining({ line, message: expect.stringContaining(message) }),
    ]);
  });
});

describe('where a field is', () => {
  /** Every field's place as YAML's own parser finds it: the start of its value. */
  function parserPlaces(file: string, raw: string) {
    const text = normalise(raw);
    const parts = file.endsWith('.md') || file.endsWith('.mdx') ? splitFrontmatter(text) : null;
    const [yaml, yamlLine] = parts ? [parts.yaml, parts.yamlLine] : [text, 1];
    const lineCounter = new LineCounter();
    const document = parseDocument(yaml, { lineCounter });
    const contents = document.contents as { items: { key: { value: string }; value: Node }[] };
    return contents.items.map(({ key, value }) => {
      const { line, col } = lineCounter.linePos(value.range![0]);
      return { key: key.value, line: yamlLine + line - 1, column: col };
    });
  }

  const samples = readdirSync(join(root, 'src/content'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(mdx?|ya?ml)$/.test(file))
    .map((file) => `src/content/${file}`);

  it.each(samples)('finds each top-level field of %s where YAML itself does', (file) => {
    const raw = readFileSync(join(root, file), 'utf8');
    const source = parseSource(file, raw);
    if (Array.isArray(source)) throw new Error(source[0]?.message);
    for (const { key, line, column } of parserPlaces(file, raw)) {
      expect([key, source.locate([key])]).toEqual([key, { line, column }]);
    }
  });

  it.each([
    ['a quoted value', "title: 'Soup: A Love Story'\nauthor: 'ana'\n", 'author', 2, 9],
    ['a value after a comment line', '# who wrote it\nauthor:   ana # the cook\n', 'author', 2, 11],
    ['a value on the next line', 'author:\n  ana\n', 'author', 2, 3],
    [
      'a text whose next line starts like a field',
      'bio: "Cooks.\n  author: no"\nauthor: ana\n',
      'author',
      3,
      9,
    ],
  ])('finds %s', (_, yaml, key, line, column) => {
    const source = parseSource('src/content/team/ana.yaml', yaml);
    if (Array.isArray(source)) throw new Error(source[0]?.message);
    expect(source.locate([key])).toEqual({ line, column });
  });
});
