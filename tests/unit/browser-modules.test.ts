/**
 * The modules the docs say run in the browser import no Node module, and of Astro only its Zod
 * (`astro/zod`, how the schemas import Zod): the engine's core (decide.ts), the checks of one
 * entry, and the web editor's browser folder, every file of it. Each is bundled as the editor's
 * build bundles it, and its inputs are read from esbuild's own list.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const standIns = join(root, 'src/editor/browser/stand-ins.ts');

/** Every file of the web editor that runs in the browser. */
const editorBrowser = readdirSync(join(root, 'src/editor/browser')).map(
  (file) => `src/editor/browser/${file}`,
);

/** Every file `entry` pulls in, bundled for the browser. */
async function inputsOf(entry: string) {
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

describe('the modules that run in the browser', () => {
  it.each([
    'src/loaders/decide.ts',
    'src/loaders/entry-checks.ts',
    'src/loaders/index-fields.ts',
    'src/loaders/entry-id.ts',
    'src/loaders/body-checks.browser.ts',
    'src/lib/frontmatter.ts',
    ...editorBrowser,
  ])('%s imports no Node module, and of Astro only its Zod', async (entry) => {
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

  it('the editor’s script is its browser folder: every file of it, and nothing else of src/editor', async () => {
    const inputs = await inputsOf('src/editor/browser/main.ts');
    const editor = inputs.filter((input) => input.startsWith('src/editor/'));
    expect(editor.sort()).toEqual([...editorBrowser].sort());
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
