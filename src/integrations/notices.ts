import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';

const scripts = new URL('../browser/', import.meta.url);

/** Bundles a browser script into one minified classic script, small enough to inline. */
async function inlineScript(entry: URL): Promise<string> {
  const { outputFiles } = await build({
    entryPoints: [entry.pathname],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2022',
    write: false,
    tsconfig: new URL('../../tsconfig.json', import.meta.url).pathname,
  });
  return outputFiles[0]!.text.trim();
}

/**
 * Makes every stubbed action work from the first byte while React waits for the first intent.
 *
 * - src/browser/notice-capture.ts goes inline into every page's <head>. Astro hashes injected
 *   scripts into the content security policy, so no 'unsafe-inline' is needed.
 * - `client:intent` hydrates an island on the first pointer, key, focus or notice
 *   (src/browser/intent-directive.ts); the toaster uses it.
 */
export function noticeCapture(): AstroIntegration {
  return {
    name: 'delicious-bites:notice-capture',
    hooks: {
      'astro:config:setup': async ({ injectScript, addClientDirective, addWatchFile }) => {
        const capture = new URL('notice-capture.ts', scripts);
        addWatchFile(capture);
        injectScript('head-inline', await inlineScript(capture));
        addClientDirective({
          name: 'intent',
          entrypoint: new URL('intent-directive.ts', scripts).pathname,
        });
      },
    },
  };
}
