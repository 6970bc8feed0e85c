/**
 * Decap's backends as the editor needs them: the local proxy of `npm run editor` and GitHub. Both
 * list a Markdown collection's `.mdx` entries with its `.md` ones, find an entry opened by its
 * address whatever its ending, take an entry's photos with it when it is deleted, and answer for
 * the editor's files (saving/files.ts): a file read as it is now with its version, a write let
 * through only onto the versions read, a file's history and what was deleted. Five of the
 * backend's methods are wrapped, and `init` of each; GitHub's is reached through `backend.api`.
 */
import { markdownExtensions } from '@/config';
import { proxyActions, type Removal, type Version } from '../../contract';
import type { Checker } from '../saving/checker';
import {
  folderOf,
  isPhoto,
  Moved,
  photoAt,
  Unreachable,
  type Files,
  type NewFile,
} from '../saving/files';
import { isFile } from '../saving/site-checks';
import type { Backend, DataFile, Decap, StoredFile } from './api';
import {
  gitHubFileAt,
  gitHubHistory,
  gitHubRemovals,
  textAt,
  type HistoryApi,
} from './github-history';

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
  read(file: string): void;
  /** Decap is about to save `dataFile`; `write` does it. */
  save(dataFile: DataFile, write: () => Promise<unknown>): Promise<unknown>;
  /** Decap is about to delete an entry's files, its photos with it; `write` does it. */
  remove(write: () => Promise<unknown>): Promise<unknown>;
};

// Decap knows one ending a collection, a Markdown one's first (.md): the others' files (.mdx) are
// listed with it, and Decap adds .md to their paths (x.mdx.md), which filePath takes off.
const [md = '', ...others] = markdownExtensions;
const filePath = (path: string) =>
  others.some((ending) => path.endsWith(ending + md)) ? path.slice(0, -md.length) : path;

/** The files of the backend Decap starts are the editor's files: `files()`, once started. */
export function registerBackends(cms: Decap, checker: Checker, writes: Writes) {
  let started: Files | undefined;
  const keep = (backend: Backend, name: string): Backend => {
    const { entriesByFolder, allEntriesByFolder, getEntry, getMedia, persistEntry, deleteFiles } =
      backend;
    const both = async (list: (extension: string) => Promise<StoredFile[]>, extension: string) =>
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
    const tryEntry = (file: string) =>
      getEntry.call(backend, file).catch((error: { status?: number }) => {
        if (error.status === 404) return { file: { path: file }, data: null };
        throw error;
      });
    backend.getEntry = async (path) => {
      const file = filePath(path);
      const found = await tryEntry(file);
      // An address names an entry without its ending: Decap asks for .md, the file may be .mdx.
      if (found.data !== null || !file.endsWith(md)) return (writes.read(found.file.path), found);
      for (const ending of others) {
        const other = await tryEntry(file.slice(0, -md.length) + ending);
        if (other.data !== null) return (writes.read(other.file.path), other);
      }
      return found;
    };
    backend.persistEntry = (entry, options) =>
      writes.save(entry.dataFiles[0]!, () => persistEntry.call(backend, entry, options));
    backend.deleteFiles = async (paths, commitMessage) => {
      const files = paths.map(filePath);
      await checker.known;
      const others = checker.site.entries.filter(
        (entry) => !files.some((file) => isFile(entry, file)),
      );
      const used = new Set(
        others.flatMap((entry) => (entry.photos ?? []).map((src) => photoAt(src, entry.file))),
      );
      for (const file of files) {
        const entry = checker.site.entries.find((each) => isFile(each, file));
        const own = (entry?.photos ?? []).map((src) => photoAt(src, file));
        // An entry in a folder of its own takes the folder's photos with it.
        const folder = /\/index\.[^/]+$/.test(file)
          ? (await getMedia.call(backend, folderOf(file)))
              .map((media) => media.path)
              .filter(isPhoto)
          : [];
        files.push(
          ...[...own, ...folder].filter((photo) => !used.has(photo) && !files.includes(photo)),
        );
      }
      return writes.remove(() => deleteFiles.call(backend, files, commitMessage));
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
    const files =
      name === 'proxy'
        ? proxyFiles(backend as ProxyBackend)
        : gitHubFiles(backend as GitHubBackend);
    started = { ...files, put };
    return backend;
  };
  for (const name of ['proxy', 'github']) {
    const registered = cms.getBackend(name);
    if (!registered) throw new Error(`Decap CMS has no "${name}" backend to keep files with.`);
    const { init } = registered;
    registered.init = (...args) => keep(init(...args), name);
  }
  return {
    files() {
      if (!started) throw new Unreachable('The editor has not started a backend yet.');
      return started;
    },
  };
}

/** Whether `error` says the request never reached the other end. */
const unreachable = (error: unknown) =>
  error instanceof TypeError || (error as { status?: number } | null)?.status === 0;

/** Runs `ask`, telling a request that never arrived from a refusal. */
async function reaching<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    throw unreachable(error) ? new Unreachable(String(error)) : error;
  }
}

