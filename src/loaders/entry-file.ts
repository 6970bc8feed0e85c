import type { FileStamp, IndexedEntry } from './entry-index';
import { indexFields, none, type References } from './index-fields';
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
 * Parses and validates one entry file: its problems, each at its line, or the entry, whose
 * references and placeholders keep their places in the file so that no problem found later about
 * them needs the file again. `references` shares equal references between entries.
 */
export async function readEntry(
  file: { collection: string; id: string; filePath: string; raw: string },
  stamp: FileStamp,
  digest: string,
  validate: ReturnType<typeof entryValidator>,
  references?: References,
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
      ...indexFields(checked.data, source.locate, references),
      photos: checked.photos.length ? checked.photos : none,
    },
    data: checked.data,
    ...(checked.photos.length && { written: source.data as Record<string, unknown> }),
    body: source.body,
  };
}
