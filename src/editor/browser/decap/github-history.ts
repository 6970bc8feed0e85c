/**
 * An entry's history and what was deleted from a folder, read from GitHub with Decap's own GitHub
 * API object: the requests its backend already makes with the writer's token (a path's commits, a
 * commit's files, a tree and its blobs at a commit). Nothing here writes. What Decap does not
 * document of that object is in the upstream table of docs/ENGINE.md.
 */
import { isPhoto } from '../saving/files';
import type { Removal, Version } from '../../contract';

/** Decap's GitHub API object, as far as the history reads with it. */
export type HistoryApi = {
  branch: string;
  originRepoURL: string;
  request(path: string, options?: Record<string, unknown>): Promise<unknown>;
  requestAllPages<T>(path: string, options?: Record<string, unknown>): Promise<T[]>;
  readFile(
    path: string,
    sha?: string | null,
    options?: { branch?: string; parseText?: boolean },
  ): Promise<unknown>;
  listFiles(path: string, options?: { depth?: number }): Promise<{ path: string }[]>;
};

type Person = { name?: string; email?: string; date?: string } | null;
/** A commit as GitHub lists it, and as it answers for one commit (with its files). */
type Commit = {
  sha: string;
  commit: { author: Person; committer: Person };
  parents: { sha: string }[];
  files?: { filename: string; status: string; previous_filename?: string }[];
};

/** How many requests go to GitHub at once. */
const AT_ONCE = 4;

/** `work` for each of `items`, a few at a time, in their order. */
async function inTurns<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += AT_ONCE) {
    results.push(...(await Promise.all(items.slice(start, start + AT_ONCE).map(work))));
  }
  return results;
}

/** The text of `path` at `commit`; none where the commit has no such file. */
export async function textAt(api: HistoryApi, path: string, commit: string) {
  try {
    return String(await api.readFile(path, null, { branch: commit }));
  } catch (error) {
    if ((error as { status?: number }).status === 404) return undefined;
    throw error;
  }
}

const commitsOf = (api: HistoryApi, params: Record<string, string | number>) =>
  api.requestAllPages<Commit>(`${api.originRepoURL}/commits`, {
    params: { ...params, per_page: 100 },
  });
const commitOf = (api: HistoryApi, sha: string) =>
  api.request(`${api.originRepoURL}/commits/${sha}`) as Promise<Commit>;

/**
 * Every version of the file at `path` on the branch, newest first. GitHub lists the commits of
 * one path; where the oldest of them moved the file there (a post moved into a folder of its own),
 * the commits before it are read under the old name.
 */
export async function gitHubHistory(api: HistoryApi, path: string): Promise<Version[]> {
  const versions: Version[] = [];
  const seen = new Set<string>();
  for (let [at, from] = [path, api.branch]; !seen.has(at);) {
    seen.add(at);
    const commits = await commitsOf(api, { path: at, sha: from });
    const texts = await inTurns(commits, (each) => textAt(api, at, each.sha));
    versions.push(
      ...commits.map((each, index) => ({
        commit: each.sha,
        path: at,
        author: each.commit.author?.name,
        date: each.commit.author?.date,
        text: texts[index],
      })),
    );
    const oldest = commits.at(-1);
    if (!oldest) break;
    const { files = [], parents } = await commitOf(api, oldest.sha);
    const moved = files.find((file) => file.filename === at && file.status === 'renamed');
    const parent = parents[0]?.sha;
    if (!moved?.previous_filename || !parent) break;
    [at, from] = [moved.previous_filename, parent];
  }
  return versions;
}

/**
 * The files deleted from `folder` on the branch since `since` that are still gone, newest first,
 * each commit's with its author and the text of each file that is not a photo, from the commit
 * before it.
 */
export async function gitHubRemovals(
  api: HistoryApi,
  folder: string,
  since: Date,
): Promise<Removal[]> {
  const listed = await commitsOf(api, {
    path: folder,
    sha: api.branch,
    since: since.toISOString(),
  });
  const recent = listed.filter(
    (each) => !each.commit.committer?.date || new Date(each.commit.committer.date) >= since,
  );
  const [commits, now] = await Promise.all([
    inTurns(recent, (each) => commitOf(api, each.sha)),
    api.listFiles(folder, { depth: 3 }),
  ]);
  const there = new Set(now.map((file) => file.path));
  const found = commits.flatMap(({ sha, commit, parents, files = [] }) => {
    const gone = files
      .filter((file) => file.status === 'removed' && file.filename.startsWith(`${folder}/`))
      .map((file) => file.filename)
      .filter((file) => !there.has(file));
    const from = parents[0]?.sha;
    if (!gone.length || !from) return [];
    return [
      { commit: sha, author: commit.author?.name, date: commit.author?.date, from, files: gone },
    ];
  });
  return inTurns(found, async (removal) => {
    const entries = removal.files.filter((file) => !isPhoto(file));
    const texts = await Promise.all(entries.map((file) => textAt(api, file, removal.from)));
    const read = entries.flatMap((file, index) => {
      const text = texts[index];
      return text === undefined ? [] : [[file, text] as const];
    });
    return { ...removal, texts: Object.fromEntries(read) };
  });
}

/** The bytes of `path` at `commit`, in base64. */
export async function gitHubFileAt(api: HistoryApi, commit: string, path: string) {
  const blob = (await api.readFile(path, null, { branch: commit, parseText: false })) as Blob;
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
