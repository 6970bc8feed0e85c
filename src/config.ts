/**
 * The numbers the site runs by, and what it shows, each declared once. The content engine
 * (src/loaders/) reads them to decide which entries Astro's content store holds and what the
 * content must supply; the page queries (src/queries/content.ts) read them to decide what each
 * page shows. Changing a page's count here changes both.
 */
import type { z } from 'astro/zod';
import type { recipeSchema } from '@/schemas/recipe';
import type { Site } from '@/schemas/site';

/**
 * The fields that decide whether and where the site shows an entry, as the schemas define them:
 * the day it goes live (lists are newest first), the title that breaks ties between entries of
 * the same day, the draft flag, the home page's featured flag, and the site's time zone, in which
 * publish dates are read. The engine keeps them for every entry between runs, so it can tell what
 * the site shows without reading every file.
 */
export type Showing = Pick<
  z.output<ReturnType<typeof recipeSchema>>,
  'publishDate' | 'title' | 'draft' | 'featured'
> &
  Pick<Site, 'timezone'>;

/** Every field of `Showing`, for picking them out of an entry's data. */
export const showingFields = [
  'publishDate',
  'title',
  'draft',
  'featured',
  'timezone',
] as const satisfies readonly (keyof Showing)[];

/** A list of entries some part of the site shows, newest first. */
export type ShownList = {
  /** The collection it lists. */
  collection: 'recipes' | 'blog';
  /** How writers are told about it. */
  label: string;
  /** How many entries it shows. */
  count: number;
  /** Which entries qualify; every entry of the collection when absent. */
  qualifies?: (entry: Partial<Showing>) => boolean;
  /** Published entries only, even in `astro dev`, where pages also show drafts and scheduled ones. */
  publishedOnly?: boolean;
};

/** Every part of a page that shows a fixed number of entries. It never shows fewer: the build fails. */
export const pageNeeds = {
  featuredRecipes: {
    collection: 'recipes',
    label: 'Featured Recipes on the home page (recipes with "featured: true")',
    count: 6,
    qualifies: (entry) => entry.featured === true,
  },
  recipeGrid: { collection: 'recipes', label: '/recipes', count: 12 },
  blogGrid: { collection: 'blog', label: '/blog', count: 8 },
  homePosts: { collection: 'blog', label: 'Latest from Our Blog on the home page', count: 4 },
} as const satisfies Record<string, ShownList>;

/** Items per feed: readers only fetch what is new, and each post's body is rendered for it. */
export const FEED_SIZE = 20;

/** The feeds: the newest published entries, up to FEED_SIZE; a young site's feed holds fewer. */
export const feedNeeds = {
  blogFeed: { collection: 'blog', label: '/rss.xml', count: FEED_SIZE, publishedOnly: true },
  recipeFeed: {
    collection: 'recipes',
    label: '/recipes/rss.xml',
    count: FEED_SIZE,
    publishedOnly: true,
  },
} as const satisfies Record<string, ShownList>;

/**
 * Collections the site shows whole, drafts aside: the team on the about page, and the site
 * settings. Entries that a shown entry names (an author, Today's Special) are shown too. A page
 * that one day needs every recipe or post (a page per entry, a tag page) adds its collection
 * here, and the store then holds all of it (docs/SCALE.md says what that costs).
 */
export const wholeCollections = ['team', 'site'] as const;

/** The word that starts each value `npm run new` leaves for the writer; nothing live may keep it. */
export const PLACEHOLDER = 'REPLACE';
