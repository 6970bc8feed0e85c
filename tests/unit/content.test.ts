import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lists, type ListName } from '@/config';
import { holdPick as picked, contentStore as store } from '../support/content-layer';
import { entry } from '../support/fixtures';

type Entry = ReturnType<typeof entry>;

vi.mock('astro:content', async (original) =>
  (await import('../support/content-layer')).inMemoryContent(original),
);

const {
  blogGrid,
  featuredRecipes,
  feedPosts,
  feedRecipes,
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

const ids = (entries: { id: string }[]) => entries.map((e) => e.id);

beforeEach(() => {
  store.entries = [member('sofia', 'Sofia', 1), site()];
  vi.unstubAllEnvs();
  vi.stubEnv('PUBLISH_NOW', '2025-12-31T12:00:00Z');
});

describe('lists', () => {
  it('are the entries the engine picked, in its order, whatever their dates', async () => {
    picked('recipeGrid', [recipe('b', 1), recipe('a', 9), recipe('c', 5)]);
    picked('homePosts', [post('p2', 2), post('p1', 1)]);
    expect(ids(await recipeGrid())).toEqual(['b', 'a', 'c']);
    expect(ids(await homePosts())).toEqual(['p2', 'p1']);
  });

  it('each read their own list’s pick', async () => {
    const queries = {
      featuredRecipes,
      recipeGrid,
      recipeFeed: feedRecipes,
      blogGrid,
      homePosts,
      blogFeed: feedPosts,
    } satisfies Record<ListName, unknown>;
    for (const name of Object.keys(queries) as ListName[]) {
      picked(name, [lists[name].collection === 'recipes' ? recipe(name, 1) : post(name, 1)]);
    }
    for (const [name, query] of Object.entries(queries)) expect(ids(await query())).toEqual([name]);
  });

  it('label each entry with its state as of today: scheduled and drafts show only in astro dev', async () => {
    picked('blogGrid', [post('ahead', 400), post('live', 10), post('wip', 5, { draft: true })]);
    expect((await blogGrid()).map((p) => [p.id, p.state])).toEqual([
      ['ahead', 'scheduled'],
      ['live', 'published'],
      ['wip', 'draft'],
    ]);
  });

  it("read today in the site's time zone", async () => {
    // 23:30 UTC on December 31 is already New Year's Day in Rome.
    vi.stubEnv('PUBLISH_NOW', '2025-12-31T23:30:00Z');
    picked('blogGrid', [post('new-year', 366)]);
    expect((await blogGrid())[0]?.state).toBe('scheduled');
    store.entries[1] = site({ timezone: 'Europe/Rome' });
    expect((await blogGrid())[0]?.state).toBe('published');
  });

  it('resolve each author and measure reading time from the body', async () => {
    picked('blogGrid', [post('long', 1, {}, 'word '.repeat(650))]);
    const [summary] = await blogGrid();
    expect(summary?.author.data).toMatchObject({ name: 'Sofia' });
    expect(summary?.readingMinutes).toBe(3);
  });

  it('stop at a reference the content engine would have refused, rather than render without it', async () => {
    picked('recipeGrid', [recipe('orphan', 50, { author: 'ghost' })]);
    await expect(recipeGrid()).rejects.toThrow('Team member "ghost" is missing');
  });
});

describe('site and team queries', () => {
  it('todaysSpecial returns the recipe the site settings name', async () => {
    store.entries.push(recipe('r1', 1));
    expect((await todaysSpecial()).id).toBe('r1');
  });

  it('siteData returns the settings entry', async () => {
    expect((await siteData()).name).toBe('Delicious Bites');
  });

  it('fails with the path when the settings file is missing', async () => {
    store.entries = [];
    await expect(siteData()).rejects.toThrow('src/content/site/site.yaml is missing');
  });

  it('orders the team the engine holds by order, then by name, a draft labelled', async () => {
    store.entries.push(
      member('c', 'Cara', 2),
      member('b', 'Ben', 2),
      entry('team', 'z', { name: 'Zed', order: 0, draft: true }),
    );
    expect((await team()).map((m) => [m.id, m.state])).toEqual([
      ['z', 'draft'],
      ['sofia', 'published'],
      ['b', 'published'],
      ['c', 'published'],
    ]);
  });
});
