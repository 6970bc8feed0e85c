/**
 * What the editor's history reads from either backend, in one shape: the versions of an entry's
 * file, the files taken away by a delete (and which of them are photos), and a file to write
 * back. The local proxy's front answers with these (node/git-history.ts), and so do the GitHub
 * adapter's calls (stores.ts).
 */
import { photoExtensions } from '@/config';

/** One version of a file: a commit that touched it, or what is on disk and not committed yet. */
export type Version = {
  /** The commit; null for changes not committed yet. */
  commit: string | null;
  /** Where the file was in this version: it may have moved since. */
  path: string;
  /** Who made it: the commit's author. */
  author?: string | undefined;
  /** When, as an ISO 8601 date. */
  date?: string | undefined;
  /** The file's text in this version; none where this commit deleted it. */
  text: string | undefined;
};

/** The files one change deleted (a commit, or the working tree): read from `from`. */
export type Removal = {
  /** The commit that deleted them; null for a delete not committed yet. */
  commit: string | null;
  author?: string | undefined;
  date?: string | undefined;
  /** The version that still has the files: the commit's parent, or the last commit. */
  from: string;
  /** The files it deleted that are still gone. */
  files: string[];
  /** The text of each deleted file that is not a photo, by file. */
  texts: Record<string, string>;
};

/** A file to write back: an entry's text, or a photo's bytes in base64. */
export type NewFile = { path: string; text: string } | { path: string; base64: string };

/** Whether a file is a photo, by its ending: a delete's photos go back as bytes, not text. */
export const isPhoto = (file: string) =>
  photoExtensions.some((ending) => file.toLowerCase().endsWith(ending));
