import { placementFields, PLACEHOLDER, type Placement } from '@/config';
import type { FileStamp, IndexedEntry, Reference } from './entry-index';
import type { Problem } from './problems';
import { parseSource } from './source';
import type { entryValidator } from './validate';

/** An entry file read, parsed and validated: what the index keeps, and what the store needs. */
export type ReadEntry = {
  indexed: IndexedEntry;
  /** The validated fields; a local photo's `src` is still the path the writer wrote. */
  data: Record<string, unknown>;
  /**
   * The fields as written, for Astro's `parseData`, which turns local photos into images; only
   * for an entry with photos of its own, as a cold build holds every entry read until it decides.
   */
  written?: Record<string, unknown>;
  body: string;
};

/**
 * What the index keeps of an entry's validated fields: its placement, its references (the
 * `{ collection, id }` values `reference()` leaves), and its placeholders.
 */
export function indexFields(data: Record<string, unknown>) {
  const placement = Object.fromEntries(
    placementFields.filter((field) => field in data).map((field) => [field, data[field]]),
  ) as Partial<Placement>;
  const references: Reference[] = [];
  const placeholders: (string | number)[][] = [];
  // One path, shared by the whole walk and copied only for a find.
  const path: (string | number)[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith(PLACEHOLDER)) placeholders.push([...path]);
    if (!value || typeof value !== 'object' || value instanceof Date) return;
    const { collection, id } = value as Record<string, unknown>;
    const named = typeof collection === 'string' && typeof id === 'string';
    if (named && Object.keys(value).length === 2) {
      references.push({ path: [...path], collection, id });
    }
    for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
      path.push(key);
      visit(item);
      path.pop();
    }
  };
  visit(data);
  return { placement, references, placeholders };
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
      photos: checked.photos,
    },
    data: checked.data,
    ...(checked.photos.length && { written: source.data as Record<string, unknown> }),
    body: source.body,
  };
}
