/**
 * What the editor's two sides agree on: the build and the local proxy (node/) make these, the
 * writer's browser (browser/) reads them. Names and shapes only; both sides import this module,
 * and neither imports the other.
 */
// Relative, with endings: the local proxy imports this in plain Node, with no path aliases.
import { siteSettings } from '../config.ts';
import { DEFAULT_TIME_ZONE } from '../lib/publishing.ts';
import type { IndexedEntry } from '../loaders/decide.ts';

/** The collections a writer edits, with the names the editor shows for them. */
export const editedCollections = {
  recipes: { label: 'Recipes', singular: 'Recipe' },
  blog: { label: 'Blog posts', singular: 'Post' },
  team: { label: 'Team', singular: 'Team member' },
} as const;

export type EditedCollection = keyof typeof editedCollections;

/** The formats entry files are read and written in, as the browser registers them. */
export const formats = { markdown: 'frontmatter-as-committed', yaml: 'yaml-as-committed' };

/**
 * Keys the editor keeps in an entry's data for Decap's list, never written: the entry's photo,
 * copied to where the list finds one (no field of any schema), and its state in words (Draft,
 * Scheduled for …, Published …).
 */
export const LIST_PHOTO = 'thumb';
export const STATE = '__state';

/** The part of JSON Schema our schemas produce. */
export type JsonSchema = {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: string[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  /** Our annotations: a paragraph, a photo, and the collection a reference points into. */
  multiline?: boolean;
  photo?: boolean;
  references?: string;
};

/** A field of the editor's configuration: a widget and what it needs. */
export type EditorField = {
  name: string;
  /** Where it sits in an entry: `image.alt`, `steps[]` for every step. */
  path: string;
  label: string;
  widget: string;
  required: boolean;
  hint?: string;
  default?: unknown;
  [option: string]: unknown;
};

/** One collection as the editor's configuration (config.json) describes it. */
export type EditorCollection = {
  name: EditedCollection;
  label: string;
  label_singular: string;
  /** Where its entries are, from the project root. */
  folder: string;
  /** A new entry's file ending, without the dot. */
  extension: string;
  /** One of `formats`. */
  format: string;
  /** The field that names an entry: a recipe's title, a member's name. */
  identifier_field: string;
  fields: EditorField[];
};

/** The editor's configuration (config.json), as far as the browser's code reads it. */
export type EditorConfig = { collections: EditorCollection[] };

/** An entry as the last build knew it, with its own photos as written (`./cover.jpg`). */
export type SiteEntry = IndexedEntry & {
  photos?: readonly string[];
  /** A team member's name, for the cards that name an author. */
  name?: string | undefined;
};

/** What the last build knew of every entry, as /admin/site.json holds it. */
export type SiteSnapshot = { entries: SiteEntry[] };

/** The site's time zone, in which publish dates go live, as the snapshot's site settings say. */
export const timezoneOf = (snapshot: SiteSnapshot) =>
  snapshot.entries.find((entry) => entry.collection === siteSettings.collection)?.placement
    .timezone ?? DEFAULT_TIME_ZONE;

/**
 * What the built site.json says for an id or file that is not published yet (a draft, or
 * scheduled): a digest, so the site does not announce it early, which the checks can still match.
 * (cyrb53: a fast, well-spread 53-bit string hash.)
 */
export function unpublished(text: string): string {
  let [h1, h2] = [0xdeadbeef, 0x41c6ce57];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `#${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

/** One version of a file: a commit that touched it, or what is on disk and not committed yet. */
export type Version = {
  /** The commit; null for changes not committed yet. */
  commit: string | null;
  /** Where the file was in this version: it may have moved since. */
  path: string;
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

/**
 * The local proxy's own actions, which its front answers from git (node/git-history.ts) and
 * never passes on to decap-server: an entry's versions, the files deleted from a folder since a
 * day, and a file's bytes in a version.
 */
export const proxyActions = {
  history: 'fileHistory',
  removals: 'deletedFiles',
  fileAt: 'fileAt',
} as const;
