/**
 * What the site runs by, each declared once: where the content lives, and each list of entries
 * a page or feed shows. The content engine (src/loaders/) reads it to decide what each list
 * picks, what Astro's content store holds and what the content must supply; the pages read
 * those picks (src/queries/content.ts). Changing a list's count here changes all of them.
 */
import type { z } from 'astro/zod';
import type { recipeSchema } from '@/schemas/recipe';
import type { Site } from '@/schemas/site';
import type { teamSchema } from '@/schemas/team';

/** Markdown with YAML frontmatter between two `---` lines. */
export const markdownExtensions: readonly string[] = ['.md', '.mdx'];
/** Whether an entry file is MDX, whose body is compiled as code: `{…}`, tags, import lines. */
export const isMdx = (file: string) => file.endsWith('.mdx');
/** A YAML file of fields, with no body. */
export const yamlExtensions: readonly string[] = ['.yaml', '.yml'];
/** Photos a writer may put beside an entry. Photographs only: no GIF, TIFF or SVG. */
export const photoExtensions: readonly string[] = ['.jpg', '.jpeg', '.png', '.webp', '.avif'];

/**
 * Each collection's folder, and the file endings read as its entries; a new entry (`npm run new`)
 * gets the first.
 */
export const contentFolders = {
  recipes: { folder: 'src/content/recipes', extensions: markdownExtensions },
  blog: { folder: 'src/content/blog', extensions: markdownExtensions },
  team: { folder: 'src/content/team', extensions: yamlExtensions },
  site: { folder: 'src/content/site', extensions: yamlExtensions },
} as const;

export type CollectionName = keyof typeof contentFolders;

/** The site settings: the one entry of the `site` collection, and its file. */
export const siteSettings = {
  collection: 'site',
  id: 'site',
  file: `${contentFolders.site.folder}/site.yaml`,
} as const;

/**
 * An entry's placement: the fields that decide whether and where the site shows it, as the
 * schemas define them. The day it goes live (lists are newest first), the title that breaks
 * ties between entries of one day, the draft flag, the home page's featured flag, and the site's
 * time zone, in which publish dates are read. The engine's index keeps them for every entry.
 */
export type Placement = Pick<
  z.output<ReturnType<typeof recipeSchema>>,
  'publishDate' | 'title' | 'draft' | 'featured'
> &
  Pick<Site, 'timezone'>;

/** Every field of `Placement`, for picking them out of an entry's data. */
export const placementFields = [
  'publishDate',
  'title',
  'draft',
  'featured',
  'timezone',
] as const satisfies readonly (keyof Placement)[];

/** A list: a part of a page or feed that shows the newest entries of one collection. */
export type List = {
  /** The collection it lists. */
  collection: 'recipes' | 'blog';
  /** How writers are told about it. */
  label: string;
  /** How many entries it shows. */
  count: number;
  /** Which entries qualify; every entry of the collection when absent. */
  qualifies?: (entry: Partial<Placement>) => boolean;
  /** Published entries only, even in `astro dev`, where pages also show drafts and scheduled ones. */
  publishedOnly?: boolean;
};

/** The lists on the pages. Each always shows its full count: a build that cannot fill one fails. */
export const pageLists = {
  featuredRecipes: {
    collection: 'recipes',
    label: 'Featured Recipes on the home page (recipes with "featured: true")',
    count: 6,
    qualifies: (entry) => entry.featured === true,
  },
  recipeGrid: { collection: 'recipes', label: '/recipes', count: 12 },
  blogGrid: { collection: 'blog', label: '/blog', count: 8 },
  homePosts: { collection: 'blog', label: 'Latest from Our Blog on the home page', count: 4 },
} as const satisfies Record<string, List>;

/** Items per feed: readers only fetch what is new, and each post's body is rendered for it. */
export const FEED_SIZE = 20;

/** The lists in the feeds: the newest published entries, up to FEED_SIZE; a young site's hold fewer. */
export const feedLists = {
  blogFeed: { collection: 'blog', label: '/rss.xml', count: FEED_SIZE, publishedOnly: true },
  recipeFeed: {
    collection: 'recipes',
    label: '/recipes/rss.xml',
    count: FEED_SIZE,
    publishedOnly: true,
  },
} as const satisfies Record<string, List>;

/** Every list, by name. */
export const lists = { ...pageLists, ...feedLists };

export type ListName = keyof typeof lists;

/**
 * Collections the site shows whole, drafts aside: the team on the about page, and the site
 * settings. Entries that a shown entry names (an author, Today's Special) are shown too. A page
 * that one day needs every recipe or post (a page per entry, a tag page) adds its collection
 * here, and the store then holds all of it (npm run bench:scale measures what that costs).
 */
export const wholeCollections = ['team', 'site'] as const;

type TeamMember = z.output<ReturnType<typeof teamSchema>>;

/** The order the team shows in on the about page: by `order`, lowest first, then by name. */
export const teamOrder = (a: TeamMember, b: TeamMember) =>
  a.order - b.order || a.name.localeCompare(b.name);

/** What the content engine decides by: the lists of the pages and the feeds, and what shows whole. */
export type SiteRules = {
  /** Lists that always show their full count: a build that cannot fill one fails. */
  pageLists: Record<string, List>;
  /** Lists that may show fewer, and never show drafts or scheduled entries. */
  feedLists: Record<string, List>;
  wholeCollections: readonly string[];
};

export const siteRules: SiteRules = { pageLists, feedLists, wholeCollections };

/** The word that starts each value `npm run new` leaves for the writer; nothing live may keep it. */
export const PLACEHOLDER = 'REPLACE';
