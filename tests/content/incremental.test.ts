/**
 * Builds after builds, as a writer's CI or host runs them, where what the lists show changes
 * though the files they show did not: every list on every page and feed is the engine's pick after
 * each build. What a build reads again, and what it leaves out once gone, is in rebuilds.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  contentFolders,
  FEED_SIZE,
  pageLists,
  siteRules,
  type List,
  type SiteRules,
} from '@/config';
import { Catalogue } from '@/loaders/catalogue';
import { decide } from '@/loaders/decide';
import { blogSchema } from '@/schemas/blog';
import { recipeSchema } from '@/schemas/recipe';
import { siteSchema } from '@/schemas/site';
import { teamSchema } from '@/schemas/team';
import { hostFor } from '../support/engine';
import { astro } from '../support/astro-cli';
import { builtFilesMentioning, edit, page, scratchProject, write } from './scratch';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

const NOW = { PUBLISH_NOW: '2026-06-01T09:00:00Z' };

/** What the engine's core picks for each list from the files of `dir`, as of NOW, by `rules`. */
async function picksOf(dir: string, rules: SiteRules) {
  const schemas = { recipes: recipeSchema, blog: blogSchema, team: teamSchema, site: siteSchema };
  const collections = Object.fromEntries(
    Object.entries(contentFolders).map(([name, folder]) => [
      name,
      { ...folder, schema: schemas[name as keyof typeof schemas] },
    ]),
  );
  const host = hostFor(dir, { info: [], error: [] });
  const catalogue = new Catalogue(
    { ...host, cacheDir: join(dir, 'picks') },
    collections,
    'picks',
    'build',
  );
  await catalogue.scan();
  const now = new Date(NOW.PUBLISH_NOW);
  return decide(catalogue.content(), rules, { now, mode: 'build' }).picks;
}

/** The entry ids of the cards in `html`, in order. */
const cardIds = (html: string) =>
  [...html.matchAll(/<article[^>]*\sid="([^"]+)"/g)].map(([, id]) => id);

/** The entry ids of a feed's items, in order. */
const itemIds = (xml: string) =>
  [...xml.matchAll(/<guid isPermaLink="false">\w+\/([^<]+)<\/guid>/g)].map(([, id]) => id);

/** Every list on the built pages and feeds of `dir` is the engine's pick by `rules`, in its order. */
async function expectThePicks(dir: string, rules = siteRules) {
  const picks = await picksOf(dir, rules);
  const [featured, latest] = page(dir, 'index.html').split('id="latest-posts"');
  expect(cardIds(featured ?? ''), 'Featured Recipes').toEqual(picks.get('featuredRecipes'));
  expect(cardIds(latest ?? ''), 'Latest from Our Blog').toEqual(picks.get('homePosts'));
  expect(cardIds(page(dir, 'recipes/index.html')), '/recipes').toEqual(picks.get('recipeGrid'));
  expect(cardIds(page(dir, 'blog/index.html')), '/blog').toEqual(picks.get('blogGrid'));
  expect(itemIds(page(dir, 'rss.xml')), '/rss.xml').toEqual(picks.get('blogFeed'));
  expect(itemIds(page(dir, 'recipes/rss.xml')), '/recipes/rss.xml').toEqual(
    picks.get('recipeFeed'),
  );
}

/** A post or a recipe, written from a committed one with other fields. */
function variant(dir: string, from: string, fields: Record<string, string>): string {
  let text = readFileSync(join(dir, from), 'utf8');
  for (const [field, value] of Object.entries(fields)) {
    const line = new RegExp(`^${field}: .*$`, 'm');
    text = line.test(text)
      ? text.replace(line, `${field}: ${value}`)
      : text.replace(/^---\n/, `---\n${field}: ${value}\n`);
  }
  return text;
}

/** Titles of the cards on a built page, in order. */
const cardTitles = (html: string) =>
  [...html.matchAll(/<article [\s\S]*?<h3[^>]*>([^<]+)<\/h3>/g)].map(([, title]) => title);

/** The item titles of a built feed, in order. */
const feedTitles = (xml: string) =>
  [...xml.matchAll(/<item><title>([^<]*)<\/title>/g)].map(([, title]) => title);

