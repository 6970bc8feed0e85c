/**
 * `npm run editor`'s front: the address a writer opens (http://localhost:4321/ by default). It
 * answers /admin/ itself from the moment the command starts, with the same files `astro dev`
 * serves (admin-files.ts), kept on disk as it keeps them; everything else, site.json and site.css
 * among it, is passed on to `astro dev` on a port of its own, once that has started. The
 * collection list needs the page, its scripts, config.json and the local proxy, not the site.
 * Run in plain Node with the source's aliases (scripts/lib/source-aliases.ts).
 */
import { watch } from 'node:fs';
import {
  createServer,
  request as ask,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { adminFiles, answerAdmin } from './admin-files';
import type { EditorBackend } from './config';

export type EditorFront = {
  /** `astro dev` listens on `port` now: what is not the editor's goes there. */
  siteAt(port: number): void;
  close(): void;
};

/** Headers that name this one connection, not the request: never passed on. */
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);
const passed = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));

/**
 * The front on `port` of localhost for the project at `root`, its editor configured for
 * `backend`. Resolves once it listens; fails if the port is taken.
 */
export async function startEditorFront(
  root: string,
  port: number,
  backend: EditorBackend,
): Promise<EditorFront> {
  // Where astro dev keeps them (Astro's cacheDir): either server finds what the other made.
  const files = adminFiles(backend, { root, cacheDir: join(root, 'node_modules', '.astro') });
  files.prepare();
  // What the scripts and the configuration are made from is under src/, as Vite's watcher sees it.
  const watcher = watch(join(root, 'src'), { recursive: true }, (_event, name) => {
    if (name) files.changed(join(root, 'src', name));
  });
  const { promise: site, resolve: siteAt } = Promise.withResolvers<number>();

  const pass = async (request: IncomingMessage, response: ServerResponse) => {
    const upstream = ask(
      {
        host: 'localhost',
        port: await site,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, passed(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => fail(response, error));
    request.pipe(upstream);
  };
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const admin = /^\/admin(\/|$)/.test(path);
    const name = path.slice('/admin/'.length) || 'index.html';
    void (async () => {
      if (!admin || !(await answerAdmin(files, name, request, response))) {
        await pass(request, response);
      }
    })().catch((error: unknown) => fail(response, error));
  });
  // The site's live reload (Vite's WebSocket), passed on as it is.
  server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    void site.then((target) => {
      const upstream = connect(target, 'localhost', () => {
        const headers = [];
        for (let i = 0; i < request.rawHeaders.length; i += 2) {
          headers.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
        }
        const line = `${request.method} ${request.url} HTTP/${request.httpVersion}`;
        upstream.write(`${[line, ...headers].join('\r\n')}\r\n\r\n`);
        upstream.write(head);
        upstream.pipe(socket).pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
    });
  });
  await new Promise<void>((done, refuse) => {
    server.once('error', refuse);
    server.listen(port, 'localhost', done);
  });
  return {
    siteAt: (port) => siteAt(port),
    close: () => {
      watcher.close();
      server.close();
      server.closeAllConnections();
    },
  };
}

function fail(response: ServerResponse, error: unknown) {
  if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
  response.end(`The editor's front could not answer: ${String(error)}`);
}
