import { registerHooks } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
const src = new URL('./src/', import.meta.url);
registerHooks({
  resolve(specifier, context, next) {
    let spec = specifier.startsWith('@/') ? new URL(specifier.slice(2), src).href : specifier;
    if ((spec.startsWith('.') || spec.startsWith('file:')) && context.parentURL?.includes('/src/')) {
      const url = new URL(spec, context.parentURL);
      const path = fileURLToPath(url);
      if (!existsSync(path) || path.endsWith('/')) {
        for (const end of ['.ts', '.tsx', '/index.ts']) if (existsSync(path + end)) { spec = pathToFileURL(path + end).href; break; }
      }
    }
    return next(spec, context);
  },
});
const t = performance.now();
const m = await import('./src/editor/node/config.ts');
const c = await import('./src/editor/node/decap-app.ts');
const p = await import('./src/editor/node/page.ts');
const k = await import('./src/editor/node/kept.ts');
console.log(Object.keys(m), Math.round(performance.now() - t));