describe('what the pages show changes though the shown files did not', () => {
  const post = 'src/content/blog/cut-kitchen-food-waste-in-half.mdx';
  const postTitle = 'Seven Habits That Cut Our Kitchen Food Waste in Half';
  const recipe = 'src/content/recipes/beef-bourguignon.mdx';
  let dir = '';
  let built = () => ({ blog: '', feed: '', home: '' });

  // More posts and recipes than the feeds carry, the extra ones older than the committed ones,
  // so the store cannot hold them all.
  beforeAll(() => {
    dir = scratchProject();
    for (let n = 1; n <= 12; n += 1) {
      const day = `2024-01-${String(n).padStart(2, '0')}`;
      write(
        dir,
        `src/content/blog/older/post-${n}.mdx`,
        variant(dir, post, { title: `Older Post ${n}`, publishDate: day }),
      );
      write(
        dir,
        `src/content/recipes/older/recipe-${n}.mdx`,
        variant(dir, recipe, { title: `Older Recipe ${n}`, publishDate: day, featured: 'false' }),
      );
    }
    built = () => ({
      blog: page(dir, 'blog/index.html'),
      feed: page(dir, 'rss.xml'),
      home: page(dir, 'index.html'),
    });
    const build = astro(dir, 'build', NOW);
    expect(build.status, build.output).toBe(0);
  });

  let unchecked = false;
  const build = () => {
    const result = astro(dir, 'build', NOW);
    expect(result.status, result.output).toBe(0);
    unchecked = true;
    return built();
  };

  // Every list on every page a test built is what the engine picked, whatever the test changed.
  afterEach(async () => {
    if (unchecked) await expectThePicks(dir);
    unchecked = false;
  });

  /**
   * One build for two tests: the first test to ask makes both tests' edits and builds, and each
   * gets the pages as they were before the edits and after the build. Only for edits that cannot
   * mask each other, each pair's reason said where it is made.
   */
  const sharedBuild = (edits: () => void) => {
    let made: { before: ReturnType<typeof built>; after: ReturnType<typeof built> } | undefined;
    return () => {
      if (!made) {
        const before = built();
        edits();
        made = { before, after: build() };
      }
      unchecked = true;
      return made;
    };
  };

  // A post and a recipe: the blog's lists and feed, and the recipes' lists, share no entry, and
  // neither entry names the other's title, so neither edit can hide or fake the other's effect.
  const newPostAndFeaturedRecipe = sharedBuild(() => {
    write(
      dir,
      'src/content/blog/just-in.md',
      variant(dir, post, {
        title: 'Just In',
        publishDate: '2026-05-31',
      }),
    );
    edit(dir, 'src/content/recipes/older/recipe-3.mdx', (text) =>
      text
        .replace(/^featured: .*$/m, 'featured: true')
        .replace(/^publishDate: .*$/m, 'publishDate: 2026-05-31'),
    );
  });

  const panSauce = 'src/content/blog/the-five-minute-pan-sauce.mdx';
  const panSauceTitle = 'The Five-Minute Pan Sauce That Upgrades Any Weeknight Dinner';
  // Two posts come onto the pages: neither text holds the other's title or "Sauerkraut", and the
  // pan sauce stays sixth of /blog's eight behind the newer sauerkraut post, so neither can hide
  // or fake the other's card or feed item.
  const twoDraftsLive = sharedBuild(() => {
    edit(dir, panSauce, (text) => text.replace('draft: true\n', ''));
    edit(dir, 'src/content/blog/fermentation-for-beginners-sauerkraut.mdx', (text) =>
      text.replace(/^draft: true\n/m, ''),
    );
  });

  it('a post dated back leaves /blog and the feed, and the next older one comes into the feed', () => {
    const before = built();
    expect(cardTitles(before.blog)).toContain(postTitle);
    expect(feedTitles(before.feed)).not.toContain('Older Post 2');
    edit(dir, post, (text) => text.replace(/^publishDate: .*$/m, 'publishDate: 2023-06-01'));
    const after = build();
    expect(cardTitles(after.blog)).not.toContain(postTitle);
    expect(feedTitles(after.feed)).not.toContain(postTitle);
    expect(feedTitles(after.feed).at(-1)).toBe('Older Post 2');
  });

  it('a new post pushes the last card off /blog; it stays in the feed', () => {
    const { before, after } = newPostAndFeaturedRecipe();
    const last = cardTitles(before.blog)[pageLists.blogGrid.count - 1];
    expect(cardTitles(after.blog)[0]).toBe('Just In');
    expect(cardTitles(after.blog)).not.toContain(last);
    expect(feedTitles(after.feed)).toContain(last);
  });

  it('an old recipe made featured and newest leads the home page', () => {
    const { before, after } = newPostAndFeaturedRecipe();
    expect(cardTitles(before.home)).not.toContain('Older Recipe 3');
    const { home } = after;
    expect(cardTitles(home)).toContain('Older Recipe 3');
    expect(home.indexOf('Older Recipe 3')).toBeLessThan(home.indexOf('Classic Beef Bourguignon'));
  });

  it('a post made a draft leaves every page, and comes back when the flag goes', () => {
    edit(dir, panSauce, (text) => text.replace(/^---\n/, '---\ndraft: true\n'));
    expect(builtFilesMentioning(dir, panSauceTitle)).not.toEqual([]);
    const hidden = build();
    expect(hidden.blog + hidden.feed + hidden.home).not.toContain(panSauceTitle);
    expect(twoDraftsLive().after.blog).toContain(panSauceTitle);
  });

  it('a draft made live comes onto the pages', () => {
    const { before, after } = twoDraftsLive();
    expect(before.feed).not.toContain('Sauerkraut');
    expect(after.feed).toContain('Sauerkraut');
  });

  it('a count raised in src/config.ts alone raises it on every page and feed that shows the list', async () => {
    const config = readFileSync(join(dir, 'src/config.ts'), 'utf8');
    const more = (lists: Record<string, List>) =>
      Object.fromEntries(
        Object.entries(lists).map(([name, list]) => [name, { ...list, count: list.count + 1 }]),
      );
    const raised = {
      ...siteRules,
      pageLists: more(siteRules.pageLists),
      feedLists: more(siteRules.feedLists),
    };
    edit(dir, 'src/config.ts', (text) => {
      let changed = text.replace(/^(export const FEED_SIZE = )\d+;$/m, `$1${FEED_SIZE + 1};`);
      for (const [name, { count }] of Object.entries(pageLists)) {
        changed = changed.replace(
          new RegExp(`(\\b${name}: \\{[^}]*?\\bcount: )${count}\\b`),
          `$1${count + 1}`,
        );
      }
      return changed;
    });
    try {
      const result = astro(dir, 'build', NOW);
      expect(result.status, result.output).toBe(0);
      // Each list shows one more, and is still exactly the core's pick by the raised counts.
      await expectThePicks(dir, raised);
      const home = page(dir, 'index.html').split('id="latest-posts"');
      expect(cardIds(home[0] ?? '')).toHaveLength(pageLists.featuredRecipes.count + 1);
      expect(cardIds(home[1] ?? '')).toHaveLength(pageLists.homePosts.count + 1);
      expect(cardIds(page(dir, 'recipes/index.html'))).toHaveLength(pageLists.recipeGrid.count + 1);
      expect(cardIds(page(dir, 'blog/index.html'))).toHaveLength(pageLists.blogGrid.count + 1);
      expect(itemIds(page(dir, 'rss.xml'))).toHaveLength(FEED_SIZE + 1);
      expect(itemIds(page(dir, 'recipes/rss.xml'))).toHaveLength(FEED_SIZE + 1);
    } finally {
      write(dir, 'src/config.ts', config);
    }
  });

  it('un-featuring one of the six stops the build instead of showing five', () => {
    const { count, label } = pageLists.featuredRecipes;
    const featured = readdirSync(join(dir, 'src/content/recipes'), { recursive: true })
      .map((file) => `src/content/recipes/${String(file)}`)
      .filter((file) => /\.mdx?$/.test(file))
      .filter((file) => /^featured: true$/m.test(readFileSync(join(dir, file), 'utf8')));
    expect(featured).toHaveLength(count + 1);
    for (const file of featured.slice(0, 2)) {
      edit(dir, file, (text) => text.replace(/^featured: true$/m, 'featured: false'));
    }
    const result = astro(dir, 'build', NOW);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(
      `${label} needs ${count}, but only ${count - 1} are published.`,
    );
  });
});
