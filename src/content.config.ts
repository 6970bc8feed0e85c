/**
 * The collections, assembled: each folder of src/content with its schema, read and checked by the
 * content engine (src/loaders/), and the picks the engine decides for each list of entries.
 *
 * `getCollection()` returns the entries the site shows, not every file: Astro's content store
 * holds each list's pick (src/config.ts), the collections shown whole, and the entries those
 * name. The engine still reads and checks every file, and keeps its own index of all of them.
 */
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { contentFolders } from './config';
import { contentEngine } from './loaders/loader';
import { blogSchema } from './schemas/blog';
import { recipeSchema } from './schemas/recipe';
import { siteSchema } from './schemas/site';
import { teamSchema } from './schemas/team';

const engine = contentEngine({
  recipes: { ...contentFolders.recipes, schema: recipeSchema },
  blog: { ...contentFolders.blog, schema: blogSchema },
  team: { ...contentFolders.team, schema: teamSchema },
  site: { ...contentFolders.site, schema: siteSchema },
});

export const collections = {
  recipes: defineCollection({ loader: engine.loader('recipes'), schema: recipeSchema }),
  blog: defineCollection({ loader: engine.loader('blog'), schema: blogSchema }),
  team: defineCollection({ loader: engine.loader('team'), schema: teamSchema }),
  site: defineCollection({ loader: engine.loader('site'), schema: siteSchema }),
  /** Each list's pick, by the list's name: the ids of the entries it shows, in order. */
  picks: defineCollection({
    loader: engine.picks(),
    schema: z.object({ ids: z.array(z.string()) }),
  }),
};
