import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNeeds } from '@/config';
import { contentStore as store } from '../support/content-layer';
import { entry } from '../support/fixtures';

type Entry = ReturnType<typeof entry>;

vi.mock('astro:content', async (original) =>
  (await import('../support/content-layer')).inMemoryContent(original),
);

const {
  blogGrid,
  featuredRecipes,
  feedPosts,
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

/** `r<from>`, `r<from - 1>`, … down to `r<to>`: the newest-first ids of a range. */
const newest = (prefix: string, from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => `${prefix}${from - i}`);

describe('recipe queries', () => {
  it('recipeGrid returns as many of the newest recipes as /recipes shows, newest first', async () => {
    const { count } = pageNeeds.recipeGrid;
    store.entries.push(...recipes(count + 2));
    expect(ids(await recipeGrid())).toEqual(newest('r', count + 2, 3));
  });

  it('breaks date ties by title so the order is stable', async () => {
    store.entries.push(
      ...recipes(pageNeeds.recipeGrid.count),
      recipe('b-tie', 30),
      recipe('a-tie', 30),
    );
    expect(ids(await recipeGrid()).slice(0, 2)).toEqual(['a-tie', 'b-tie']);
  });

  it('featuredRecipes returns the newest featured recipes, as many as the home page shows', async () => {
    const { count } = pageNeeds.featuredRecipes;
    // Every other recipe is featured, and the newest of all is not.
    store.entries.push(...recipes(count * 2 + 2, (i) => ({ featured: i % 2 === 0 })));
    store.entries.push(recipe('late', 99));
    const featured = newest('r', count * 2 + 2, 1).filter((id) => Number(id.slice(1)) % 2 === 0);
    expect(ids(await featuredRecipes())).toEqual(featured.slice(0, count));
  });

  it('todaysSpecial returns the recipe the site settings name', async () => {
    store.entries.push(...recipes(3));
    expect((await todaysSpecial()).id).toBe('r1');
  });

  it('stops at a reference the content engine would have refused, rather than render without it', async () => {
    store.entries.push(recipe('orphan', 50, { author: 'ghost' }));
    await expect(recipeGrid()).rejects.toThrow('Team member "ghost" is missing');
  });
});

describe('blog queries', () => {
  it('blogGrid and homePosts return the newest posts, as many as each shows', async () => {
    const shows = Math.max(pageNeeds.blogGrid.count, pageNeeds.homePosts.count);
    store.entries.push(...posts(shows + 1), post('brand-new', 200));
    const all = ['brand-new', ...newest('p', shows + 1, 1)];
    expect(ids(await blogGrid())).toEqual(all.slice(0, pageNeeds.blogGrid.count));
    expect(ids(await homePosts())).toEqual(all.slice(0, pageNeeds.homePosts.count));
  });

  it('leaves drafts out of production builds', async () => {
    store.entries.push(...posts(9), post('secret', 300, { draft: true }));
    expect(ids(await blogGrid())).not.toContain('secret');
  });

  it('shows drafts while writing in astro dev', async () => {
    store.entries.push(...posts(9), post('secret', 300, { draft: true }));
    vi.stubEnv('DEV', true);
    expect(ids(await blogGrid())[0]).toBe('secret');
  });

  it('keeps drafts out of the feed even in astro dev', async () => {
    store.entries.push(...posts(9), post('secret', 300, { draft: true }));
    vi.stubEnv('DEV', true);
    expect(ids(await feedPosts())).not.toContain('secret');
  });

  it('resolves each author and measures reading time from the body', async () => {
    store.entries.push(post('long', 1, {}, 'word '.repeat(650)));
    const [summary] = await blogGrid();
    expect(summary?.author.data).toMatchObject({ name: 'Sofia' });
    expect(summary?.readingMinutes).toBe(3);
  });
});

describe('scheduled publishing', () => {
  it('leaves out an entry dated after the build day, everywhere', async () => {
    store.entries.push(...posts(9), post('next-month', 395), ...recipes(3), recipe('soon', 370));
    expect(ids(await blogGrid())).not.toContain('next-month');
    expect(ids(await feedPosts())).not.toContain('next-month');
    expect(ids(await homePosts())[0]).toBe('p9');
    expect(ids(await recipeGrid())).not.toContain('soon');
  });

  it('publishes an entry on its day', async () => {
    store.entries.push(post('today', 365));
    expect(ids(await blogGrid())).toEqual(['today']);
  });

  it("reads the day in the site's time zone", async () => {
    // 23:30 UTC on December 31 is already New Year's Day in Rome, so a January 1 post is live there.
    vi.stubEnv('PUBLISH_NOW', '2025-12-31T23:30:00Z');
    store.entries.push(post('new-year', 366));
    expect(ids(await blogGrid())).toEqual([]);
    store.entries[1] = site({ timezone: 'Europe/Rome' });
    expect(ids(await blogGrid())).toEqual(['new-year']);
  });

  it('shows scheduled entries in astro dev, marked as scheduled', async () => {
    vi.stubEnv('DEV', true);
    store.entries.push(post('ahead', 400), post('live', 10), post('wip', 5, { draft: true }));
    const shown = await blogGrid();
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
    await expect(siteData()).rejects.toThrow('src/content/site/site.yaml is missing');
  });

  it('orders the team by order, then by name', async () => {
    store.entries.push(member('c', 'Cara', 2), member('b', 'Ben', 2), member('z', 'Zed', 0));
    expect(ids(await team())).toEqual(['z', 'sofia', 'b', 'c']);
  });

  it('keeps a drafted team member off the built about page, and shows them in dev', async () => {
    store.entries.push(entry('team', 'new', { name: 'Ana', draft: true }));
    expect(ids(await team())).toEqual(['sofia']);
    vi.stubEnv('DEV', true);
    expect((await team()).map((m) => [m.id, m.status])).toEqual([
      ['new', 'draft'],
      ['sofia', 'published'],
    ]);
  });
});
