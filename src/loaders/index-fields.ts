/**
 * What the index keeps of an entry's validated fields, worked out from the fields alone: the
 * engine runs it on every file it reads (entry-file.ts), and the web editor on the entry it is
 * about to save, so both see the same placement and references. Nothing here may import a Node
 * module.
 */
import { placementFields, PLACEHOLDER, type Placement } from '@/config';

/** A 1-based place in a file. */
export type Place = { line: number; column: number };

/**
 * A reference an entry makes to another, where `reference()` left it in the entry's data, and
 * where its value is in the file (an entry the web editor is about to save has no file yet).
 */
export type Reference = {
  path: (string | number)[];
  collection: string;
  id: string;
} & Partial<Place>;

/** A value that still holds the placeholder `npm run new` wrote, and where it is in the file. */
export type Placeholder = { path: (string | number)[] } & Partial<Place>;

/** What most entries hold of the lists; never changed, so shared. */
export const none: never[] = [];

/**
 * A copy of `text` that holds nothing else in memory. A string cut from a longer one, as the YAML
 * parser cuts a title from the frontmatter, keeps the whole frontmatter alive while it lives: the
 * index would hold every entry's fields that way.
 */
const own = (text: string) => JSON.parse(JSON.stringify(text)) as string;

/** Where a value is written, when the entry was read from its file: the problems about it point there. */
export type Locate = (path: readonly (string | number)[]) => Place;

/**
 * Shares equal references between entries: most entries make the same few (an author, at the same
 * line), so the index holds one object for each. Its owner keeps it for as long as the index.
 */
export type References = Map<string, Reference>;

/**
 * What the index keeps of an entry's validated fields: its placement, its references (the
 * `{ collection, id }` values `reference()` leaves) and its placeholders, each with its place in
 * the file when `locate` can tell it.
 */
export function indexFields(
  data: Record<string, unknown>,
  locate?: Locate,
  references: References = new Map(),
) {
  const placement = Object.fromEntries(
    placementFields
      .filter((field) => field in data)
      .map((field) => [field, typeof data[field] === 'string' ? own(data[field]) : data[field]]),
  ) as Partial<Placement>;
  const made: Reference[] = [];
  const placeholders: Placeholder[] = [];
  const shared = (path: (string | number)[], collection: string, id: string) => {
    const place = locate?.(path);
    const key = JSON.stringify([path, collection, id, place?.line, place?.column]);
    let reference = references.get(key);
    if (!reference) {
      reference = { path, collection: own(collection), id: own(id), ...place };
      references.set(key, reference);
    }
    return reference;
  };
  // One path, shared by the whole walk and copied only for a find.
  const path: (string | number)[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith(PLACEHOLDER)) {
      placeholders.push({ path: [...path], ...locate?.(path) });
    }
    if (!value || typeof value !== 'object' || value instanceof Date) return;
    const { collection, id } = value as Record<string, unknown>;
    const named = typeof collection === 'string' && typeof id === 'string';
    if (named && Object.keys(value).length === 2) made.push(shared([...path], collection, id));
    for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
      path.push(key);
      visit(item);
      path.pop();
    }
  };
  visit(data);
  return {
    placement,
    references: made.length ? made : none,
    placeholders: placeholders.length ? placeholders : none,
  };
}
