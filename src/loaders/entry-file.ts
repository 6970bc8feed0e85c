import { placementFields, PLACEHOLDER, type Placement } from '@/config';
import { none, type FileStamp, type IndexedEntry, type Reference } from './entry-index';
import type { Problem } from './problems';
import { parseSource } from './source';
import type { entryValidator } from './validate';

/** An entry file read, parsed and validated: what the index keeps, and what the store needs. */
export type ReadEntry = {
  indexed: IndexedEntry;
  /** The validated fields; a local photo's `src` is still the path the writer wrote. */
  data: Record<string, unknown>;
  /** The fields as written, for Astro's `parseData` to turn local photos into images; with photos only. */
  written?: Record<string, unknown>;
  body: string;
};

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

/** Parses and validates one entry file: its problems, each at its line, or the entry. */
export async function readEntry(
  file: { collection: string; id: string; filePath: string; raw: string },
  stamp: FileStamp,
  digest: string,
  validate: ReturnType<typeof entryValidator>,
): Promise<Problem[] | ReadEntry> {
  const source = parseSource(file.filePath, file.raw);
  if (Array.isArray(source)) return source;
  const checked = await validate(source);
  if (!checked.data) return checked.problems;
  const { size, mtimeMs, ctimeMs } = stamp;
  return {
    indexed: {
      collection: file.collection,
      id: file.id,
      file: file.filePath,
      size,
      mtimeMs,
      ctimeMs,
      digest,
      ...indexFields(checked.data),
      photos: checked.photos.length ? checked.photos : none,
    },
    data: checked.data,
    ...(checked.photos.length && { written: source.data as Record<string, unknown> }),
    body: source.body,
  };
}
