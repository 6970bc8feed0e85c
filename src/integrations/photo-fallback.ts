import type { AstroIntegration } from 'astro';
import { inlineScript } from './notices';

/**
 * Inlines src/browser/photo-fallback.ts into every page's <head>, so a photo that cannot load
 * shows the designed placeholder in every engine. Astro hashes it into the content security policy.
 */
export function photoFallback(): AstroIntegration {
  return {
    name: 'delicious-bites:photo-fallback',
    hooks: {
      'astro:config:setup': async ({ injectScript, addWatchFile }) => {
        const script = new URL('../browser/photo-fallback.ts', import.meta.url);
        addWatchFile(script);
        injectScript('head-inline', await inlineScript(script));
      },
    },
  };
}
