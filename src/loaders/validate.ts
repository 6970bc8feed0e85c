import { existsSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import type { ImageFunction, SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { mdxToJs } from 'satteri';
import { photoExtensions } from '@/config';
import { oneOf } from '@/lib/format';
import { explainIssue, unknownKeyMessage } from './explain';
import { fieldName, type Problem } from './problems';
import type { Source } from './source';

/** A collection schema, written as Astro expects it: plain, or a function of `{ image }`. */
export type SchemaFactory = z.ZodType | ((context: SchemaContext) => z.ZodType);

// A Markdown image, ![alt](src "title"), or an HTML <img src="…">; the src is group 1 or 2.
const bodyPhoto = /!\[[^\]]*\]\(\s*<?([^\s)>]+)|<img\b[^>]*?\ssrc\s*=\s*["']?([^"'\s>]+)/gi;

const parsing = { error: explainIssue, reportInput: true };

/**
 * Validates entries with a collection's schema, pinning each problem to its line. Astro's own
 * validation reports only the first field of the first bad file, at line 0; this one reports
 * every field, names unknown ones with the nearest known name, and checks photos and MDX bodies.
 */
export function entryValidator(root: string, factory: SchemaFactory) {
  let folder = root;
  let localPhotos: string[] = [];
  // Checks a local photo path the way Astro's `image()` will resolve it, so a missing photo is
  // reported at its line instead of failing later inside the bundler with no line at all.
  const photo = z.string().superRefine((src, context) => {
    const fail = (message: string) => context.addIssue({ code: 'custom', message, input: src });
    if (!/^\.\.?\//.test(src)) {
      fail(
        `Write a photo path beside this file starting with ./ (e.g. ./cover.jpg), or an https:// address`,
      );
    } else if (!photoExtensions.includes(extname(src).toLowerCase())) {
      fail(`"${src}" is not a photo; use a ${oneOf(photoExtensions)} file`);
    } else if (!existsSync(resolve(folder, src))) {
      fail(`There is no photo at "${src}" next to this file. Check the file name and its folder`);
    } else {
      localPhotos.push(src);
    }
  });
  // Only a pre-check: Astro's own `image()` resolves the photo afterwards, in `parseData`.
  const image = (() => photo) as unknown as ImageFunction;
  const schema = typeof factory === 'function' ? factory({ image }) : factory;

  /** The entry's problems, or its validated data (a local photo's `src` as written) and photos. */
  return async function validate(source: Source) {
    folder = dirname(resolve(root, source.file));
    localPhotos = [];
    const at = (path: readonly PropertyKey[], message: string, position = source.locate(path)) => ({
      file: source.file,
      ...position,
      ...(path.length && { field: fieldName(path) }),
      message,
    });
    const inBody = (line: number, column: number, message: string) => ({
      file: source.file,
      line: source.bodyLine + line - 1,
      column,
      message,
    });

    const result = await schema.safeParseAsync(source.data, parsing);
    const problems: Problem[] = [];
    for (const issue of result.error?.issues ?? []) {
      if (issue.code !== 'unrecognized_keys') {
        problems.push(at(issue.path, issue.message));
        continue;
      }
      for (const key of issue.keys) {
        const message = unknownKeyMessage(key, schema, issue.path);
        problems.push(at([...issue.path, key], message, source.locateKey(issue.path, key)));
      }
    }

    for (const match of source.body.matchAll(bodyPhoto)) {
      const src = match[1] ?? match[2] ?? '';
      // Full addresses, site paths (files in public/) and data URLs all resolve anywhere.
      if (/^([a-z][a-z\d+.-]*:|\/)/i.test(src)) continue;
      const before = source.body.slice(0, match.index).split('\n');
      const message =
        `The photo "${src}" inside the text is a file path, which nothing publishes yet: ` +
        'no page shows whole posts, and feed readers would get a broken image. Use an https:// ' +
        'address here, or make your own photo the cover with image: src: ./…';
      problems.push(inBody(before.length, before.at(-1)!.length + 1, message));
    }

    if (extname(source.file) === '.mdx') {
      try {
        mdxToJs(source.body);
      } catch (error) {
        // Compiled as @astrojs/mdx would; the error starts with its line and column in the body.
        const message = error instanceof Error ? error.message : String(error);
        const [, line = '1', column = '1', rest = message] =
          /^(\d+):(\d+):\s*(.*)$/s.exec(message) ?? [];
        problems.push(
          inBody(Number(line), Number(column), `The MDX text does not compile: ${rest}`),
        );
      }
    }
    if (problems.length || !result.success) return { problems };
    return { problems, data: result.data as Record<string, unknown>, photos: localPhotos };
  };
}
