import { beforeEach, describe, expect, it, vi } from 'vitest';

type Entry = {
  id: string;
  collection: string;
  filePath: string;
  body?: string;
  data: Record<string, unknown>;
};

// A tiny in-memory content layer: tests fill `store`, the mock reads it.
const store = vi.hoisted(() => ({ entries: [] as Entry[], dev: false }));

vi.mock('astro:content', () => ({
  getCollection: async (collection: string, filter?: (entry: Entry) => boolean) =>
    store.entries.filter((e) => e.collection === collection && (filter ? filter(e) : true)),
  getEntry: async (
    collectionOrRef: string | { collection: string; id: string },
    maybeId?: string,
  ) => {
    const [collection, id] =
      typeof collectionOrRef === 'string'
        ? [collectionOrRef, maybeId]
        : [collectionOrRef.collection, collectionOrRef.id];
    return store.entries.find((e) => e.collection === collection && e.id === id);
  },
}));

const {
  allPosts,
  blogGrid,
  ContentError,
  featuredRecipes,
  homePosts,
  pageCounts,
  recipeGrid,
  siteData,
  team,
  todaysSpecial,
} = await import('@/lib/content');

const day = (n: number) => new Date(Date.UTC(2025, 0, n));
const author = { collection: 'team', id: 'sofia' };

function recipe(id: string, published: number, data: Record<string, unknown> = {}): Entry {
  return {
    id,
    collection: 'recipes',
    filePath: `src/content/recipes/${id}.mdx`,
    data: { title: id, publishDate: day(published), featured: false, author, ...data },
  };
}

function post(
  id: string,
  published: number,
  data: Record<string, unknown> = {},
  body = 'word '.repeat(400),
): Entry {
  return {
    id,
    collection: 'blog',
    filePath: `src/content/blog/${id}.mdx`,
    body,
    data: { title: id, publishDate: day(published), draft: false, author, ...data },
  };
}

function member(id: string, name: string, order: number): Entry {
  return { id, collection: 'team', filePath: `src/content/team/${id}.yaml`, data: { name, order } };
}

const site: Entry = {
  id: 'site',
  collection: 'site',
  filePath: 'src/content/site/site.yaml',
  data: { name: 'Delicious Bites', todaysSpecial: { collection: 'recipes', id: 'r1' } },
};

const recipes = (count: number, data: (i: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: count }, (_, i) => recipe(`r${i + 1}`, i + 1, data(i + 1)));
const posts = (count: number) => Array.from({ length: count }, (_, i) => post(`p${i + 1}`, i + 1));

beforeEach(() => {
  store.entries = [member('sofia', 'Sofia', 1), site];
  vi.unstubAllEnvs();
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
      /home page's Featured Recipes .*needs 6, but only 4 exist/,
    );
  });

  it('fails rather than showing a short /recipes grid', async () => {
    store.entries.push(...recipes(11));
    await expect(recipeGrid()).rejects.toThrow(/\/recipes .*needs 12, but only 11 exist/);
  });

  it('fails, naming the file and the missing id, when a recipe author does not exist', async () => {
    store.entries.push(
      ...recipes(11),
      recipe('orphan', 50, { author: { collection: 'team', id: 'ghost' } }),
    );
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
    expect(pageCounts.blogGrid).toBe(8);
  });

  it('homePosts returns the 4 newest, so a new post goes first on both pages', async () => {
    store.entries.push(...posts(9), post('brand-new', 200));
    expect(ids(await homePosts())).toEqual(['brand-new', 'p9', 'p8', 'p7']);
    expect((await blogGrid())[0]?.id).toBe('brand-new');
  });

  it('leaves drafts out of production builds', async () => {
    store.entries.push(...posts(9), post('secret', 300, { draft: true }));
    vi.stubEnv('DEV', false);
    expect(ids(await allPosts())).not.toContain('secret');
  });

  it('shows drafts while writing in astro dev', async () => {
    store.entries.push(...posts(9), post('secret', 300, { draft: true }));
    vi.stubEnv('DEV', true);
    expect(ids(await allPosts())[0]).toBe('secret');
  });

  it('fails, with counts, when drafts leave too few posts for /blog', async () => {
    store.entries.push(...posts(7), post('secret', 300, { draft: true }));
    vi.stubEnv('DEV', false);
    await expect(blogGrid()).rejects.toThrow(/\/blog .*needs 8, but only 7 exist/);
  });

  it('resolves each author and measures reading time from the body', async () => {
    store.entries.push(post('long', 1, {}, 'word '.repeat(650)));
    const [summary] = await allPosts();
    expect(summary?.author.data).toMatchObject({ name: 'Sofia' });
    expect(summary?.readingMinutes).toBe(3);
  });

  it('fails, naming the post and the missing id, when an author does not exist', async () => {
    store.entries.push(
      ...posts(8),
      post('orphan', 50, { author: { collection: 'team', id: 'nobody' } }),
    );
    await expect(blogGrid()).rejects.toThrow(
      'src/content/blog/orphan.mdx: "author" refers to team member "nobody", which does not exist.',
    );
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
});
