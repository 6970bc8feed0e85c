import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { Site } from '@/schemas/site';
import { FEED_SIZE, pageNeeds } from '@/config';
import { readingMinutes } from '@/lib/format';
import { showPhoto, type ShownPhoto } from '@/lib/photos';
import { dayIn, publishingInstant, publishState, type PublishState } from '@/lib/publishing';

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

type Dated = { data: { publishDate: Date; title: string } };

// Newest first; ties by title, so the order never depends on the file system.
const newestFirst = (a: Dated, b: Dated) =>
  b.data.publishDate.valueOf() - a.data.publishDate.valueOf() ||
  a.data.title.localeCompare(b.data.title);

/**
 * An entry another names. The content engine stops the build at any reference to a missing
 * entry, at its line, before a page renders, so this only guards the types.
 */
function present<T>(entry: T | undefined, what: string): T {
  if (!entry) throw new Error(`${what} is missing; npm run check:content says where.`);
  return entry;
}

/** Resolves a recipe's or post's author. */
async function authorOf(entry: Recipe | Post): Promise<TeamMember> {
  return present(await getEntry(entry.data.author), `Team member "${entry.data.author.id}"`);
}

/** The one site-settings entry, src/content/site/site.yaml. */
export async function siteData(): Promise<Site> {
  return present(await getEntry('site', 'site'), 'src/content/site/site.yaml').data;
}

/**
 * The entries of a collection that pages may show, newest first, each with its publish state.
 * A build shows only published entries; `astro dev` shows drafts and scheduled entries too, and
 * the cards label them, unless `publishedOnly` asks for what a build would show (the feeds).
 */
async function visible<C extends 'recipes' | 'blog'>(collection: C, publishedOnly = false) {
  const today = dayIn((await siteData()).timezone, publishingInstant());
  const entries = (await getCollection(collection)).map((entry) => ({
    entry: entry as CollectionEntry<C>,
    status: publishState(entry.data, today),
  }));
  const showUnpublished = import.meta.env.DEV && !publishedOnly;
  return entries
    .filter(({ status }) => showUnpublished || status === 'published')
    .sort((a, b) => newestFirst(a.entry, b.entry));
}

/** Which entries a list takes: the newest `limit` that pass `where`; published only for feeds. */
type Listing = {
  limit?: number;
  publishedOnly?: boolean;
  where?: (data: Record<string, unknown>) => boolean;
};

/**
 * The recipes a page may show, newest first, with their authors resolved. `limit` resolves
 * only the newest few that pass `where`, for pages that show a fixed number.
 */
async function listedRecipes({ limit = Infinity, publishedOnly = false, where }: Listing = {}) {
  const entries = (await visible('recipes', publishedOnly)).filter(
    ({ entry }) => !where || where(entry.data),
  );
  return Promise.all(
    entries.slice(0, limit).map(async ({ entry, status }): Promise<RecipeSummary> => ({
      ...entry,
      status,
      photo: await showPhoto(entry.data.image),
      author: await authorOf(entry),
    })),
  );
}

/** Every published recipe, newest first. */
export async function allRecipes(): Promise<RecipeSummary[]> {
  return listedRecipes();
}

/** Home page: the newest featured recipes. */
export async function featuredRecipes(): Promise<RecipeSummary[]> {
  const { qualifies, count } = pageNeeds.featuredRecipes;
  return listedRecipes({ limit: count, where: qualifies });
}

/** /recipes: the newest recipes. */
export async function recipeGrid(): Promise<RecipeSummary[]> {
  return listedRecipes({ limit: pageNeeds.recipeGrid.count });
}

/** /recipes/rss.xml: the newest published recipes, up to FEED_SIZE; never drafts or scheduled. */
export async function feedRecipes(): Promise<RecipeSummary[]> {
  return listedRecipes({ limit: FEED_SIZE, publishedOnly: true });
}

/** The recipe named by `todaysSpecial` in the site settings. */
export async function todaysSpecial(): Promise<Shown<Recipe>> {
  const { todaysSpecial: ref, timezone } = await siteData();
  const recipe = present(await getEntry(ref), `Today's Special, recipe "${ref.id}"`);
  const status = publishState(recipe.data, dayIn(timezone, publishingInstant()));
  return { ...recipe, status, photo: await showPhoto(recipe.data.image) };
}

/**
 * The posts a page may show, newest first, with their authors and reading times. `limit`
 * resolves only the newest few, for pages that show a fixed number.
 */
async function listedPosts({ limit = Infinity, publishedOnly = false }: Listing = {}) {
  const entries = await visible('blog', publishedOnly);
  return Promise.all(
    entries.slice(0, limit).map(async ({ entry, status }): Promise<PostSummary> => ({
      ...entry,
      status,
      photo: await showPhoto(entry.data.image),
      author: await authorOf(entry),
      readingMinutes: readingMinutes(entry.body ?? ''),
    })),
  );
}

/** Every published post, newest first. */
export async function allPosts(): Promise<PostSummary[]> {
  return listedPosts();
}

/** /blog: the newest posts. */
export async function blogGrid(): Promise<PostSummary[]> {
  return listedPosts({ limit: pageNeeds.blogGrid.count });
}

/** Home page's Latest from Our Blog: the newest posts, the first shown large. */
export async function homePosts(): Promise<PostSummary[]> {
  return listedPosts({ limit: pageNeeds.homePosts.count });
}

/** /rss.xml: the newest published posts, up to FEED_SIZE; never drafts or scheduled. */
export async function feedPosts(): Promise<PostSummary[]> {
  return listedPosts({ limit: FEED_SIZE, publishedOnly: true });
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
