/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

const script = (process.env['npm_lifecycle_event'] ?? 'vitest').replace(/\W+/g, '-');

export default getViteConfig({
  test: {
    // One report per npm script (test:unit, test:content, test:site, test:engines), for
    // scripts/test-summary.mjs.
    reporters: process.env['CI']
      ? ['default', ['json', { outputFile: `reports/vitest-${script}.json` }]]
      : ['default'],
    projects: [
      // Fast tests of the code, with content mocked or written to temporary folders.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      // Slow tests that run the real Astro CLI on scratch copies of the project.
      {
        extends: true,
        test: {
          name: 'content',
          include: ['tests/content/**/*.test.ts'],
          // A worker per core, not Vitest's cores minus one: each file's worker only waits for the
          // Astro process it started. Its own group, as other projects keep the default count.
          maxWorkers: '100%',
          sequence: { groupOrder: 1 },
        },
      },
      // The web editor in Chromium against `astro dev` and Decap's local proxy in a scratch copy:
      // one of each for each worker, kept from file to file (tests/editor/global-setup.ts), so
      // the files share a worker's modules.
      {
        extends: true,
        test: {
          name: 'editor',
          include: ['tests/editor/**/*.test.ts'],
          globalSetup: ['tests/editor/global-setup.ts'],
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // What a page shows after a save or a load, on a busy machine: a bound, not a wait.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      // Fast tests that read the production build in dist/ (npm run build first): everything a
      // page, feed or sitemap says without a browser running it.
      { extends: true, test: { name: 'site', include: ['tests/site/**/*.test.ts'] } },
      // The production build in WebKit and Firefox, served with a script that records errors
      // (npm run build first): what a visitor does on each route, at 375 and 1280 px.
      {
        extends: true,
        test: {
          name: 'engines',
          include: ['tests/engines/**/*.test.ts'],
          globalSetup: ['tests/engines/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 5000, interval: 100 } },
        },
      },
    ],
  },
});
