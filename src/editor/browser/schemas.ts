/**
 * The collections a writer edits, each by its schema (src/schemas/), read with the stand-ins for
 * `astro:content`. The build makes the editor's fields from their JSON schemas, as Zod writes
 * them (`z.toJSONSchema`, a public API), taken as a schema's input: what a writer types, before
 * defaults and conversions.
 */
import { z } from 'astro/zod';
import { blogSchema } from '@/schemas/blog';
import { recipeSchema } from '@/schemas/recipe';
import { teamSchema } from '@/schemas/team';
import type { EditedCollection, JsonSchema } from '../contract';
import { editorContext } from './stand-ins';

export const schemas = {
  recipes: recipeSchema,
  blog: blogSchema,
  team: teamSchema,
} satisfies Record<EditedCollection, unknown>;

/** A collection's schema; `there` says whether a photo is beside the entry (every one is, untold). */
export const schemaOf = (collection: EditedCollection, there?: (src: string) => boolean) =>
  schemas[collection](editorContext(there) as never);

export const jsonSchemas = () =>
  Object.fromEntries(
    Object.keys(schemas).map((name) => [
      name,
      z.toJSONSchema(schemaOf(name as EditedCollection), { io: 'input' }) as JsonSchema,
    ]),
  ) as Record<EditedCollection, JsonSchema>;
