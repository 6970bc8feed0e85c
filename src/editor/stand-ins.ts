/**
 * What `astro:content` gives the schemas, for reading them outside Astro (the editor's build and
 * the browser): `reference()` and `image()` keep what they stand for where the editor can see it
 * in the JSON schema, as `references` (the collection) and `photo`. A photo path is checked for
 * its form as the engine checks it; whether the photo is there, and whether a referenced entry
 * exists, the engine checks when it reads the saved file. The editor lets the writer pick both.
 */
import { z } from 'astro/zod';
import { photoPathProblem } from '@/loaders/entry-checks';

export const reference = (collection: string) => z.string().meta({ references: collection });

const photo = () =>
  z
    .string()
    .superRefine((src, context) => {
      const problem = photoPathProblem(src);
      if (problem) context.addIssue({ code: 'custom', message: problem, input: src });
    })
    .meta({ photo: true });

/** The context Astro passes a collection's schema function. */
export const editorContext = { image: photo };
export type SchemaContext = typeof editorContext;
export type ImageFunction = SchemaContext['image'];
