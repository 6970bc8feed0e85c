import type { Plugin } from 'vite';

// sonner's ESM build starts with `__insertCSS("…")`, which injects its stylesheet at runtime.
const INSERT_CSS_CALL = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;

/**
 * Serves sonner's stylesheet as a static file instead of injecting it from JavaScript.
 *
 * global.css imports `sonner/dist/styles.css`, and this plugin drops the runtime copy from the
 * bundle: about 3 KB less gzipped JavaScript on every page, and no inline <style> for the content
 * security policy to allow. If a sonner upgrade changes the injection, the build fails here.
 */
export function sonnerStaticStyles(): Plugin {
  return {
    name: 'delicious-bites:sonner-static-styles',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]sonner[\\/]dist[\\/]index\.m?js$/ },
      handler(code, id) {
        if (!INSERT_CSS_CALL.test(code)) {
          throw new Error(
            `sonner-styles: ${id} no longer injects CSS the expected way; update src/integrations/sonner-styles.ts`,
          );
        }
        return { code: code.replace(INSERT_CSS_CALL, ''), map: null };
      },
    },
  };
}
