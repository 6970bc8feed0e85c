/**
 * The numbers the site runs by, each declared once. The whole-content check
 * (src/loaders/site-rules.ts) and the page queries (src/queries/content.ts) both read them, so
 * changing a page's count here changes what the build requires and what the page shows.
 */

/** What one part of a page needs from the content. */
export type PageNeed = {
  /** The collection it lists, newest first. */
  collection: 'recipes' | 'blog';
  /** How writers are told about it when the content cannot fill it. */
  label: string;
  /** How many published entries it shows. It never shows fewer: the build fails instead. */
  count: number;
  /** Which entries qualify; every entry of the collection when absent. */
  qualifies?: (data: Record<string, unknown>) => boolean;
};

/** Every part of a page that shows a fixed number of entries. */
export const pageNeeds = {
  featuredRecipes: {
    collection: 'recipes',
    label: 'Featured Recipes on the home page (recipes with "featured: true")',
    count: 6,
    qualifies: (data) => data['featured'] === true,
  },
  recipeGrid: { collection: 'recipes', label: '/recipes', count: 12 },
  blogGrid: { collection: 'blog', label: '/blog', count: 8 },
  homePosts: { collection: 'blog', label: 'Latest from Our Blog on the home page', count: 4 },
} as const satisfies Record<string, PageNeed>;

/** Items per feed: readers only fetch what is new, and each post's body is rendered for it. */
export const FEED_SIZE = 20;

/** The word that starts each value `npm run new` leaves for the writer; nothing live may keep it. */
export const PLACEHOLDER = 'REPLACE';
