import { reference, type SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { calendarDay, draft, text } from './fields';
import { photoSchema } from './photo';
import { blogCategories } from './vocabulary';

export const blogSchema = (context: SchemaContext) =>
  z.strictObject({
    /** Headline shown on the post card. */
    title: text(),
    /** A sentence or two that tempts readers in; shown under the title. */
    excerpt: text(),
    /** Section of the blog; one of the fixed blog categories. */
    category: z.enum(blogCategories),
    /** Who wrote it; the id of a team member (the file name in src/content/team). */
    author: reference('team'),
    /** Publication day, e.g. 2025-03-12. Newest first; a future day is scheduled, not published. */
    publishDate: calendarDay(),
    /** Number of reader comments. Defaults to 0. */
    comments: z.number().int().nonnegative().default(0),
    /** Cover photo with alt text. */
    image: photoSchema(context),
    /** Work in progress: shown by `npm run dev`, left out of the built site. Defaults to false. */
    draft: draft(),
  });
