/**
 * Content integrity over the real files in src/content: every entry matches its schema, every
 * reference resolves, each page's count can be filled, and every MDX body compiles.
 */
import { describe, expect, it } from 'vitest';
import { pageCounts } from '@/lib/content';
import { blogSchema, type BlogData } from '@/schemas/blog';
import { recipeSchema, type RecipeData } from '@/schemas/recipe';
import { siteSchema } from '@/schemas/site';
import { teamSchema } from '@/schemas/team';
import type { z } from 'astro/zod';
import { readCollection, type RawEntry } from './load';

function validate<T>(schema: z.ZodType<T>, entries: RawEntry[]) {
  return entries.map((entry) => {
    const result = schema.safeParse(entry.data);
    if (!result.success) {
      const fields = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      throw new Error(`${entry.filePath}\n  ${fields.join('\n  ')}`);
    }
    return { ...entry, data: result.data };
  });
}

const recipes = validate<RecipeData>(recipeSchema, readCollection('src/content/recipes'));
const posts = validate<BlogData>(blogSchema, readCollection('src/content/blog'));
const team = validate(teamSchema, readCollection('src/content/team')).sort(
  (a, b) => a.data.order - b.data.order,
);
const [site] = validate(siteSchema, readCollection('src/content/site'));
const published = posts.filter((post) => !post.data.draft);

const teamIds = new Set(team.map((member) => member.id));
const recipeIds = new Set(recipes.map((recipe) => recipe.id));

describe('references', () => {
  it.each([...recipes, ...posts].map((e) => [e.filePath, e.data.author.id]))(
    '%s names an existing author (%s)',
    (_, authorId) => {
      expect([...teamIds]).toContain(authorId);
    },
  );

  it("names an existing recipe as Today's Special", () => {
    expect([...recipeIds]).toContain(site?.data.todaysSpecial.id);
  });
});

describe('page counts', () => {
  it('has at least 6 featured recipes for the home page', () => {
    expect(recipes.filter((r) => r.data.featured).length).toBeGreaterThanOrEqual(
      pageCounts.featuredRecipes,
    );
  });

  it('has at least 12 recipes for /recipes', () => {
    expect(recipes.length).toBeGreaterThanOrEqual(pageCounts.recipeGrid);
  });

  it('has at least 8 published posts for /blog (and so 4 for the home page)', () => {
    expect(published.length).toBeGreaterThanOrEqual(pageCounts.blogGrid);
  });

  it('has the team of three the about page introduces', () => {
    expect(team.map((m) => m.data.role)).toEqual([
      'Founder & Head Chef',
      'Food Photographer',
      'Nutritionist & Writer',
    ]);
  });
});

describe('sample content the spec describes', () => {
  it("makes Today's Special a pasta rated 4.9 that takes 25 min", () => {
    const special = recipes.find((r) => r.id === site?.data.todaysSpecial.id);
    expect(special?.data).toMatchObject({ category: 'Italian', rating: 4.9, totalMinutes: 25 });
    expect(special?.data.title).toMatch(/pasta|spaghetti|linguine|penne|tagliatelle/i);
  });

  it('covers every difficulty and uses ratings from 4.6 to 5', () => {
    expect(new Set(recipes.map((r) => r.data.difficulty))).toEqual(
      new Set(['Easy', 'Medium', 'Hard']),
    );
    for (const recipe of recipes) expect(recipe.data.rating).toBeGreaterThanOrEqual(4.6);
  });

  it('covers all six blog categories among published posts', () => {
    expect(new Set(published.map((p) => p.data.category)).size).toBe(6);
  });

  it('gives every entry its own photo', () => {
    const photos = [...recipes, ...posts, ...team].map((e) => e.data.image.src);
    expect(new Set(photos).size).toBe(photos.length);
  });
});

// Each import runs the file through @astrojs/mdx's compiler, exactly as the build would.
const mdxModules = import.meta.glob('/src/content/{recipes,blog}/*.mdx');

describe('MDX bodies', () => {
  it('found every MDX file', () => {
    expect(Object.keys(mdxModules)).toHaveLength(recipes.length + posts.length);
  });

  it.each(Object.entries(mdxModules))('%s compiles', async (_, load) => {
    const module = (await load()) as { default: unknown };
    expect(module.default).toBeTypeOf('function');
  });
});
