import { z } from 'astro/zod';
import { remoteImageSchema } from './image';

export const teamSchema = z.object({
  /** Full name as it appears on posts and the about page. */
  name: z.string().trim().min(1),
  /** Job title, e.g. "Founder & Head Chef". */
  role: z.string().trim().min(1),
  /** A short paragraph in the third person. */
  bio: z.string().trim().min(1),
  /** Portrait photo with alt text. */
  image: remoteImageSchema,
  /** Position on the about page, lowest first. Defaults to 0; ties sort by name. */
  order: z.number().int().default(0),
});

export type TeamData = z.infer<typeof teamSchema>;
