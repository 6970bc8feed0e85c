import { getCollection, getEntry, type CollectionEntry, type CollectionKey } from 'astro:content';
import { readingMinutes } from './format';

export type Recipe = CollectionEntry<'recipes'>;
export type Post = CollectionEntry<'blog'>;
export type TeamMember = CollectionEntry<'team'>;
export type Site = CollectionEntry<'site'>['data'];

/** A recipe with its author resolved. */
export type RecipeSummary = Recipe & { author: TeamMember };

/** A published post with its author resolved and its reading time measured. */
export type PostSummary = Post & { author: TeamMember; readingMinutes: number };

/** How many entries each page shows. A page never shows fewer: the build fails instead. */
export const pageCounts = {
  featuredRecipes: 6,
  recipeGrid: 12,
  blogGrid: 8,
  homePosts: 4,
} as const;

/** Thrown when content is missing or inconsistent; the message says what to fix and where. */
export class ContentError extends Error {
  override name = 'ContentError';
}

type Dated = { data: { publishDate: Date; title: string } };

// Newest first; ties by title, so the order never depends on the file system.
const newestFirst = (a: Dated, b: Dated) =>
  b.data.publishDate.valueOf() - a.data.publishDate.valueOf() ||
  a.data.title.localeCompare(b.data.title);

/** The first `count` items, or a ContentError naming the page, the need and what exists. */
export function take<T>(items: readonly T[], count: number, what: string): T[] {
  if (items.length < count) {
    throw new ContentError(
      `Not enough content for ${what}: the page needs ${count}, but only ${items.length} exist.`,
    );
  }
  return items.slice(0, count);
}

type Owner = { collection: CollectionKey; id: string; filePath?: string | undefined };

/** Resolves a `reference()` field, failing loudly where Astro would only log. */
async function resolveTeamMember(
  owner: Owner,
  field: string,
  ref: { collection: 'team'; id: string },
): Promise<TeamMember> {
  const member = await getEntry(ref);
  if (!member) {
    const where = owner.filePath ?? `${owner.collection}/${owner.id}`;
    throw new ContentError(
      `${where}: "${field}" refers to team member "${ref.id}", which does not exist. ` +
        `Use the file name of an entry in src/content/team.`,
    );
  }
  return member;
}

/** The one site-settings entry, src/content/site/site.yaml. */
export async function siteData(): Promise<Site> {
  const entry = await getEntry('site', 'site');
  if (!entry) throw new ContentError('src/content/site/site.yaml is missing.');
  return entry.data;
}

/** Every recipe, newest first, with its author resolved. */
export async function allRecipes(): Promise<RecipeSummary[]> {
  const recipes = (await getCollection('recipes')).sort(newestFirst);
  return Promise.all(
    recipes.map(async (recipe) => ({
      ...recipe,
      author: await resolveTeamMember(recipe, 'author', recipe.data.author),
    })),
  );
}

/** Home page: the newest 6 recipes marked `featured: true`. */
export async function featuredRecipes(): Promise<RecipeSummary[]> {
  const featured = (await allRecipes()).filter((r) => r.data.featured);
  return take(
    featured,
    pageCounts.featuredRecipes,
    'the home page\'s Featured Recipes (recipes with "featured: true")',
  );
}

/** /recipes: the newest 12 recipes. */
export async function recipeGrid(): Promise<RecipeSummary[]> {
  return take(await allRecipes(), pageCounts.recipeGrid, '/recipes (recipes)');
}

/** The recipe named by `todaysSpecial` in the site settings. */
export async function todaysSpecial(): Promise<Recipe> {
  const { todaysSpecial: ref } = await siteData();
  const recipe = await getEntry(ref);
  if (!recipe) {
    throw new ContentError(
      `src/content/site/site.yaml: "todaysSpecial" refers to recipe "${ref.id}", which does not exist.`,
    );
  }
  return recipe;
}

// Drafts appear in `astro dev` only; this is the one place that rule lives.
const isPublished = (post: Post) => import.meta.env.DEV || !post.data.draft;

/** Every published post, newest first, with its author resolved. */
export async function allPosts(): Promise<PostSummary[]> {
  const posts = (await getCollection('blog', isPublished)).sort(newestFirst);
  return Promise.all(
    posts.map(async (post) => ({
      ...post,
      author: await resolveTeamMember(post, 'author', post.data.author),
      readingMinutes: readingMinutes(post.body ?? ''),
    })),
  );
}

/** /blog: the 8 newest published posts. */
export async function blogGrid(): Promise<PostSummary[]> {
  return take(await allPosts(), pageCounts.blogGrid, '/blog (published blog posts)');
}

/** Home page's Latest from Our Blog: the 4 newest published posts, the first shown large. */
export async function homePosts(): Promise<PostSummary[]> {
  return take(
    await allPosts(),
    pageCounts.homePosts,
    "the home page's Latest from Our Blog (published blog posts)",
  );
}

/** The team, by `order`, then by name. */
export async function team(): Promise<TeamMember[]> {
  const members = await getCollection('team');
  return members.sort(
    (a, b) => a.data.order - b.data.order || a.data.name.localeCompare(b.data.name),
  );
}
