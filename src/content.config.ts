import { defineCollection } from 'astro:content';
import { contentFiles } from './lib/content-loader';
import { blogSchema } from './schemas/blog';
import { recipeSchema } from './schemas/recipe';
import { siteSchema } from './schemas/site';
import { teamSchema } from './schemas/team';

const recipes = defineCollection({
  loader: contentFiles({ base: './src/content/recipes', extension: '.mdx' }),
  schema: recipeSchema,
});

const blog = defineCollection({
  loader: contentFiles({ base: './src/content/blog', extension: '.mdx' }),
  schema: blogSchema,
});

const team = defineCollection({
  loader: contentFiles({ base: './src/content/team', extension: '.yaml' }),
  schema: teamSchema,
});

const site = defineCollection({
  loader: contentFiles({ base: './src/content/site', extension: '.yaml' }),
  schema: siteSchema,
});

export const collections = { recipes, blog, team, site };
