import { describe, expect, it } from 'vitest';
import { findImpossibleDate, mdxError, splitEntry } from '@/lib/content-loader';

describe('splitEntry', () => {
  it('splits MDX into frontmatter and body', () => {
    expect(splitEntry('---\ntitle: Soup\n---\n\nHot soup.\n', '.mdx')).toEqual({
      yaml: 'title: Soup',
      body: '\nHot soup.\n',
    });
  });

  it('treats a whole YAML file as data', () => {
    expect(splitEntry('name: Ana\n', '.yaml')).toEqual({ yaml: 'name: Ana\n', body: '' });
  });

  it('explains a missing frontmatter block', () => {
    expect(() => splitEntry('title: Soup\n', '.mdx')).toThrow('frontmatter block');
  });
});

describe('findImpossibleDate', () => {
  it.each([
    ['publishDate: 2025-03-12', undefined],
    ['publishDate: 2024-02-29', undefined],
    ['publishDate: "2025-1-5"', undefined],
    ['title: Not a date\nrating: 4.9', undefined],
    ['publishDate: 2025-13-45', { field: 'publishDate', value: '2025-13-45' }],
    ['publishDate: 2025-02-29', { field: 'publishDate', value: '2025-02-29' }],
    ["updated: '2025-04-31'", { field: 'updated', value: '2025-04-31' }],
  ])('checks %j', (source, expected) => {
    expect(findImpossibleDate(source)).toEqual(expected);
  });

  it('ignores dates inside nested values and prose', () => {
    expect(findImpossibleDate('steps:\n  - Rest until 2025-13-45\n')).toBeUndefined();
  });
});

describe('mdxError', () => {
  it('accepts Markdown and MDX that compile', () => {
    expect(mdxError('## Tips\n\n- Salt the water.\n')).toBeUndefined();
    expect(mdxError('Serves <strong>four</strong>.')).toBeUndefined();
  });

  it.each([
    ['an unclosed tag', 'An unclosed <Component tag.'],
    ['a stray brace', 'Heat to 200 { degrees.'],
  ])('reports %s with its line and column', (_, body) => {
    expect(mdxError(body)).toMatch(/^\d+:\d+/);
  });
});
