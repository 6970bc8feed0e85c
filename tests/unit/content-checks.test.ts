/**
 * The whole-content rules, run on small in-memory collections built through the schemas. Only
 * the rule under test is asserted: these collections are far too small to fill the pages.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadedContent } from '@/loaders/content-files';
import { pageNeeds } from '@/config';
import { siteContentCheck } from '@/loaders/site-rules';
import { entry } from '../support/fixtures';

afterEach(() => vi.unstubAllEnvs());

type Kind = Parameters<typeof entry>[0];

/** One loaded entry, as the loader hands it to the whole-content checks. */
const loaded = (kind: Kind, id: string, fields: Record<string, unknown> = {}) => {
  const { filePath, data } = entry(kind, id, fields);
  return { id, file: filePath, data: data as Record<string, unknown> };
};

function check(entries: Partial<Record<Kind, ReturnType<typeof loaded>[]>>) {
  vi.stubEnv('PUBLISH_NOW', '2026-06-01');
  const content: LoadedContent = new Map(Object.entries(entries));
  const locate = vi.fn(() => ({ line: 3, column: 10 }));
  return { ...siteContentCheck(content, { locate, rejected: () => 0 }), locate };
}

const placeholderProblems = (problems: { message: string }[]) =>
  problems.filter((p) => p.message.includes('npm run new'));

describe('placeholders left by npm run new', () => {
  it('stop a post that is no longer a draft, at the field that still holds one', () => {
    const { problems, locate } = check({
      blog: [loaded('blog', 'salt', { excerpt: 'REPLACE with a sentence or two.' })],
    });
    expect(placeholderProblems(problems)).toEqual([
      expect.objectContaining({
        file: 'src/content/blog/salt.mdx',
        line: 3,
        column: 10,
        field: 'excerpt',
      }),
    ]);
    expect(locate).toHaveBeenCalledWith('src/content/blog/salt.mdx', ['excerpt']);
  });

  it('name the list item of a recipe, and the nested alt text, that still hold one', () => {
    const { problems } = check({
      recipes: [
        loaded('recipes', 'ragu', {
          steps: ['Brown the meat.', 'REPLACE with the next step'],
          image: { src: 'https://images.unsplash.com/photo-1', alt: 'REPLACE with the photo' },
        }),
      ],
    });
    expect(placeholderProblems(problems).map((p) => (p as { field?: string }).field)).toEqual([
      'image.alt',
      'steps[1]',
    ]);
  });

  it('stop a scheduled post too, which would go live on its day without anyone looking', () => {
    const { problems } = check({
      blog: [loaded('blog', 'later', { publishDate: '2026-12-24', excerpt: 'REPLACE me' })],
    });
    expect(placeholderProblems(problems)).toHaveLength(1);
  });

  it('stop a team member who is on the about page', () => {
    const { problems } = check({ team: [loaded('team', 'ana', { role: 'REPLACE with a job' })] });
    expect(placeholderProblems(problems)).toEqual([
      expect.objectContaining({ file: 'src/content/team/ana.yaml', field: 'role' }),
    ]);
  });

  it('are fine in drafts, which is how npm run new writes them', () => {
    const { problems } = check({
      blog: [loaded('blog', 'salt', { excerpt: 'REPLACE me', draft: true })],
      team: [loaded('team', 'ana', { role: 'REPLACE with a job', draft: true })],
    });
    expect(placeholderProblems(problems)).toEqual([]);
  });

  it('are only placeholders at the start of a value: the word inside a sentence is fine', () => {
    const { problems } = check({
      blog: [loaded('blog', 'salt', { excerpt: 'When to REPLACE your knives.' })],
    });
    expect(placeholderProblems(problems)).toEqual([]);
  });
});

describe('page counts', () => {
  const entries = (collection: 'recipes' | 'blog', count: number, fields = {}) =>
    Array.from({ length: count }, (_, i) => loaded(collection, `e${i}`, fields));
  const featured = (recipes: boolean) => (recipes ? { featured: true } : {});

  it.each(Object.entries(pageNeeds))(
    '%s: names the page, its need and the supply when it cannot be filled',
    (_, need) => {
      const isRecipes = need.collection === 'recipes';
      const { problems } = check({
        [need.collection]: entries(need.collection, need.count - 1, featured(isRecipes)),
      });
      expect(problems).toContainEqual({
        file: `src/content/${need.collection}`,
        message: `${need.label} needs ${need.count}, but only ${need.count - 1} are published. Add entries, or publish ones that are waiting.`,
      });
    },
  );

  it('are met by exactly as many published entries as each page shows', () => {
    const most = (collection: string) =>
      Math.max(
        ...Object.values(pageNeeds)
          .filter((need) => need.collection === collection)
          .map((need) => need.count),
      );
    const { problems } = check({
      recipes: entries('recipes', most('recipes'), { featured: true }),
      blog: entries('blog', most('blog')),
    });
    expect(problems).toEqual([]);
  });

  it('count only featured recipes for the home page', () => {
    const { count, label } = pageNeeds.featuredRecipes;
    const { problems } = check({
      recipes: [
        ...entries('recipes', count - 1, { featured: true }),
        loaded('recipes', 'plain', { featured: false }),
      ],
    });
    expect(problems.map((p) => p.message)).toContain(
      `${label} needs ${count}, but only ${count - 1} are published. Add entries, or publish ones that are waiting.`,
    );
  });
});
