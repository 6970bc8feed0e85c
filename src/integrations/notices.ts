import { posix } from 'node:path';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { MODULE_IMPORTS_FILE, type ModuleImports } from '../browser/intent-directive';
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
 * Writes, beside the browser's JavaScript, what each chunk imports statically, as the bundler
 * reports it, so `client:intent` can fetch an island's whole module graph ahead of the first
 * click without reading any code.
 */
function moduleImports(assetsDir: string): Plugin {
  return {
    name: 'delicious-bites:module-imports',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const fromListing = (file: string) => posix.relative(assetsDir, file);
      const imports: ModuleImports = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.imports.length) {
          imports[fromListing(chunk.fileName)] = chunk.imports.map(fromListing);
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: posix.join(assetsDir, MODULE_IMPORTS_FILE),
        source: JSON.stringify(imports),
      });
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
 *    key, focus or notice, and fetches its code ahead once the page is idle, following the
 *    module-imports file written here.
 * 3. sonner's stylesheet is served as CSS instead of injected by its JavaScript (sonner-styles.ts).
 */
export function noticeCapture(): AstroIntegration {
  return {
    name: 'delicious-bites:notice-capture',
    hooks: {
      'astro:config:setup': async ({
        config,
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
          vite: { plugins: [sonnerStaticStyles(), moduleImports(config.build.assets)] },
        });
      },
    },
  };
}
