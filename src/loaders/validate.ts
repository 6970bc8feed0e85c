import { existsSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import type { ImageFunction, SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { mdxToJs } from 'satteri';
import { photoExtensions } from './discover';
import { explainIssue, knownKeys, unknownKeyMessage } from './explain';
import type { Problem } from './problems';
import type { Source } from './source';

/** A collection schema, written as Astro expects it: plain, or a function of `{ image }`. */
export type SchemaFactory = z.ZodType | ((context: SchemaContext) => z.ZodType);

/** `image.src` → "image.src", `["steps", 2]` → "steps[2]". */
export const fieldName = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (name, key) =>
      typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key),
    '',
  );

/**
 * Checks a local photo path the way Astro's `image()` will resolve it, so a missing photo is
 * reported at its line instead of failing later inside the bundler with no line at all.
 */
function photoChecker(entryFolder: () => string, onLocal: (src: string) => void): ImageFunction {
  const check = z.string().superRefine((src, context) => {
    const fail = (message: string) => context.addIssue({ code: 'custom', message, input: src });
    if (!/^\.\.?\//.test(src)) {
      fail(
        `Write a photo path beside this file starting with ./ (e.g. ./cover.jpg), or an https:// address`,
      );
    } else if (!photoExtensions.includes(extname(src).toLowerCase())) {
      fail(`"${src}" is not a photo; use a .jpg, .jpeg, .png, .webp or .avif file`);
    } else if (!existsSync(resolve(entryFolder(), src))) {
      fail(`There is no photo at "${src}" next to this file. Check the file name and its folder`);
    } else {
      onLocal(src);
    }
  });
  // Only used to pre-check input; Astro's own image() does the real resolution afterwards.
  return (() => check) as unknown as ImageFunction;
}

/**
 * Validates entries with a collection's schema, pinning each problem to its line. Astro's own
 * validation reports only the first field of the first bad file, at line 0; this one reports
 * every field, names unknown ones with the nearest known name, and checks photos and MDX bodies.
 */
export function entryValidator(root: string, factory: SchemaFactory) {
  let folder = root;
  let localPhotos: string[] = [];
  const image = photoChecker(
    () => folder,
    (src) => localPhotos.push(src),
  );
  const schema = typeof factory === 'function' ? factory({ image }) : factory;

  /**
   * The entry's problems, or its validated data and the paths of its own photos. A local photo's
   * `src` stays the path the writer wrote: only Astro's `parseData` turns it into an image.
   */
  return async function validate(
    source: Source,
  ): Promise<{ problems: Problem[]; data?: Record<string, unknown>; photos?: string[] }> {
    folder = dirname(resolve(root, source.file));
    localPhotos = [];
    const at = (path: readonly PropertyKey[], message: string, position = source.locate(path)) => ({
      file: source.file,
      ...position,
      ...(path.length && { field: fieldName(path) }),
      message,
    });

    const raw = source.data;
    const result = await schema.safeParseAsync(raw, { error: explainIssue, reportInput: true });
    let data: Record<string, unknown> | undefined;
    const problems: Problem[] = result.success
      ? []
      : result.error.issues.flatMap((issue) =>
          issue.code === 'unrecognized_keys'
            ? issue.keys.map((key) =>
                at(
                  [...issue.path, key],
                  unknownKeyMessage(key, knownKeys(schema, issue.path)),
                  source.locateKey(issue.path, key),
                ),
              )
            : [at(issue.path, issue.message)],
        );

    if (result.success) data = result.data as Record<string, unknown>;

    for (const photo of localBodyPhotos(source.body)) {
      problems.push({
        file: source.file,
        line: source.bodyLine + photo.line - 1,
        column: photo.column,
        message:
          `The photo "${photo.src}" inside the text is a file path, which nothing publishes yet: ` +
          'no page shows whole posts, and feed readers would get a broken image. Use an https:// ' +
          'address here, or make your own photo the cover with image: src: ./…',
      });
    }

    if (extname(source.file) === '.mdx') {
      const problem = mdxProblem(source.body);
      if (problem) {
        problems.push({
          file: source.file,
          line: source.bodyLine + problem.line - 1,
          column: problem.column,
          message: `The MDX text does not compile: ${problem.message}`,
        });
      }
    }
    return problems.length
      ? { problems }
      : { problems, photos: localPhotos, ...(data && { data }) };
  };
}

// A Markdown image, ![alt](src "title"), or an HTML <img src="…">; the src is group 1 or 2.
const bodyPhoto = /!\[[^\]]*\]\(\s*<?([^\s)>]+)|<img\b[^>]*?\ssrc\s*=\s*["']?([^"'\s>]+)/gi;

/** Photos in a body given by a file path (`./market.jpg`), with their line and column in the body. */
function localBodyPhotos(body: string) {
  return [...body.matchAll(bodyPhoto)].flatMap((match) => {
    const src = match[1] ?? match[2] ?? '';
    // Full addresses, site paths (files in public/) and data URLs all resolve anywhere.
    if (/^([a-z][a-z\d+.-]*:|\/)/i.test(src)) return [];
    const before = body.slice(0, match.index).split('\n');
    return [{ src, line: before.length, column: before.at(-1)!.length + 1 }];
  });
}

/** Compiles an MDX body as @astrojs/mdx would; its error, with the line inside the body. */
function mdxProblem(body: string) {
  try {
    mdxToJs(body);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const [, line = '1', column = '1', rest = message] =
      /^(\d+):(\d+):\s*(.*)$/s.exec(message) ?? [];
    return { line: Number(line), column: Number(column), message: rest };
  }
}
