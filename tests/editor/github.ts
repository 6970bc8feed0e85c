/**
 * A GitHub of our own for the web editor's browser tests: the REST endpoints Decap's GitHub
 * backend calls, answered from a real git repository through Playwright's request interception,
 * so what the editor commits is history that `git log` reads. Around it, the worker's workbench
 * with no local proxy answering its pages, logged in as one writer or more. GitHub's API is
 * answered inside the test: no network.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { GITHUB } from './global-setup';
import { workbench, type Workbench } from './workbench';

const API = 'https://api.github.com';
const REPOSITORY_ID = 4242;

/** A GitHub account: a writer who logs in, or a colleague who pushes. */
export type Person = { login: string; name: string; email: string };

/** One request a page made to GitHub, and what the fake answered. */
export type Exchange = {
  /** The router table's key, such as 'PATCH /repos/{o}/{r}/git/refs/heads/{branch}'. */
  endpoint: string;
  url: string;
  body: Body;
  status: number;
  answer: unknown;
};

type Signature = { name: string; email: string; date?: string };
type TreeEntry = { path: string; mode?: string; sha?: string | null; content?: string };
/** What Decap sends in a request's body, of every endpoint that takes one. */
type Body = Partial<{ content: string; encoding: string; base_tree: string }> &
  Partial<{ tree: TreeEntry[] | string }> &
  Partial<{ message: string; parents: string[]; author: Signature; committer: Signature }> &
  Partial<{ sha: string; force: boolean }>;
type Call = { params: string[]; query: URLSearchParams; body: Body; person: Person };
type Answer = { status?: number; json: unknown; headers?: Record<string, string> | undefined };

/** An answer GitHub gives with its status and message, such as 422 "Update is not a fast forward". */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
const refuse = (status: number, message: string): never => {
  throw new Refusal(status, message);
};

// The headers GitHub lets a page of another origin read, Link among them.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
};
// git's letter for a file in a commit, as GitHub says it; anything else is 'changed'.
const statuses: Record<string, string> = { A: 'added', M: 'modified', D: 'removed', R: 'renamed' };
const isoDate = (seconds = '0') =>
  new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z');

export type FakeGitHub = ReturnType<typeof fakeGitHub>;

/**
 * GitHub's REST API for `repo` (owner/name), answered from the bare repository at `dir`, whose
 * branch `branch` the editor publishes to.
 */
