import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Where the build lists the toaster island's code, at the site's root, for `client:intent`. */
export const TOASTER_CODE = 'toaster-code.json';

/** The island whose code is listed: its component, and its framework's client renderer. */
const toaster = {
  component: fileURLToPath(new URL('../components/islands/NoticeToaster.tsx', import.meta.url)),
  renderer: '@astrojs/react/client.js',
};

/**
 * Writes the list of the JavaScript files the toaster island loads when it hydrates: its
 * component's chunk and its renderer's, with everything they import, as the bundler reports them.
 * No other island's code is on it.
 */
export function toasterCodeList(): Plugin {
  const entries = new Set<string>();
  return {
    name: 'delicious-bites:toaster-code-list',
    apply: 'build',
    async buildStart() {
      if (this.environment.config.consumer !== 'client') return;
      const renderer = await this.resolve(toaster.renderer);
      entries.add(toaster.component);
      if (renderer) entries.add(renderer.id);
    },
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const files = new Set<string>();
      const take = (fileName: string) => {
        const chunk = bundle[fileName];
        if (files.has(fileName) || chunk?.type !== 'chunk') return;
        files.add(fileName);
        for (const imported of chunk.imports) take(imported);
      };
      for (const [fileName, chunk] of Object.entries(bundle)) {
        if (chunk.type === 'chunk' && entries.has(chunk.facadeModuleId ?? '')) take(fileName);
      }
      if (files.size < entries.size) {
        this.error(
          `The toaster's component or renderer is not in the bundle: ${[...entries].join(', ')}`,
        );
      }
      // At the root, beside the pages: a host revalidates it as it does them, while /_astro/
      // files are cached for a year and would keep naming the files of an older build.
      this.emitFile({ type: 'asset', fileName: TOASTER_CODE, source: JSON.stringify([...files]) });
    },
  };
}
