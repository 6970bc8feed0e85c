/**
 * The collections, assembled. Every recipe, post and team member is a file under src/content,
 * read and checked by the content engine (src/loaders/engine.ts).
 *
 * `getCollection()` returns the entries the site shows, not every file: Astro's content store
 * holds what the lists on the pages and the feeds show, the collections shown whole, and the
 * entries those name, as src/config.ts declares. The engine still reads and checks every file,
 * and keeps its own index of all of them between runs.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { contentEngine, type CollectionOptions } from './loaders/engine';
import { siteRules } from './loaders/site-rules';
import { blogSchema } from './schemas/blog';
import { recipeSchema } from './schemas/recipe';
import { siteSchema } from './schemas/site';
import { teamSchema } from './schemas/team';

const markdown = ['.md', '.mdx'];
const yaml = ['.yaml', '.yml'];

const folders = {
  recipes: { folder: 'src/content/recipes', extensions: markdown, schema: recipeSchema },
  blog: { folder: 'src/content/blog', extensions: markdown, schema: blogSchema },
  team: { folder: 'src/content/team', extensions: yaml, schema: teamSchema },
  site: { folder: 'src/content/site', extensions: yaml, schema: siteSchema },
} satisfies Record<string, CollectionOptions>;

const engine = contentEngine(folders, siteRules);

/** The loader of a collection: the engine's, or with CONTENT_LOADER=glob Astro's own (benchmarks). */
const loader = (name: keyof typeof folders) => {
  if (process.env['CONTENT_LOADER'] !== 'glob') return engine.loader(name);
  const { folder, extensions } = folders[name];
  return glob({ base: folder, pattern: `**/*{${extensions.join(',')}}` });
};

export const collections = {
  recipes: defineCollection({ loader: loader('recipes'), schema: recipeSchema }),
  blog: defineCollection({ loader: loader('blog'), schema: blogSchema }),
  team: defineCollection({ loader: loader('team'), schema: teamSchema }),
  site: defineCollection({ loader: loader('site'), schema: siteSchema }),
};