/** Runs `write`, its refusal with `status` (a file changed since it was read) thrown as Moved. */
async function refusedAs<T>(status: number, write: () => Promise<T>): Promise<T> {
  try {
    return await reaching(write);
  } catch (error) {
    throw (error as { status?: number }).status === status ? new Moved(String(error)) : error;
  }
}

type ProxyBackend = Backend & {
  branch: string;
  request(payload: { action: string; params: Record<string, unknown> }): Promise<unknown>;
};

/**
 * The local proxy: a file's version is the SHA-256 of its bytes, as decap-server reports it, and
 * a write carries the versions it expects (`expect`), which the proxy's front checks on disk.
 */
function proxyFiles(backend: ProxyBackend): Omit<Files, 'put'> {
  const { request } = backend;
  // The proxy's front answers these itself, from git in the project (node/git-history.ts).
  const ask = <T>(action: keyof typeof proxyActions, params: Record<string, unknown>) =>
    reaching(() => request.call(backend, { action: proxyActions[action], params }) as Promise<T>);
  let expected: Record<string, string | null> | undefined;
  backend.request = (payload) =>
    request.call(
      backend,
      expected && ['persistEntry', 'deleteFiles'].includes(payload.action)
        ? { ...payload, params: { ...payload.params, expect: expected } }
        : payload,
    );
  return {
    read: (path) =>
      reaching(async () => {
        const { data, file } = (await request.call(backend, {
          action: 'getEntry',
          params: { branch: backend.branch, path },
        })) as { data: string | null; file: { id: string | null } };
        return data === null
          ? { text: undefined, version: null }
          : { text: data, version: file.id };
      }),
    onlyIf: async (versions, write) => {
      expected = versions;
      try {
        return await refusedAs(409, write);
      } finally {
        expected = undefined;
      }
    },
    history: async (path) => (await ask<{ versions: Version[] }>('history', { path })).versions,
    removals: async (folder, since) =>
      (await ask<{ removals: Removal[] }>('removals', { folder, since: since.toISOString() }))
        .removals,
    fileAt: async (rev, path) => (await ask<{ base64: string }>('fileAt', { rev, path })).base64,
  };
}

type GitHubApi = HistoryApi & { getDefaultBranch(): Promise<{ commit: { sha: string } }> };
type GitHubBackend = Backend & { api: GitHubApi | null };

/**
 * GitHub: a file's version is the branch's head commit when it was read. Decap's save and delete
 * build their commit on the head that `getDefaultBranch` gives and move the branch without
 * forcing it, so given the head that was read, a write onto a branch that has moved since is
 * refused by GitHub ("Update is not a fast forward", 422) instead of overwriting.
 */
function gitHubFiles(backend: GitHubBackend): Omit<Files, 'put'> {
  const api = () => {
    if (!backend.api) throw new Unreachable('Not logged in to GitHub.');
    return backend.api;
  };
  return {
    read: (path) =>
      reaching(async () => {
        const github = api();
        const branch = encodeURIComponent(github.branch);
        const head = (await github.request(`${github.originRepoURL}/branches/${branch}`, {
          cache: 'no-store',
        })) as { commit: { sha: string } };
        const version = head.commit.sha;
        return { text: await textAt(github, path, version), version };
      }),
    onlyIf: async (versions, write) => {
      const github = api();
      const [head] = new Set(Object.values(versions));
      const { getDefaultBranch } = github;
      if (head) {
        github.getDefaultBranch = async () => ({
          ...(await getDefaultBranch.call(github)),
          commit: { sha: head },
        });
      }
      try {
        return await refusedAs(422, write);
      } finally {
        github.getDefaultBranch = getDefaultBranch;
      }
    },
    history: (path) => reaching(() => gitHubHistory(api(), path)),
    removals: (folder, since) => reaching(() => gitHubRemovals(api(), folder, since)),
    fileAt: (rev, path) => reaching(() => gitHubFileAt(api(), rev, path)),
  };
}
