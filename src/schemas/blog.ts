import { reference } from 'astro:content';
import { z } from 'astro/zod';
import { remoteImageSchema } from './image';

export const blogCategories = [
  'Cooking Tips',
  'Culture',
  'Sustainability',
  'Photography',
  'Baking',
  'Vegan',
] as const;

export type BlogCategory = (typeof blogCategories)[number];

export const blogSchema = z.object({
  /** Headline shown on the post card. */
  title: z.string().trim().min(1),
  /** A sentence or two that tempts readers in; shown under the title. */
  excerpt: z.string().trim().min(1),
  /** Section of the blog; one of the fixed blog categories. */
  category: z.enum(blogCategories),
  /** Who wrote it; the id of a team member (the file name in src/content/team). */
  author: reference('team'),
  /** Publication date, e.g. 2025-03-12; shown as "March 12, 2025". Newest posts sort first. */
  publishDate: z.coerce.date(),
  /** Number of reader comments. Defaults to 0. */
  comments: z.number().int().nonnegative().default(0),
  /** Cover photo with alt text. */
  image: remoteImageSchema,
  /** Work in progress: shown by `astro dev`, left out of production builds. Defaults to false. */
  draft: z.boolean().default(false),
});

export type BlogData = z.infer<typeof blogSchema>;
