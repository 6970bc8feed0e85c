import { describe, expect, it } from 'vitest';
import { isCurrent, mainNav } from '@/lib/navigation';

describe('main navigation', () => {
  it('lists the five routes in header order', () => {
    expect(mainNav.map(({ label, href }) => `${label} ${href}`)).toEqual([
      'Home /',
      'Recipes /recipes',
      'Blog /blog',
      'About /about',
      'Contact /contact',
    ]);
  });

  it.each([
    ['/', '/', true],
    ['/recipes', '/recipes', true],
    ['/recipes', '/recipes/', true],
    ['/', '/recipes', false],
    ['/blog', '/blog-archive', false],
  ])('treats %s as current on %s: %s', (href, pathname, expected) => {
    expect(isCurrent(href, pathname)).toBe(expected);
  });
});
