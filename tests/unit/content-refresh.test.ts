/**
 * contentRefresh() on real folders, with stand-ins for Astro's dev server and refreshContent():
 * which saves it hears of, and what it asks Astro to refresh.
 */
import { EventEmitter } from 'node:events';
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { contentRefresh } from '@/integrations/content-refresh';
import {
  engineOf,
  evaluated,
  loaded,
  LOADER_NAME,
  refreshIn,
  type FileEvent,
} from '@/loaders/port';
import { tempProject, writeFiles } from '../support/temp-project';

/** Starts the integration in `astro dev` on a project holding one post. */
function start() {
  const root = tempProject({ 'src/content/blog/salt.md': 'Salt', 'src/pages/index.astro': '' });
  const refreshContent = vi.fn<(options: { context: Record<string, unknown> }) => Promise<void>>(
    async () => {},
  );
  const updateConfig = vi.fn();
  const httpServer = new EventEmitter();
  const hooks = contentRefresh().hooks;
  const config = { root: pathToFileURL(`${root}/`) };
  hooks['astro:config:setup']!({ config, updateConfig } as never);
  // The dev server as the integrations use it: its HTTP server, its watcher, its environments.
  const server = { httpServer, watcher: new EventEmitter(), environments: {} };
  hooks['astro:server:setup']!({ server, refreshContent, logger: {} } as never);
  /** Every event of every refresh, in order. */
  const events = (): FileEvent[] =>
    refreshContent.mock.calls.flatMap(([{ context }]) => refreshIn(context)?.events ?? []);
  const refreshed = () => events().map(({ path }) => path);
  return {
    root,
    at: (path: string) => join(root, path),
    refreshContent,
    refreshed,
    events,
    updateConfig,
    stop: () => httpServer.emit('close'),
  };
}

describe('contentRefresh', () => {
  it("tells the dev server's own watcher to leave each collection folder alone", () => {
    const { root, updateConfig, stop } = start();
    const folders = ['recipes', 'blog', 'team', 'site'].map(
      (name) => `${root}/src/content/${name}/**`,
    );
    expect(updateConfig).toHaveBeenCalledWith({
      vite: { server: { watch: { ignored: folders } } },
    });
    stop();
  });

  it('asks for one refresh of the engine, naming the files, once a burst of saves is over', async () => {
    const { root, at, refreshContent, events, stop } = start();
    writeFiles(root, {
      'src/content/blog/salt.md': 'Salt, again',
      'src/content/blog/new.md': 'New',
    });
    await vi.waitFor(() => expect(refreshContent).toHaveBeenCalled());
    expect(refreshContent.mock.calls[0]![0]).toMatchObject({ loaders: [LOADER_NAME] });
    expect(events()).toEqual(
      expect.arrayContaining([
        { kind: 'changed', path: at('src/content/blog/salt.md') },
        { kind: 'added', path: at('src/content/blog/new.md') },
      ]),
    );
    stop();
  });

  it('follows a folder added after it started, and one renamed', async () => {
    const { root, at, refreshed, events, stop } = start();
    mkdirSync(at('src/content/blog/2026'));
    await vi.waitFor(() =>
      expect(events()).toContainEqual({ kind: 'folder', path: at('src/content/blog/2026') }),
    );
    writeFiles(root, { 'src/content/blog/2026/pepper.md': 'Pepper' });
    await vi.waitFor(() => expect(refreshed()).toContain(at('src/content/blog/2026/pepper.md')));
    renameSync(at('src/content/blog/2026'), at('src/content/blog/2027'));
    // The folders themselves are named: the engine lists whatever they hold.
    await vi.waitFor(() =>
      expect(events()).toEqual(
        expect.arrayContaining([
          { kind: 'folder', path: at('src/content/blog/2026') },
          { kind: 'folder', path: at('src/content/blog/2027') },
        ]),
      ),
    );
    writeFiles(root, { 'src/content/blog/2027/chili.md': 'Chili' });
    await vi.waitFor(() => expect(refreshed()).toContain(at('src/content/blog/2027/chili.md')));
    stop();
  });

  it('names only what changed in the collection folders; the dev server handles the rest', async () => {
    const { root, at, refreshContent, refreshed, events, stop } = start();
    writeFiles(root, { 'src/pages/index.astro': '<h1>Home</h1>', 'src/content/blog/salt.md': 'x' });
    await vi.waitFor(() => expect(refreshContent).toHaveBeenCalled());
    expect([...new Set(refreshed())]).toEqual([at('src/content/blog/salt.md')]);
    expect(events()[0]?.kind).toBe('changed');
    stop();
  });

  it('in astro dev, restarts the server for a change to a module the content config runs, or the lockfile; Astro reloads the content config itself', async () => {
    const root = tempProject({
      'src/content.config.ts':
        "import { rule } from './schemas/blog';\nexport const collections = { rule };\n",
      'src/schemas/blog.ts': 'export const rule = 1;\n',
    });
    const addWatchFile = vi.fn();
    const config = { root: pathToFileURL(`${root}/`), srcDir: pathToFileURL(`${root}/src/`) };
    const setup = contentRefresh().hooks['astro:config:setup']!;
    await setup({ config, updateConfig: vi.fn(), addWatchFile, command: 'dev' } as never);
    expect(addWatchFile.mock.calls).toEqual([
      [join(root, 'src/schemas/blog.ts')],
      [join(root, 'package-lock.json')],
    ]);

    addWatchFile.mockClear();
    await setup({ config, updateConfig: vi.fn(), addWatchFile, command: 'build' } as never);
    expect(addWatchFile).not.toHaveBeenCalled();
  });

  it('after a restart, asks for a sync until the loaders of the content config evaluated anew have run', async () => {
    const root = tempProject({ 'src/content/blog/salt.md': 'Salt' });
    const hooks = contentRefresh().hooks;
    const config = { root: pathToFileURL(`${root}/`), srcDir: pathToFileURL(`${root}/src/`) };
    const setup = { config, updateConfig: vi.fn(), addWatchFile: vi.fn(), command: 'dev' };
    await hooks['astro:config:setup']!({ ...setup, isRestart: true } as never);
    const evaluation = engineOf({}, { pageLists: {}, feedLists: {}, wholeCollections: [] });
    loaded(evaluation);
    // Astro loads the content config again after the server's hooks: until then, and while it
    // loads, a sync runs the loaders of the last evaluation, or nothing.
    const again: { engine?: ReturnType<typeof engineOf> } = {};
    const refreshContent = vi.fn(async () => {
      if (refreshContent.mock.calls.length === 3 && again.engine) loaded(again.engine);
    });
    const httpServer = new EventEmitter();
    // The dev server as the integrations use it: its HTTP server, its watcher, its environments.
    const server = { httpServer, watcher: new EventEmitter(), environments: {} };
    hooks['astro:server:setup']!({ server, refreshContent, logger: {} } as never);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refreshContent).not.toHaveBeenCalled();

    again.engine = engineOf({}, { pageLists: {}, feedLists: {}, wholeCollections: [] });
    await vi.waitFor(() => expect(evaluated().loaded).toBe(again.engine?.evaluation));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refreshContent).toHaveBeenCalledTimes(3);
    expect(refreshContent.mock.calls[0]).toMatchObject([{ loaders: [LOADER_NAME] }]);
    httpServer.emit('close');
  });
});
