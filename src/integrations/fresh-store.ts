import { join } from 'node:path';
import { isRunnableDevEnvironment, type ViteDevServer } from 'vite';

/** The Vite module through which `astro dev` reads its content store (`astro:data-layer-content`). */
export const STORE_MODULE = '\0astro:data-layer-content';

/** The file `astro dev` writes its content store to, in the project at `root`. */
export const storeFile = (root: string) => join(root, '.astro', 'data-store.json');

/**
 * `astro dev`: makes each write of the content store reach the next request, when Astro's own
 * invalidation may not.
 *
 * Upstream behaviour worked around (Astro 7.3, Vite 8): when Astro writes `.astro/data-store.json`
 * it invalidates the store's module with Vite's HMR flag (`invalidateDataStore` in
 * astro/dist/content/vite-plugin-content-virtual-mod.js). That flag moves the module's HMR
 * timestamp, not its invalidation timestamp, and Vite keeps the result of a load that finishes
 * after an invalidation unless it began before the invalidation timestamp. So a request that
 * began loading the store (after an earlier save) before the write finishes with the old store,
 * Vite keeps it, and every page shows the old content until the next save. A plain invalidation
 * here, after the write, moves the invalidation timestamp: Vite drops what is still loading, and
 * the store's importers, Astro's `globalDataStore` among them, are evaluated again on the next
 * request.
 *
 * The server's module graph is not all: each environment's module runner keeps its own evaluated
 * copy of the module, and asks the server only whether that copy is current, which the server
 * answers from its own cache. A load in flight at the write can leave the two apart: the runner
 * evaluates the old store that load returns, while the server keeps a later load's transform of
 * the new one (a deletion's sync ends half a second after its write, as Astro waits for its other
 * files, time enough for a request to load the store again), and from then on tells the runner
 * its copy is current: the page keeps a deleted entry until the next save. So the runner's copy
 * is dropped here too, as Astro's own `invalidateDataStore` does at the write, but after it: the
 * runner fetches the module anew on the next request.
 *
 * Every call here is Vite's Environment API as its guide documents it (`server.environments`,
 * `environment.moduleGraph`, `isRunnableDevEnvironment`, the module runner's `evaluatedModules`),
 * and the very calls Astro's `invalidateDataStore` makes, only without the HMR flag.
 *
 * Returns the invalidation, for the caller to run once a sync it started has written the store;
 * the server's watcher runs it after any other write (Astro's own syncs).
 */
export function freshStore(server: ViteDevServer, root: string) {
  const file = storeFile(root);
  const invalidate = () => {
    for (const environment of Object.values(server.environments)) {
      const module = environment.moduleGraph.getModuleById(STORE_MODULE);
      if (!module) continue;
      environment.moduleGraph.invalidateModule(module);
      if (!isRunnableDevEnvironment(environment)) continue;
      const evaluated = environment.runner.evaluatedModules;
      const copy = evaluated.getModuleById(STORE_MODULE);
      if (copy) evaluated.invalidateModule(copy);
    }
  };
  const written = (path: string) => {
    if (path === file) invalidate();
  };
  server.watcher.on('add', written);
  server.watcher.on('change', written);
  return invalidate;
}
