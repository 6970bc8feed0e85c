/**
 * What may import what: each rule is a sentence of the docs, quoted in its `comment`, and
 * `tests/unit/architecture.test.ts` fails on any import that breaks one (`npm test` runs it).
 * `npx depcruise src scripts tests` prints the same. Type-only imports count: a circle of types
 * is still a circle for whoever reads the code.
 */

/** The modules that run in a browser: the visitor's, and the web editor's, with the engine's parts it runs. */
const browserModules = [
  '^src/browser/',
  '^src/components/islands/',
  '^src/editor/browser/',
  '^src/loaders/(decide|entry-checks|index-fields|entry-id|body-checks[.]browser)[.]ts$',
  '^src/lib/frontmatter[.]ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'README.md, "Project layout": "there are no import circles in src/, scripts/ or tests/"',
      severity: 'error',
      from: { path: '^(src|scripts|tests)/' },
      to: { circular: true },
    },
    {
      name: 'schemas-stand-alone',
      comment:
        'README.md, "Project layout": "src/schemas/ imports nothing from outside itself but Zod (astro/zod) and astro:content"',
      severity: 'error',
      from: { path: '^src/schemas/' },
      to: {
        pathNot: ['^src/schemas/', '(^|/)node_modules/astro/dist/zod[.]js$', '^astro:content$'],
      },
    },
    {
      name: 'core-imports-nothing-of-astro',
      comment:
        'docs/ENGINE.md, "The shape": "The core (decide.ts) … imports nothing of Astro or Vite". What it imports in turn is bundled by tests/unit/browser-modules.test.ts.',
      severity: 'error',
      from: { path: '^src/loaders/decide[.]ts$' },
      to: { path: ['(^|/)node_modules/(astro|vite)/', '^astro:'] },
    },
    {
      name: 'core-imports-no-node-module',
      comment:
        'docs/ENGINE.md, "The shape": "The core (decide.ts) … reads no file": it imports no Node module, so the web editor runs it in the browser.',
      severity: 'error',
      from: { path: '^src/loaders/decide[.]ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'loader-context-in-loader-only',
      comment:
        'docs/ENGINE.md, "The shape": "loader.ts is the only module that imports astro/loaders"',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/loaders/loader[.]ts$' },
      to: { path: '(^|/)node_modules/astro/dist/content/loaders/' },
    },
    {
      name: 'port-imports-only-types',
      comment:
        'docs/ENGINE.md, "The shape": "The integration and the loaders both use port.ts, which imports only types", so the two talk one way.',
      severity: 'error',
      from: { path: '^src/loaders/port[.]ts$' },
      to: { dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'catalogue-calls-down',
      comment:
        'docs/ENGINE.md, "The shape": "The catalogue imports neither the session, the adapter nor the integration: the catalogue only calls down"',
      severity: 'error',
      from: { path: '^src/loaders/catalogue[.]ts$' },
      to: { path: ['^src/loaders/(session|loader)[.]ts$', '^src/integrations/'] },
    },
    {
      name: 'editor-through-its-doors',
      comment:
        'README.md, "Project layout": "the rest of src/ and scripts/ reaches the web editor through src/editor/index.ts, src/editor/node/local-proxy.ts and src/editor/node/editor-front.ts alone". Tests may open any room.',
      severity: 'error',
      from: { path: '^(src|scripts)/', pathNot: '^src/editor/' },
      to: {
        path: '^src/editor/',
        pathNot: [
          '^src/editor/index[.]ts$',
          '^src/editor/node/local-proxy[.]ts$',
          '^src/editor/node/editor-front[.]ts$',
        ],
      },
    },
    {
      name: 'browser-imports-no-node',
      comment:
        'README.md, "Project layout": "code that runs in a browser imports no Node module" (src/browser/, the island, the web editor\'s browser code and the engine\'s parts it runs). Type-only imports vanish before a browser sees the code; what the modules import in turn is bundled by tests/unit/browser-modules.test.ts.',
      severity: 'error',
      from: { path: browserModules },
      to: { dependencyTypes: ['core'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
  },
};
