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
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { adminFiles, answerAdmin } from './node/admin-files';
import type { EditorBackend } from './node/config';
import { siteFiles } from './node/site-files';

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
        const site = siteFiles(root, cacheDir, 'dev', home);
        // The costly files, made once (node/kept.ts): with the proxy's port (as the editor's
        // tests start astro dev) they are made now, beside Astro's own start; a plain astro dev
        // makes them when first asked, and Vitest, which runs this hook for a Vite server with no
        // HTTP server, never. Under `npm run editor` its own front serves them
        // (node/editor-front.ts), and asks this server for site.json and site.css only.
        const files = adminFiles(backend, { root, cacheDir, site });
        const front = process.env['EDITOR_FRONT'] === '1';
        if (server.httpServer && process.env['EDITOR_LOCAL_PORT'] && !front) files.prepare();
        server.watcher.on('all', (_event, path) => files.changed(path));
        server.middlewares.use('/admin', async (request, response, next) => {
          const name = (request.url ?? '/').split('?')[0]!.replace(/^\/$/, '/index.html').slice(1);
          try {
            if (!(await answerAdmin(files, name, request, response))) next();
          } catch (error) {
            next(error);
          }
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const folder = join(fileURLToPath(dir), 'admin');
        mkdirSync(folder, { recursive: true });
        const home = async () => readFileSync(join(fileURLToPath(dir), 'index.html'), 'utf8');
        const site = siteFiles(root, cacheDir, 'build', home);
        const files = adminFiles(backend, { root, cacheDir, site });
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
