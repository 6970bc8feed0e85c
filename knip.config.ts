/**
 * knip, run by `npm run lint`: no file that nothing runs, no export nothing imports, no package
 * declared and unused. Its entry points are what runs without an import leading to it.
 */
import type { KnipConfig } from 'knip';

export default {
  entry: [
    'src/pages/**/*.{astro,ts}',
    // Bundled on their own: the web editor's script (src/editor/node/admin-files.ts) and what
    // the integrations inline into every page (src/integrations/notices.ts, photo-fallback.ts).
    'src/editor/browser/main.ts',
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
  ],
  // Programs the benchmarks, the HTML check and the machine's plan (apt) run when the machine has them.
  ignoreBinaries: ['hugo', 'openssl', 'java', 'apt-cache'],
} satisfies KnipConfig;
