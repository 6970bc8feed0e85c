import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { blogSchema } from './schemas/blog';
import { recipeSchema } from './schemas/recipe';
import { siteSchema } from './schemas/site';
import { teamSchema } from './schemas/team';

const recipes = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './src/content/recipes' }),
  schema: recipeSchema,
});

const blog = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './src/content/blog' }),
  schema: blogSchema,
});

const team = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/team' }),
  schema: teamSchema,
});

const site = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/site' }),
  schema: siteSchema,
});

export const collections = { recipes, blog, team, site };
