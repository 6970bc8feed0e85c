/**
 * knip, run by `npm run lint`: no file that nothing runs, no export nothing imports, no package
 * declared and unused. Its entry points are what runs without an import leading to it.
 */
import type { KnipConfig } from 'knip';

export default {
  entry: [
    'src/pages/**/*.{astro,ts}',
    // Bundled on their own: the web editor's scripts, ours and Decap's (src/editor/node/
    // admin-files.ts, decap-app.ts), and what the integrations inline into every page
    // (src/integrations/notices.ts, photo-fallback.ts).
    'src/editor/browser/main.ts',
    'src/editor/browser/decap/app.ts',
    'src/browser/*.ts',
    'scripts/**/*.{ts,mjs}',
    'tests/**/*.{ts,tsx}',
  ],
  project: ['src/**/*.{ts,tsx,astro}', 'scripts/**/*.{ts,mjs}', 'tests/**/*.{ts,tsx}'],
  ignoreDependencies: [
    // Imported by CSS (src/styles/global.css), which knip does not follow.
    'tailwindcss',
    // Read by their files' paths: the fonts npm run fonts cuts, the DOM library the engine tests
    // serve to the page, the local proxy's script (src/editor/node/local-proxy.ts).
    '@fontsource-variable/fraunces',
    '@testing-library/dom',
    'decap-server',
    // Decap's full build, on which tests/editor/decap-api.test.ts tries Decap's API (its test
    // backend is in no build of ours): read by its path.
    'decap-cms',
    // Named to esbuild by decap-app.ts as it bundles Decap (lodash's functions from lodash-es, a
    // hint's Markdown loaded later), which knip does not follow.
    'lodash-es',
    'remark-gfm',
  ],
  // Programs the benchmarks, the HTML check, the machine's plan (apt) and bench:stress run when the machine has them.
  ignoreBinaries: ['hugo', 'openssl', 'java', 'apt-cache', 'stress-ng'],
} satisfies KnipConfig;
