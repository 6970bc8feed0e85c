import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { draft, paragraph, text } from './fields';
import { photoSchema } from './photo';

export const teamSchema = (context: SchemaContext) =>
  z.strictObject({
    name: text().meta({ description: 'Full name as it appears on posts and the about page.' }),
    role: text().meta({ description: 'Job title, e.g. "Founder & Head Chef".' }),
    bio: paragraph().meta({ description: 'A short paragraph in the third person.' }),
    image: photoSchema(context).meta({ description: 'Portrait photo with alt text.' }),
    order: z.number().int().default(0).meta({
      description: 'Position on the about page, lowest first. Defaults to 0; ties sort by name.',
    }),
    draft: draft().meta({
      description:
        'Not on the about page yet: shown by `npm run dev`, left out of the built site. Defaults to false.',
    }),
  });
