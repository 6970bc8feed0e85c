/**
 * How the editor talks to each backend's files: the local proxy of `npm run editor` and GitHub.
 * Each reads a file as it is now with its version, lets a write through only onto the versions
 * read, and reads a file's history. What Decap's backends do not promise is in the upstream
 * table of docs/ENGINE.md; what the editor does with them is stores.ts.
 */
import type { Backend } from './decap';
import { gitHubFileAt, gitHubHistory, gitHubRemovals, type HistoryApi } from './github-history';
import type { Removal, Version } from './versions';

/** A file as it is now: its text (none when there is no file), and the version a write expects. */
export type Current = { text: string | undefined; version: string | null };

/** What each backend answers for the editor's saves, history and Recently deleted. */
export type Backends = {
  read(path: string): Promise<Current>;
  /** Runs `write` if every file of `expected` is still at its version; throws Moved otherwise. */
  onlyIf<T>(expected: Record<string, string | null>, write: () => Promise<T>): Promise<T>;
  /** Every version of the file at `path`, newest first (the history above the form). */
  history(path: string): Promise<Version[]>;
  /** What was deleted from `folder` since `since` and is still gone, newest first. */
  removals(folder: string, since: Date): Promise<Removal[]>;
  /** The bytes of `path` in version `rev` (a commit), in base64. */
  fileAt(rev: string, path: string): Promise<string>;
};

/** A write refused because a file changed since it was read: read it again, and merge again. */
export class Moved extends Error {}

/** The store could not be reached (the network, the proxy stopped): nothing was written. */
export class Unreachable extends Error {}

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

export type ProxyBackend = Backend & {
  branch: string;
  request(payload: { action: string; params: Record<string, unknown> }): Promise<unknown>;
};

/**
 * The local proxy: a file's version is the SHA-256 of its bytes, as decap-server reports it, and
 * a write carries the versions it expects (`expect`), which the proxy's front checks on disk.
 */
export function proxyStore(backend: ProxyBackend): Backends {
  const { request } = backend;
  // The proxy's front answers these itself, from git in the project (node/git-history.ts).
  const ask = <T>(action: string, params: Record<string, unknown>) =>
    reaching(() => request.call(backend, { action, params }) as Promise<T>);
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
        return await reaching(write);
      } catch (error) {
        if ((error as { status?: number }).status === 409) throw new Moved(String(error));
        throw error;
      } finally {
        expected = undefined;
      }
    },
    history: async (path) => (await ask<{ versions: Version[] }>('fileHistory', { path })).versions,
    removals: async (folder, since) =>
      (await ask<{ removals: Removal[] }>('deletedFiles', { folder, since: since.toISOString() }))
        .removals,
    fileAt: async (rev, path) => (await ask<{ base64: string }>('fileAt', { rev, path })).base64,
  };
}

type GitHubApi = {
  readFile(path: string, sha?: string | null, options?: { branch?: string }): Promise<string>;
  getDefaultBranch(): Promise<{ commit: { sha: string } }>;
} & HistoryApi;
export type GitHubBackend = Backend & { api: GitHubApi | null };

/**
 * GitHub: a file's version is the branch's head commit when it was read. Decap's save and delete
 * build their commit on the head that `getDefaultBranch` gives and move the branch without
 * forcing it, so given the head that was read, a write onto a branch that has moved since is
 * refused by GitHub ("Update is not a fast forward", 422) instead of overwriting.
 */
export function gitHubStore(backend: GitHubBackend): Backends {
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
        try {
          return { text: await github.readFile(path, null, { branch: version }), version };
        } catch (error) {
          if ((error as { status?: number }).status === 404) return { text: undefined, version };
          throw error;
        }
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
        return await reaching(write);
      } catch (error) {
        if ((error as { status?: number }).status === 422) throw new Moved(String(error));
        throw error;
      } finally {
        github.getDefaultBranch = getDefaultBranch;
      }
    },
    history: (path) => reaching(() => gitHubHistory(api(), path)),
    removals: (folder, since) => reaching(() => gitHubRemovals(api(), folder, since)),
    fileAt: (rev, path) => reaching(() => gitHubFileAt(api(), rev, path)),
  };
}
