/**
 * The web editor on a writer's computer: Decap's local proxy (decap-server), which saves straight
 * into the project, behind a front of ours that writes only onto the file the editor read, and
 * whether the editor answers yet. Run by `npm run editor` (scripts/editor.ts) and, exactly so, by
 * the editor's browser tests; plain Node, with no path aliases.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { rmdirSync, watch } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { connect, type AddressInfo } from 'node:net';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { text } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { contentFolders } from '../../config.ts';
import { proxyActions } from '../contract.ts';
import { fileAt, fileHistory, HistoryRefused, removals } from './git-history.ts';
import { fileDigest } from './kept.ts';

/**
 * What a write expects to find: each file's version as the editor read it, the SHA-256 of its
 * bytes as decap-server gives it (`file.id`), or null for no file. The editor sends it beside
 * Decap's own parameters as `expect`, which decap-server never sees.
 */
type Expected = Record<string, string | null>;

/**
 * Decap's local proxy, answering on `port` of 127.0.0.1 and saving into the project at `dir`.
 * decap-server itself listens on a port of its own; the front passes everything on, but checks a
 * save or a delete against the files on disk first, one write at a time. Resolves once the front
 * listens; the process returned is decap-server's, and killing it closes the front.
 */
export async function startLocalProxy(
  dir: string,
  port: number | string,
  stdio: StdioOptions = 'ignore',
): Promise<ChildProcess> {
  const inner = await freePort();
  const script = createRequire(import.meta.url).resolve('decap-server');
  // MODE picks what it saves to: files on disk (Vitest, among others, sets MODE for itself).
  const proxy = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      MODE: 'fs',
      GIT_REPO_DIRECTORY: dir,
      PORT: String(inner),
      BIND_HOST: '127.0.0.1',
    },
    stdio,
  });
  // The front listens at once; what it passes on waits until decap-server listens too, which
  // takes a moment on a busy machine, and the editor's page may ask before then.
  const started = listening(inner, proxy);
  started.catch(() => {}); // each request meets the error
  const front = createServer((request, response) => {
    void started
      .then(() => pass(dir, inner, request, response))
      .catch((error: unknown) => {
        answer(response, 502, { error: `The local proxy did not answer: ${String(error)}` });
      });
  });
  await new Promise<void>((done) => front.listen(Number(port), '127.0.0.1', done));
  // The collections' folders are in one folder (src/content); an entry's own folder is below.
  const tidy = tidyEmptyFolders(join(dir, dirname(contentFolders.recipes.folder)));
  proxy.on('exit', () => {
    tidy.close();
    front.close();
  });
  return proxy;
}

/** The front's own actions (contract.ts): each answers JSON, or 422 with the reason in words. */
const ownActions: Record<string, (dir: string, params: Record<string, unknown>) => unknown> = {
  [proxyActions.history]: async (dir, { path }) => ({
    versions: await fileHistory(dir, String(path)),
  }),
  [proxyActions.removals]: async (dir, { folder, since }) => ({
    removals: await removals(dir, String(folder), String(since)),
  }),
  [proxyActions.fileAt]: async (dir, { rev, path }) => ({
    base64: await fileAt(dir, String(rev), String(path)),
  }),
};

/** The writes that change files, and so are checked against what the editor read. */
const writes = new Set(['persistEntry', 'deleteFiles']);

/** One write at a time: a check and the write it allows are not split by another write. */
let queue: Promise<unknown> = Promise.resolve();

async function pass(
  dir: string,
  inner: number,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const body = await text(request);
  const payload = request.method === 'POST' && body ? (JSON.parse(body) as Payload) : undefined;
  const own = payload && Object.hasOwn(ownActions, payload.action) && ownActions[payload.action];
  if (own) {
    try {
      return answer(response, 200, await own(dir, payload.params ?? {}));
    } catch (error) {
      if (!(error instanceof HistoryRefused)) throw error;
      return answer(response, 422, { error: error.message });
    }
  }
  if (!payload || !writes.has(payload.action)) {
    return forward(inner, request, body, response);
  }
  const { expect, ...params } = payload.params ?? {};
  const write = async () => {
    const moved = changedSince(dir, (expect ?? {}) as Expected);
    // Refused: a file changed since the editor read it.
    if (moved.length) return answer(response, 409, { error: 'moved', moved });
    return forward(inner, request, JSON.stringify({ ...payload, params }), response);
  };
  const done = queue.then(write, write);
  queue = done.catch(() => undefined);
  return done;
}

type Payload = { action: string; params?: Record<string, unknown> };

/** The files of `expected` that are not as the editor read them. */
function changedSince(dir: string, expected: Expected) {
  return Object.keys(expected).filter((file) => {
    const path = resolve(dir, file);
    const version = relative(dir, path).startsWith('..') ? null : (fileDigest(path) ?? null);
    return version !== expected[file];
  });
}

async function forward(inner: number, request: IncomingMessage, body: string, to: ServerResponse) {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(
      (header): header is [string, string] =>
        typeof header[1] === 'string' && !['host', 'content-length'].includes(header[0]),
    ),
  );
  const response = await fetch(`http://127.0.0.1:${inner}${request.url ?? '/'}`, {
    method: request.method ?? 'GET',
    headers,
    ...(body && { body }),
  });
  for (const [name, value] of response.headers) {
    if (name === 'content-type' || name.startsWith('access-')) to.setHeader(name, value);
  }
  to.writeHead(response.status);
  to.end(Buffer.from(await response.arrayBuffer()));
}

/** An answer of the front's own, open to the editor's page as decap-server's answers are. */
function answer(response: ServerResponse, status: number, json: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'access-control-allow-origin': '*',
  });
  response.end(JSON.stringify(json));
}

/** Resolves once something listens on `port` of 127.0.0.1; fails if `child` exits first. */
async function listening(port: number, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`decap-server stopped (${child.exitCode ?? child.signalCode})`);
    }
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1')
        .once('connect', () => (socket.destroy(), done(true)))
        .once('error', () => done(false));
    });
    if (open) return;
    await sleep(50);
  }
}

/** A port no one listens on now. */
function freePort() {
  return new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

/**
 * Removes an entry's folder once a delete through the proxy has emptied it, as deleting its
 * last file does on GitHub: the proxy deletes files only.
 */
function tidyEmptyFolders(content: string) {
  return watch(content, { recursive: true }, (event, name) => {
    if (event !== 'rename' || !name) return;
    const folder = dirname(join(content, name));
    // An entry's own folder, never a collection's.
    if (!relative(content, folder).includes(sep)) return;
    // Removed only if empty, in one step: a file may arrive, or the folder go, at any moment.
    try {
      rmdirSync(folder);
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      // Not empty, or gone already: nothing to tidy. Anything else is said, and the proxy goes on.
      if (code !== 'ENOTEMPTY' && code !== 'ENOENT' && code !== 'EEXIST') {
        console.error(`The editor could not remove the empty folder ${folder}: ${String(error)}`);
      }
    }
  });
}

/** Whether `url` answers `init` with success. */
const answersOk = (url: string | URL, init?: RequestInit) =>
  fetch(url, init).then(
    (response) => response.ok,
    () => false,
  );

/** Whether the local proxy on `port` answers yet. */
export const localProxyAnswers = (port: number | string) =>
  answersOk(`http://127.0.0.1:${port}/api/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'info' }),
  });

/** Whether the editor at `address` (…/admin/) answers with its page and its configuration. */
export const editorAnswers = (address: string) =>
  Promise.all(['', 'config.json'].map((file) => answersOk(new URL(file, address)))).then(
    (answers) => answers.every(Boolean),
  );
