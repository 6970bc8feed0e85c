/**
 * Test entries built through the real schemas, so a fixture can never hold what the schema
 * would refuse, and picks up every default the schema adds.
 */
import type { ImageFunction, SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import type { PostSummary, RecipeSummary } from '@/queries/content';
import { blogSchema } from '@/schemas/blog';
import { recipeSchema } from '@/schemas/recipe';
import { siteSchema } from '@/schemas/site';
import { teamSchema } from '@/schemas/team';

/** Astro's `image()` resolves local photos at build time; here a local path stays a string. */
export const schemaContext: SchemaContext = {
  image: (() => z.string()) as unknown as ImageFunction,
};

export const schemas = {
  recipes: recipeSchema(schemaContext),
  blog: blogSchema(schemaContext),
  team: teamSchema(schemaContext),
  site: siteSchema,
};

const photo = { src: 'https://images.unsplash.com/photo-1', alt: 'A bowl of pasta' };
const stat = { value: '500+', label: 'Recipes' };

/** Frontmatter as a writer would commit it: one valid entry of each kind. */
export const inputs = {
  recipes: {
    title: 'Creamy Tuscan Garlic Pasta',
    description: 'Silky, garlicky and ready in 25 minutes.',
    category: 'Italian',
    difficulty: 'Easy',
    rating: 4.9,
    ratingCount: 128,
    totalMinutes: 25,
    servings: 4,
    image: photo,
    publishDate: '2025-03-12',
    author: 'sofia',
    ingredients: ['400 g penne'],
    steps: ['Boil the pasta.'],
  },
  blog: {
    title: 'How to Salt Pasta Water',
    excerpt: 'More than you think, less than the sea.',
    category: 'Cooking Tips',
    author: 'sofia',
    publishDate: '2025-03-12',
    comments: 12,
    image: photo,
  },
  team: { name: 'Sofia Marchetti', role: 'Founder & Head Chef', bio: 'Cooks.', image: photo },
  site: {
    name: 'Delicious Bites',
    tagline: 'Cook something wonderful.',
    description: 'Recipes and stories.',
    contact: { email: 'hello@example.com', phone: '555', address: ['1 Road'], hours: '9–5' },
    todaysSpecial: 'r1',
    heroStats: [stat, stat, stat],
    newsletterStats: [stat, stat, stat],
    about: {
      story: ['Once upon a time.'],
      mission: 'Feed people.',
      values: [
        { title: 'Passion', description: 'Love.', icon: 'heart' },
        { title: 'Quality', description: 'Care.', icon: 'award' },
        { title: 'Community', description: 'Share.', icon: 'users' },
      ],
    },
    footer: {
      company: [{ label: 'Careers', href: '/careers', notice: 'notImplemented' }],
      recipeGroups: ['Breakfast'],
      categories: ['Italian'],
      social: ['Facebook'],
      legal: ['Cookie Policy'],
      copyrightYear: 2025,
    },
  },
};

type Kind = keyof typeof schemas;
type Data<K extends Kind> = z.output<(typeof schemas)[K]>;

/** A collection entry, as `getCollection()` returns it, with `fields` over the valid input. */
export function entry<K extends Kind>(
  collection: K,
  id: string,
  fields: Record<string, unknown> = {},
  body = '',
) {
  const extension = collection === 'team' || collection === 'site' ? 'yaml' : 'mdx';
  return {
    id,
    collection,
    filePath: `src/content/${collection}/${id}.${extension}`,
    body,
    data: schemas[collection].parse({ ...inputs[collection], ...fields }) as Data<K>,
  };
}

const author = entry('team', 'sofia');
const remotePhoto = { kind: 'remote', url: photo.src, alt: photo.alt } as const;

/** A published recipe as the pages list it: photo prepared and author resolved. */
export function recipeSummary(id: string, fields: Record<string, unknown> = {}): RecipeSummary {
  return { ...entry('recipes', id, fields), author, photo: remotePhoto, state: 'published' };
}

/** A published post as the pages list it, with a three-minute read. */
export function postSummary(id: string, fields: Record<string, unknown> = {}): PostSummary {
  return {
    ...entry('blog', id, fields),
    author,
    photo: remotePhoto,
    state: 'published',
    readingMinutes: 3,
  };
}
