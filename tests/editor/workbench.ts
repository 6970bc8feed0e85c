/**
 * What the web editor's browser tests share: this worker's workbench (global-setup.ts), a scratch
 * copy of the project under git with Decap's local proxy and `astro dev` serving it, and one
 * Chromium with a tab logged in to /admin/. Every test starts from the same place: before it, the
 * scratch project is reset to its first commit, the editor is waited for until it says what it
 * said at the start, every other tab and writer is closed, and the browser's storage is cleared.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { launchChromium, launchChromiumProfile } from '../../scripts/lib/chromium.ts';
import { fetchText } from '../../scripts/lib/measure.ts';
import { until } from '../support/astro-cli';
import type { Slot } from './global-setup';

export type Workbench = {
  /** The scratch project. */
  dir: string;
  /** `astro dev` in the scratch project: its address, and waits that show its log on failure. */
  server: {
    url: string;
    until: (
      what: string,
      done: () => Promise<boolean> | boolean,
      seconds?: number,
    ) => Promise<void>;
    /** Waits until `path` answers and its text passes `accept`. */
    page: (path: string, accept: (text: string) => boolean) => Promise<void>;
  };
  /**
   * The editor's tab, logged in, on a page of the editor's that runs no script: a test opens
   * /admin/ where it needs it. A test may open another tab in its place.
   */
  page: Page;
  /** The browser every tab of this worker is in. */
  browser: Browser;
  /** `git` in the scratch project, its output as text. */
  git: (...args: string[]) => string;
  /** A file of the scratch project, as it is on disk now. */
  read: (file: string) => string;
  /** Another writer: a browser context of their own (their own storage), logged in. */
  writer: (width?: number) => Promise<Page>;
  /** Closes `context`, another writer's, before the next test. */
  closeAfter: (context: BrowserContext) => void;
  /** The local proxy's port, which a GitHub test keeps from its pages. */
  proxyPort: number;
  /** The lines `git diff` shows changed in `file` against the last commit, as `-old` and `+new`. */
  changedLines: (file: string) => string[];
  /**
   * Waits until `file` on disk passes `done`: the save has reached the disk. A file the proxy has
   * begun to write reads empty for a moment, and no entry file is empty.
   */
  onDisk: (what: string, file: string, done: (text: string) => boolean) => Promise<void>;
};

/** This worker's workbench, asked for by its first test file and kept for the rest. */
type Worker = { slot: Slot; control: string };
let worker: Promise<Worker> | undefined;
let browser: Promise<Browser> | undefined;
/**
 * The context of this worker's tabs: its storage is cleared between tests, its cache kept. A
 * profile on disk, so that, as in a writer's browser, the editor's scripts are compiled once.
 */
let shared: Promise<BrowserContext> | undefined;

async function connect(): Promise<Worker> {
  const control = `${inject('workbenches')}/${process.env['VITEST_POOL_ID'] ?? '1'}`;
  const response = await fetch(control);
  if (!response.ok) throw new Error(`The workbench did not start:\n${await response.text()}`);
  return { slot: (await response.json()) as Slot, control };
}

/** This worker's Chromium, started for its first test and kept for the rest. */
export const workerBrowser = () => (browser ??= launchChromium());

/** The shared context, made again if a test closed it, in the profile the workbench gives. */
function sharedContext({ profile }: Slot) {
  return (shared ??= launchChromiumProfile(profile).then((context) => {
    context.once('close', () => (shared = undefined));
    return context;
  }));
}

/** The lines of `git diff` against the last commit, as `-old` and `+new`. */
export const diffLines = (diff: string) =>
  diff.split('\n').filter((line) => /^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line));

/** Logs in to /admin/ in `page`, as on this computer, where the login says no account is needed. */
async function logIn(page: Page, url: string) {
  await page.goto(`${url}/admin/`);
  await page.getByRole('button', { name: 'Log in: no account needed on this computer' }).click();
}

/** /admin/site.json with its entries in one order: the engine lists entries of a day in any. */
const sortedSite = (json: string | undefined) => {
  if (json === undefined) return undefined;
  const { entries } = JSON.parse(json) as { entries: { collection: string; file: string }[] };
  const key = ({ collection, file }: { collection: string; file: string }) =>
    `${collection} ${file}`;
  return JSON.stringify(entries.sort((a, b) => key(a).localeCompare(key(b))));
};

/**
 * The workbench of the tests that follow, put back before each of them as it started, the tab at
 * `width` px.
 */
