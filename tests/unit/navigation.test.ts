import { describe, expect, it } from 'vitest';
import { isCurrent } from '@/lib/navigation';

// The routes and their order are the specification's, pinned in tests/e2e/helpers.ts.
describe('main navigation', () => {
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
