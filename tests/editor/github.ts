/**
 * A GitHub of our own for the web editor's browser tests: the REST endpoints Decap's GitHub
 * backend calls, answered from a real git repository through Playwright's request interception,
 * so what the editor commits is history that `git log` reads. Around it, a scratch project
 * served by `astro dev` for GitHub (EDITOR_GITHUB_REPO, no local proxy answering) and Chromium
 * logged in as one writer or more. Offline: nothing leaves the machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Route,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs';
import { devServer, freePort, scratchProject } from '../content/scratch';

const API = 'https://api.github.com';
const REPOSITORY_ID = 4242;

/** A GitHub account: a writer who logs in, or a colleague who pushes. */
export type Person = { login: string; name: string; email: string };

/** One request the page made to GitHub, and what the fake answered. */
export type Exchange = {
  /** The router table's key, such as 'PATCH /repos/{o}/{r}/git/refs/heads/{branch}'. */
  endpoint: string;
  method: string;
  url: string;
  body: unknown;
  status: number;
  answer: unknown;
  login: string | undefined;
};

type Signature = { name: string; email: string; date?: string };
type TreeEntry = { path: string; mode?: string; sha?: string | null; content?: string };
type Body = {
  content?: string;
  encoding?: string;
  base_tree?: string;
  tree?: TreeEntry[] | string;
  message?: string;
  parents?: string[];
  author?: Signature;
  committer?: Signature;
  sha?: string;
  force?: boolean;
};
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

// What GitHub lets a page read of its answers across origins.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
};

