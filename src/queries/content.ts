import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { Site } from '@/schemas/site';
import { readingMinutes } from '@/lib/format';
import { showPhoto, type ShownPhoto } from '@/lib/photos';
import {
  dayIn,
  pageCounts,
  publishingInstant,
  publishState,
  shortfall,
  type PublishState,
} from '@/lib/publishing';

export type Recipe = CollectionEntry<'recipes'>;
export type Post = CollectionEntry<'blog'>;
type TeamMember = CollectionEntry<'team'>;

/** An entry ready for a card: its photo prepared, and whether it is live. */
export type Shown<E> = E & { photo: ShownPhoto; status: PublishState };

export type MemberSummary = TeamMember & { photo: ShownPhoto };

/** A recipe as the pages list it, with its author resolved. */
export type RecipeSummary = Shown<Recipe> & { author: TeamMember };

/** A post as the pages list it, with its author resolved and its reading time measured. */
export type PostSummary = Shown<Post> & { author: TeamMember; readingMinutes: number };

/** Thrown when content is missing or inconsistent; the message says what to fix and where. */
export class ContentError extends Error {
  override name = 'ContentError';
}

/** Items per feed: readers only fetch what is new, and each post's body is rendered for it. */
export const FEED_SIZE = 20;

type Dated = { data: { publishDate: Date; title: string } };

// Newest first; ties by title, so the order never depends on the file system.
const newestFirst = (a: Dated, b: Dated) =>
  b.data.publishDate.valueOf() - a.data.publishDate.valueOf() ||
  a.data.title.localeCompare(b.data.title);

/** The first `count` items, or a ContentError saying what is missing and what is waiting. */
function take<T extends { status: PublishState }>(
  items: readonly T[],
  count: number,
  what: string,
  states: readonly PublishState[] = items.map((item) => item.status),
): T[] {
  if (items.length < count) throw new ContentError(shortfall(what, count, states));
  return items.slice(0, count);
}

/** Resolves a team reference, failing loudly where Astro would only log. */
async function authorOf(entry: Recipe | Post): Promise<TeamMember> {
  const member = await getEntry(entry.data.author);
  if (!member) {
    throw new ContentError(
      `${entry.filePath ?? entry.id}: "author" refers to team member "${entry.data.author.id}", ` +
        'which does not exist. Use the file name of an entry in src/content/team.',
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

/**
 * The entries of a collection that pages may show, newest first, each with its publish state,
 * and the states of all of them for count messages. A build shows only published entries;
 * `astro dev` shows drafts and scheduled entries too, and the cards label them, unless
 * `publishedOnly` asks for what a build would show (the feeds).
 */
async function visible<C extends 'recipes' | 'blog'>(collection: C, publishedOnly = false) {
  const today = dayIn((await siteData()).timezone, publishingInstant());
  const entries = (await getCollection(collection)).map((entry) => ({
    entry: entry as CollectionEntry<C>,
    status: publishState(entry.data, today),
  }));
  const showUnpublished = import.meta.env.DEV && !publishedOnly;
  const shown = entries.filter(({ status }) => showUnpublished || status === 'published');
  return {
    entries: shown.sort((a, b) => newestFirst(a.entry, b.entry)),
    states: entries.map(({ status }) => status),
  };
}

/**
 * The recipes a page may show, newest first, with their authors resolved. `limit` resolves
 * only the newest few, for pages that show a fixed number.
 */
async function listedRecipes({ limit = Infinity, publishedOnly = false } = {}) {
  const { entries, states } = await visible('recipes', publishedOnly);
  const recipes = await Promise.all(
    entries.slice(0, limit).map(async ({ entry, status }): Promise<RecipeSummary> => ({
      ...entry,
      status,
      photo: await showPhoto(entry.data.image),
      author: await authorOf(entry),
    })),
  );
  return { recipes, states };
}

/** Every published recipe, newest first. */
export async function allRecipes(): Promise<RecipeSummary[]> {
  return (await listedRecipes()).recipes;
}

/** Home page: the newest 6 recipes marked `featured: true`. */
export async function featuredRecipes(): Promise<RecipeSummary[]> {
  const { recipes } = await listedRecipes();
  const featured = recipes.filter((recipe) => recipe.data.featured);
  return take(
    featured,
    pageCounts.featuredRecipes,
    'Featured Recipes on the home page (recipes with "featured: true")',
  );
}

/** /recipes: the newest 12 recipes. */
export async function recipeGrid(): Promise<RecipeSummary[]> {
  const { recipes, states } = await listedRecipes({ limit: pageCounts.recipeGrid });
  return take(recipes, pageCounts.recipeGrid, '/recipes', states);
}

/** /recipes/rss.xml: the newest published recipes, up to FEED_SIZE; never drafts or scheduled. */
export async function feedRecipes(): Promise<RecipeSummary[]> {
  return (await listedRecipes({ limit: FEED_SIZE, publishedOnly: true })).recipes;
}

/** The recipe named by `todaysSpecial` in the site settings. */
export async function todaysSpecial(): Promise<Shown<Recipe>> {
  const { todaysSpecial: ref, timezone } = await siteData();
  const recipe = await getEntry(ref);
  if (!recipe) {
    throw new ContentError(
      `src/content/site/site.yaml: "todaysSpecial" refers to recipe "${ref.id}", which does not exist.`,
    );
  }
  const status = publishState(recipe.data, dayIn(timezone, publishingInstant()));
  return { ...recipe, status, photo: await showPhoto(recipe.data.image) };
}

/**
 * The posts a page may show, newest first, with their authors and reading times. `limit`
 * resolves only the newest few, for pages that show a fixed number.
 */
async function listedPosts({ limit = Infinity, publishedOnly = false } = {}) {
  const { entries, states } = await visible('blog', publishedOnly);
  const posts = await Promise.all(
    entries.slice(0, limit).map(async ({ entry, status }): Promise<PostSummary> => ({
      ...entry,
      status,
      photo: await showPhoto(entry.data.image),
      author: await authorOf(entry),
      readingMinutes: readingMinutes(entry.body ?? ''),
    })),
  );
  return { posts, states };
}

/** Every published post, newest first. */
export async function allPosts(): Promise<PostSummary[]> {
  return (await listedPosts()).posts;
}

/** /blog: the 8 newest published posts. */
export async function blogGrid(): Promise<PostSummary[]> {
  const { posts, states } = await listedPosts({ limit: pageCounts.blogGrid });
  return take(posts, pageCounts.blogGrid, '/blog', states);
}

/** Home page's Latest from Our Blog: the 4 newest published posts, the first shown large. */
export async function homePosts(): Promise<PostSummary[]> {
  const { posts, states } = await listedPosts({ limit: pageCounts.homePosts });
  return take(posts, pageCounts.homePosts, 'Latest from Our Blog on the home page', states);
}

/** /rss.xml: the newest published posts, up to FEED_SIZE; never drafts or scheduled. */
export async function feedPosts(): Promise<PostSummary[]> {
  return (await listedPosts({ limit: FEED_SIZE, publishedOnly: true })).posts;
}

/** The team, by `order`, then by name; members still drafted show only in `astro dev`. */
export async function team(): Promise<MemberSummary[]> {
  const members = (
    await getCollection('team', ({ data }) => import.meta.env.DEV || !data.draft)
  ).sort((a, b) => a.data.order - b.data.order || a.data.name.localeCompare(b.data.name));
  return Promise.all(
    members.map(async (member) => ({ ...member, photo: await showPhoto(member.data.image) })),
  );
}
