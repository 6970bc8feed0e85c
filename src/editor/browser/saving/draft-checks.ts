/**
 * Every check the build runs on one entry, run in the browser before the web editor writes it:
 * the schema (unknown fields named with the nearest known one), photo paths in the fields and in
 * the body, the body compiled as the engine compiles it, an id that another file already makes,
 * and what the whole site would say after the save. The code and the words are the engine's
 * (src/loaders/); this file only says where in the form each problem shows.
 */
import type { z } from 'astro/zod';
import { contentFolders, isMdx } from '@/config';
// The engine's body checks in plain JavaScript; Sätteri, which the engine compiles with, is native.
import { bodyProblems } from '@/loaders/body-checks.browser';
import {
  besideTheFile,
  bodyPhotoProblems,
  checkFieldsNow,
  type BodyProblem,
  type FieldProblem,
} from '@/loaders/entry-checks';
import { entryId, sameEntry } from '@/loaders/entry-id';
import { indexFields } from '@/loaders/index-fields';
import type { EditedCollection, SiteEntry, SiteSnapshot } from '../../contract';
import { isEntry, isFile, problemsAfter } from './site-checks';

/** An entry as the editor is about to write it. */
export type Draft = {
  collection: EditedCollection;
  /** Where it is written, from the project root. */
  file: string;
  /** Its fields as the file will hold them, without the body. */
  fields: Record<string, unknown>;
  /** Its Markdown body; none for a YAML entry. */
  body?: string | undefined;
  /** The field that names it (a title, a member's name), where a clash of ids shows. */
  nameField: string;
};

/** What else the checks need to know. */
export type Context = {
  schema: z.ZodType;
  /** What the last build knew of every entry. */
  site: SiteSnapshot;
  now: Date;
};

/** "Line 3: …", for a problem in the body, which the form shows as one field. */
const inBody = ({ line, message }: BodyProblem): FieldProblem => ({
  path: ['body'],
  message: `Line ${line}: ${message}`,
});

/** The entry's id, as the engine makes it from the file's path in its collection. */
export const idOf = (collection: EditedCollection, file: string) =>
  entryId(file.slice(contentFolders[collection].folder.length + 1));

/**
 * Every problem the build would find with `draft`, each at its field (the body is the field
 * `body`); when there is none, the entry as the engine's index will hold it, and its fields as
 * the schema parsed them.
 */
export function draftProblems(
  draft: Draft,
  { schema, site, now }: Context,
): { problems: FieldProblem[]; indexed?: SiteEntry; data?: Record<string, unknown> } {
  const { collection, file, fields, body, nameField } = draft;
  const checked = checkFieldsNow(schema, fields);
  const problems = [...checked.problems];
  if (body !== undefined) {
    const kind = isMdx(file) ? 'mdx' : 'md';
    problems.push(...[...bodyPhotoProblems(body), ...bodyProblems(body, kind)].map(inBody));
  }

  const id = idOf(collection, file);
  const other = site.entries.find(
    (entry) => isEntry(entry, collection, id) && !isFile(entry, file),
  );
  if (other) {
    const fix = `Choose another ${nameField}.`;
    // The built site names no entry that is not published yet.
    const where = other.id === id ? other.file : 'a draft or scheduled entry';
    problems.push({ path: [nameField], message: sameEntry(where, id, fix) });
  }

  // The whole site, once the entry itself is right: the core needs its parsed fields.
  if (problems.length || !checked.data) return { problems };
  const data = checked.data as Record<string, unknown>;
  const indexed = { collection, id, file, ...indexFields(data), photos: photosIn(data) };
  // What the site says of other files shows where the writer decides it: Draft, or the name.
  const elsewhere = 'draft' in fields ? 'draft' : nameField;
  const siteProblems = problemsAfter(site, { put: indexed }, now).map((problem) => ({
    path: problem.file === file && problem.path ? problem.path : [elsewhere],
    message: problem.file === file ? problem.message : `${problem.file}: ${problem.message}`,
  }));
  return siteProblems.length ? { problems: siteProblems } : { problems: [], indexed, data };
}

/** The entry's own photos, as written in its fields: `./cover.jpg`. */
export function photosIn(value: unknown): string[] {
  if (typeof value === 'string') return besideTheFile(value) ? [value] : [];
  if (!value || typeof value !== 'object') return [];
  return Object.values(value).flatMap(photosIn);
}
