/**
 * Every file of /admin/: the page, Decap CMS's configuration made from the schemas, what the
 * engine's index knows of the site, the site's stylesheet, our browser code bundled on its own
 * (editor.js, and the chunks it imports: the preview's only when a preview is first opened), and
 * Decap's files. Written into a build and served by `astro dev` (../index.ts). The costly ones,
 * our scripts and the collections' schemas, are made once and kept until one of their sources
 * changes, on disk too from one start of the dev server to the next.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, version, type BuildOptions, type Metafile, type StdinOptions } from 'esbuild';
import { load } from 'js-yaml';
import { appears, dayIn, publishingNow, publishState, type Mode } from '@/lib/publishing';
import { indexedEntries, indexFile } from '@/loaders/entry-index';
import { liveEntries } from '@/loaders/session';
import { timezoneOf, unpublished, type EditedCollection, type JsonSchema } from '../contract';
import { editorConfig, type EditorBackend } from './config';
import { assertBuilt, decapApp, decapAppModule } from './decap-app';
import { Kept } from './kept';
import { editorPage, editorPolicy } from './page';

const require = createRequire(import.meta.url);
const self = fileURLToPath(import.meta.url);
const browser = resolve(self, '../../browser');

/** What esbuild made: each file by its name, and the source files it read for them. */
export type Bundle = { files: Record<string, string>; inputs: string[]; metafile: Metafile };

/** Bundles the editor's code, `astro:content` read through the stand-ins. */
async function bundle(entry: string | StdinOptions, options: BuildOptions): Promise<Bundle> {
  const { outputFiles = [], metafile } = await build({
    ...options,
    ...(typeof entry === 'string' ? { entryPoints: { editor: entry } } : { stdin: entry }),
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'admin',
    logLevel: 'error',
    alias: {
      'astro:content': join(browser, 'stand-ins.ts'),
      'astro:assets': join(browser, 'stand-ins.ts'),
      // One acorn: the MDX parser imports it, and acorn-jsx requires it.
      acorn: require.resolve('acorn').replace(/acorn\.js$/, 'acorn.mjs'),
    },
  });
  if (!outputFiles.length || !metafile) {
    throw new Error(`esbuild wrote nothing for the editor's ${String(entry)}`);
  }
  const files = Object.fromEntries(outputFiles.map((file) => [basename(file.path), file.text]));
  // esbuild names its inputs from the working folder; "<stdin>" and a namespace's are no file.
  const inputs = Object.keys(metafile.inputs)
    .filter((input) => input !== '<stdin>' && !/^[\w-]+:/.test(input))
    .map((input) => resolve(input));
  return { files, inputs, metafile };
}

/**
 * Our browser code as the page loads it: editor.js, the chunks it imports, and the preview's
 * chunk, which decap/previews.ts imports when a preview is first opened (React DOM and the cards).
 */
export const editorScripts = () =>
  bundle(join(browser, 'main.ts'), {
    platform: 'browser',
    format: 'esm',
    splitting: true,
    // Named by their content: a page opened before a change still finds the chunks it asks for.
    chunkNames: 'editor-[name]-[hash]',
    minify: true,
  });

/** Runs `code` in a Node process of its own; what it printed. */
const runNode = (code: string) =>
  new Promise<string>((done, fail) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module'],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => (error ? fail(error) : done(stdout)),
    );
    child.stdin?.end(code);
  });

/**
 * The collections' JSON schemas, from the schemas as they are on disk now, and the files they
 * were read from. Worked out by a Node process of its own: inside Astro's config, Vite's module
 * runner takes over `import()`.
 */
async function currentJsonSchemas() {
  const { files, inputs } = await bundle(
    {
      contents: `import { jsonSchemas } from './schemas.ts';
        process.stdout.write(JSON.stringify(jsonSchemas()));`,
      resolveDir: browser,
      loader: 'ts',
    },
    { platform: 'node', format: 'esm' },
  );
  const output = await runNode(Object.values(files)[0]!);
  return { value: JSON.parse(output) as Record<EditedCollection, JsonSchema>, inputs };
}

/** Where the editor's files are made, and how to read the site's home page there. */
export type Host = { root: string; cacheDir: string; mode: Mode; home: () => Promise<string> };

/**
 * What the engine's index knows of every entry, for the editor's checks of the whole site: each
 * entry that appears in `mode` in full, and of the rest only digests of its id and file, no
 * title, so the public /admin/site.json of a build names nothing before it is published. In
 * `astro dev`, the running engine's index, as it is after the last save; the file is saved later.
 */
