/**
 * The dev save's path, as it runs: a post of the committed content saved in `astro dev`, from the
 * watch of src/content (src/integrations/content-refresh.ts) to Astro's store, every call from one
 * module into another recorded (tests/support/calls.ts). Astro is a stand-in that does what its
 * `refreshContent()` does: it runs every loader named `content` together, each with a context of
 * its own. The lists below are the path docs/ENGINE.md describes; a change to it fails here.
 */
import type * as FileSystem from 'node:fs';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contentFolders } from '@/config';
import { contentRefresh } from '@/integrations/content-refresh';
import { contentEngine } from '@/loaders/loader';
import { blogSchema } from '@/schemas/blog';
import { recipeSchema } from '@/schemas/recipe';
import { siteSchema } from '@/schemas/site';
import { teamSchema } from '@/schemas/team';
import { calls, clearCalls, label, runAs, type Call } from '../support/calls';
import { tempProject } from '../support/temp-project';

const { record } = vi.hoisted(() => ({
  /** A module's exports, each call into them recorded as a call into `module`. */
  record: (module: string) => async (original: () => Promise<Record<string, unknown>>) =>
    (await import('../support/calls')).instrumented(module, await original()),
}));

vi.mock('@/config', record('config'));
vi.mock('@/lib/publishing', record('publishing'));
vi.mock('@/integrations/content-refresh', record('content-refresh'));
vi.mock('@/loaders/body-checks', record('body-checks'));
vi.mock('@/loaders/catalogue', record('catalogue'));
vi.mock('@/loaders/code-editor-manifest', record('code-editor-manifest'));
vi.mock('@/loaders/decide', record('decide'));
vi.mock('@/loaders/engine-key', record('engine-key'));
vi.mock('@/loaders/entry-checks', record('entry-checks'));
vi.mock('@/loaders/entry-file', record('entry-file'));
vi.mock('@/loaders/entry-id', record('entry-id'));
vi.mock('@/loaders/entry-index', record('entry-index'));
vi.mock('@/loaders/folder', record('folder'));
vi.mock('@/loaders/index-fields', record('index-fields'));
vi.mock('@/loaders/loader', record('loader'));
vi.mock('@/loaders/photo-check', record('photo-check'));
vi.mock('@/loaders/port', record('port'));
vi.mock('@/loaders/problems', record('problems'));
vi.mock('@/loaders/session', record('session'));
vi.mock('@/loaders/source', record('source'));
vi.mock('@/loaders/validate', record('validate'));
// A folder's watch calls the integration back as an event does, with no caller of ours.
vi.mock('node:fs', async (original) => {
  const actual = await original<typeof FileSystem>();
  const { onEvent } = await import('../support/calls');
  const watch = (path: string, listener: (...args: unknown[]) => void) =>
    actual.watch(path, onEvent('content-refresh', listener));
  return { ...actual, default: { ...actual, watch }, watch };
});

const ASTRO = 'Astro';
const saved = 'src/content/blog/lessons-from-bangkok-street-cooks.mdx';

/** The calls of one save, made once for every test here. */
let save: readonly Call[] = [];

