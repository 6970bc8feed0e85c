import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
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

/**
 * Serves a built site as a static host does: gzip, `dist/_headers`, `index.html` for folders and
 * `404.html` for anything missing. `astro preview` does neither gzip nor headers.
 */
export function serveStatic(root: string): Promise<{ url: string; close: () => void }> {
  const rules = headerRules(root);
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const path = join(root, normalize(decodeURIComponent(pathname)).replace(/^(\.\.\/)+/, ''));
    const file = [path, join(path, 'index.html')].find(
      (f) => existsSync(f) && statSync(f).isFile(),
    );
    const type = TYPES[extname(file ?? '.html')] ?? 'application/octet-stream';
    const headers: Record<string, string> = { 'content-type': type, vary: 'accept-encoding' };
    for (const rule of rules)
      if (rule.path.test(pathname)) Object.assign(headers, Object.fromEntries(rule.headers));
    let body = readFileSync(file ?? join(root, '404.html'));
    if (
      /text|xml|javascript|svg/.test(type) &&
      /gzip/.test(request.headers['accept-encoding'] ?? '')
    ) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    response.writeHead(file ? 200 : 404, headers).end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}