export function workbench({
  width = 1280,
  user = { backendName: 'proxy' },
}: {
  width?: number;
  /** Who the tab is logged in as, as Decap keeps it: the local proxy's, or nobody (null). */
  user?: Record<string, string> | null;
} = {}): Workbench {
  const bench = {} as Workbench;
  const extra: BrowserContext[] = [];

  beforeAll(async () => {
    worker ??= connect();
    const { slot, control } = await worker;
    const browser = await workerBrowser();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
        cwd: slot.dir,
        encoding: 'utf8',
      });
    const read = (file: string) => readFileSync(join(slot.dir, file), 'utf8');
    const log = async () => (await fetchText(`${control}/log`)) ?? '';
    const server: Workbench['server'] = {
      url: slot.url,
      until: (what, done, seconds = 30) => until(what, done, { seconds, log }),
      page: (path, accept) =>
        until(
          `${path} answering as expected`,
          async () => {
            const text = await fetchText(`${slot.url}${path}`);
            return text !== undefined && accept(text);
          },
          { log },
        ),
    };
    Object.assign(bench, {
      dir: slot.dir,
      server,
      browser,
      git,
      read,
      writer: async (wide = width) => {
        // One context for every tab of a writer, so the login carries over to a new one.
        const context = await browser.newContext({ viewport: { width: wide, height: 900 } });
        extra.push(context);
        const page = await context.newPage();
        await logIn(page, slot.url);
        return page;
      },
      closeAfter: (context: BrowserContext) => void extra.push(context),
      proxyPort: slot.proxyPort,
      changedLines: (file: string) => diffLines(git('diff', '--unified=0', '--', file)),
      onDisk: (what: string, file: string, done: (text: string) => boolean) =>
        server.until(what, () => {
          const text = existsSync(join(slot.dir, file)) ? read(file) : '';
          return text !== '' && done(text);
        }),
    } satisfies Omit<Workbench, 'page'>);
  });

  beforeEach(async () => {
    const { slot } = await worker!;
    const context = await sharedContext(slot);
    for (const other of extra.splice(0)) await other.close();
    for (const page of context.pages()) await page.close({ runBeforeUnload: false });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    bench.git('reset', '--quiet', '--hard', slot.base);
    // What git does not track goes too; removed here, not by git clean, which fails when the
    // local proxy's tidying takes an emptied folder first.
    const untracked = bench.git('ls-files', '--others', '--directory', '-z', '--', 'src');
    for (const path of untracked.split('\0').filter(Boolean)) {
      rmSync(join(slot.dir, path), { recursive: true, force: true });
    }
    // The editor's view of the site and its script, as they were at the start: the dev server
    // has seen the reset, and a page opened now is the one the test means.
    const site = sortedSite(slot.settled.site);
    let differs = '';
    await bench.server
      .until(
        'the editor settled after the reset',
        async () => {
          const now = {
            'site.json': sortedSite(await fetchText(`${slot.url}/admin/site.json`)) === site,
            'editor.js': (await fetchText(`${slot.url}/admin/editor.js`)) === slot.settled.script,
          };
          differs = Object.keys(now)
            .filter((name) => !now[name as keyof typeof now])
            .join(' and ');
          return !differs;
        },
        60,
      )
      .catch((error: unknown) => {
        throw new Error(`/admin/${differs} still differ after the reset. ${String(error)}`);
      });
    await context.clearCookies();
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    // Storage is per origin: cleared from a page of the editor's own that runs no script, where
    // the tab waits for the test to open /admin/ as it needs it, after whatever it commits first.
    await page.goto(`${slot.url}/admin/site.json`);
    await page.evaluate(async (user) => {
      localStorage.clear();
      sessionStorage.clear();
      const deleted = (name: string) =>
        new Promise((done) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = request.onerror = request.onblocked = done;
        });
      const databases = await indexedDB.databases();
      await Promise.all(databases.map(({ name }) => name && deleted(name)));
      // Decap's record of who logged in, as its login button leaves it.
      if (user) localStorage.setItem('decap-cms-user', JSON.stringify(user));
    }, user);
    bench.page = page;
  });

  // A failed test leaves what each of its tabs showed, for whoever reads the failure (CI too).
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const folder = join(import.meta.dirname, '../../reports/editor-failures');
    mkdirSync(folder, { recursive: true });
    const name = `${task.file.name.split('/').pop()} ${task.name}`.replace(/[^\w.-]+/g, '-');
    const pages = [await shared, ...extra].flatMap((context) => context?.pages() ?? []);
    for (const [at, page] of pages.entries()) {
      const file = join(folder, `${name.slice(0, 120)}-${at}`);
      await page.screenshot({ path: `${file}.png`, timeout: 5000 }).catch(() => undefined);
      const html = await page.content().catch((error: unknown) => String(error));
      writeFileSync(`${file}.html`, `<!-- ${page.url()} -->\n${html}`);
    }
  });

  return bench;
}
