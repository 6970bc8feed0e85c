import type { Plugin } from 'vite';

// sonner's ESM build starts with `__insertCSS("…")`, which injects its stylesheet at runtime.
const INSERT_CSS_CALL = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;

/** The file of sonner that injects its stylesheet: its bundle, as ES module or CommonJS. */
const SONNER_BUNDLE = /[\\/]sonner[\\/]dist[\\/]index\.m?js$/;

/** Any of sonner's JavaScript, to tell "sonner renamed its bundle" from "sonner is not here". */
const SONNER_SCRIPT = /[\\/]node_modules[\\/]sonner[\\/].*\.[cm]?js$/;

const UPDATE = 'update src/integrations/sonner-styles.ts';

/**
 * Serves sonner's stylesheet as a static file instead of injecting it from JavaScript.
 *
 * global.css imports `sonner/dist/styles.css`, and this plugin drops the runtime copy from the
 * bundle: about 3 KB less gzipped JavaScript on every page, and no inline <style> for the content
 * security policy to allow. It relies on how sonner is built, so a build fails here if a sonner
 * upgrade changes it: when its bundle no longer injects the stylesheet the expected way, and when
 * a build takes in sonner's code but not the bundle it must rewrite (a renamed file).
 */
export function sonnerStaticStyles(): Plugin {
  /** Per environment of a build: sonner's scripts it took in, and whether the bundle was one. */
  const builds = new Map<string, { scripts: string[]; rewritten: boolean }>();
  const of = (environment: string) => {
    const build = builds.get(environment) ?? { scripts: [], rewritten: false };
    builds.set(environment, build);
    return build;
  };
  return {
    name: 'delicious-bites:sonner-static-styles',
    enforce: 'pre',
    buildStart() {
      builds.delete(this.environment.name);
    },
    transform: {
      filter: { id: SONNER_SCRIPT },
      handler(code, id) {
        const build = of(this.environment.name);
        build.scripts.push(id);
        if (!SONNER_BUNDLE.test(id)) return null;
        if (!INSERT_CSS_CALL.test(code)) {
          throw new Error(`sonner-styles: ${id} no longer injects CSS the expected way; ${UPDATE}`);
        }
        build.rewritten = true;
        return { code: code.replace(INSERT_CSS_CALL, ''), map: null };
      },
    },
    buildEnd(error) {
      if (error || this.environment.mode !== 'build') return;
      const { scripts, rewritten } = of(this.environment.name);
      if (scripts.length && !rewritten) {
        throw new Error(
          `sonner-styles: expected to rewrite sonner's dist/index.mjs (or dist/index.js), which ` +
            `injects its stylesheet, but this build took in sonner's ${scripts.join(', ')} ` +
            `instead; ${UPDATE}`,
        );
      }
    },
  };
}
