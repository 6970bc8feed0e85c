/**
 * Every file of /admin/, made fresh: the page, Decap CMS's configuration made from the schemas,
 * what the engine's index knows of the site, the site's stylesheet, our browser code bundled on
 * its own, and Decap's files. Written into a build and served by `astro dev` (../index.ts).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type StdinOptions } from 'esbuild';
import { load } from 'js-yaml';
import { appears, dayIn, publishingNow, publishState, type Mode } from '@/lib/publishing';
import { indexedEntries, indexFile } from '@/loaders/entry-index';
import { timezoneOf, unpublished } from '../browser/site-check';
import { editorConfig, type EditedCollection, type EditorBackend } from './config';
import type { JsonSchema } from './fields';
import { editorPage, editorPolicy } from './page';

const require = createRequire(import.meta.url);
const browser = resolve(fileURLToPath(import.meta.url), '../../browser');

/** Decap CMS's browser files: its script, the chunks it loads on demand and their WebAssembly. */
const decapFolder = join(dirname(require.resolve('decap-cms/package.json')), 'dist');
const decapFiles = () =>
  readdirSync(decapFolder).filter((file) => /^(\d+\.)?decap-cms\.js$|\.wasm$/.test(file));

/** Bundles one file of the editor, `astro:content` read through the stand-ins. */
async function bundle(entry: string | StdinOptions, options: BuildOptions) {
  const result = await build({
    ...(typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: entry }),
    bundle: true,
    write: false,
    logLevel: 'error',
    alias: {
      'astro:content': join(browser, 'stand-ins.ts'),
      'astro:assets': join(browser, 'stand-ins.ts'),
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
      contents: `import { jsonSchemas } from './schemas.ts';
        process.stdout.write(JSON.stringify(jsonSchemas()));`,
      resolveDir: browser,
      loader: 'ts',
    },
    { platform: 'node', format: 'esm' },
  );
  const output = execFileSync(process.execPath, ['--input-type=module'], { input: code });
  return JSON.parse(output.toString()) as Record<EditedCollection, JsonSchema>;
}

/** Where the editor's files are made, and how to read the site's home page there. */
export type Host = { root: string; cacheDir: string; mode: Mode; home: () => Promise<string> };

/**
 * What the engine's index knows of every entry, for the editor's checks of the whole site: each
 * entry that appears in `mode` in full, and of the rest only digests of its id and file, no
 * title, so the public /admin/site.json of a build names nothing before it is published.
 */
function siteSnapshot({ root, cacheDir, mode }: Host) {
  const indexed = indexedEntries(indexFile(cacheDir));
  // A post's card names its author: the team is on the about page, so its names are public.
  const named = (file: string) =>
    (load(readFileSync(join(root, file), 'utf8')) as { name?: string } | undefined)?.name;
  const today = dayIn(timezoneOf({ entries: indexed }), publishingNow());
  const entries = indexed.map(
    ({ collection, id, file, placement, references, placeholders, photos }) =>
      appears(publishState(placement, today), mode)
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

/** Every file of /admin/, by name, each made when asked for. */
export function adminFiles(
  backend: EditorBackend,
  host: Host,
): Record<string, () => Promise<string | Buffer>> {
  const files: Record<string, () => Promise<string | Buffer>> = {
    'index.html': async () => editorPage(editorPolicy(backend.localPort)),
    'site.json': async () => siteSnapshot(host),
    'site.css': async () => siteStyles(await host.home()),
    'config.json': async () =>
      `${JSON.stringify(editorConfig(await currentJsonSchemas(), backend), null, 2)}\n`,
    'editor.js': () =>
      bundle(join(browser, 'main.ts'), { platform: 'browser', format: 'iife', minify: true }),
  };
  for (const file of decapFiles()) files[file] = async () => readFileSync(join(decapFolder, file));
  return files;
}
