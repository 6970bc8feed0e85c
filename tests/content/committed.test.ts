/** The content as committed passes the same check a writer's pull request gets. */
import { expect, it, vi } from 'vitest';
import { astro, scratchProject } from './scratch';

vi.setConfig({ testTimeout: 240_000 });

it('passes npm run check:content: schemas, references, photos, MDX bodies and page counts', () => {
  const { status, output } = astro(scratchProject(), 'sync');
  expect(status, output).toBe(0);
  expect(output).toMatch(/Read \d+ blog, \d+ recipes, 1 site, \d+ team entries\./);
});
