/**
 * Where the entry files are kept, as the editor needs each backend: the local proxy of
 * `npm run editor` and GitHub. Both list a Markdown collection's `.mdx` entries with its `.md`
 * ones, take an entry's photos with it when it is deleted, read a file as it is now, and let a
 * write through only onto the version that was read (store-backends.ts, which talks to each).
 * What Decap's backends do not promise is in the upstream table of docs/ENGINE.md.
 */
import { markdownExtensions, photoExtensions } from '@/config';
import type { Backend, DataFile, Decap, StoredFile } from './decap';
import type { Checks } from './entry';
import { isFile } from './site-check';
import {
  gitHubStore,
  proxyStore,
  Unreachable,
  type Backends,
  type GitHubBackend,
  type ProxyBackend,
} from './store-backends';
import type { NewFile } from './versions';

/**
 * The files where the editor saves, as a save needs them: read now, and written only if still as
 * read. Decap's own save or delete does the writing, inside `onlyIf`.
 */
type Store = Backends & {
  /** Writes `files` anew with the backend's own save, in one commit; run it inside `onlyIf`. */
  put(files: NewFile[], message: string): Promise<unknown>;
};

/** Decap's save of an entry's files, as `put` calls it: photos as assets that give their base64. */
type Save = (
  entry: {
    dataFiles: (DataFile & { slug: string })[];
    assets: { path: string; toBase64: () => Promise<string> }[];
  },
  options: Record<string, unknown>,
) => Promise<unknown>;

/** What the editor does around Decap's reads and writes of an entry's file. */
export type Writes = {
  /** The file was read for the form. */
  opened(file: string): void;
  /** Decap is about to save `dataFile`; `write` does it. */
  save(dataFile: DataFile, write: () => Promise<unknown>): Promise<unknown>;
  /** Decap is about to delete the entry at `file`, with its photos; `write` does it. */
  remove(file: string, write: () => Promise<unknown>): Promise<unknown>;
};

/** The store of the backend Decap started; set when it starts. */
let started: Store | undefined;
export const store = () => {
  if (!started) throw new Unreachable('The editor has not started a backend yet.');
  return started;
};

const dir = (file: string) => file.slice(0, file.lastIndexOf('/'));
/** Where the photo `src` of the entry at `file` is, from the project root. */
const photoFile = (src: string, file: string) => new URL(src, `file:///${file}`).pathname.slice(1);
const isPhoto = (file: string) =>
  photoExtensions.some((ending) => file.toLowerCase().endsWith(ending));

// Decap knows one ending a collection, a Markdown one's first (.md): the others' files (.mdx) are
// listed with it, and Decap adds .md to their paths (x.mdx.md), which filePath takes off.
const [md = '', ...others] = markdownExtensions;
const filePath = (path: string) =>
  others.some((ending) => path.endsWith(ending + md)) ? path.slice(0, -md.length) : path;

/**
 * Each backend (the GitHub one and the local proxy) as the editor needs it: a Markdown
 * collection lists its `.mdx` entries with its `.md` ones, an entry opened by its address is
 * found whatever its ending, deleting an entry deletes the photos only it used, its folder's with
 * them, and the backend's store is the one saves go to.
 */
export function registerStores(cms: Decap, checks: Checks, writes: Writes) {
  const keep = (backend: Backend, name: string): Backend => {
    const { entriesByFolder, allEntriesByFolder, getEntry, getMedia, persistEntry, deleteFiles } =
      backend;
    const both = async (
      list: (extension: string) => Promise<Awaited<ReturnType<Backend['getEntry']>>[]>,
      extension: string,
    ) =>
      `.${extension}` === md
        ? (await Promise.all(markdownExtensions.map((ending) => list(ending.slice(1))))).flat()
        : list(extension);
    backend.entriesByFolder = (folder, extension, depth) =>
      both((ending) => entriesByFolder.call(backend, folder, ending, depth), extension);
    if (allEntriesByFolder) {
      // Decap passes a pattern of the collection's path (`{{slug}}/index`), which leaves out an
      // entry in a file of its own (team/priya-raman.yaml): here every file of the ending is one.
      backend.allEntriesByFolder = (folder, extension, depth) =>
        both((ending) => allEntriesByFolder.call(backend, folder, ending, depth), extension);
    }
    // A file opened for the form: the form stands on it, with no conflict open.
    const opened = (found: StoredFile) => (writes.opened(found.file.path), found);
    const tryEntry = (file: string) =>
      getEntry.call(backend, file).catch((error: { status?: number }) => {
        if (error.status === 404) return { file: { path: file }, data: null };
        throw error;
      });
    backend.getEntry = async (path) => {
      const file = filePath(path);
      const found = await tryEntry(file);
      // An address names an entry without its ending: Decap asks for .md, the file may be .mdx.
      if (found.data !== null || !file.endsWith(md)) return opened(found);
      for (const ending of others) {
        const other = await tryEntry(file.slice(0, -md.length) + ending);
        if (other.data !== null) return opened(other);
      }
      return opened(found);
    };
    backend.persistEntry = (entry, options) =>
      writes.save(entry.dataFiles[0]!, () => persistEntry.call(backend, entry, options));
    backend.deleteFiles = async (paths, commitMessage) => {
      const files = paths.map(filePath);
      const others = checks.site.entries.filter(
        (entry) => !files.some((file) => isFile(entry, file)),
      );
      const used = new Set(
        others.flatMap((entry) => (entry.photos ?? []).map((src) => photoFile(src, entry.file))),
      );
      for (const file of files) {
        const entry = checks.site.entries.find((each) => isFile(each, file));
        const own = (entry?.photos ?? []).map((src) => photoFile(src, file));
        // An entry in a folder of its own takes the folder's photos with it.
        const folder = /\/index\.[^/]+$/.test(file)
          ? (await getMedia.call(backend, dir(file))).map((media) => media.path).filter(isPhoto)
          : [];
        files.push(
          ...[...own, ...folder].filter((photo) => !used.has(photo) && !files.includes(photo)),
        );
      }
      return writes.remove(files[0]!, () => deleteFiles.call(backend, files, commitMessage));
    };
    // New files (an entry brought back, its photos) go through Decap's own save, unchecked here:
    // whoever calls it has checked them, and runs it inside onlyIf.
    const save = persistEntry as unknown as Save;
    const put = (files: NewFile[], commitMessage: string) =>
      save.call(
        backend,
        {
          dataFiles: files.flatMap((file) =>
            'text' in file ? [{ path: file.path, raw: file.text, slug: file.path }] : [],
          ),
          assets: files.flatMap((file) =>
            'base64' in file ? [{ path: file.path, toBase64: async () => file.base64 }] : [],
          ),
        },
        { newEntry: true, commitMessage, useWorkflow: false, hasSubfolders: true },
      );
    const backends =
      name === 'proxy'
        ? proxyStore(backend as ProxyBackend)
        : gitHubStore(backend as GitHubBackend);
    started = { ...backends, put };
    return backend;
  };
  for (const name of ['proxy', 'github']) {
    const registered = cms.getBackend(name);
    if (!registered) throw new Error(`Decap CMS has no "${name}" backend to keep files with.`);
    const { init } = registered;
    registered.init = (...args) => keep(init(...args), name);
  }
}
