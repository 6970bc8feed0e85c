import { readdirSync, statSync, watch, type FSWatcher, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
// Relative imports: Astro loads this with its config, before the `@/` alias exists.
import { contentFolders } from '../config';
import { engineInputs, isContentConfig } from '../loaders/engine-key';
import { evaluated, LOADER_NAME, refreshOf, type FileEvent } from '../loaders/port';
import { freshStore } from './fresh-store';

// Editors save by writing a temporary file and renaming it: a burst of events within a few
// milliseconds. The refresh waits this long after the last one.
const QUIET_MS = 30;

// How often, after a restart, it looks whether the content config was evaluated again.
const RESTART_POLL_MS = 100;

/**
 * After a restart, Astro evaluates the content config again but syncs nothing, since the content
 * config's own file is unchanged. Once an evaluation newer than the last one loaded exists, this
 * asks for a sync until a load of it has run (`refreshContent()` does nothing while Astro is
 * still loading the content config), so the session scans with its schemas and rules.
 */
async function syncNewEvaluation(
  refreshContent: (options: {
    loaders: string[];
    context: Record<string, unknown>;
  }) => Promise<void>,
  closed: () => boolean,
) {
  const before = evaluated().loaded;
  while (!closed() && evaluated().loaded <= before) {
    if (evaluated().made > before) {
      await refreshContent({ loaders: [LOADER_NAME], context: refreshOf([]) });
    }
    await new Promise((resolve) => setTimeout(resolve, RESTART_POLL_MS).unref());
  }
}

/**
 * What happened at a path, from what its folder's watch reported (`rename` or `change`) and what
 * is there now; `followed` when it was a folder being watched.
 */
function kindOf(stat: Stats | undefined, followed: boolean, reported: string): FileEvent['kind'] {
  if (stat?.isDirectory() || (!stat && followed)) return 'folder';
  if (!stat) return 'removed';
  return reported === 'change' ? 'changed' : 'added';
}

/**
 * `astro dev`: the content engine learns of saves in the collection folders from this
 * integration, which only sends: the engine defines what it hears (src/loaders/port.ts).
 *
 * A change to anything else that decides what an entry means (the engine key's inputs: a schema,
 * src/config.ts, the engine's code, the lockfile) restarts the dev server, through Astro's
 * `addWatchFile`, and the restarted server's content config is loaded, so the session scans with
 * it. Astro itself loads the content config's own file again when it changes, and syncs.
 *
 * The dev server's own watcher is told to leave the collection folders alone (a build never
 * watches, so the setting only ever matters to the dev server). At 100,000 entry files it took
 * 17 s to set itself up, and every save made Astro load the content config again, during which
 * `refreshContent()` does nothing. Instead, each folder in a collection folder gets a watch of its
 * own (a few thousand folders take a tenth of a second), and once a burst of saves is over, what
 * changed goes to the engine's loaders through `refreshContent()`, the hook Astro gives
 * integrations for this, and which it calls only for a dev server. Astro writes its store as soon
 * as the refresh ends.
 */
export function contentRefresh(): AstroIntegration {
  let root = '';
  let collections: string[] = [];
  let restarted = false;
  return {
    name: 'content-refresh',
    hooks: {
      'astro:config:setup': async ({ config, updateConfig, addWatchFile, command, isRestart }) => {
        root = fileURLToPath(config.root);
        collections = Object.values(contentFolders).map(({ folder }) => join(root, folder));
        const ignored = collections.map((folder) => `${folder}${sep}**`);
        updateConfig({ vite: { server: { watch: { ignored } } } });
        if (command !== 'dev') return;
        restarted = isRestart;
        for (const file of await engineInputs(root, fileURLToPath(config.srcDir))) {
          if (!isContentConfig(file)) addWatchFile(join(root, file));
        }
      },
      'astro:server:setup': ({ server, refreshContent: sync, logger }) => {
        if (!sync) return;
        // Each sync's store write reaches the next request (src/integrations/fresh-store.ts).
        const fresh = freshStore(server, root);
        const refreshContent: typeof sync = (options) => sync(options).then(fresh);
        let closed = false;
        server.httpServer?.once('close', () => (closed = true));
        if (restarted) {
          syncNewEvaluation(refreshContent, () => closed).catch((error: unknown) =>
            logger.error(error instanceof Error ? error.message : String(error)),
          );
        }
        const folders = new Map<string, FSWatcher>();
        // The last event of each path in the burst.
        const events = new Map<string, FileEvent['kind']>();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const refresh = () => {
          const context = refreshOf([...events].map(([path, kind]) => ({ kind, path })));
          events.clear();
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
          if (folders.has(folder) || !statSync(folder, { throwIfNoEntry: false })) return;
          const watcher = watch(folder, (reported, name) => {
            if (!name) return;
            const path = join(folder, name.toString());
            const stat = statSync(path, { throwIfNoEntry: false });
            const kind = kindOf(stat, folders.has(path), reported);
            // A file written anew is added, then changed, within one burst: it was added.
            events.set(path, kind === 'changed' && events.get(path) === 'added' ? 'added' : kind);
            // A folder moved or copied in brings its own folders to follow; one gone, none.
            if (stat?.isDirectory()) follow(path);
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
        for (const folder of collections) follow(folder);
        server.httpServer?.once('close', () => collections.forEach(forget));
      },
    },
  };
}
