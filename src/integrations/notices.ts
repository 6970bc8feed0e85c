import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { toasterCodeList } from './island-code';
import { sonnerStaticStyles } from './sonner-styles';

const browser = new URL('../browser/', import.meta.url);

/** Bundles a browser script into one minified classic script, small enough to inline. */
export async function inlineScript(entry: URL): Promise<string> {
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
 * Everything between a stubbed action and its toast, at build time. Every stubbed action works
 * from the first byte while React waits for the first intent:
 *
 * 1. src/browser/notice-capture.ts goes inline into every page's <head>; Astro hashes it into
 *    the content security policy, so no 'unsafe-inline' is needed.
 * 2. `client:intent` (src/browser/intent-directive.ts) hydrates the toaster on the first pointer,
 *    key, focus, click or submit, and fetches its code ahead once the page is idle, from the list
 *    of the toaster's code (island-code.ts).
 * 3. sonner's stylesheet is served as CSS instead of injected by its JavaScript (sonner-styles.ts).
 */
export function noticeCapture(): AstroIntegration {
  return {
    name: 'delicious-bites:notice-capture',
    hooks: {
      'astro:config:setup': async ({
        injectScript,
        addClientDirective,
        addWatchFile,
        updateConfig,
      }) => {
        const capture = new URL('notice-capture.ts', browser);
        addWatchFile(capture);
        injectScript('head-inline', await inlineScript(capture));
        addClientDirective({
          name: 'intent',
          entrypoint: new URL('intent-directive.ts', browser).pathname,
        });
        updateConfig({ vite: { plugins: [sonnerStaticStyles(), toasterCodeList()] } });
      },
    },
  };
}
