import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { lists, siteSettings, teamOrder, type ListName } from '@/config';
import type { Site } from '@/schemas/site';
import { readingMinutes } from '@/lib/format';
import { preparePhoto, type PreparedPhoto } from '@/lib/photos';
import { publishState, today, type PublishState } from '@/lib/publishing';

/*
 * What each page shows. The content engine picks each list's entries (src/config.ts) and keeps
 * the picks in the `picks` collection; these queries read them and prepare their entries for the
 * cards. Nothing here chooses entries again, and the only order here is the team's, by the rule
 * of src/config.ts.
 */

export type Recipe = CollectionEntry<'recipes'>;
export type Post = CollectionEntry<'blog'>;
type TeamMember = CollectionEntry<'team'>;

/** An entry summarised for a card: its photo prepared, and its publish state (labelled in dev). */
export type Summary<E> = E & { photo: PreparedPhoto; state: PublishState };

export type MemberSummary = Summary<TeamMember>;

/** A recipe as the pages list it, with its author resolved. */
export type RecipeSummary = Summary<Recipe> & { author: TeamMember };

/** A post as the pages list it, with its author resolved and its reading time measured. */
export type PostSummary = Summary<Post> & { author: TeamMember; readingMinutes: number };

/**
 * An entry the engine holds. It stops the build at any reference to a missing entry, at its
 * line, before a page renders, so this only guards the types.
 */
function present<T>(entry: T | undefined, what: string): T {
  if (!entry) throw new Error(`${what} is missing; npm run check:content says where.`);
  return entry;
}

/** The site settings, from their one entry. */
export async function siteData(): Promise<Site> {
  const { collection, id, file } = siteSettings;
  return present(await getEntry(collection, id), file).data;
}

/** An entry summarised: its photo prepared, and its publish state as of today. */
async function summary<E extends Recipe | Post | TeamMember>(entry: E): Promise<Summary<E>> {
  const state = publishState(entry.data, today((await siteData()).timezone));
  return { ...entry, state, photo: await preparePhoto(entry.data.image) };
}

/** The entries list `name` picked, in its order, with their photos and authors. */
async function picked<E extends Recipe | Post>(name: ListName) {
  const { collection } = lists[name];
  const { ids } = present(await getEntry('picks', name), `The pick of ${name}`).data;
  const entries = ids.map(async (id) => {
    const entry = present(await getEntry(collection, id), `${collection} "${id}"`) as E;
    const author = present(
      await getEntry(entry.data.author),
      `Team member "${entry.data.author.id}"`,
    );
    return { ...(await summary(entry)), author };
  });
  return Promise.all(entries);
}

/** The posts list `name` picked, with their photos, authors and reading times. */
async function listedPosts(name: ListName): Promise<PostSummary[]> {
  const posts = await picked<Post>(name);
  return posts.map((post) => ({ ...post, readingMinutes: readingMinutes(post.body ?? '') }));
}

/** Home page: the newest featured recipes. */
export const featuredRecipes = () => picked<Recipe>('featuredRecipes');

/** /recipes: the newest recipes. */
export const recipeGrid = () => picked<Recipe>('recipeGrid');

/** /recipes/rss.xml: the newest published recipes, up to FEED_SIZE. */
export const feedRecipes = () => picked<Recipe>('recipeFeed');

/** /blog: the newest posts. */
export const blogGrid = () => listedPosts('blogGrid');

/** Home page's Latest from Our Blog: the newest posts, the first shown large. */
export const homePosts = () => listedPosts('homePosts');

/** /rss.xml: the newest published posts, up to FEED_SIZE. */
export const feedPosts = () => listedPosts('blogFeed');

/** The recipe named by `todaysSpecial` in the site settings. */
export async function todaysSpecial(): Promise<Summary<Recipe>> {
  const { todaysSpecial: ref } = await siteData();
  return summary(present(await getEntry(ref), `Today's Special, recipe "${ref.id}"`));
}

/** The team the engine holds (drafts only in `astro dev`), in the team's order. */
export async function team(): Promise<MemberSummary[]> {
  const members = (await getCollection('team')).sort((a, b) => teamOrder(a.data, b.data));
  return Promise.all(members.map(summary));
}
