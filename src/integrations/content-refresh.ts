import { existsSync, readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { randomUUID } from 'node:crypto';

/*
 * What a refresh hands the content engine's loaders (src/loaders/loader.ts) through Astro's
 * `refreshContent({ loaders, context })`: the one seam between this watch and the engine.
 */

/** The name every loader of the engine carries, so a refresh reaches them all; Astro logs it as `[content]`. */
export const LOADER_NAME = 'content';

/** The paths that changed under src/content, and a name of the refresh's own, so the engine takes it in once however many of its loaders it reaches. */
export type ContentChanges = { refresh: string; changed: string[] };

/** A refresh naming `changed`. */
export const contentChanges = (changed: string[]) => ({ refresh: randomUUID(), changed });

/** What a refresh names, if it is one of ours. */
export function changesIn(data: Record<string, unknown> | undefined): ContentChanges | undefined {
  const { refresh, changed } = data ?? {};
  if (typeof refresh !== 'string' || !Array.isArray(changed)) return undefined;
  return { refresh, changed: changed.filter((path) => typeof path === 'string') };
}

// Editors save by writing a temporary file and renaming it: a burst of events within a few
// milliseconds. The refresh waits this long after the last one.
const QUIET_MS = 30;

/**
 * `astro dev`: the content engine learns of saves under src/content from this integration.
 *
 * The dev server's own watcher is told to leave src/content alone. At 100,000 entry files it took
 * 17 s to set itself up, and every save made Astro load the content config again, during which
 * `refreshContent()` does nothing. Instead, each folder under src/content gets a watch of its own
 * (a few thousand folders take a tenth of a second), and once a burst of saves is over, the
 * changed paths go to the engine's loaders through `refreshContent()`, the hook Astro gives
 * integrations for this. Astro writes its store as soon as the refresh ends.
 */
export function contentRefresh(): AstroIntegration {
  let contentDir = '';
  return {
    name: 'content-refresh',
    hooks: {
      'astro:config:setup': ({ config, command, updateConfig }) => {
        contentDir = fileURLToPath(new URL('content', config.srcDir));
        if (command === 'dev') {
          updateConfig({ vite: { server: { watch: { ignored: [`${contentDir}${sep}**`] } } } });
        }
      },
      'astro:server:setup': ({ server, refreshContent, logger }) => {
        if (!refreshContent) return;
        const folders = new Map<string, FSWatcher>();
        const changed = new Set<string>();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const refresh = () => {
          const context = contentChanges([...changed]);
          changed.clear();
          refreshContent({ loaders: [LOADER_NAME], context }).catch((error: unknown) =>
            logger.error(error instanceof Error ? error.message : String(error)),
          );
        };
        const forget = (gone: string) => {
          for (const [folder, watcher] of folders) {
            if (folder === gone || folder.startsWith(`${gone}${sep}`)) {
              watcher.close();
              folders.delete(folder);
            }
          }
        };
        const follow = (folder: string) => {
          if (folders.has(folder) || !existsSync(folder)) return;
          const watcher = watch(folder, (_event, name) => {
            if (!name) return;
            const path = join(folder, name.toString());
            changed.add(path);
            // A folder moved or copied in brings its own folders to follow; one gone, none.
            if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) follow(path);
            else forget(path);
            clearTimeout(timer);
            timer = setTimeout(refresh, QUIET_MS);
          });
          watcher.on('error', () => forget(folder));
          watcher.unref();
          folders.set(folder, watcher);
          for (const entry of readdirSync(folder, { withFileTypes: true })) {
            if (entry.isDirectory()) follow(join(folder, entry.name));
          }
        };
        follow(contentDir);
        server.httpServer?.once('close', () => forget(contentDir));
      },
    },
  };
}
