/**
 * The modules the docs say run in the browser import no Node module, and of Astro only its Zod
 * (`astro/zod`, how the schemas import Zod): the engine's core (decide.ts), the checks of one
 * entry, and the web editor's browser folder, every file of it. Each is bundled as the editor's
 * build bundles it, and its inputs are read from esbuild's own list. The editor's scripts, as the
 * build and the dev server make them, leave the preview's React and cards to a chunk of their own.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { editorScripts } from '../../src/editor/node/admin-files';
import type { Bundle } from '../../src/editor/node/bundle';

const root = join(import.meta.dirname, '../..');
const standIns = join(root, 'src/editor/browser/stand-ins.ts');

/** Every file of the web editor that runs in the browser, in each of its rooms. */
const editorBrowser = readdirSync(join(root, 'src/editor/browser'), { recursive: true })
  .map((file) => `src/editor/browser/${String(file)}`)
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'));

/** The modules checked here: each bundled on its own. */
const entries = [
  'src/loaders/decide.ts',
  'src/loaders/entry-checks.ts',
  'src/loaders/index-fields.ts',
  'src/loaders/entry-id.ts',
  'src/loaders/body-checks.browser.ts',
  'src/lib/frontmatter.ts',
  ...editorBrowser,
];

/** Every file `entry` pulls in, bundled for the browser. */
async function bundledInputs(entry: string) {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'browser',
    logLevel: 'silent',
    alias: { 'astro:content': standIns, 'astro:assets': standIns },
  });
  return Object.keys(result.metafile.inputs);
}

/**
 * Every module's inputs, bundled side by side before the tests: Decap's script alone takes
 * seconds on a busy machine, longer than one test's time.
 */
const inputs = new Map<string, string[]>();
beforeAll(async () => {
  for (const [entry, found] of await Promise.all(
    entries.map(async (entry) => [entry, await bundledInputs(entry)] as const),
  )) {
    inputs.set(entry, found);
  }
}, 120_000);
const inputsOf = async (entry: string) => inputs.get(entry) ?? bundledInputs(entry);

describe('the modules that run in the browser', () => {
  it.each(entries)('%s imports no Node module, and of Astro only its Zod', async (entry) => {
    const inputs = await inputsOf(entry);
    expect(inputs.length).toBeGreaterThan(0);
    const astro = (input: string) =>
      /node_modules\/astro\//.test(input) && !input.endsWith('astro/dist/zod.js');
    expect(inputs.filter((input) => input.startsWith('node:') || astro(input))).toEqual([]);
  });

  it('the engine’s core, decide.ts, imports nothing of Astro at all', async () => {
    const inputs = await inputsOf('src/loaders/decide.ts');
    expect(inputs.filter((input) => /node_modules\/astro\/|^astro:/.test(input))).toEqual([]);
  });

  it('the editor’s scripts (ours, main.ts, and Decap’s, decap/app.ts) are its browser folder and the contract: every file of them, and nothing else of src/editor', async () => {
    const inputs = [
      ...new Set([
        ...(await inputsOf('src/editor/browser/main.ts')),
        ...(await inputsOf('src/editor/browser/decap/app.ts')),
      ]),
    ];
    const editor = inputs.filter((input) => input.startsWith('src/editor/'));
    expect(editor.sort()).toEqual([...editorBrowser, 'src/editor/contract.ts'].sort());
  });

  it('the editor’s script reads YAML with yaml, which gives the nodes its patches need, and holds no js-yaml', async () => {
    const packages = new Set(
      (await inputsOf('src/editor/browser/main.ts')).map(
        (input) => /node_modules\/([^/]+)\//.exec(input)?.[1],
      ),
    );
    expect(packages).toContain('yaml');
    expect(packages).not.toContain('js-yaml');
  });
});

describe('the editor’s scripts as the page loads them (editorScripts in src/editor/node/admin-files.ts)', () => {
  let scripts: Bundle;
  beforeAll(async () => {
    scripts = await editorScripts();
  }, 60_000);

  /** The files `from` loads by `kind` of import, and the files those load by a static import. */
  function loaded(from: string[], kind: 'import-statement' | 'dynamic-import') {
    const { outputs } = scripts.metafile;
    const next = from.flatMap((file) =>
      outputs[file]!.imports.filter((i) => i.kind === kind).map((i) => i.path),
    );
    const all = new Set(kind === 'import-statement' ? [...from, ...next] : next);
    for (const file of all) {
      for (const i of outputs[file]!.imports) if (i.kind === 'import-statement') all.add(i.path);
    }
    return [...all];
  }
  /** The source files bundled into `files`. */
  const sources = (files: string[]) =>
    files.flatMap((file) => Object.keys(scripts.metafile.outputs[file]!.inputs));
  const previewOnly = /node_modules\/(react|react-dom|scheduler)\/|^src\/components\//;

  it('the list’s page loads none of the preview’s React, React DOM or cards', () => {
    const beforeList = loaded(['admin/editor.js'], 'import-statement');
    expect(beforeList.length).toBeGreaterThan(0);
    expect(sources(beforeList).filter((input) => previewOnly.test(input))).toEqual([]);
    expect(sources(beforeList)).not.toContain('src/editor/browser/preview/card.tsx');
  });

  it('the preview’s chunk, loaded when a preview opens, has them all: preview/card.tsx, React DOM, each card', () => {
    const beforeList = loaded(['admin/editor.js'], 'import-statement');
    const preview = loaded(beforeList, 'dynamic-import');
    expect(preview.length).toBeGreaterThan(0);
    const inputs = sources(preview);
    expect(inputs).toContain('src/editor/browser/preview/card.tsx');
    for (const card of ['recipes/RecipeCard', 'blog/PostCard', 'about/TeamMemberCard']) {
      expect(inputs).toContain(`src/components/${card}.tsx`);
    }
    expect(inputs.some((input) => /node_modules\/react-dom\//.test(input))).toBe(true);
  });

  it('every file a script imports is one of the files made, by the name it imports', () => {
    const made = Object.keys(scripts.files);
    expect(made).toContain('editor.js');
    for (const [file, { imports }] of Object.entries(scripts.metafile.outputs)) {
      expect(made).toContain(basename(file));
      for (const { path } of imports)
        expect(made, `${file} imports ${path}`).toContain(basename(path));
    }
  });
});