function siteSnapshot({ root, cacheDir, mode }: Host) {
  const indexed = liveEntries(root) ?? indexedEntries(indexFile(cacheDir));
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

/** Every file of /admin/, by name, and what a changed source file means for them. */
export type AdminFiles = {
  /** The name of every file, our scripts' chunks among them. */
  names(): Promise<string[]>;
  /** The file called `name`, made or kept; undefined if /admin/ has none by that name. */
  file(name: string): Promise<string | Buffer | undefined>;
  /** Starts making the costly files, our scripts and the configuration, before anyone asks. */
  prepare(): void;
  /** `path` changed on disk: what was made from it is made again when next asked for. */
  changed(path: string): void;
};

/**
 * Every file of /admin/. Our scripts and the configuration are made once and kept until a source
 * of theirs changes, and so is Decap's script, bundled with only what the configuration names
 * (decap-app.ts); the page, site.json and site.css are made on each request, as fresh as the site.
 * The page and Decap's script are not served while the configuration names a widget or backend
 * that script leaves out: the error names it.
 */
export function adminFiles(backend: EditorBackend, host: Host): AdminFiles {
  // Kept on disk between starts too; made again if a source changes, or how it is made: esbuild,
  // Node, this file (which holds the options) or the tsconfig.json esbuild reads. By their
  // digests, not their paths, and the sources by their paths from the root: a copy of the
  // project checks its own files (kept.ts).
  const how = [self, join(host.root, 'tsconfig.json')].map(digestOf).join(', ');
  const recipe = `esbuild ${version}, Node ${process.version}, ${how}`;
  const store = (name: string) => ({
    file: join(host.cacheDir, 'editor', `${name}.json`),
    recipe,
    root: host.root,
  });
  // Every chunk made so far, by its content's name: a page opened before a change still finds
  // the preview it loads later.
  const chunks: Record<string, string> = {};
  const scripts = new Kept(async () => {
    const { files, inputs } = await editorScripts();
    return { value: files, inputs };
  }, store('scripts'));
  const schemas = new Kept(currentJsonSchemas, store('schemas'));
  const script = async (name: string) => Object.assign(chunks, await scripts.get())[name];
  // Decap's script: made again if its source, a package it bundles, or decap-app.ts changes.
  const decap = new Kept(decapApp, {
    ...store('decap'),
    recipe: `${recipe}, ${digestOf(decapAppModule)}`,
  });
  const decapChunks: Record<string, string> = {};
  const config = async () => editorConfig(await schemas.get(), backend);
  /** Decap's script, once sure it registers all the configuration names. */
  const checkedDecap = async () => {
    const [app, made] = await Promise.all([decap.get(), config()]);
    assertBuilt(made, app.registered);
    return app;
  };
  const decapFile = async (name: string) => {
    const app = await checkedDecap();
    Object.assign(decapChunks, app.files);
    const wasm = app.wasm.find((path) => basename(path) === name);
    return wasm ? readFile(wasm) : decapChunks[name];
  };

  const made = new Map<string, () => Promise<string | Buffer>>([
    // Served once the scripts it loads are made: who opens it waits for nothing else of ours.
    [
      'index.html',
      async () => {
        await Promise.all([scripts.get(), checkedDecap()]);
        return editorPage(editorPolicy(backend.localPort));
      },
    ],
    ['site.json', async () => siteSnapshot(host)],
    ['site.css', async () => siteStyles(await host.home())],
    ['config.json', async () => `${JSON.stringify(await config(), null, 2)}\n`],
  ]);
  return {
    names: async () => {
      const app = await checkedDecap();
      return [
        ...made.keys(),
        ...Object.keys(await scripts.get()),
        ...Object.keys(app.files),
        ...app.wasm.map((path) => basename(path)),
      ];
    },
    file: async (name) =>
      made.get(name)?.() ??
      (/^editor[\w-]*\.js$/.test(name)
        ? script(name)
        : /^decap[\w-]*\.js$|^[\w-]+\.wasm$/.test(name)
          ? decapFile(name)
          : undefined),
    prepare: () => {
      scripts.prepare();
      schemas.prepare();
      decap.prepare();
    },
    changed: (path) => {
      scripts.changed(path);
      schemas.changed(path);
      decap.changed(path);
    },
  };
}

const digestOf = (file: string) =>
  existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : 'none';
