/**
 * Serves the production build for the engine tests, as a static host would, with the capture
 * script first in every page, and Testing Library for the pages to load when a test looks for
 * something. `ENGINES_PORT` (4800) is the site's port; the engines listen on
 * the next two (tests/engines/engine-suite.ts).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TESTING_LIBRARY, TESTING_LIBRARY_PATH } from '../../scripts/engines/queries.ts';
import { serveStatic } from '../../scripts/lib/static-host.ts';
import { CAPTURE_SCRIPT_PATH, captureScriptErrors, withCaptureScript } from './capture-errors.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The site's URL, "http://127.0.0.1:4800". */
    site: string;
  }
}

export default async function serveSite({ provide }: TestProject) {
  const dist = join(import.meta.dirname, '../../dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`No production build in ${dist}: run \`npm run build\` first.`);
  }
  // A copy, so that a build running beside the tests (npm test in the same checkout) cannot
  // take pages away from under them. It goes when the process does, even when interrupted.
  const root = mkdtempSync(join(tmpdir(), 'engines-site-'));
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  cpSync(dist, root, { recursive: true });
  const site = await serveStatic(root, {
    port: Number(process.env['ENGINES_PORT'] || 4800),
    extras: {
      [CAPTURE_SCRIPT_PATH]: `(${String(captureScriptErrors)})();`,
      [TESTING_LIBRARY_PATH]: TESTING_LIBRARY,
    },
    rewriteHtml: withCaptureScript,
  });
  provide('site', site.url);
  return () => site.close();
}
