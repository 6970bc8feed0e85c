/**
 * The web editor at /admin/ (docs/EDITOR.md), and its one door: the Astro integration
 * astro.config.ts adds. It writes the editor's files (node/admin-files.ts) into a build and
 * serves them in `astro dev`; none of them goes through Astro's pages, so no visitor page changes.
 *
 * Inside, each folder is named for where its code runs: node/ on the computer that builds or
 * serves the site (and `npm run editor`'s local proxy), browser/ in the writer's browser, bundled
 * into /admin/editor.js and the chunks it loads. The browser's code imports nothing from node/
 * but types.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { adminFiles, type Host } from './node/admin-files';
import type { EditorBackend } from './node/config';

const types: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  wasm: 'application/wasm',
};

export function editor(backend: EditorBackend): AstroIntegration {
  let [root, cacheDir] = ['', ''];
  return {
    name: 'delicious-bites:editor',
    hooks: {
      'astro:config:done': ({ config }) => {
        [root, cacheDir] = [fileURLToPath(config.root), fileURLToPath(config.cacheDir)];
      },
      'astro:server:setup': ({ server }) => {
        const home = async () => {
          const address = server.resolvedUrls?.local[0] ?? 'http://localhost:4321/';
          return (await fetch(address)).text();
        };
        const host: Host = { root, cacheDir, mode: 'dev', home };
        // The costly files are made once, and again only when one of their sources changes, so
        // a writer's page does not wait for a bundle on each load. Under `npm run editor` (which
        // gives astro dev the proxy's port) they are made now, beside Astro's own start; a plain
        // astro dev makes them when first asked, and Vitest, which runs this hook for a Vite
        // server with no HTTP server, never.
        const files = adminFiles(backend, host);
        if (server.httpServer && process.env['EDITOR_LOCAL_PORT']) files.prepare();
        server.watcher.on('all', (_event, path) => files.changed(path));
        server.middlewares.use('/admin', async (request, response, next) => {
          const name = (request.url ?? '/').split('?')[0]!.replace(/^\/$/, '/index.html').slice(1);
          try {
            const body = await files.file(name);
            if (body === undefined) return next();
            response.setHeader(
              'Content-Type',
              types[name.split('.').at(-1)!] ?? 'application/octet-stream',
            );
            // Asked again on every load, and sent again only when it changed: a reload reads
            // Decap's megabytes from the browser's cache, compiled already.
            const tag = `"${createHash('sha256').update(body).digest('base64url')}"`;
            response.setHeader('Cache-Control', 'no-cache');
            response.setHeader('ETag', tag);
            if (request.headers['if-none-match'] === tag) response.statusCode = 304;
            response.end(response.statusCode === 304 ? undefined : body);
          } catch (error) {
            next(error);
          }
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const folder = join(fileURLToPath(dir), 'admin');
        mkdirSync(folder, { recursive: true });
        const home = async () => readFileSync(join(fileURLToPath(dir), 'index.html'), 'utf8');
        const host: Host = { root, cacheDir, mode: 'build', home };
        const files = adminFiles(backend, host);
        for (const name of await files.names()) {
          writeFileSync(join(folder, name), (await files.file(name))!);
        }
        if (!backend.repo) {
          logger.info(
            '/admin/ works on this computer only: set EDITOR_GITHUB_REPO to publish from it (docs/EDITOR.md).',
          );
        }
      },
    },
  };
}
