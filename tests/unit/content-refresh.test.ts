/**
 * contentRefresh() on real folders, with stand-ins for Astro's dev server and refreshContent():
 * which saves it hears of, and what it asks Astro to refresh.
 */
import { EventEmitter } from 'node:events';
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { changesIn, contentRefresh, LOADER_NAME } from '@/integrations/content-refresh';
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
  const config = { srcDir: pathToFileURL(`${root}/src/`) };
  hooks['astro:config:setup']!({ config, command: 'dev', updateConfig } as never);
  hooks['astro:server:setup']!({ server: { httpServer }, refreshContent, logger: {} } as never);
  const refreshed = () =>
    refreshContent.mock.calls.map(([{ context }]) => changesIn(context)?.changed);
  return {
    root,
    at: (path: string) => join(root, path),
    refreshContent,
    refreshed,
    updateConfig,
    stop: () => httpServer.emit('close'),
  };
}

describe('contentRefresh', () => {
  it("tells the dev server's own watcher to leave src/content alone", () => {
    const { root, updateConfig, stop } = start();
    expect(updateConfig).toHaveBeenCalledWith({
      vite: { server: { watch: { ignored: [`${root}/src/content/**`] } } },
    });
    stop();
  });

  it('asks for one refresh of the engine, naming the files, once a burst of saves is over', async () => {
    const { root, at, refreshContent, refreshed, stop } = start();
    writeFiles(root, {
      'src/content/blog/salt.md': 'Salt, again',
      'src/content/blog/new.md': 'New',
    });
    await vi.waitFor(() => expect(refreshContent).toHaveBeenCalled());
    expect(refreshContent.mock.calls[0]![0]).toMatchObject({ loaders: [LOADER_NAME] });
    expect(refreshed().flat()).toEqual(
      expect.arrayContaining([at('src/content/blog/salt.md'), at('src/content/blog/new.md')]),
    );
    stop();
  });

  it('follows a folder added after it started, and one renamed', async () => {
    const { root, at, refreshContent, refreshed, stop } = start();
    mkdirSync(at('src/content/blog/2026'));
    await vi.waitFor(() => expect(refreshContent).toHaveBeenCalled());
    writeFiles(root, { 'src/content/blog/2026/pepper.md': 'Pepper' });
    await vi.waitFor(() =>
      expect(refreshed().flat()).toContain(at('src/content/blog/2026/pepper.md')),
    );
    renameSync(at('src/content/blog/2026'), at('src/content/blog/2027'));
    // The folder itself is named: the engine lists whatever it holds.
    await vi.waitFor(() => expect(refreshed().flat()).toContain(at('src/content/blog/2027')));
    writeFiles(root, { 'src/content/blog/2027/chili.md': 'Chili' });
    await vi.waitFor(() =>
      expect(refreshed().flat()).toContain(at('src/content/blog/2027/chili.md')),
    );
    stop();
  });

  it('names only what changed under src/content; the dev server handles the rest', async () => {
    const { root, at, refreshContent, refreshed, stop } = start();
    writeFiles(root, { 'src/pages/index.astro': '<h1>Home</h1>', 'src/content/blog/salt.md': 'x' });
    await vi.waitFor(() => expect(refreshContent).toHaveBeenCalled());
    expect([...new Set(refreshed().flat())]).toEqual([at('src/content/blog/salt.md')]);
    stop();
  });
});
