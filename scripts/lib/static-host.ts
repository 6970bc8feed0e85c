import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
};

/** The headers `dist/_headers` gives each path (Netlify's and Cloudflare's format). */
function headerRules(root: string) {
  const file = join(root, '_headers');
  const rules: { path: RegExp; headers: [string, string][] }[] = [];
  if (!existsSync(file)) return rules;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*');
      rules.push({ path: new RegExp(`^${pattern}$`), headers: [] });
    } else {
      const [name = '', ...value] = line.trim().split(':');
      rules.at(-1)?.headers.push([name.trim(), value.join(':').trim()]);
    }
  }
  return rules;
}

export type StaticHostOptions = {
  /** The port to listen on; a free one when left out. */
  port?: number;
  /**
   * Files served beside the site, by URL path ("/__test__/probe.js"), with their contents. They
   * do not change while the host runs, so a browser may keep them for an hour.
   */
  extras?: Record<string, string>;
  /** Rewrites every HTML page before it is sent. */
  rewriteHtml?: (html: string) => string;
};

/**
 * Serves a built site as a static host does: gzip, `dist/_headers`, `index.html` for folders and
 * `404.html` for anything missing. `astro preview` does neither gzip nor headers.
 */
export function serveStatic(
  root: string,
  { port = 0, extras = {}, rewriteHtml }: StaticHostOptions = {},
): Promise<{ url: string; close: () => void }> {
  const rules = headerRules(root);
  /** What the host sends for a URL path: an extra, the built file, or the site's 404 page. */
  const source = (pathname: string) => {
    const extra = extras[pathname];
    if (extra !== undefined) {
      return { name: pathname, status: 200, body: Buffer.from(extra), cache: 'max-age=3600' };
    }
    const path = join(root, normalize(decodeURIComponent(pathname)).replace(/^(\.\.\/)+/, ''));
    const file = [path, join(path, 'index.html')].find(
      (f) => existsSync(f) && statSync(f).isFile(),
    );
    const name = file ?? join(root, '404.html');
    return { name, status: file ? 200 : 404, body: readFileSync(name), cache: undefined };
  };
  const respond = (request: IncomingMessage, response: ServerResponse) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const { name, status, body: contents, cache } = source(pathname);
    const type = TYPES[extname(name)] ?? 'application/octet-stream';
    const headers: Record<string, string> = { 'content-type': type, vary: 'accept-encoding' };
    if (cache) headers['cache-control'] = cache;
    for (const rule of rules)
      if (rule.path.test(pathname)) Object.assign(headers, Object.fromEntries(rule.headers));
    let body =
      rewriteHtml && type.startsWith('text/html')
        ? Buffer.from(rewriteHtml(contents.toString('utf8')))
        : contents;
    if (
      /text|xml|javascript|svg/.test(type) &&
      /gzip/.test(request.headers['accept-encoding'] ?? '')
    ) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    response.writeHead(status, headers).end(body);
  };
  const server = createServer((request, response) => {
    try {
      respond(request, response);
    } catch (error) {
      // A file that went away mid-request (a build running beside the server), say.
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}
