/**
 * Lets plain Node import the site's TypeScript as Astro and Vite resolve it: `@/x` from src/, and
 * an import inside src/ without its ending (`./config` for ./config.ts, a folder for its
 * index.ts). Node strips the types itself; Vite's module runner and its start-up are not needed.
 * Imported before any such module, as `npm run editor` does (scripts/editor.ts).
 */
import { existsSync, statSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const src = new URL('../../src/', import.meta.url);
const file = (path: string) => existsSync(path) && statSync(path).isFile();

registerHooks({
  resolve(specifier, context, next) {
    const aliased = specifier.startsWith('@/') ? new URL(specifier.slice(2), src).href : specifier;
    const inSrc = context.parentURL?.startsWith(src.href) || aliased !== specifier;
    if (inSrc && /^(\.|file:)/.test(aliased)) {
      const path = fileURLToPath(new URL(aliased, context.parentURL));
      if (!file(path)) {
        const found = ['.ts', '.tsx', '/index.ts'].find((ending) => file(path + ending));
        if (found) return next(pathToFileURL(path + found).href, context);
      }
    }
    return next(aliased, context);
  },
});
