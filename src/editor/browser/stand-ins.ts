/**
 * What `astro:content` gives the schemas, for reading them outside Astro (the editor's build and
 * the browser): `reference()` and `image()` keep what they stand for where the editor can see it
 * in the JSON schema, as `references` (the collection) and `photo`. A photo path is checked as the
 * engine checks it, the file's presence as far as the editor knows it (saving/draft-checks.ts).
 */
import { z } from 'astro/zod';
import { localPhoto } from '@/loaders/entry-checks';

/** A reference as Astro's `reference()` leaves it, so the engine's index finds it. */
export const reference = (collection: string) =>
  z
    .string()
    .meta({ references: collection })
    .transform((id) => ({ collection, id }));

/**
 * The context Astro passes a collection's schema function: a photo path is checked as the engine
 * checks it, the file as far as the browser can tell (`there`: every photo is, unless told).
 */
export const editorContext = (there: (src: string) => boolean = () => true) => ({
  image: () => localPhoto(there).meta({ photo: true }),
});
export type SchemaContext = ReturnType<typeof editorContext>;
export type ImageFunction = SchemaContext['image'];

/**
 * `astro:assets`, which the cards' photo code imports for a build's own photos. The preview
 * draws an uploaded photo as it is, so it is never called.
 */
export const getImage = () => {
  throw new Error('The web editor draws a photo as it is; it has no image pipeline.');
};