export function fakeGitHub({ dir, repo, branch }: { dir: string; repo: string; branch: string }) {
  const base = `${API}/repos/${repo}`;
  const accounts: Person[] = [];
  const tokens = new Map<string, Person>();
  const exchanges: Exchange[] = [];
  const failures: string[] = [];
  const pending = new Map<string, (() => unknown)[]>();

  const run = (args: string[], input: string | Buffer = '', env: Record<string, string> = {}) =>
    execFileSync('git', args, { cwd: dir, input, env: { ...process.env, ...env }, stdio: 'pipe' });
  const git = (...args: string[]) => run(args).toString('utf8').trimEnd();
  /** `git`'s answer, or undefined where it fails (no such object, not an ancestor). */
  const attempt = (...args: string[]) => {
    try {
      return git(...args);
    } catch {
      return undefined;
    }
  };
  const resolve = (rev: string, type = 'commit') =>
    attempt('rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{${type}}`);
  const head = () => resolve(`refs/heads/${branch}`)!;
  const blob = (bytes: Buffer) => run(['hash-object', '-w', '--stdin'], bytes).toString().trim();

  /** A tree: `baseTree` (a tree or a commit) with `entries` over it; a null sha deletes. */
  function writeTree(baseTree: string | undefined, entries: TreeEntry[]) {
    // An index of its own, so that a tree is its base and its entries, nothing else.
    const env = { GIT_INDEX_FILE: join(dir, `index-${process.hrtime.bigint()}`) };
    try {
      run(['read-tree', ...(baseTree ? ['--end-of-options', baseTree] : ['--empty'])], '', env);
      // One line an entry, in order; mode 0 removes the path.
      const lines = entries.map(({ path, mode = '100644', sha, content }) => {
        const object = content === undefined ? sha : blob(Buffer.from(content));
        return object === null ? `0 ${'0'.repeat(40)}\t${path}\n` : `${mode} ${object}\t${path}\n`;
      });
      run(['update-index', '--index-info'], lines.join(''), env);
      return run(['write-tree'], '', env).toString().trim();
    } finally {
      rmSync(env.GIT_INDEX_FILE, { force: true });
    }
  }

  function writeCommit(tree: string, parents: string[], message: string, author: Signature) {
    const { name, email, date = new Date().toISOString() } = author;
    const env = { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_AUTHOR_DATE: date };
    const committer = { GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
    const args = ['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent])];
    return run(args, message, { ...env, ...committer, GIT_COMMITTER_DATE: date })
      .toString()
      .trim();
  }

  // GitHub's shapes: an account, a git commit, and a commit as the REST API lists it.
  const account = (person: Person) => ({
    login: person.login,
    id: accounts.indexOf(person) + 1,
    avatar_url: `https://avatars.githubusercontent.com/u/${accounts.indexOf(person) + 1}`,
    type: 'User',
  });
  /** The account whose email a commit names; null for none, as GitHub says. */
  const accountOf = (email: string) => {
    const person = accounts.find((each) => each.email === email);
    return person ? account(person) : null;
  };
  function gitCommit(sha: string) {
    const format = ['%T', '%P', '%an', '%ae', '%at', '%cn', '%ce', '%ct', '%B'].join('%x00');
    const [tree, parents = '', an, ae, at, cn, ce, ct, message] = git(
      ...['show', '-s', `--format=${format}`, '--end-of-options', sha],
    ).split('\0');
    return {
      sha,
      url: `${base}/git/commits/${sha}`,
      author: { name: an, email: ae, date: isoDate(at) },
      committer: { name: cn, email: ce, date: isoDate(ct) },
      tree: { sha: tree, url: `${base}/git/trees/${tree}` },
      message,
      parents: parents
        .split(' ')
        .filter(Boolean)
        .map((parent) => ({ sha: parent, url: `${base}/commits/${parent}` })),
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null },
    };
  }
  function restCommit(sha: string) {
    const { parents, url, ...commit } = gitCommit(sha);
    return {
      sha,
      commit: { ...commit, url, comment_count: 0 },
      url: `${base}/commits/${sha}`,
      html_url: `https://github.com/${repo}/commit/${sha}`,
      author: accountOf(commit.author.email ?? ''),
      committer: accountOf(commit.committer.email ?? ''),
      parents,
    };
  }
  /** What `sha` changed against its first parent, as GitHub lists a commit's files. */
  function files(sha: string) {
    const parent = gitCommit(sha).parents[0]?.sha;
    const changes = git(
      ...['-c', 'core.quotePath=false', 'diff-tree', '-r', '-M', '--raw', '--numstat'],
      ...(parent ? [parent, sha] : ['--root', sha]),
    ).split('\n');
    // git prints every file's raw line, then every file's counts, in the same order.
    const counts = changes.filter((line) => /^(\d+|-)\t/.test(line));
    return changes
      .filter((line) => line.startsWith(':'))
      .map((line, index) => {
        const [info = '', from = '', to] = line.split('\t');
        const [, , before, after, letter = ''] = info.split(' ');
        const [additions = 0, deletions = 0] = counts[index]!.split('\t').map(Number);
        const status = statuses[letter[0]!] ?? 'changed';
        const sha = status === 'removed' ? before : after;
        const [filename, renamed] = to ? [to, { previous_filename: from }] : [from, {}];
        const changed = { additions, deletions, changes: additions + deletions };
        return { sha, filename, status, ...changed, ...renamed };
      });
  }
  /** GitHub's Link header for page `page` of `pages` of `list`, addressed by the repository's id. */
  function links(list: string, query: URLSearchParams, page: number, pages: number) {
    const at = (number: number) => {
      const address = new URL(`${API}/repositories/${REPOSITORY_ID}/${list}?${query}`);
      address.searchParams.set('page', String(number));
      return address.href;
    };
    const rels = { prev: page - 1, next: page + 1, last: pages, first: 1 };
    const shown = Object.entries(rels).filter(([rel]) =>
      ['prev', 'first'].includes(rel) ? page > 1 : page < pages,
    );
    const link = shown.map(([rel, number]) => `<${at(number)}>; rel="${rel}"`).join(', ');
    return link ? { link } : undefined;
  }

  /** The router table: every endpoint Decap's GitHub backend calls, and nothing else. */
  const endpoints = {
    'GET /user': ({ person }) => ({ json: { ...account(person), ...person } }),
    'GET /repos/{o}/{r}': () => ({
      json: {
        id: REPOSITORY_ID,
        full_name: repo,
        owner: { login: repo.split('/')[0], type: 'Organization' },
        default_branch: branch,
        permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
      },
    }),
    'GET /repos/{o}/{r}/branches/{branch}': ({ params: [name = ''] }) => {
      const sha = resolve(`refs/heads/${name}`) ?? refuse(404, 'Branch not found');
      return { json: { name, commit: restCommit(sha), protected: false } };
    },
    'GET /repos/{o}/{r}/git/trees/{rev}': ({ params: [rev = ''], query }) => {
      // `main:src/content` names a tree, as in git; a commit stands for its tree.
      const object = attempt('rev-parse', '--verify', '--quiet', '--end-of-options', rev);
      const sha = resolve(object ?? '', 'tree') ?? refuse(404, 'Not Found');
      // Any value of `recursive`, even 0 or false, lists the whole tree, as GitHub documents.
      const deep = query.has('recursive') ? ['-r', '-t'] : [];
      const lines = run(['ls-tree', '-l', '-z', ...deep, sha])
        .toString()
        .split('\0');
      const tree = lines.filter(Boolean).map((line) => {
        const [info = '', path = ''] = line.split('\t');
        const [mode, type, object, size] = info.split(/ +/);
        const url = `${base}/git/${type}s/${object}`;
        return { path, mode, type, sha: object, ...(type === 'blob' && { size: +size! }), url };
      });
      return { json: { sha, url: `${base}/git/trees/${sha}`, tree, truncated: false } };
    },
    'GET /repos/{o}/{r}/git/blobs/{sha}': ({ params: [sha = ''] }) => {
      const bytes = run(['cat-file', 'blob', resolve(sha, 'blob') ?? refuse(404, 'Not Found')]);
      // Base64 in lines of 60, as GitHub sends it.
      const content = (bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n') + '\n';
      const url = `${base}/git/blobs/${sha}`;
      return { json: { sha, size: bytes.length, url, content, encoding: 'base64' } };
    },
    'POST /repos/{o}/{r}/git/blobs': ({ body: { content = '', encoding } }) => {
      const sha = blob(Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8'));
      return { status: 201, json: { sha, url: `${base}/git/blobs/${sha}` } };
    },
    'POST /repos/{o}/{r}/git/trees': ({ body: { base_tree, tree } }) => {
      const sha = writeTree(base_tree, Array.isArray(tree) ? tree : []);
      return { status: 201, json: { sha, url: `${base}/git/trees/${sha}`, truncated: false } };
    },
    // With no author, GitHub writes the commit in the name of the token's account.
    'POST /repos/{o}/{r}/git/commits': ({ body, person }) => {
      const { tree, parents = [], message = '', author = person } = body;
      const sha = writeCommit(String(tree), parents, message, author);
      return { status: 201, json: gitCommit(sha) };
    },
    'PATCH /repos/{o}/{r}/git/refs/heads/{branch}': ({ params: [name = ''], body }) => {
      const ref = `refs/heads/${name}`;
      const current = resolve(ref) ?? refuse(422, 'Reference does not exist');
      const sha = resolve(body.sha ?? '') ?? refuse(422, 'Object does not exist');
      if (!body.force && attempt('merge-base', '--is-ancestor', current, sha) === undefined) {
        refuse(422, 'Update is not a fast forward');
      }
      git('update-ref', ref, sha, current);
      const object = { sha, type: 'commit', url: `${base}/git/commits/${sha}` };
      return { json: { ref, url: `${base}/git/${ref}`, object } };
    },
    'GET /repos/{o}/{r}/commits': ({ query }) => {
      const rev = query.get('sha') ?? branch;
      const tip = resolve(rev) ?? refuse(404, `No commit found for SHA: ${rev}`);
      const path = query.get('path') ? ['--', query.get('path')!] : [];
      const perPage = Math.min(Number(query.get('per_page')) || 30, 100);
      const page = Math.max(Number(query.get('page')) || 1, 1);
      const total = Number(git('rev-list', '--count', tip, ...path));
      const skip = [`--skip=${(page - 1) * perPage}`, `--max-count=${perPage}`];
      const shas = git('rev-list', ...skip, tip, ...path).split('\n');
      return {
        json: shas.filter(Boolean).map(restCommit),
        headers: links('commits', query, page, Math.ceil(total / perPage)),
      };
    },
    'GET /repos/{o}/{r}/commits/{ref}': ({ params: [ref = ''] }) => {
      const sha = resolve(ref) ?? refuse(422, `No commit found for SHA: ${ref}`);
      const changed = files(sha);
      const sum = (key: 'additions' | 'deletions') =>
        changed.reduce((total, file) => total + file[key], 0);
      const [additions, deletions] = [sum('additions'), sum('deletions')];
      const stats = { total: additions + deletions, additions, deletions };
      return { json: { ...restCommit(sha), stats, files: changed } };
    },
  } satisfies Record<string, (call: Call) => Answer>;

  const routes = Object.entries(endpoints).map(([endpoint, handle]) => {
    const [method, template = ''] = endpoint.split(' ');
    // The last parameter takes the rest of the path: a tree's `main:src/content/blog`.
    const pattern = template
      .replace('{o}/{r}', repo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .replace(/\{\w+\}$/, '(.+)')
      .replace(/\{\w+\}/g, '([^/]+)');
    return { endpoint, method, pattern: new RegExp(`^${pattern}$`), handle };
  });

  /** Answers one request of a page, as GitHub would; an endpoint not in the table fails the test. */
  async function answer(route: Route) {
    const request = route.request();
    const url = new URL(request.url());
    // Link addresses name the repository by its id, as GitHub's do.
    const path = url.pathname.replace(`/repositories/${REPOSITORY_ID}`, `/repos/${repo}`);
    const found = routes.find(
      (each) => each.method === request.method() && each.pattern.test(path),
    );
    const token = /^(?:token|bearer) (.+)$/i.exec(request.headers()['authorization'] ?? '')?.[1];
    const person = tokens.get(token ?? '');
    const body = (request.postData() ? JSON.parse(request.postData()!) : {}) as Body;
    let result: Answer = { status: 401, json: { message: 'Bad credentials' } };
    if (!found) {
      failures.push(`The fake GitHub has no ${request.method()} ${request.url()}`);
      result = { status: 404, json: { message: 'Not Found' } };
    } else if (person) {
      await pending.get(found.endpoint)?.shift()?.();
      try {
        const params = found.pattern.exec(path)!.slice(1).map(decodeURIComponent);
        result = found.handle({ params, query: url.searchParams, body, person });
      } catch (error) {
        if (!(error instanceof Refusal)) failures.push(`${found.endpoint}: ${String(error)}`);
        const status = error instanceof Refusal ? error.status : 500;
        result = { status, json: { message: (error as Error).message, status: String(status) } };
      }
    }
    const status = result.status ?? 200;
    const endpoint = found?.endpoint ?? `${request.method()} unknown`;
    exchanges.push({ endpoint, url: request.url(), body, status, answer: result.json });
    await route.fulfill({
      status,
      headers: { ...CORS, 'content-type': 'application/json; charset=utf-8', ...result.headers },
      body: JSON.stringify(result.json),
    });
  }

  const known = (person: Person) => {
    if (!accounts.includes(person)) accounts.push(person);
    return person;
  };

  return {
    repo,
    branch,
    /** Every request the pages made to GitHub, in order. */
    exchanges,
    /** Requests to endpoints the fake does not implement, and handlers that broke. */
    failures,
    /** `git` in the repository, its output as text. */
    git,
    /** The commit the branch points at. */
    head,
    /** `file` as it is at the branch's head (or at `rev`), byte for byte. */
    read: (file: string, rev = branch) => run(['show', `${rev}:${file}`]).toString('utf8'),
    /** Answers GitHub's API in `context`, logged in as `person`; the token the page carries. */
    serve: async (context: BrowserContext, person: Person) => {
      const token = `gho_${person.login}`;
      tokens.set(token, known(person));
      await context.route(`${API}/**`, answer);
      return token;
    },
    /** Runs `action` just before answering the next request to `endpoint`: a race, on cue. */
    beforeNext: (endpoint: keyof typeof endpoints, action: () => unknown) => {
      pending.set(endpoint, [...(pending.get(endpoint) ?? []), action]);
    },
    /**
     * A colleague's push: `changes` (each file's new text or bytes, or null to delete it)
     * committed by `person` on top of the branch, which moves to it. The new commit.
     */
    commitAs: (
      person: Person,
      changes: Record<string, string | Buffer | null>,
      message = 'A change',
    ) => {
      const parent = head();
      const entries = Object.entries(changes).map(([path, text]) =>
        text === null
          ? { path, sha: null }
          : typeof text === 'string'
            ? { path, content: text }
            : { path, sha: blob(text) },
      );
      const sha = writeCommit(writeTree(parent, entries), [parent], message, known(person));
      git('update-ref', `refs/heads/${branch}`, sha, parent);
      return sha;
    },
  };
}

/** The writers and colleagues the tests log in or commit as. */
export const people = {
  ada: { login: 'ada-writes', name: 'Ada Writer', email: 'ada@example.com' },
  ben: { login: 'ben-cooks', name: 'Ben Cook', email: 'ben@example.com' },
  colleague: { login: 'cleo-git', name: 'Cleo Git', email: 'cleo@example.com' },
} satisfies Record<string, Person>;

export type GitHubBench = {
  /** The scratch project `astro dev` serves, under git: the site as last deployed. */
  dir: string;
  server: Workbench['server'];
  github: FakeGitHub;
  /** Ada's tab, logged in; a test may open another in its place. */
  page: Page;
  /** /admin/ in a browser context of its own, logged in as `person`: another writer. */
  open: (person: Person) => Promise<Page>;
};

/**
 * Before each test: this worker's workbench (workbench.ts), its scratch project's first commit on
 * the fake GitHub (the repository and branch the editor's configuration names), no local proxy
 * answering the pages, and Ada's tab at /admin/, logged in. After each test, any request the fake
 * did not know of fails it.
 */
export function githubWorkbench() {
  const local = workbench({ user: null });
  const bench = {} as GitHubBench;
  const remotes: string[] = [];

  beforeEach(async () => {
    const remote = mkdtempSync(join(tmpdir(), 'bites-github-'));
    remotes.push(remote);
    execFileSync('git', ['clone', '--quiet', '--bare', local.dir, remote]);
    const github = fakeGitHub({ dir: remote, ...GITHUB });
    const proxy = new URL(`http://localhost:${local.proxyPort}`);
    /** `page`'s context answered by the fake as `person`, and logged in once /admin/ loads. */
    const logIn = async (page: Page, person: Person) => {
      const context = page.context();
      const token = await github.serve(context, person);
      // On the live site nothing answers at the local proxy's address: Decap uses GitHub.
      await context.route(`${proxy.origin}/**`, (route) => route.abort());
      // Decap keeps the user it logged in here, and logs them in again on load.
      const user = { backendName: 'github', token, login: person.login, name: person.name };
      await page.goto(`${local.server.url}/admin/site.json`);
      await page.evaluate((stored) => {
        localStorage.setItem('decap-cms-user', JSON.stringify(stored));
      }, user);
      await page.goto(`${local.server.url}/admin/`);
      return page;
    };
    const open = async (person: Person) => {
      const context = await local.browser.newContext({ viewport: { width: 1280, height: 900 } });
      local.closeAfter(context);
      return logIn(await context.newPage(), person);
    };
    const page = await logIn(local.page, people.ada);
    Object.assign(bench, { dir: local.dir, server: local.server, github, open, page });
  });

  afterEach(() => {
    const failures = bench.github?.failures.splice(0) ?? [];
    if (failures.length) throw new Error(failures.join('\n'));
  });

  afterAll(() => {
    for (const remote of remotes) rmSync(remote, { recursive: true, force: true });
  });

  return bench;
}
