import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { ISLAND_CODE_LIST } from '../browser/intent-directive';
import { sonnerStaticStyles } from './sonner-styles';

const browser = new URL('../browser/', import.meta.url);

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
 * Writes the list `client:intent` fetches ahead: every JavaScript file of the browser's bundle,
 * as the bundler reports it, which on this site is the toaster island and what it imports.
 */
function islandCodeList(): Plugin {
  return {
    name: 'delicious-bites:island-code-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const files = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk' ? [file.fileName] : [],
      );
      // At the root, beside the pages: a host revalidates it as it does them, while /_astro/
      // files are cached for a year and would keep naming the files of an older build.
      this.emitFile({ type: 'asset', fileName: ISLAND_CODE_LIST, source: JSON.stringify(files) });
    },
  };
}

/**
 * Everything between a stubbed action and its toast, at build time. Every stubbed action works
 * from the first byte while React waits for the first intent:
 *
 * 1. src/browser/notice-capture.ts goes inline into every page's <head>; Astro hashes it into
 *    the content security policy, so no 'unsafe-inline' is needed.
 * 2. `client:intent` (src/browser/intent-directive.ts) hydrates the toaster on the first pointer,
 *    key, focus or notice, and fetches its code ahead once the page is idle, from the list of
 *    island code written here.
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
        updateConfig({
          vite: { plugins: [sonnerStaticStyles(), islandCodeList()] },
        });
      },
    },
  };
}