const isoDate = (seconds: string) =>
  new Date(Number(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const statuses: Record<string, string> = {
  A: 'added',
  M: 'modified',
  D: 'removed',
  R: 'renamed',
  C: 'copied',
  T: 'changed',
};

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

  const run = (args: string[], input?: string | Buffer, env: Record<string, string> = {}) =>
    execFileSync('git', args, { cwd: dir, input, env: { ...process.env, ...env }, stdio: 'pipe' });
  const git = (...args: string[]) => run(args).toString('utf8').trimEnd();
  /** `git`'s answer, or undefined where it fails (no such commit, not an ancestor). */
  const attempt = (...args: string[]) => {
    try {
      return git(...args);
    } catch {
      return undefined;
    }
  };
  /** The commit `rev` names (a sha or a branch), if any. */
  const resolve = (rev: string) =>
    attempt('rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`);
  const head = () => resolve(`refs/heads/${branch}`)!;
  const blob = (bytes: Buffer) => run(['hash-object', '-w', '--stdin'], bytes).toString().trim();

  /** A tree: `baseTree` (any tree-ish) with `entries` written over it; a null sha deletes. */
  function writeTree(baseTree: string | undefined, entries: TreeEntry[]) {
    // An index of its own, so that a tree is its base and its entries, nothing else.
    const env = { GIT_INDEX_FILE: join(dir, `index-${process.hrtime.bigint()}`) };
    try {
      run(
        baseTree ? ['read-tree', '--end-of-options', baseTree] : ['read-tree', '--empty'],
        '',
        env,
      );
      // One line an entry, in order: mode 0 removes the path, as a null sha asks.
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
    const date = author.date ?? new Date().toISOString();
    const [name, email] = [author.name, author.email];
    const env = { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_AUTHOR_DATE: date };
    const committer = { GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
    return run(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent])], message, {
      ...env,
      ...committer,
      GIT_COMMITTER_DATE: date,
    })
      .toString()
      .trim();
  }

  // GitHub's shapes: an account, a git commit, and a commit as the REST API lists it.
  const account = (person: Person) => ({
    login: person.login,
    id: accounts.indexOf(person) + 1,
    avatar_url: `https://avatars.githubusercontent.com/u/${accounts.indexOf(person) + 1}?v=4`,
    html_url: `https://github.com/${person.login}`,
    type: 'User',
    site_admin: false,
  });
  const accountOf = (email: string) => {
    const person = accounts.find((each) => each.email === email);
    return person ? account(person) : null;
  };
  function gitCommit(sha: string) {
    const format = ['%T', '%P', '%an', '%ae', '%at', '%cn', '%ce', '%ct', '%B'].join('%x00');
    const [tree, parents, an, ae, at, cn, ce, ct, message] = git(
      'show',
      '-s',
      `--format=${format}`,
      '--end-of-options',
      sha,
    ).split('\0') as [string, string, string, string, string, string, string, string, string];
    return {
      sha,
      url: `${base}/git/commits/${sha}`,
      html_url: `https://github.com/${repo}/commit/${sha}`,
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
    const { html_url, parents, url, ...commit } = gitCommit(sha);
    return {
      sha,
      commit: { ...commit, url, comment_count: 0 },
      url: `${base}/commits/${sha}`,
      html_url,
      comments_url: `${base}/commits/${sha}/comments`,
      author: accountOf(commit.author.email),
      committer: accountOf(commit.committer.email),
      parents,
    };
  }
  /** What `sha` changed against its first parent, as GitHub lists a commit's files. */
  function files(sha: string) {
    const parent = gitCommit(sha).parents[0]?.sha;
    const changes = git(
      '-c',
      'core.quotePath=false',
      'diff-tree',
      '-r',
      '-M',
      '--raw',
      '--numstat',
      ...(parent ? [parent, sha] : ['--root', sha]),
    ).split('\n');
    const raw = changes.filter((line) => line.startsWith(':'));
    const counts = changes.filter((line) => /^(\d+|-)\t/.test(line));
    return raw.map((line, index) => {
      const [info = '', from = '', to] = line.split('\t');
      const [, , before, after, letter = ''] = info.split(' ');
      const [additions = 0, deletions = 0] = counts[index]!.split('\t').map(Number);
      const status = statuses[letter[0]!] ?? 'changed';
      return {
        sha: status === 'removed' ? before : after,
        filename: to ?? from,
        status,
        additions,
        deletions,
        changes: additions + deletions,
        ...(to && { previous_filename: from }),
      };
    });
  }
  /** GitHub's Link header for page `page` of `pages` of `list`, addressed by the repository's id. */
  function links(list: string, query: URLSearchParams, page: number, pages: number) {
    const at = (number: number) => {
      const address = new URL(`${API}/repositories/${REPOSITORY_ID}/${list}?${query}`);
      address.searchParams.set('page', String(number));
      return address.href;
    };
    const rels: [string, number, boolean][] = [
      ['prev', page - 1, page > 1],
      ['next', page + 1, page < pages],
      ['last', pages, page < pages],
      ['first', 1, page > 1],
    ];
    const shown = rels.filter(([, , shown]) => shown);
    return shown.length
      ? { link: shown.map(([rel, number]) => `<${at(number)}>; rel="${rel}"`).join(', ') }
      : undefined;
  }
  /** The router table: every endpoint Decap's GitHub backend calls, and nothing else. */
  const endpoints = {
    'GET /user': ({ person }) => ({
      json: { ...account(person), name: person.name, email: person.email },
    }),
    'GET /repos/{o}/{r}': () => ({
      json: {
        id: REPOSITORY_ID,
        name: repo.split('/')[1],
        full_name: repo,
        owner: { login: repo.split('/')[0], type: 'Organization' },
        private: false,
        default_branch: branch,
        permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
      },
    }),
    'GET /repos/{o}/{r}/branches/{branch}': ({ params: [name = ''] }) => ({
      json: {
        name,
        commit: restCommit(resolve(`refs/heads/${name}`) ?? refuse(404, 'Branch not found')),
        protected: false,
      },
    }),
    'GET /repos/{o}/{r}/git/trees/{rev}': ({ params: [rev = ''], query }) => {
      // `main:src/content` names a tree as git does; a commit stands for its own tree.
      const object = attempt('rev-parse', '--verify', '--quiet', '--end-of-options', rev);
      const sha =
        attempt('rev-parse', '--verify', '--quiet', `${object}^{tree}`) ?? refuse(404, 'Not Found');
      // Any value of `recursive`, even 0 or false, lists the whole tree, as GitHub documents.
      const deep = query.has('recursive') ? ['-r', '-t'] : [];
      const tree = run(['ls-tree', '-l', '-z', ...deep, '--end-of-options', sha])
        .toString()
        .split('\0')
        .filter(Boolean)
        .map((line) => {
          const [info = '', path = ''] = line.split('\t');
          const [mode, type, object, size] = info.split(/ +/);
          const blobSize = type === 'blob' ? { size: Number(size) } : {};
          return {
            path,
            mode,
            type,
            sha: object,
            ...blobSize,
            url: `${base}/git/${type}s/${object}`,
          };
        });
      return { json: { sha, url: `${base}/git/trees/${sha}`, tree, truncated: false } };
    },
    'GET /repos/{o}/{r}/git/blobs/{sha}': ({ params: [sha = ''] }) => {
      if (attempt('cat-file', '-e', `${sha}^{blob}`) === undefined) refuse(404, 'Not Found');
      const bytes = run(['cat-file', 'blob', sha]);
      // Base64 in lines of 60, as GitHub sends it.
      const content = (bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n') + '\n';
      return {
        json: {
          sha,
          size: bytes.length,
          url: `${base}/git/blobs/${sha}`,
          content,
          encoding: 'base64',
        },
      };
    },
    'POST /repos/{o}/{r}/git/blobs': ({ body: { content = '', encoding = 'utf-8' } }) => {
      const sha = blob(Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8'));
      return { status: 201, json: { sha, url: `${base}/git/blobs/${sha}` } };
    },
    'POST /repos/{o}/{r}/git/trees': ({ body: { base_tree, tree = [] } }) => {
      const sha = writeTree(base_tree, tree as TreeEntry[]);
      return { status: 201, json: { sha, url: `${base}/git/trees/${sha}`, truncated: false } };
    },
    'POST /repos/{o}/{r}/git/commits': ({ body, person }) => {
      const { tree = '', parents = [], message = '', author = person } = body;
      return { status: 201, json: gitCommit(writeCommit(String(tree), parents, message, author)) };
    },
    'PATCH /repos/{o}/{r}/git/refs/heads/{branch}': ({ params: [name = ''], body }) => {
      const ref = `refs/heads/${name}`;
      const current = resolve(ref) ?? refuse(422, 'Reference does not exist');
      const sha = resolve(body.sha ?? '') ?? refuse(422, 'Object does not exist');
      if (!body.force && attempt('merge-base', '--is-ancestor', current, sha) === undefined) {
        refuse(422, 'Update is not a fast forward');
      }
      git('update-ref', ref, sha, current);
      return {
        json: {
          ref,
          url: `${base}/git/${ref}`,
          object: { sha, type: 'commit', url: `${base}/git/commits/${sha}` },
        },
      };
    },
    'GET /repos/{o}/{r}/commits': ({ query }) => {
      const rev = query.get('sha') ?? branch;
      const tip = resolve(rev) ?? refuse(404, `No commit found for SHA: ${rev}`);
      const path = query.get('path') ? ['--', query.get('path')!] : [];
      const perPage = Math.min(Number(query.get('per_page')) || 30, 100);
      const page = Math.max(Number(query.get('page')) || 1, 1);
      const total = Number(git('rev-list', '--count', tip, ...path));
      const shas = git(
        'rev-list',
        `--skip=${(page - 1) * perPage}`,
        `--max-count=${perPage}`,
        tip,
        ...path,
      );
      return {
        json: shas.split('\n').filter(Boolean).map(restCommit),
        headers: links('commits', query, page, Math.ceil(total / perPage)),
      };
    },
    'GET /repos/{o}/{r}/commits/{ref}': ({ params: [ref = ''] }) => {
      const sha = resolve(ref) ?? refuse(422, `No commit found for SHA: ${ref}`);
      const changed = files(sha);
      const [additions, deletions] = ['additions', 'deletions'].map((key) =>
        changed.reduce(
          (sum, file) => sum + (key === 'additions' ? file.additions : file.deletions),
          0,
        ),
      ) as [number, number];
      return {
        json: {
          ...restCommit(sha),
          stats: { total: additions + deletions, additions, deletions },
          files: changed,
        },
      };
    },
  } satisfies Record<string, (call: Call) => Answer>;
  const escaped = repo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const routes = Object.entries(endpoints).map(([endpoint, handle]) => {
    const [method, template = ''] = endpoint.split(' ');
    // The last parameter takes the rest of the path: a tree's `main:src/content/blog`, a branch's name.
    const pattern = template
      .replace('{o}/{r}', escaped)
      .replace(/\{\w+\}$/, '(.+)')
      .replace(/\{\w+\}/g, '([^/]+)');
    return { endpoint, method, pattern: new RegExp(`^${pattern}$`), handle };
  });

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
    let result: Answer;
    if (!found) {
      failures.push(`The fake GitHub has no ${request.method()} ${request.url()}`);
      result = { status: 404, json: { message: 'Not Found' } };
    } else if (!person) {
      result = { status: 401, json: { message: 'Bad credentials' } };
    } else {
      await pending.get(found.endpoint)?.shift()?.();
      try {
        const params = found.pattern.exec(path)!.slice(1).map(decodeURIComponent);
        result = found.handle({ params, query: url.searchParams, body, person });
      } catch (error) {
        if (!(error instanceof Refusal))
          failures.push(`${found.endpoint} failed: ${String(error)}`);
        const status = error instanceof Refusal ? error.status : 500;
        result = { status, json: { message: (error as Error).message, status: String(status) } };
      }
    }
    const status = result.status ?? 200;
    exchanges.push({
      endpoint: found?.endpoint ?? 'unknown',
      method: request.method(),
      url: request.url(),
      body,
      status,
      answer: result.json,
      login: person?.login,
    });
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
    /** `file` as it is at the branch's head (or at `rev`). */
    read: (file: string, rev = branch) => run(['show', `${rev}:${file}`]).toString('utf8'),
    /** Answers GitHub's API in `context` for `person`, whose token the page carries. */
    serve: async (context: BrowserContext, person: Person) => {
      const token = `gho_${person.login}`;
      tokens.set(token, known(person));
      await context.route(`${API}/**`, answer);
      return token;
    },
    /** Runs `action` just before answering the next request to `endpoint`: a race, on cue. */
    beforeNext: (endpoint: keyof typeof endpoints, action: () => unknown) => {
      if (!(endpoint in endpoints)) throw new Error(`No endpoint ${endpoint}`);
      pending.set(endpoint, [...(pending.get(endpoint) ?? []), action]);
    },
    /**
     * A colleague's push: `changes` (a file's new text, or null to delete it) committed by
     * `person` on top of the branch, which moves to it. The new commit.
     */
    commitAs: (
      person: Person,
      changes: Record<string, string | null>,
      message = 'A colleague’s change',
    ) => {
      const parent = head();
      const entries = Object.entries(changes).map(([path, text]) =>
        text === null ? { path, sha: null } : { path, content: text },
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
  server: Awaited<ReturnType<typeof devServer>>;
  github: FakeGitHub;
  /** Ada's tab, logged in; a test may open another in its place. */
  page: Page;
  /** /admin/ in a browser context of its own, logged in as `person`: another writer. */
  open: (person: Person) => Promise<Page>;
};

/**
 * Before the file's tests: a scratch project under git, its repository on the fake GitHub
 * (`repo`, branch `branch`), `astro dev` set to publish there with no local proxy answering, and
 * Chromium at /admin/, logged in as Ada. After each test, any request the fake did not know fails it.
 */
export function githubWorkbench({
  repo = 'delicious-bites/site',
  branch = 'main',
  width = 1280,
} = {}) {
  const bench = {} as GitHubBench;
  let browser: Browser | undefined;
  const remote = mkdtempSync(join(tmpdir(), 'bites-github-'));

  beforeAll(async () => {
    const dir = scratchProject();
    const owner = ['-c', 'user.name=Site Owner', '-c', 'user.email=owner@example.com'];
    const git = (...args: string[]) => execFileSync('git', [...owner, ...args], { cwd: dir });
    git('init', '--quiet', `--initial-branch=${branch}`);
    git('add', 'src');
    git('commit', '--quiet', '-m', 'The content as the writers found it');
    git('clone', '--quiet', '--bare', dir, remote);
    const github = fakeGitHub({ dir: remote, repo, branch });
    // A port nothing listens on: Decap finds no local proxy and uses GitHub.
    const env = {
      EDITOR_GITHUB_REPO: repo,
      EDITOR_GITHUB_BRANCH: branch,
      EDITOR_LOCAL_PORT: String(await freePort()),
    };
    const server = await devServer(dir, env);
    await server.page('/admin/');
    const executablePath = chromiumPath();
    browser = await chromium.launch({
      args: CHROMIUM_ARGS,
      ...(executablePath && { executablePath }),
    });
    const open = async (person: Person) => {
      const context = await browser!.newContext({ viewport: { width, height: 900 } });
      const token = await github.serve(context, person);
      // Decap keeps the user it logged in here, and logs them in again on load.
      await context.addInitScript(
        (user) => localStorage.setItem('decap-cms-user', JSON.stringify(user)),
        { backendName: 'github', token, login: person.login, name: person.name },
      );
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/`);
      return page;
    };
    Object.assign(bench, { dir, server, github, open, page: await open(people.ada) });
  });

  afterEach(() => {
    const failures = bench.github?.failures.splice(0) ?? [];
    if (failures.length) throw new Error(failures.join('\n'));
  });

  afterAll(async () => {
    await browser?.close();
    await bench.server?.stop();
    rmSync(remote, { recursive: true, force: true });
  });

  return bench;
}
