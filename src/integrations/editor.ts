/**
 * The web editor at /admin/ (src/editor/, docs/EDITOR.md): its configuration made from the
 * schemas, its script bundled on its own, and Decap CMS's files, written into the build and served
 * by `astro dev`. None of it goes through Astro's pages, so no visitor page changes.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build, type BuildOptions, type StdinOptions } from 'esbuild';
import { load } from 'js-yaml';
import { editorConfig, type EditedCollection, type EditorBackend } from '../editor/config';
import type { JsonSchema } from '../editor/fields';
import { editorPage, editorPolicy } from '../editor/page';
import { unpublished } from '../editor/site-check';
import { DEFAULT_TIME_ZONE, dayIn, publishingNow, publishState } from '../lib/publishing';
import { indexedEntries, indexFile } from '../loaders/entry-index';

const require = createRequire(import.meta.url);
const editorFolder = resolve(fileURLToPath(import.meta.url), '../../editor');

/** Decap CMS's browser files: its script, the chunks it loads on demand and their WebAssembly. */
const decapFolder = join(dirname(require.resolve('decap-cms/package.json')), 'dist');
const decapFiles = () =>
  readdirSync(decapFolder).filter((file) => /^(\d+\.)?decap-cms\.js$|\.wasm$/.test(file));

/** Bundles one file of src/editor, `astro:content` read through the stand-ins. */
async function bundle(entry: string | StdinOptions, options: BuildOptions) {
  const result = await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [join(editorFolder, entry)] }
      : { stdin: entry }),
    bundle: true,
    write: false,
    logLevel: 'error',
    alias: {
      'astro:content': join(editorFolder, 'stand-ins.ts'),
      'astro:assets': join(editorFolder, 'stand-ins.ts'),
      // One acorn: the MDX parser imports it, and acorn-jsx requires it.
      acorn: require.resolve('acorn').replace(/acorn\.js$/, 'acorn.mjs'),
    },
    ...options,
  });
  const [output] = result.outputFiles ?? [];
  if (!output) throw new Error(`esbuild wrote nothing for the editor's ${String(entry)}`);
  return output.text;
}

/**
 * The collections' JSON schemas, from the schemas as they are on disk now. Worked out by a Node
 * process of its own: inside Astro's config, Vite's module runner takes over `import()`.
 */
async function currentJsonSchemas(): Promise<Record<EditedCollection, JsonSchema>> {
  const code = await bundle(
    {
      contents: `import { jsonSchemas } from './json-schemas.ts';
        process.stdout.write(JSON.stringify(jsonSchemas()));`,
      resolveDir: editorFolder,
      loader: 'ts',
    },
    { platform: 'node', format: 'esm' },
  );
  const output = execFileSync(process.execPath, ['--input-type=module'], { input: code });
  return JSON.parse(output.toString()) as Record<EditedCollection, JsonSchema>;
}

/**
 * What the engine's index knows of every entry, for the editor's checks of the whole site: in a
 * build, what this build read, without naming what is not published yet (its id and file are
 * digests, its title left out); in `astro dev`, on this computer, all of it as it is now.
 */
function siteSnapshot({ root, cacheDir, command }: Host) {
  const indexed = indexedEntries(indexFile(cacheDir));
  // A post's card names its author: the team is on the about page, so its names are public.
  const named = (file: string) =>
    (load(readFileSync(join(root, file), 'utf8')) as { name?: string } | undefined)?.name;
  const site = indexed.find((entry) => entry.collection === 'site');
  const today = dayIn(site?.placement.timezone ?? DEFAULT_TIME_ZONE, publishingNow());
  const entries = indexed.map(
    ({ collection, id, file, placement, references, placeholders, photos }) =>
      command === 'dev' || publishState(placement, today) === 'published'
        ? {
            collection,
            id,
            file,
            placement,
            references,
            placeholders,
            photos,
            ...(collection === 'team' && { name: named(file) }),
          }
        : {
            collection,
            id: unpublished(id),
            file: unpublished(file),
            placement: { ...placement, title: undefined },
            references,
            placeholders,
          },
  );
  return `${JSON.stringify({ entries })}\n`;
}

/**
 * The site's own stylesheet, as its home page has it (inline in a build, linked or inline in
 * `astro dev`), for the editor's preview to draw the cards exactly as the pages do.
 */
function siteStyles(home: string) {
  const inline = [...home.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  const linked = [...home.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    (m) => `@import url("${m[1]}");`,
  );
  return [...linked, ...inline].join('\n');
}

/** Where the editor's files are made, and how to read the site's home page there. */
type Host = {
  root: string;
  cacheDir: string;
  command: 'dev' | 'build';
  home: () => Promise<string>;
};

/** Every file of /admin/, by name, made fresh. */
async function editorFiles(
  backend: EditorBackend,
  host: Host,
): Promise<Record<string, () => Promise<string | Buffer>>> {
  const files: Record<string, () => Promise<string | Buffer>> = {
    'index.html': async () => editorPage(editorPolicy(backend.localPort)),
    'site.json': async () => siteSnapshot(host),
    'site.css': async () => siteStyles(await host.home()),
    'config.json': async () =>
      `${JSON.stringify(editorConfig(await currentJsonSchemas(), backend), null, 2)}\n`,
    'editor.js': () => bundle('main.ts', { platform: 'browser', format: 'iife', minify: true }),
  };
  for (const file of decapFiles()) files[file] = async () => readFileSync(join(decapFolder, file));
  return files;
}

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
        server.middlewares.use('/admin', async (request, response, next) => {
          const name = (request.url ?? '/').split('?')[0]!.replace(/^\/$/, '/index.html').slice(1);
          const host = { root, cacheDir, command: 'dev' as const, home };
          const file = (await editorFiles(backend, host))[name];
          if (!file) return next();
          try {
            const body = await file();
            response.setHeader(
              'Content-Type',
              types[name.split('.').at(-1)!] ?? 'application/octet-stream',
            );
            response.setHeader('Cache-Control', 'no-store');
            response.end(body);
          } catch (error) {
            next(error);
          }
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const folder = join(fileURLToPath(dir), 'admin');
        mkdirSync(folder, { recursive: true });
        const home = async () => readFileSync(join(fileURLToPath(dir), 'index.html'), 'utf8');
        const host = { root, cacheDir, command: 'build' as const, home };
        for (const [name, file] of Object.entries(await editorFiles(backend, host))) {
          writeFileSync(join(folder, name), await file());
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