beforeAll(async () => {
  const root = tempProject({});
  cpSync(join(import.meta.dirname, '../../src/content'), join(root, 'src/content'), {
    recursive: true,
  });
  const engine = contentEngine({
    recipes: { ...contentFolders.recipes, schema: recipeSchema },
    blog: { ...contentFolders.blog, schema: blogSchema },
    team: { ...contentFolders.team, schema: teamSchema },
    site: { ...contentFolders.site, schema: siteSchema },
  });
  const loaders = {
    recipes: engine.loader('recipes'),
    blog: engine.loader('blog'),
    team: engine.loader('team'),
    site: engine.loader('site'),
    picks: engine.picks(),
  };
  const astro = <F extends (...args: never[]) => unknown>(name: string, fn: F) =>
    label(ASTRO, name, fn as never) as F;
  const stores = new Map<string, Map<string, unknown>>();
  const logger = {
    info: astro('logger.info', () => {}),
    warn: astro('logger.warn', () => {}),
    error: astro('logger.error', () => {}),
  };
  const config = {
    root: pathToFileURL(`${root}/`),
    srcDir: pathToFileURL(`${root}/src/`),
    cacheDir: pathToFileURL(`${root}/node_modules/.astro/`),
  };
  /** A sync as Astro runs it: every loader at once, each with its part of the store. */
  const sync = astro('refreshContent', async (options?: { context?: Record<string, unknown> }) => {
    const loads = Object.entries(loaders).map(([name, loader]) => {
      const store = stores.get(name) ?? new Map<string, { digest: string }>();
      stores.set(name, store);
      const context = {
        store: {
          entries: astro('store.entries', () => [...store]),
          set: astro('store.set', (entry: { id: string }) => store.set(entry.id, entry)),
          delete: astro('store.delete', (id: string) => store.delete(id)),
        },
        parseData: astro('parseData', async ({ data }: { data: unknown }) => data),
        logger,
        config,
        watcher: {},
        refreshContextData: options?.context,
      };
      return loader.load(context as never);
    });
    await Promise.all(loads);
  });
  // The dev server's start: a sync with no refresh.
  await runAs(ASTRO, () => sync());
  const hooks = runAs(ASTRO, () => contentRefresh().hooks);
  let refreshed: Promise<void> | undefined;
  const refreshContent = astro('refreshContent', (options: never) => (refreshed = sync(options)));
  const httpServer = new EventEmitter();
  runAs(ASTRO, () => {
    hooks['astro:config:setup']!({ config, updateConfig: () => {} } as never);
    // The dev server as the integrations use it: its HTTP server, its watcher, its environments.
    const server = { httpServer, watcher: new EventEmitter(), environments: {} };
    hooks['astro:server:setup']!({ server, refreshContent, logger } as never);
  });
  clearCalls();
  const file = join(root, saved);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Saved'));
  await vi.waitFor(() => expect(refreshed).toBeDefined());
  await refreshed;
  httpServer.emit('close');
  save = [...calls()];
});

/** Each pair of modules that calls, once, in the order of its first call, with what it called first. */
function path(recorded: readonly Call[]): string[] {
  const first = new Map<string, string>();
  for (const { from, to, name } of recorded) {
    if (!first.has(`${from} ${to}`)) first.set(`${from} ${to}`, `${from} → ${to}.${name}`);
  }
  return [...first.values()];
}

describe('the dev save', () => {
  it('goes from the watch to the store through these calls between modules, in this order', () => {
    expect(path(save)).toEqual([
      'content-refresh → port.refreshOf',
      'content-refresh → Astro.refreshContent',
      'Astro → loader.load',
      'loader → port.refreshIn',
      'loader → Astro.store.entries',
      'loader → session.fill',
      'session → catalogue.Catalogue.refresh',
      'catalogue → folder.Folder.contains',
      'catalogue → entry-index.EntryIndex.unchanged',
      'catalogue → entry-file.readEntry',
      'entry-file → source.parseSource',
      'entry-file → validate.entryValidator',
      'validate → entry-checks.checkFields',
      'validate → config.isMdx',
      'validate → body-checks.bodyProblems',
      'entry-file → index-fields.indexFields',
      'index-fields → source.locate',
      'entry-index → publishing.newestFirst',
      'session → Astro.logger.info',
      'session → publishing.publishingNow',
      'session → decide.decide',
      'decide → catalogue.entry',
      'decide → publishing.dayIn',
      'publishing → config.qualifies',
      'decide → config.qualifies',
    ]);
  });

  it('calls back up only into Astro’s loader context: the store and the logger it hands each load', () => {
    const back = [
      ...new Set(save.filter((call) => call.back).map(({ from, to }) => `${from} → ${to}`)),
    ];
    expect(back).toEqual(['loader → Astro', 'session → Astro']);
  });

  it('asks the session once from each of the loaders Astro runs, one per collection and one for the picks', () => {
    const asked = (from: string, to: string) =>
      save.filter((call) => call.from === from && call.to === to).map(({ name }) => name);
    expect(asked(ASTRO, 'loader')).toEqual(Array(5).fill('load'));
    // Then each takes the changes its part needs, one at a time, from what `fill` yields.
    expect(asked('loader', 'session').filter((name) => name === 'fill')).toHaveLength(5);
  });
});
