/**
 * Decap CMS's script as the editor's page loads it (/admin/decap.js and its chunks), bundled from
 * src/editor/browser/decap/app.ts: Decap's core with only the backends, widgets and language the
 * editor's configuration names, each widget fetched when a form first draws it. What the
 * configuration names and the build left out stops the build, and `astro dev`'s /admin/, by name.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import type { EditorField } from '../contract';
import { bundle, pageScript } from './bundle';
import type { editorConfig } from './config';

const require = createRequire(import.meta.url);
/** This file, which holds how the script is made. */
export const decapAppModule = fileURLToPath(import.meta.url);
/** The script's source, whose imports name what it registers. */
export const decapAppSource = resolve(decapAppModule, '../../browser/decap/app.ts');

/** Decap's widgets and backends, by the names the configuration gives them. */
export type DecapParts = { widgets: string[]; backends: string[] };

/**
 * The widgets and backends a script registers, by the Decap packages it imports, each named for
 * what it holds: decap-cms-widget-<name>, decap-cms-backend-<name>.
 */
export function partsImported(specifiers: readonly string[]): DecapParts {
  const named = (kind: string) => [
    ...new Set(
      specifiers.flatMap((path) => new RegExp(`^decap-cms-${kind}-(\\w+)$`).exec(path)?.[1] ?? []),
    ),
  ];
  return { widgets: named('widget'), backends: named('backend') };
}

type Field = Pick<EditorField, 'widget'> & { [option: string]: unknown };
/** As much of Decap's configuration (config.ts) as names widgets and backends. */
type Config = Pick<ReturnType<typeof editorConfig>, 'backend'> & {
  local_backend?: unknown;
  collections: readonly { fields: readonly Field[] }[];
};

/** Every widget and backend `config` names: its fields' and their fields', and where it saves. */
export function partsNamed(config: Config): DecapParts {
  const widgets = new Set<string>();
  const walk = (fields: readonly Field[]) => {
    for (const field of fields) {
      widgets.add(field.widget);
      // A group's or a list's fields, or a list's one field.
      const inner = (field['fields'] ?? (field['field'] ? [field['field']] : [])) as Field[];
      walk(inner);
    }
  };
  for (const collection of config.collections) walk(collection.fields);
  // Decap saves through its "proxy" backend when the local one (decap-server) answers.
  const backends = [config.backend.name, ...(config.local_backend ? ['proxy'] : [])];
  return { widgets: [...widgets], backends };
}

/** What `config` names that `registered` lacks, each as `widget "name"` or `backend "name"`. */
export function missingFromBuild(config: Config, registered: DecapParts): string[] {
  const named = partsNamed(config);
  return (['widget', 'backend'] as const).flatMap((kind) =>
    named[`${kind}s`]
      .filter((name) => !registered[`${kind}s`].includes(name))
      .map((name) => `${kind} "${name}"`),
  );
}

/** Stops with the names of what `config` needs and the build of Decap's script left out. */
export function assertBuilt(config: Config, registered: DecapParts) {
  const missing = missingFromBuild(config, registered);
  if (missing.length) {
    throw new Error(
      `The editor's configuration names ${missing.join(', ')}, which Decap's script leaves out: ` +
        `register ${missing.length > 1 ? 'them' : 'it'} in ${decapAppSource}.`,
    );
  }
}

/**
 * Smaller, with nothing the editor uses taken away: lodash's functions from lodash-es, which a
 * bundler can leave out one by one (lodash/fp, which needs lodash itself, stays); GitHub's
 * GraphQL API, which the configuration never turns on (`use_graphql`), left out with Apollo;
 * and the Markdown behind a field's hint fetched when a form first shows one.
 */
const trimmed: Plugin = {
  name: 'decap-trimmed',
  setup(build) {
    build.onResolve({ filter: /^lodash(\/[\w.]+)?$/ }, ({ path, resolveDir, kind }) =>
      path === 'lodash/fp'
        ? undefined
        : build.resolve(path === 'lodash' ? 'lodash-es' : `lodash-es/${path.slice(7)}.js`, {
            resolveDir,
            kind,
          }),
    );
    build.onResolve({ filter: /^\.\/GraphQLAPI$/ }, ({ importer }) =>
      importer.includes('decap-cms-backend-github')
        ? { path: 'graphql', namespace: 'left-out' }
        : undefined,
    );
    build.onResolve({ filter: /^(react-markdown|remark-gfm)$/ }, ({ path, importer }) =>
      /decap-cms-core.*EditorControl\.js$/.test(importer)
        ? { path, namespace: 'later' }
        : undefined,
    );
    build.onLoad({ filter: /^graphql$/, namespace: 'left-out' }, () => ({
      contents: `export default class { constructor() {
        throw new Error("GitHub's GraphQL API is left out of the editor's Decap: no use_graphql.");
      } }`,
      loader: 'js',
    }));
    // The hint's Markdown, and its tables and links (GFM), once a form shows a hint.
    build.onLoad({ filter: /^remark-gfm$/, namespace: 'later' }, () => ({
      contents: 'export default undefined;',
      loader: 'js',
    }));
    build.onLoad({ filter: /^react-markdown$/, namespace: 'later' }, ({ path }) => ({
      resolveDir: dirname(require.resolve('decap-cms-core/package.json')),
      loader: 'js',
      contents: `import { createElement, lazy, Suspense } from 'react';
        const Fetched = lazy(() =>
          Promise.all([import('${path}'), import('remark-gfm')]).then(([markdown, gfm]) => ({
            default: (props) =>
              createElement(markdown.default, { ...props, remarkPlugins: [gfm.default] }),
          })),
        );
        export default (props) => createElement(Suspense, { fallback: null }, createElement(Fetched, props));`,
    }));
  },
};

/** Decap's script, its chunks and WebAssembly, and what it registers. */
export type DecapApp = {
  /** decap.js and its chunks, by name. */
  files: Record<string, string>;
  /** The WebAssembly files its chunks fetch beside them (the WebP encoder's), by path. */
  wasm: string[];
  registered: DecapParts;
};

/** Bundles Decap's script; what it is made of, absolute paths, for Kept. */
export async function decapApp(): Promise<{ value: DecapApp; inputs: string[] }> {
  const { files, inputs, metafile } = await bundle({
    ...pageScript('decap'),
    entryPoints: { decap: decapAppSource },
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    plugins: [trimmed],
  });
  const source = Object.entries(metafile.inputs).find(
    ([input]) => resolve(input) === decapAppSource,
  );
  if (!source) throw new Error(`esbuild did not read ${decapAppSource}`);
  // The WebAssembly a bundled module fetches from beside itself, `new URL("x.wasm", import.meta.url)`
  // (@jsquash/webp's, to make a WebP): served beside the chunks.
  const wasm = inputs
    .filter((input) => /\.m?js$/.test(input))
    .flatMap((input) =>
      [
        ...readFileSync(input, 'utf8').matchAll(
          /new URL\(["']([\w.-]+\.wasm)["'],\s*import\.meta\.url\)/g,
        ),
      ].map(([, name]) => join(dirname(input), name!)),
    );
  return {
    value: {
      files,
      wasm: [...new Set(wasm)],
      registered: partsImported(source[1].imports.map((i) => i.original ?? i.path)),
    },
    inputs,
  };
}
