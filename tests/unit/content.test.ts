import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contentStore as store } from '../support/content-layer';
import { entry } from '../support/fixtures';

type Entry = ReturnType<typeof entry>;

vi.mock('astro:content', async (original) =>
  (await import('../support/content-layer')).inMemoryContent(original),
);

const {
  allPosts,
  allRecipes,
  blogGrid,
  ContentError,
  featuredRecipes,
  homePosts,
  recipeGrid,
  siteData,
  team,
  todaysSpecial,
} = await import('@/queries/content');

/** January `n`, 2025. */
const day = (n: number) => new Date(Date.UTC(2025, 0, n)).toISOString().slice(0, 10);

const recipe = (id: string, published: number, fields: Record<string, unknown> = {}): Entry =>
  entry('recipes', id, { title: id, publishDate: day(published), ...fields });

const post = (
  id: string,
  published: number,
  fields: Record<string, unknown> = {},
  body = 'word '.repeat(400),
): Entry => entry('blog', id, { title: id, publishDate: day(published), ...fields }, body);

const member = (id: string, name: string, order: number) => entry('team', id, { name, order });

const site = (fields: Record<string, unknown> = {}) => entry('site', 'site', fields);

const recipes = (count: number, fields: (i: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: count }, (_, i) => recipe(`r${i + 1}`, i + 1, fields(i + 1)));
const posts = (count: number) => Array.from({ length: count }, (_, i) => post(`p${i + 1}`, i + 1));

beforeEach(() => {
  store.entries = [member('sofia', 'Sofia', 1), site()];
  vi.unstubAllEnvs();
  vi.stubEnv('DEV', false);
  vi.stubEnv('PUBLISH_NOW', '2025-12-31T12:00:00Z');
});

const ids = (entries: { id: string }[]) => entries.map((e) => e.id);

describe('recipe queries', () => {
  it('recipeGrid returns the 12 newest recipes, newest first', async () => {
    store.entries.push(...recipes(14));
    expect(ids(await recipeGrid())).toEqual([
      'r14',
      'r13',
      'r12',
      'r11',
      'r10',
      'r9',
      'r8',
      'r7',
      'r6',
      'r5',
      'r4',
      'r3',
    ]);
  });

  it('breaks date ties by title so the order is stable', async () => {
    store.entries.push(...recipes(12), recipe('b-tie', 30), recipe('a-tie', 30));
    expect(ids(await recipeGrid()).slice(0, 2)).toEqual(['a-tie', 'b-tie']);
  });

  it('featuredRecipes returns the 6 newest featured recipes', async () => {
    store.entries.push(
      ...recipes(10, (i) => ({ featured: i % 2 === 0 || i === 1 })),
      recipe('late', 99),
    );
    expect(ids(await featuredRecipes())).toEqual(['r10', 'r8', 'r6', 'r4', 'r2', 'r1']);
  });

  it('fails, naming the page, the need and the supply, when too few recipes are featured', async () => {
    store.entries.push(...recipes(12, (i) => ({ featured: i <= 4 })));
    await expect(featuredRecipes()).rejects.toThrow(
      /Featured Recipes on the home page .*needs 6, but only 4 are published/,
    );
  });

  it('fails rather than showing a short /recipes grid', async () => {
    store.entries.push(...recipes(11));
    await expect(recipeGrid()).rejects.toThrow(/\/recipes needs 12, but only 11 are published/);
  });

  it('fails, naming the file and the missing id, when a recipe author does not exist', async () => {
    store.entries.push(...recipes(11), recipe('orphan', 50, { author: 'ghost' }));
    const error = await recipeGrid().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect(String(error)).toMatch(
      /src\/content\/recipes\/orphan\.mdx: "author" refers to team member "ghost"/,
    );
  });

  it('todaysSpecial returns the recipe the site settings name', async () => {
    store.entries.push(...recipes(3));
    expect((await todaysSpecial()).id).toBe('r1');
  });

  it("fails when Today's Special names a recipe that does not exist", async () => {
    await expect(todaysSpecial()).rejects.toThrow(
      /"todaysSpecial" refers to recipe "r1", which does not exist/,
    );
  });
});

