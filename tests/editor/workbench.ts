/**
 * What the web editor's browser tests share: a scratch copy of the project under git, Decap's
 * local proxy and `astro dev` serving it, exactly as `npm run editor` runs them, and /admin/ in
 * Chromium, logged in. Each test file gets its own, so files can run side by side.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs';
import { gitIn } from '../../scripts/lib/scratch-project.ts';
import { localProxyAnswers, startLocalProxy } from '../../src/editor/node/local-proxy.ts';
import { devServer, freePort, scratchProject } from '../content/scratch';

export type Workbench = {
  /** The scratch project. */
  dir: string;
  server: Awaited<ReturnType<typeof devServer>>;
  /** The editor's tab; a test may open another in its place. */
  page: Page;
  /** `git` in the scratch project, its output as text. */
  git: (...args: string[]) => string;
  /** A file of the scratch project, as it is on disk now. */
  read: (file: string) => string;
  /** Another writer: a browser context of their own (their own storage), logged in. */
  writer: (width?: number) => Promise<Page>;
  /** The lines `git diff` shows changed in `file` against the last commit, as `-old` and `+new`. */
  changedLines: (file: string) => string[];
  /**
   * Waits until `file` on disk passes `done`: the save has reached the disk. A file the proxy has
   * begun to write reads empty for a moment, and no entry file is empty.
   */
  onDisk: (what: string, file: string, done: (text: string) => boolean) => Promise<void>;
};

/**
 * Sets up the workbench before the file's tests; `prepare` may change the scratch project
 * before its first commit.
 */
export function workbench({
  width = 1280,
  prepare = () => {},
}: { width?: number; prepare?: (dir: string) => void } = {}) {
  const bench = {} as Workbench;
  let proxy: ChildProcess | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const dir = scratchProject();
    prepare(dir);
    const git = gitIn(dir, { name: 'Test', email: 'test@example.com' });
    const port = await freePort();
    proxy = await startLocalProxy(dir, port);
    const server = await devServer(dir, { EDITOR_LOCAL_PORT: String(port) });
    await server.until('the local proxy answering', () => localProxyAnswers(port));
    await server.page('/admin/');
    const executablePath = chromiumPath();
    browser = await chromium.launch({
      args: CHROMIUM_ARGS,
      ...(executablePath && { executablePath }),
    });
    const writer = async (wide = width) => {
      // One context for every tab of a writer, so the login carries over to a new one.
      const context = await browser!.newContext({ viewport: { width: wide, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/`);
      // On this computer the login says no account is needed.
      await page
        .getByRole('button', { name: 'Log in: no account needed on this computer' })
        .click();
      return page;
    };
    const page = await writer();
    const read = (file: string) => readFileSync(join(dir, file), 'utf8');
    Object.assign(bench, {
      writer,
      changedLines: (file: string) =>
        git('diff', '--unified=0', '--', file)
          .split('\n')
          .filter((line) => /^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line)),
      onDisk: (what: string, file: string, done: (text: string) => boolean) =>
        server.until(what, () => {
          const text = existsSync(join(dir, file)) ? read(file) : '';
          return text !== '' && done(text);
        }),
      dir,
      server,
      page,
      git,
      read,
    });
  });

  afterAll(async () => {
    await browser?.close(); // with every tab a test opened
    await bench.server?.stop();
    proxy?.kill();
  });

  return bench;
}
