import { defineCollection } from 'astro:content';
import { strictGlob } from './lib/strict-glob';
import { blogSchema } from './schemas/blog';
import { recipeSchema } from './schemas/recipe';
import { siteSchema } from './schemas/site';
import { teamSchema } from './schemas/team';

const recipes = defineCollection({
  loader: strictGlob({ pattern: '*.mdx', base: './src/content/recipes' }),
  schema: recipeSchema,
});

const blog = defineCollection({
  loader: strictGlob({ pattern: '*.mdx', base: './src/content/blog' }),
  schema: blogSchema,
});

const team = defineCollection({
  loader: strictGlob({ pattern: '*.yaml', base: './src/content/team' }),
  schema: teamSchema,
});

const site = defineCollection({
  loader: strictGlob({ pattern: '*.yaml', base: './src/content/site' }),
  schema: siteSchema,
});

export const collections = { recipes, blog, team, site };
