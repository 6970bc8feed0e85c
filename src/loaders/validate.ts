import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ImageFunction, SchemaContext } from 'astro:content';
import type { z } from 'astro/zod';
import { isMdx } from '@/config';
import { bodyProblems } from './body-checks';
import { bodyPhotoProblems, checkFields, localPhoto } from './entry-checks';
import { fieldName, type Problem } from './problems';
import type { Source } from './source';

/** A collection schema, written as Astro expects it: plain, or a function of `{ image }`. */
export type SchemaFactory = z.ZodType | ((context: SchemaContext) => z.ZodType);

/**
 * Validates entries with a collection's schema, pinning each problem to its line. Astro's own
 * validation reports only the first field of the first bad file, at line 0; this one reports
 * every field, names unknown ones with the nearest known name, and checks photos and MDX bodies.
 * The checks that need no file are in entry-checks.ts and body-checks.ts, which the web editor
 * runs too.
 */
export function entryValidator(root: string, factory: SchemaFactory) {
  let folder = root;
  let localPhotos: string[] = [];
  // Checks a local photo path the way Astro's `image()` will resolve it, so a missing photo is
  // reported at its line instead of failing later inside the bundler with no line at all.
  const photo = localPhoto((src) => {
    const there = existsSync(resolve(folder, src));
    if (there) localPhotos.push(src);
    return there;
  });
  // Only a pre-check: Astro's own `image()` resolves the photo afterwards, in `parseData`.
  const image = (() => photo) as unknown as ImageFunction;
  const schema = typeof factory === 'function' ? factory({ image }) : factory;

  /** The entry's problems, or its validated data (a local photo's `src` as written) and photos. */
  return async function validate(source: Source) {
    folder = dirname(resolve(root, source.file));
    localPhotos = [];
    const inBody = (line: number, column: number, message: string) => ({
      file: source.file,
      line: source.bodyLine + line - 1,
      column,
      message,
    });

    const checked = await checkFields(schema, source.data);
    const problems: Problem[] = checked.problems.map(({ path, message, unknownField }) => ({
      file: source.file,
      ...(unknownField
        ? source.locateKey(path.slice(0, -1), String(path.at(-1)))
        : source.locate(path)),
      ...(path.length && { field: fieldName(path) }),
      message,
    }));
    const kind = isMdx(source.file) ? 'mdx' : 'md';
    for (const { line, column, message } of [
      ...bodyPhotoProblems(source.body),
      ...bodyProblems(source.body, kind),
    ]) {
      problems.push(inBody(line, column, message));
    }
    if (problems.length || !checked.data) return { problems };
    return { problems, data: checked.data as Record<string, unknown>, photos: localPhotos };
  };
}