describe('blog queries', () => {
  it('blogGrid returns the 8 newest published posts', async () => {
    store.entries.push(...posts(10));
    expect(ids(await blogGrid())).toEqual(['p10', 'p9', 'p8', 'p7', 'p6', 'p5', 'p4', 'p3']);
  });

  it('homePosts returns the 4 newest, so a new post goes first on both pages', async () => {
    store.entries.push(...posts(9), post('brand-new', 200));
    expect(ids(await homePosts())).toEqual(['brand-new', 'p9', 'p8', 'p7']);
    expect((await blogGrid())[0]?.id).toBe('brand-new');
  });

  it('leaves drafts out of production builds', async () => {
    store.entries.push(...posts(9), post('secret', 300, { draft: true }));
    expect(ids(await allPosts())).not.toContain('secret');
  });

  it('shows drafts while writing in astro dev', async () => {
    store.entries.push(...posts(9), post('secret', 300, { draft: true }));
    vi.stubEnv('DEV', true);
    expect(ids(await allPosts())[0]).toBe('secret');
  });

  it('fails, counting drafts and scheduled posts, when too few are published for /blog', async () => {
    store.entries.push(
      ...posts(6),
      post('secret', 30, { draft: true }),
      post('ahead', 400),
      post('later', 450),
    );
    await expect(blogGrid()).rejects.toThrow(
      '/blog needs 8, but only 6 are published (1 draft, 2 scheduled).',
    );
  });

  it('resolves each author and measures reading time from the body', async () => {
    store.entries.push(post('long', 1, {}, 'word '.repeat(650)));
    const [summary] = await allPosts();
    expect(summary?.author.data).toMatchObject({ name: 'Sofia' });
    expect(summary?.readingMinutes).toBe(3);
  });

  it('fails, naming the post and the missing id, when an author does not exist', async () => {
    store.entries.push(...posts(8), post('orphan', 50, { author: 'nobody' }));
    await expect(blogGrid()).rejects.toThrow(
      'src/content/blog/orphan.mdx: "author" refers to team member "nobody", which does not exist.',
    );
  });
});

describe('scheduled publishing', () => {
  it('leaves out an entry dated after the build day, everywhere', async () => {
    store.entries.push(...posts(9), post('next-month', 395), ...recipes(13), recipe('soon', 370));
    expect(ids(await allPosts())).not.toContain('next-month');
    expect(ids(await homePosts())[0]).toBe('p9');
    expect(ids(await allRecipes())).not.toContain('soon');
  });

  it('publishes an entry on its day', async () => {
    store.entries.push(post('today', 365));
    expect(ids(await allPosts())).toEqual(['today']);
  });

  it("reads the day in the site's time zone", async () => {
    // 23:30 UTC on December 31 is already New Year's Day in Rome, so a January 1 post is live there.
    vi.stubEnv('PUBLISH_NOW', '2025-12-31T23:30:00Z');
    store.entries.push(post('new-year', 366));
    expect(ids(await allPosts())).toEqual([]);
    store.entries[1] = site({ timezone: 'Europe/Rome' });
    expect(ids(await allPosts())).toEqual(['new-year']);
  });

  it('shows scheduled entries in astro dev, marked as scheduled', async () => {
    vi.stubEnv('DEV', true);
    store.entries.push(post('ahead', 400), post('live', 10), post('wip', 5, { draft: true }));
    const shown = await allPosts();
    expect(shown.map((p) => [p.id, p.status])).toEqual([
      ['ahead', 'scheduled'],
      ['live', 'published'],
      ['wip', 'draft'],
    ]);
  });
});

describe('site and team queries', () => {
  it('siteData returns the settings entry', async () => {
    expect((await siteData()).name).toBe('Delicious Bites');
  });

  it('fails with the path when the settings file is missing', async () => {
    store.entries = [];
    await expect(siteData()).rejects.toThrow('src/content/site/site.yaml is missing.');
  });

  it('orders the team by order, then by name', async () => {
    store.entries.push(member('c', 'Cara', 2), member('b', 'Ben', 2), member('z', 'Zed', 0));
    expect(ids(await team())).toEqual(['z', 'sofia', 'b', 'c']);
  });

  it('keeps a drafted team member off the built about page, and shows them in dev', async () => {
    store.entries.push(entry('team', 'new', { name: 'Ana', draft: true }));
    expect(ids(await team())).toEqual(['sofia']);
    vi.stubEnv('DEV', true);
    expect(ids(await team())).toEqual(['new', 'sofia']);
  });
});
