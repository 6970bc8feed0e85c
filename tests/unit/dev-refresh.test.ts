/**
 * contentRefresh() against a stand-in for Astro's dev server: what it sends to the loaders, and
 * when it has the pages import the content store again.
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changesOf, contentRefresh, STORE_MODULE, type Change } from '@/loaders/dev-refresh';
const root = '/site';

/** A dev server with one server environment that has imported the store, and a browser tab. */
function devServer() {
  const storeNode = { id: STORE_MODULE };
  const evaluatedNode = { id: STORE_MODULE };
  const ssr = {
    name: 'ssr',
    moduleGraph: {
      getModuleById: (id: string) => (id === STORE_MODULE ? storeNode : undefined),
      invalidateModule: vi.fn(),
    },
    runner: {
      evaluatedModules: {
        getModuleById: (id: string) => (id === STORE_MODULE ? evaluatedNode : undefined),
        invalidateModule: vi.fn(),
      },
    },
    hot: { send: vi.fn() },
  };
  const client = { name: 'client', moduleGraph: ssr.moduleGraph, hot: { send: vi.fn() } };
  const watcher = Object.assign(new EventEmitter(), { add: vi.fn() });
  const httpServer = new EventEmitter();
  return { server: { watcher, httpServer, environments: { ssr, client } }, ssr, client };
}

/** A response the dev server is still writing, and a way to finish it. */
function openResponse(httpServer: EventEmitter) {
  const response = new EventEmitter();
  httpServer.emit('request', {}, response);
  return () => response.emit('close');
}

/** Starts the integration on a stand-in server; `refreshContent` plays Astro's part. */
function start(refreshContent: (options: { context: Record<string, unknown> }) => Promise<void>) {
  const dev = devServer();
  const hooks = contentRefresh().hooks;
  const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };
  hooks['astro:config:done']!({ config: { srcDir: new URL(`file://${root}/src/`) } } as never);
  hooks['astro:server:setup']!({ server: dev.server, refreshContent, logger } as never);
  const save = (event: Change['event'], file: string) =>
    dev.server.watcher.emit('all', event, `${root}/src/content/${file}`);
  return { ...dev, save, logger };
}

/** Astro's refreshContent() as the loaders see it: they take the changes it carries. */
function astroLoading() {
  const received: Change[][] = [];
  const refreshContent = vi.fn(async ({ context }: { context: Record<string, unknown> }) => {
    const changes = changesOf(context);
    if (changes) received.push(changes);
  });
  return { refreshContent, received };
}

describe('contentRefresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a burst of watcher events as one refresh that names every file', async () => {
    const { refreshContent, received } = astroLoading();
    const { save, server } = start(refreshContent);
    save('unlink', 'blog/post.mdx');
    save('add', 'blog/post.mdx');
    server.watcher.emit('all', 'change', `${root}/src/pages/index.astro`);
    await vi.advanceTimersByTimeAsync(100);
    expect(received).toEqual([
      [
        { event: 'unlink', path: `${root}/src/content/blog/post.mdx` },
        { event: 'add', path: `${root}/src/content/blog/post.mdx` },
      ],
    ]);
  });

  it('sends a refresh again while Astro is reloading the content config and drops it', async () => {
    const { received } = astroLoading();
    let reloading = 3;
    const refreshContent = vi.fn(async ({ context }: { context: Record<string, unknown> }) => {
      if (reloading-- > 0) return;
      received.push(changesOf(context)!);
    });
    const { save } = start(refreshContent);
    save('change', 'recipes/soup.mdx');
    await vi.advanceTimersByTimeAsync(500);
    expect(refreshContent).toHaveBeenCalledTimes(4);
    expect(received).toHaveLength(1);
  });

  it('leaves the store alone when no page was being served during a refresh', async () => {
    const { refreshContent } = astroLoading();
    const { save, ssr, client } = start(refreshContent);
    save('change', 'recipes/soup.mdx');
    await vi.advanceTimersByTimeAsync(100);
    expect(refreshContent).toHaveBeenCalledTimes(1);
    expect(ssr.moduleGraph.invalidateModule).not.toHaveBeenCalled();
    expect(client.hot.send).not.toHaveBeenCalled();
  });

  it('has pages import the store again once a page served during a refresh has finished', async () => {
    let finishPage = () => {};
    const { refreshContent } = astroLoading();
    const dev = start(async (options) => {
      // A page request arrives while the loaders run, as a browser polling the page would.
      finishPage = openResponse(dev.server.httpServer);
      await refreshContent(options);
    });
    dev.save('change', 'recipes/soup.mdx');
    await vi.advanceTimersByTimeAsync(100);
    // The page may still be importing the old store: nothing can be forgotten before it ends.
    expect(dev.ssr.runner.evaluatedModules.invalidateModule).not.toHaveBeenCalled();

    finishPage();
    await vi.advanceTimersByTimeAsync(0);
    expect(dev.ssr.moduleGraph.invalidateModule).toHaveBeenCalledWith(
      { id: STORE_MODULE },
      undefined,
      expect.any(Number),
      true,
    );
    expect(dev.ssr.runner.evaluatedModules.invalidateModule).toHaveBeenCalledWith({
      id: STORE_MODULE,
    });
    expect(dev.ssr.hot.send).toHaveBeenCalledWith('astro:content-changed', {});
    expect(dev.client.hot.send).toHaveBeenCalledWith({ type: 'full-reload', path: '*' });
  });

  it("names the content store's module as the installed Astro does", () => {
    const astro = dirname(createRequire(import.meta.url).resolve('astro'));
    const constants = readFileSync(join(astro, 'content/consts.js'), 'utf8');
    const name = /const DATA_STORE_VIRTUAL_ID = "([^"]+)"/.exec(constants)?.[1];
    expect(
      `\0${name}`,
      'Astro renamed its content store module: update STORE_MODULE in src/loaders/dev-refresh.ts',
    ).toBe(STORE_MODULE);
  });
});
