/**
 * What the index keeps of an entry's validated fields, worked out from the fields alone: the
 * engine runs it on every file it reads (entry-file.ts), and the web editor on the entry it is
 * about to save, so both see the same placement and references. Nothing here may import a Node
 * module.
 */
import { placementFields, PLACEHOLDER, type Placement } from '@/config';
import type { Reference } from './entry-index';

/** What most entries hold of the lists; never changed, so shared. */
export const none: never[] = [];

/**
 * A copy of `text` that holds nothing else in memory. A string cut from a longer one, as the YAML
 * parser cuts a title from the frontmatter, keeps the whole frontmatter alive while it lives: the
 * index would hold every entry's fields that way.
 */
const own = (text: string) => JSON.parse(JSON.stringify(text)) as string;

// Most entries make the same few references (an author): they share one object each.
const references = new Map<string, Reference>();
const shared = (path: (string | number)[], collection: string, id: string) => {
  const key = JSON.stringify([path, collection, id]);
  let reference = references.get(key);
  if (!reference)
    references.set(key, (reference = { path, collection: own(collection), id: own(id) }));
  return reference;
};

/**
 * What the index keeps of an entry's validated fields: its placement, its references (the
 * `{ collection, id }` values `reference()` leaves), and its placeholders.
 */
export function indexFields(data: Record<string, unknown>) {
  const placement = Object.fromEntries(
    placementFields
      .filter((field) => field in data)
      .map((field) => [field, typeof data[field] === 'string' ? own(data[field]) : data[field]]),
  ) as Partial<Placement>;
  const made: Reference[] = [];
  const placeholders: (string | number)[][] = [];
  // One path, shared by the whole walk and copied only for a find.
  const path: (string | number)[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith(PLACEHOLDER)) placeholders.push([...path]);
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
