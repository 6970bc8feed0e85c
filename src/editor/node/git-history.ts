/**
 * The web editor's history on a writer's computer, from git in the project folder: every version
 * of an entry's file (followed through renames, with what is not committed yet as the newest),
 * the files deleted from a folder lately, and a file's bytes in a version. The local proxy's
 * front answers the editor with these (local-proxy.ts); nothing here writes. Plain Node, with no
 * path aliases.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { photoExtensions } from '../../config.ts';
import type { Removal, Version } from '../contract.ts';

/** A request the history cannot answer (no git, a path outside the project), in words. */
export class HistoryRefused extends Error {}

// Separators git prints between commits and between a commit's fields: bytes no path holds.
const RECORD = '\x1e';
const FIELD = '\x1f';

/** The commits of a `git log` that formats them so: each one's fields, and the lines below. */
const commitsIn = (log: Buffer) =>
  log
    .toString('utf8')
    .split(RECORD)
    .filter(Boolean)
    .map((record) => {
      const [header = '', ...lines] = record.split('\n');
      return { fields: header.split(FIELD), lines };
    });

/** `git` in `dir`, its output as bytes; `input` goes to its standard input. */
function git(dir: string, args: string[], input = ''): Promise<Buffer> {
  return new Promise((done, fail) => {
    const child = spawn('git', ['-c', 'core.quotePath=false', ...args], { cwd: dir });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0
        ? done(Buffer.concat(out))
        : fail(new HistoryRefused(Buffer.concat(err).toString('utf8').trim())),
    );
    // A git that needs no input may be gone before it is written to.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/** `file` from the project folder, refused if it leaves the folder. */
function inside(dir: string, file: string) {
  const path = relative(dir, resolve(dir, file));
  if (!path || path.startsWith('..') || isAbsolute(path)) {
    throw new HistoryRefused(`${file} is not in the project.`);
  }
  return path.split(sep).join('/');
}

/**
 * The repository the project is in: paths as git prints them (from its root) and as the editor
 * names them, and its last commit, if it has one yet.
 */
async function repositoryOf(dir: string) {
  const prefix = await git(dir, ['rev-parse', '--show-prefix']).then(
    (out) => out.toString('utf8').trim(),
    () => {
      throw new HistoryRefused('the project is not kept in git, so it has no earlier versions.');
    },
  );
  const head = await git(dir, ['rev-parse', '--verify', '--quiet', 'HEAD']).then(
    (out) => out.toString('utf8').trim(),
    () => undefined,
  );
  return {
    head,
    root: (file: string) => prefix + file,
    fromRoot: (path: string) => (path.startsWith(prefix) ? path.slice(prefix.length) : undefined),
  };
}

/** The bytes of each object (`<rev>:<path>`, from the root), or none where there is none. */
async function contents(dir: string, objects: string[]): Promise<(Buffer | undefined)[]> {
  if (!objects.length) return [];
  const out = await git(dir, ['cat-file', '--batch'], objects.map((o) => `${o}\n`).join(''));
  let at = 0;
  return objects.map(() => {
    const end = out.indexOf(0x0a, at);
    const header = /^\S+ (\w+) (\d+)$/.exec(out.subarray(at, end).toString('utf8'));
    at = end + 1;
    // "<name> missing": no such file in that version.
    if (!header) return undefined;
    const bytes = out.subarray(at, at + Number(header[2]));
    at += bytes.length + 1;
    return header[1] === 'blob' ? bytes : undefined;
  });
}

/**
 * Every version of `file`, newest first: each commit that touched it (`git log --follow`, so a
 * file moved keeps its past), and before them what is on disk when that differs from the last
 * commit.
 */
export async function fileHistory(dir: string, file: string): Promise<Version[]> {
  const path = inside(dir, file);
  const { head, root, fromRoot } = await repositoryOf(dir);
  const format = `--format=${RECORD}%H${FIELD}%an${FIELD}%aI`;
  // A repository with no commit yet has no log: the file is only on disk.
  const log = head
    ? await git(dir, ['log', '--follow', '-M', format, '--name-status', '--', path])
    : Buffer.alloc(0);
  // Newest first: a rename's old name is the file's name in the commits before it.
  let current = root(path);
  const commits = commitsIn(log).map(({ fields: [commit = '', author, date], lines }) => {
    const change = lines.find((line) => /^[A-Z]\d*\t/.test(line)) ?? '';
    const [status = '', ...names] = change.split('\t');
    const at = names.at(-1) ?? current;
    current = status.startsWith('R') ? (names[0] ?? at) : at;
    return { commit, author, date, at, deleted: status === 'D' };
  });
  const texts = await contents(
    dir,
    commits.map(({ commit, at }) => `${commit}:${at}`),
  );
  const versions: Version[] = commits.map(({ commit, author, date, at, deleted }, index) => ({
    commit,
    path: fromRoot(at) ?? at,
    author,
    date,
    text: deleted ? undefined : texts[index]?.toString('utf8'),
  }));
  const full = resolve(dir, path);
  const disk = existsSync(full) ? readFileSync(full, 'utf8') : undefined;
  if (disk !== versions[0]?.text) {
    const date = disk === undefined ? undefined : statSync(full).mtime.toISOString();
    versions.unshift({ commit: null, path, date, text: disk });
  }
  return versions;
}

const isPhoto = (file: string) =>
  photoExtensions.some((ending) => file.toLowerCase().endsWith(ending));

/**
 * The files deleted from `folder` since `since` (an ISO date) that are still gone, newest first:
 * each commit's, and before them those deleted on disk and not committed yet; with the text of
 * each one that is not a photo, as it was before the delete.
 */
export async function removals(dir: string, folder: string, since: string): Promise<Removal[]> {
  const path = inside(dir, folder);
  if (Number.isNaN(Date.parse(since))) throw new HistoryRefused(`${since} is not a date.`);
  const { head, root, fromRoot } = await repositoryOf(dir);
  if (!head) return [];
  const format = `--format=${RECORD}%H${FIELD}%P${FIELD}%an${FIELD}%aI`;
  const args = ['-M', '--diff-filter=D', '--name-only', '--', path];
  const log = await git(dir, ['log', `--since=${since}`, format, ...args]);
  const found: Omit<Removal, 'texts'>[] = commitsIn(log).map(
    ({ fields: [commit = '', parents = '', author, date], lines }) => {
      const from = parents.split(' ')[0] ?? '';
      return { commit, from, author, date, files: lines.filter(Boolean) };
    },
  );
  const unsaved = await git(dir, ['diff', 'HEAD', ...args]);
  const files = unsaved.toString('utf8').split('\n').filter(Boolean);
  found.unshift({ commit: null, from: head, files });
  const gone = found
    .map((removal) => ({
      ...removal,
      files: removal.files
        .map((file) => fromRoot(file))
        .filter((file): file is string => file !== undefined && !existsSync(resolve(dir, file))),
    }))
    .filter((removal) => removal.from && removal.files.length);
  return Promise.all(
    gone.map(async (removal) => {
      const entries = removal.files.filter((file) => !isPhoto(file));
      const texts = await contents(
        dir,
        entries.map((file) => `${removal.from}:${root(file)}`),
      );
      const read = entries.flatMap((file, index) => {
        const text = texts[index];
        return text ? [[file, text.toString('utf8')] as const] : [];
      });
      return { ...removal, texts: Object.fromEntries(read) };
    }),
  );
}

/** The bytes of `file` in version `rev` (a commit, or HEAD), in base64. */
export async function fileAt(dir: string, rev: string, file: string): Promise<string> {
  if (!/^([0-9a-f]{4,64}|HEAD)$/.test(rev)) throw new HistoryRefused(`${rev} is not a version.`);
  const { root } = await repositoryOf(dir);
  const [bytes] = await contents(dir, [`${rev}:${root(inside(dir, file))}`]);
  if (!bytes) throw new HistoryRefused(`${file} is not in version ${rev}.`);
  return bytes.toString('base64');
}
