import { showingFields, PLACEHOLDER, type Showing } from '@/config';
import type { IndexedEntry, Reference } from './entry-index';
import { findInData } from './find-in-data';
import type { Problem } from './problems';
import { parseSource } from './source';
import type { entryValidator } from './validate';

/** An entry file read, parsed and validated: what the index keeps, and what the store needs. */
export type ReadEntry = {
  indexed: IndexedEntry;
  /** The validated fields; a local photo's `src` is still the path the writer wrote. */
  data: Record<string, unknown>;
  /** The fields as written, for Astro's `parseData`, which turns local photos into images. */
  written: Record<string, unknown>;
  body: string;
};

/** A `{ collection, id }` value: what `reference()` leaves in entry data. */
function reference(value: unknown): { collection: string; id: string } | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { collection, id } = value as Record<string, unknown>;
  return typeof collection === 'string' && typeof id === 'string' && Object.keys(value).length === 2
    ? { collection, id }
    : undefined;
}

/** A value that still starts with the placeholder `npm run new` wrote. */
const placeholder = (value: unknown) =>
  typeof value === 'string' && value.startsWith(PLACEHOLDER) ? value : undefined;

/** What the index keeps of an entry's validated fields, besides where its file is. */
export function indexFields(data: Record<string, unknown>) {
  const showing = Object.fromEntries(
    showingFields.filter((field) => field in data).map((field) => [field, data[field]]),
  ) as Partial<Showing>;
  const references: Reference[] = findInData(data, reference).map(({ path, found }) => ({
    path: path as (string | number)[],
    ...found,
  }));
  const placeholders = findInData(data, placeholder).map(({ path }) => path as (string | number)[]);
  return { showing, references, placeholders };
}

/**
 * Parses and validates one entry file. Returns its problems, each at its line, or the entry.
 * This is the only place an entry file is parsed, so each file is parsed once per change.
 */
export async function readEntry(
  file: { collection: string; id: string; path: string; shown: string; raw: string },
  stat: { size: number; mtimeMs: number },
  digest: string,
  validate: ReturnType<typeof entryValidator>,
): Promise<{ problems: Problem[] } | ({ problems: [] } & ReadEntry)> {
  const source = parseSource(file.shown, file.raw);
  if (Array.isArray(source)) return { problems: source };
  const checked = await validate(source);
  if (checked.problems.length || !checked.data) return { problems: checked.problems };
  const { data } = checked;
  return {
    problems: [],
    indexed: {
      collection: file.collection,
      id: file.id,
      file: file.shown,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      digest,
      ...indexFields(data),
      photos: checked.photos ?? [],
    },
    data,
    written: source.data as Record<string, unknown>,
    body: source.body,
  };
}
