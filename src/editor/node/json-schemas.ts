/**
 * The JSON schema of each collection the editor edits, as Zod writes it (`z.toJSONSchema`, a
 * public API) from our schemas read with the stand-ins for `astro:content`. Taken as a schema's
 * input: what a writer types, before defaults and conversions.
 */
import { z } from 'astro/zod';
import { blogSchema } from '@/schemas/blog';
import { recipeSchema } from '@/schemas/recipe';
import { teamSchema } from '@/schemas/team';
import type { EditedCollection } from './config';
import type { JsonSchema } from './fields';
import { editorContext } from '../browser/stand-ins';

const asJson = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;

export const jsonSchemas = (): Record<EditedCollection, JsonSchema> => ({
  recipes: asJson(recipeSchema(editorContext() as never)),
  blog: asJson(blogSchema(editorContext() as never)),
  team: asJson(teamSchema(editorContext() as never)),
});
