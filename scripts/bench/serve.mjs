// A small static server for the production build, behaving like the static hosts the site
// targets: gzip for text, the headers in dist/_headers (Netlify / Cloudflare Pages format, e.g.
// immutable caching for /_astro/*), revalidation for everything else, clean URLs
// (/recipes → recipes/index.html) and the site's 404 page.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

/** Resolves a URL path to a file in `root`, or undefined. */
function resolveFile(root, pathname) {
  let path;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const safe = normalize(path).replace(/^(\.\.[/\\])+/, '');
  const base = join(root, safe);
  if (!base.startsWith(root)) return undefined;
  const candidates = [base, join(base, 'index.html'), `${base}.html`];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/**
 * Rules from a Netlify-style _headers file: a path pattern (`*` matches anything) on its own
 * line, then indented `Name: value` lines.
 * @param {string} root
 * @returns {{ pattern: RegExp, headers: [string, string][] }[]}
 */
export function readHeadersFile(root) {
  const file = join(root, '_headers');
  if (!existsSync(file)) return [];
  const rules = [];
  let current;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*');
      current = { pattern: new RegExp(`^${source}$`), headers: [] };
      rules.push(current);
    } else if (current) {
      const at = line.indexOf(':');
      if (at > 0)
        current.headers.push([line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}

/**
 * Serves `root` (the dist folder) on 127.0.0.1. Resolves with { url, port, close }.
 * @param {string} root
 * @param {{ port?: number }} [options]
 */
export function serveStatic(root, { port = 0 } = {}) {
  const gzCache = new Map();
  const rules = readHeadersFile(root);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = url.pathname === '/_headers' ? undefined : resolveFile(root, url.pathname);
    let status = 200;
    if (!file) {
      status = 404;
      file = join(root, '404.html');
      if (!existsSync(file)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    /** @type {Record<string, string>} */
    const headers = {
      'content-type': type,
      'cache-control': 'public, max-age=0, must-revalidate',
      vary: 'accept-encoding',
    };
    for (const rule of rules) {
      if (rule.pattern.test(url.pathname)) for (const [k, v] of rule.headers) headers[k] = v;
    }
    const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding']));
    if (req.method === 'HEAD') {
      res.writeHead(status, headers).end();
      return;
    }
    if (gzip) {
      let body = gzCache.get(file);
      if (!body) {
        body = gzipSync(readFileSync(file), { level: 6 });
        gzCache.set(file, body);
      }
      res.writeHead(status, {
        ...headers,
        'content-encoding': 'gzip',
        'content-length': body.length,
      });
      res.end(body);
      return;
    }
    res.writeHead(status, { ...headers, 'content-length': statSync(file).size });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        port: actual,
        url: `http://127.0.0.1:${actual}`,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r(undefined));
          }),
      });
    });
  });
}
