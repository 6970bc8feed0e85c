import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { Site } from '@/schemas/site';
import { feedNeeds, pageNeeds, type ShownList } from '@/config';
import { readingMinutes } from '@/lib/format';
import { showPhoto, type ShownPhoto } from '@/lib/photos';
import { publishState, shownIn, today, type PublishState } from '@/lib/publishing';

/*
 * What each page shows. The content store holds only the entries the site shows (src/config.ts,
 * src/content.config.ts), and these queries pick each page's from them by the same rule the
 * content engine used to choose them (`shownIn`, src/lib/publishing.ts).
 */

export type Recipe = CollectionEntry<'recipes'>;
export type Post = CollectionEntry<'blog'>;
type TeamMember = CollectionEntry<'team'>;

/** An entry ready for a card: its photo prepared, and whether it is live. */
export type Shown<E> = E & { photo: ShownPhoto; status: PublishState };

export type MemberSummary = TeamMember & { photo: ShownPhoto; status: PublishState };

/** A recipe as the pages list it, with its author resolved. */
export type RecipeSummary = Shown<Recipe> & { author: TeamMember };

/** A post as the pages list it, with its author resolved and its reading time measured. */
export type PostSummary = Shown<Post> & { author: TeamMember; readingMinutes: number };

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

/** Today in the site's time zone, as this build publishes. */
async function publishingDay(): Promise<string> {
  return today((await siteData()).timezone);
}

/**
 * The entries `list` shows, newest first, each with its publish state. A build shows published
 * entries only; `astro dev` shows drafts and scheduled entries too, labelled, except in lists of
 * published entries only (the feeds).
 */
async function shown<C extends ShownList['collection']>(list: ShownList & { collection: C }) {
  const day = await publishingDay();
  const entries = (await getCollection(list.collection)) as CollectionEntry<C>[];
  return shownIn(list, entries, (entry) => entry.data, {
    today: day,
    dev: import.meta.env.DEV,
  }).map((entry) => ({ entry, status: publishState(entry.data, day) }));
}

/** The recipes `list` shows, with their photos and authors. */
async function listedRecipes(list: ShownList & { collection: 'recipes' }) {
  return Promise.all(
    (await shown(list)).map(async ({ entry, status }): Promise<RecipeSummary> => ({
      ...entry,
      status,
      photo: await showPhoto(entry.data.image),
      author: await authorOf(entry),
    })),
  );
}

/** Home page: the newest featured recipes. */
export const featuredRecipes = () => listedRecipes(pageNeeds.featuredRecipes);

/** /recipes: the newest recipes. */
export const recipeGrid = () => listedRecipes(pageNeeds.recipeGrid);

/** /recipes/rss.xml: the newest published recipes, up to FEED_SIZE; never drafts or scheduled. */
export const feedRecipes = () => listedRecipes(feedNeeds.recipeFeed);

/** The recipe named by `todaysSpecial` in the site settings. */
export async function todaysSpecial(): Promise<Shown<Recipe>> {
  const { todaysSpecial: ref } = await siteData();
  const recipe = present(await getEntry(ref), `Today's Special, recipe "${ref.id}"`);
  const status = publishState(recipe.data, await publishingDay());
  return { ...recipe, status, photo: await showPhoto(recipe.data.image) };
}

/** The posts `list` shows, with their photos, authors and reading times. */
async function listedPosts(list: ShownList & { collection: 'blog' }) {
  return Promise.all(
    (await shown(list)).map(async ({ entry, status }): Promise<PostSummary> => ({
      ...entry,
      status,
      photo: await showPhoto(entry.data.image),
      author: await authorOf(entry),
      readingMinutes: readingMinutes(entry.body ?? ''),
    })),
  );
}

/** /blog: the newest posts. */
export const blogGrid = () => listedPosts(pageNeeds.blogGrid);

/** Home page's Latest from Our Blog: the newest posts, the first shown large. */
export const homePosts = () => listedPosts(pageNeeds.homePosts);

/** /rss.xml: the newest published posts, up to FEED_SIZE; never drafts or scheduled. */
export const feedPosts = () => listedPosts(feedNeeds.blogFeed);

/** The team, by `order`, then by name; members still drafted show only in `astro dev`, labelled. */
export async function team(): Promise<MemberSummary[]> {
  const members = (
    await getCollection('team', ({ data }) => import.meta.env.DEV || !data.draft)
  ).sort((a, b) => a.data.order - b.data.order || a.data.name.localeCompare(b.data.name));
  return Promise.all(
    members.map(async (member) => ({
      ...member,
      status: member.data.draft ? ('draft' as const) : ('published' as const),
      photo: await showPhoto(member.data.image),
    })),
  );
}
