/**
 * Every file of /admin/: the page, Decap CMS's configuration made from the schemas (with the
 * site's time zone), what the engine's index knows of the site and the site's stylesheet where the
 * site runs (site-files.ts), our browser code bundled on its own (editor.js, and the chunks it
 * imports: the preview's only when a preview is first opened), and Decap's files. Written into a
 * build and served by `astro dev` (../index.ts); `npm run editor` serves them before `astro dev`
 * has started (editor-front.ts).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from 'esbuild';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { load } from 'js-yaml';
import { siteSettings } from '@/config';
import { DEFAULT_TIME_ZONE } from '@/lib/publishing';
import type { EditedCollection, JsonSchema } from '../contract';
import { editorConfig, type EditorBackend } from './config';
import { bundle, pageScript } from './bundle';
import { assertBuilt, decapApp, decapAppModule } from './decap-app';
import { fileDigest, Kept } from './kept';
import { editorPage, editorPolicy } from './page';

const require = createRequire(import.meta.url);
const self = fileURLToPath(import.meta.url);
const browser = resolve(self, '../../browser');

/**
 * Our code's `astro:content` read through the stand-ins, and one acorn: the MDX parser imports
 * it, and acorn-jsx requires it.
 */
const alias = {
  'astro:content': join(browser, 'stand-ins.ts'),
  'astro:assets': join(browser, 'stand-ins.ts'),
  acorn: require.resolve('acorn').replace(/acorn\.js$/, 'acorn.mjs'),
};

/**
 * Our browser code as the page loads it: editor.js, the chunks it imports, and the preview's
 * chunk, which decap/previews.ts imports when a preview is first opened (React DOM and the cards).
 */
export const editorScripts = () =>
  bundle({ ...pageScript('editor'), entryPoints: { editor: join(browser, 'main.ts') }, alias });

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
  const { files, inputs } = await bundle({
    stdin: {
      contents: `import { jsonSchemas } from './schemas.ts';
        process.stdout.write(JSON.stringify(jsonSchemas()));`,
      resolveDir: browser,
      loader: 'ts',
    },
    platform: 'node',
    format: 'esm',
    alias,
  });
  const output = await runNode(Object.values(files)[0]!);
  return { value: JSON.parse(output) as Record<EditedCollection, JsonSchema>, inputs };
}

/**
 * Where the editor's files are made, and the files only the running site can make (site.json and
 * site.css, node/site-files.ts): without them, /admin/ has none by those names here.
 */
export type Host = {
  root: string;
  cacheDir: string;
  site?: Record<'site.json' | 'site.css', () => Promise<string>>;
};

/**
 * The site's time zone, in which the list reads publish dates, as the site settings' file names
 * it (UTC if it names none, or one this runtime does not know, as the schema refuses it).
 */
function timezoneIn(root: string) {
  try {
    const { timezone } = load(readFileSync(join(root, siteSettings.file), 'utf8')) as {
      timezone?: unknown;
    };
    if (typeof timezone !== 'string') return DEFAULT_TIME_ZONE;
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return timezone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
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
  const how = [self, join(host.root, 'tsconfig.json')].map((file) => fileDigest(file) ?? 'none');
  const recipe = `esbuild ${version}, Node ${process.version}, ${how.join(', ')}`;
  const store = (name: string) => ({
    file: join(host.cacheDir, 'editor', `${name}.json`),
    recipe,
    root: host.root,
  });
  const scripts = new Kept(
    () => editorScripts().then(({ files, inputs }) => ({ value: files, inputs })),
    store('scripts'),
  );
  const schemas = new Kept(currentJsonSchemas, store('schemas'));
  // Decap's script: made again if its source, a package it bundles, or decap-app.ts changes.
  const decap = new Kept(decapApp, {
    ...store('decap'),
    recipe: `${recipe}, ${fileDigest(decapAppModule)}`,
  });
  const config = async () => editorConfig(await schemas.get(), backend);
  /** What the page fetches first: Decap's configuration, and the time zone the list reads in. */
  const start = async () => ({ ...(await config()), timezone: timezoneIn(host.root) });
  /** Decap's script, once sure it registers all the configuration names. */
  const checkedDecap = async () => {
    const [app, made] = await Promise.all([decap.get(), config()]);
    assertBuilt(made, app.registered);
    return app;
  };
  // Every chunk made so far, ours and Decap's, by its content's name: a page opened before a
  // change still finds the chunk it loads later (the preview's).
  const chunks: Record<string, string> = {};
  const script = async (name: string) => Object.assign(chunks, await scripts.get())[name];
  const decapFile = async (name: string) => {
    const app = await checkedDecap();
    Object.assign(chunks, app.files);
    const wasm = app.wasm.find((path) => basename(path) === name);
    return wasm ? readFile(wasm) : chunks[name];
  };
  const kept = [scripts, schemas, decap];

  const made = new Map<string, () => Promise<string | Buffer>>([
    // Served once the scripts it loads are made: who opens it waits for nothing else of ours.
    [
      'index.html',
      async () => {
        await Promise.all([scripts.get(), checkedDecap()]);
        return editorPage(editorPolicy(backend.localPort));
      },
    ],
    ['config.json', async () => `${JSON.stringify(await start(), null, 2)}\n`],
    ...Object.entries(host.site ?? {}),
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
      for (const each of kept) each.prepare();
    },
    changed: (path) => {
      for (const each of kept) each.changed(path);
    },
  };
}

const types: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  wasm: 'application/wasm',
};

/**
 * Answers `request` for /admin/`name` from `files`; false if /admin/ has no file by that name.
 * Asked again on every load, and sent again only when it changed: a reload reads Decap's
 * megabytes from the browser's cache, compiled already.
 */
export async function answerAdmin(
  files: AdminFiles,
  name: string,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const body = await files.file(name);
  if (body === undefined) return false;
  response.setHeader('Content-Type', types[name.split('.').at(-1)!] ?? 'application/octet-stream');
  const tag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  response.setHeader('Cache-Control', 'no-cache');
  response.setHeader('ETag', tag);
  if (request.headers['if-none-match'] === tag) response.statusCode = 304;
  response.end(response.statusCode === 304 ? undefined : body);
  return true;
}
