/**
 * The site's files as the editor's saves, history and Recently deleted need them, whichever
 * backend keeps them (the local proxy of `npm run editor`, or GitHub): a file read as it is now
 * with its version, and writes let through only onto the versions read. The seam with Decap
 * (decap/backends.ts) answers for each backend.
 */
import { photoExtensions } from '@/config';
import type { Removal, Version } from '../../contract';

/** A file as it is now: its text (none when there is no file), and the version a write expects. */
export type Current = { text: string | undefined; version: string | null };

/** A file to write anew: an entry's text, or a photo's bytes in base64. */
export type NewFile = { path: string; text: string } | { path: string; base64: string };

export type Files = {
  read(path: string): Promise<Current>;
  /** Runs `write` if every file of `expected` is still at its version; throws Moved otherwise. */
  onlyIf<T>(expected: Record<string, string | null>, write: () => Promise<T>): Promise<T>;
  /** Writes `files` anew in one commit, unchecked: whoever calls it checked them, inside onlyIf. */
  put(files: NewFile[], message: string): Promise<unknown>;
  /** Every version of the file at `path`, newest first (the history above the form). */
  history(path: string): Promise<Version[]>;
  /** What was deleted from `folder` since `since` and is still gone, newest first. */
  removals(folder: string, since: Date): Promise<Removal[]>;
  /** The bytes of `path` in version `rev` (a commit), in base64. */
  fileAt(rev: string, path: string): Promise<string>;
};

/** A write refused because a file changed since it was read: read it again, and merge again. */
export class Moved extends Error {}

/** How often a write reads and checks again when its files keep changing under it. */
export const ROUNDS = 5;

/** The files could not be reached (the network, the proxy stopped): nothing was written. */
export class Unreachable extends Error {}

/** Where the photo `src` an entry names (`./cover.jpg`) is, from the root, for the entry at `file`. */
export const photoAt = (src: string, file: string) =>
  decodeURIComponent(new URL(src, `file:///${file}`).pathname.slice(1));

/** Whether a file is a photo, by its ending. */
export const isPhoto = (file: string) =>
  photoExtensions.some((ending) => file.toLowerCase().endsWith(ending));

/** The folder a file is in, from the project root. */
export const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/'));
