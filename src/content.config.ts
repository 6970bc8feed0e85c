import { defineCollection } from 'astro:content';
import { siteContentCheck } from './loaders/site-rules';
import { astroGlob, contentEngine } from './loaders/content-files';
import { blogSchema } from './schemas/blog';
import { recipeSchema } from './schemas/recipe';
import { siteSchema } from './schemas/site';
import { teamSchema } from './schemas/team';

const markdown = ['.md', '.mdx'];
const yaml = ['.yaml', '.yml'];
const engine = contentEngine({ check: siteContentCheck });
// CONTENT_LOADER=glob builds with Astro's own loader instead; the scale benchmark compares them.
const files = process.env['CONTENT_LOADER'] === 'glob' ? astroGlob : engine.files;

export const collections = {
  recipes: defineCollection({
    loader: files({
      folder: 'src/content/recipes',
      extensions: markdown,
      schema: recipeSchema,
    }),
    schema: recipeSchema,
  }),
  blog: defineCollection({
    loader: files({ folder: 'src/content/blog', extensions: markdown, schema: blogSchema }),
    schema: blogSchema,
  }),
  team: defineCollection({
    loader: files({ folder: 'src/content/team', extensions: yaml, schema: teamSchema }),
    schema: teamSchema,
  }),
  site: defineCollection({
    loader: files({ folder: 'src/content/site', extensions: yaml, schema: siteSchema }),
    schema: siteSchema,
  }),
};
