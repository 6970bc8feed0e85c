import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerResponse } from 'node:http';
import type { AstroIntegration } from 'astro';

/**
 * The name every collection loader of the content engine carries, so a refresh reaches them all.
 * Astro labels the loaders' log lines with it: `[content]`.
 */
export const LOADER_NAME = 'content';

/** A file or folder that changed under src/content, as the dev server's watcher reports it. */
export type Change = {
  event: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';
  /** Absolute path. */
  path: string;
};

const CHANGES = 'contentEngineChanges';

/** What a refresh hands the loaders; they mark it received. */
type Request = { [CHANGES]: Change[]; received?: true };

/** The `context` of a refresh that names `changes`. */
export const refreshRequest = (changes: Change[]): Request => ({ [CHANGES]: changes });

/**
 * The changes a refresh carries, marking them received; undefined for a full sync (start-up,
 * `astro build`, `astro sync`).
 */
export function changesOf(refresh: Record<string, unknown> | undefined): Change[] | undefined {
  if (!refresh || !Array.isArray(refresh[CHANGES])) return undefined;
  const request = refresh as Request;
  request.received = true;
  return request[CHANGES];
}

const events = new Set<string>(['add', 'change', 'unlink', 'addDir', 'unlinkDir']);

// Editors save by writing a temporary file and renaming it: a burst of events within a few
// milliseconds. Waiting this long after the last one makes the burst a single refresh.
const QUIET_MS = 30;

// Astro reloads the content config on every content change, and while it does,
// refreshContent() returns without loading anything; the request is sent again until the loaders
// have it. The reload takes tens of milliseconds; after this long, something else is wrong.
const RETRY_MS = 20;
const GIVE_UP_MS = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type DevServer = Parameters<
  NonNullable<AstroIntegration['hooks']['astro:server:setup']>
>[0]['server'];

/** What Vite's module runner offers to forget a module it has evaluated. */
type EvaluatedModules = {
  getModuleById(id: string): object | undefined;
  invalidateModule(node: object): void;
};

/**
 * Astro's module of the content store, which pages import through `astro:content`. Not a public
 * name; tests/unit/dev-refresh.test.ts fails if an Astro upgrade changes it.
 */
export const STORE_MODULE = '\0astro:data-layer-content';

/**
 * Has every server environment import the content store again, and every open browser tab
 * reload, as Astro itself does once it has written the store.
 *
 * Astro's own invalidation can lose a race: a page request that began importing the store
 * before it was written can finish after, and Vite's module runner then keeps the old store
 * for every later request, until the next change (a save that never shows). So once the
 * requests that were open during a refresh have finished, the store is invalidated again.
 */
function reimportStore(server: DevServer) {
  const timestamp = Date.now();
  for (const environment of Object.values(server.environments)) {
    if (environment.name === 'client') continue;
    const module = environment.moduleGraph.getModuleById(STORE_MODULE);
    if (module) environment.moduleGraph.invalidateModule(module, undefined, timestamp, true);
    if ('runner' in environment) {
      const { evaluatedModules } = environment.runner as { evaluatedModules: EvaluatedModules };
      const evaluated = evaluatedModules.getModuleById(STORE_MODULE);
      if (evaluated) evaluatedModules.invalidateModule(evaluated);
    }
    // Astro's own signal to forget the pages' cached getStaticPaths() results.
    environment.hot.send('astro:content-changed', {});
  }
  server.environments['client']?.hot.send({ type: 'full-reload', path: '*' });
}

/**
 * Follows the dev server's responses. The function it returns takes the time a refresh began
 * and resolves once every response still open has closed: true when any response was open
 * since that time, so that it could have imported the store while it was being written.
 */
function trackResponses(server: DevServer) {
  const open = new Set<ServerResponse>();
  let lastClosed = 0;
  server.httpServer?.on('request', (_request, response: ServerResponse) => {
    open.add(response);
    response.once('close', () => {
      open.delete(response);
      lastClosed = Date.now();
    });
  });
  return async (since: number) => {
    const overlapping = [...open];
    await Promise.all(
      overlapping.map((response) => new Promise((resolve) => response.once('close', resolve))),
    );
    return overlapping.length > 0 || lastClosed >= since;
  };
}

/**
 * `astro dev`: sends each change under src/content to the content engine through Astro's
 * `refreshContent()`, naming the changed files, so the engine reloads only those. A refresh
 * also has Astro save the store at once, instead of after the half-second pause it leaves
 * when a loader updates the store from a watcher of its own.
 */
export function contentRefresh(): AstroIntegration {
  let contentDir = '';
  return {
    name: 'content-refresh',
    hooks: {
      'astro:config:done': ({ config }) => {
        contentDir = fileURLToPath(new URL('content/', config.srcDir));
      },
      'astro:server:setup': ({ server, refreshContent, logger }) => {
        if (!refreshContent) return;
        let pending: Change[] = [];
        let timer: ReturnType<typeof setTimeout> | undefined;
        /** Refreshes one after another, each until the loaders have received it. */
        let queue = Promise.resolve();
        const overlapped = trackResponses(server);
        const send = async (request: Request) => {
          const start = Date.now();
          await refreshContent({ loaders: [LOADER_NAME], context: request });
          while (!request.received) {
            if (Date.now() - start > GIVE_UP_MS) {
              logger.warn('Astro did not reload the content; save the file again to retry.');
              return;
            }
            await pause(RETRY_MS);
            await refreshContent({ loaders: [LOADER_NAME], context: request });
          }
          // Not awaited: a slow page must not hold up the next refresh.
          void overlapped(start).then((any) => any && reimportStore(server));
        };
        const flush = () => {
          const request = refreshRequest(pending);
          pending = [];
          queue = queue
            .then(() => send(request))
            .catch((error: unknown) =>
              logger.error(error instanceof Error ? error.message : String(error)),
            );
        };
        server.watcher.add(contentDir);
        server.watcher.on('all', (event, path) => {
          if (!events.has(event) || !`${path}${sep}`.startsWith(contentDir)) return;
          pending.push({ event: event as Change['event'], path });
          clearTimeout(timer);
          timer = setTimeout(flush, QUIET_MS);
        });
      },
    },
  };
}
