import { reference, type SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { calendarDay, draft, paragraph, text } from './fields';
import { photoSchema } from './photo';
import { blogCategories } from './vocabulary';

export const blogSchema = (context: SchemaContext) =>
  z.strictObject({
    title: text().meta({ description: 'Headline shown on the post card.' }),
    excerpt: paragraph().meta({
      description: 'A sentence or two that tempts readers in; shown under the title.',
    }),
    category: z
      .enum(blogCategories)
      .meta({ description: 'Section of the blog; one of the fixed blog categories.' }),
    author: reference('team').meta({
      description: 'Who wrote it; the id of a team member (the file name in src/content/team).',
    }),
    publishDate: calendarDay().meta({
      description:
        'Publication day, e.g. 2025-03-12. Newest first; a future day is scheduled, not published.',
    }),
    comments: z
      .number()
      .int()
      .nonnegative()
      .default(0)
      .meta({ description: 'Number of reader comments. Defaults to 0.' }),
    image: photoSchema(context).meta({ description: 'Cover photo with alt text.' }),
    draft: draft(),
  });
