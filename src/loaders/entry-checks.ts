/**
 * The checks of one entry that need no file system: its fields against the collection's schema,
 * the form of a photo path, and photos written as paths in the body. The engine runs them on
 * every file (validate.ts, which adds what needs files: whether a photo is there, whether MDX
 * compiles); the web editor runs the same code in the browser before a save (src/editor/), so a
 * writer there sees the engine's own words. Nothing here may import a Node module.
 */
import { z } from 'astro/zod';
import { photoExtensions } from '@/config';
import { oneOf } from '@/lib/format';
import { explainIssue, unknownKeyMessage } from './explain';
import type { FieldPath } from './problems';

/** How the engine parses entry data: every message in a writer's words, with the value written. */
const parsing = { error: explainIssue, reportInput: true };

/** A problem in an entry's fields; an unknown field's `path` ends with its name. */
export type FieldProblem = { path: FieldPath; message: string; unknownField?: true };

/** The problems in a schema's issues, unknown fields named with the nearest known one. */
function problemsIn(schema: z.ZodType, issues: readonly z.core.$ZodIssue[]) {
  return issues.flatMap((issue): FieldProblem[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: [...issue.path, key],
          message: unknownKeyMessage(key, schema, issue.path),
          unknownField: true,
        }))
      : [{ path: issue.path, message: issue.message }],
  );
}

/**
 * `data` checked against `schema`: every problem, unknown fields named with the nearest known
 * one, or the parsed data when there is none.
 */
export async function checkFields(schema: z.ZodType, data: unknown) {
  const result = await schema.safeParseAsync(data, parsing);
  return { problems: problemsIn(schema, result.error?.issues ?? []), data: result.data };
}

/** `checkFields` for a schema with no asynchronous check, as the web editor's stand-ins make it. */
export function checkFieldsNow(schema: z.ZodType, data: unknown) {
  const result = schema.safeParse(data, parsing);
  return { problems: problemsIn(schema, result.error?.issues ?? []), data: result.data };
}

/** Whether `src` is a path from the entry's own folder: `./cover.jpg`, `../cover.jpg`. */
export const besideTheFile = (src: string) => /^\.\.?\//.test(src);

/** Whether `src` resolves anywhere: a full address, a data URL, or a site path (a file in public/). */
export const resolvesAnywhere = (src: string) => /^([a-z][a-z\d+.-]*:|\/)/i.test(src);

/** The file name's end, lower case: "./Cover.JPG" is ".jpg". */
const extensionOf = (path: string) => /\.[^./]*$/.exec(path)?.[0].toLowerCase() ?? '';

/**
 * What is wrong with the form of a local photo path, or undefined: it must start with ./ (or ../)
 * and name a photo file. Whether the file is there is for the caller to check.
 */
function photoPathProblem(src: string): string | undefined {
  if (!besideTheFile(src)) {
    return 'Write a photo path beside this file starting with ./ (e.g. ./cover.jpg), or an https:// address';
  }
  if (!photoExtensions.includes(extensionOf(src))) {
    return `"${src}" is not a photo; use a ${oneOf(photoExtensions)} file`;
  }
  return undefined;
}

/** The engine's word for a photo path that names no file. */
const missingPhoto = (src: string) =>
  `There is no photo at "${src}" next to this file. Check the file name and its folder`;

/**
 * A local photo's path, checked for its form, then for the file: `there(src)` says whether the
 * photo is beside the entry (on disk for the engine, as far as the browser knows for the editor).
 */
export const localPhoto = (there: (src: string) => boolean) =>
  z.string().superRefine((src, context) => {
    const problem = photoPathProblem(src) ?? (there(src) ? undefined : missingPhoto(src));
    if (problem) context.addIssue({ code: 'custom', message: problem, input: src });
  });

// A Markdown image, ![alt](src "title"), or an HTML <img src="…">; the src is group 1 or 2.
const bodyPhoto = /!\[[^\]]*\]\(\s*<?([^\s)>]+)|<img\b[^>]*?\ssrc\s*=\s*["']?([^"'\s>]+)/gi;

/** A problem in the body, at its 1-based line and column in the body. */
export type BodyProblem = { line: number; column: number; message: string };

/** Photos inside the text given as file paths, which nothing publishes. */
export function bodyPhotoProblems(body: string): BodyProblem[] {
  return [...body.matchAll(bodyPhoto)].flatMap((match) => {
    const src = match[1] ?? match[2] ?? '';
    // Full addresses, site paths (files in public/) and data URLs all resolve anywhere.
    if (resolvesAnywhere(src)) return [];
    const before = body.slice(0, match.index).split('\n');
    const message =
      `The photo "${src}" inside the text is a file path, which nothing publishes yet: ` +
      'no page shows whole posts, and feed readers would get a broken image. Use an https:// ' +
      'address here, or make your own photo the cover with image: src: ./…';
    return [{ line: before.length, column: before.at(-1)!.length + 1, message }];
  });
}
