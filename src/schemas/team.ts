import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { draft, text } from './fields';
import { photoSchema } from './photo';

export const teamSchema = (context: SchemaContext) =>
  z.strictObject({
    /** Full name as it appears on posts and the about page. */
    name: text(),
    /** Job title, e.g. "Founder & Head Chef". */
    role: text(),
    /** A short paragraph in the third person. */
    bio: text(),
    /** Portrait photo with alt text. */
    image: photoSchema(context),
    /** Position on the about page, lowest first. Defaults to 0; ties sort by name. */
    order: z.number().int().default(0),
    /** Not on the about page yet: shown by `npm run dev`, left out of the built site. Defaults to false. */
    draft: draft(),
  });
