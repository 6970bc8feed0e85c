/**
 * What a page costs a visitor, measured in a real browser. Shared by the budget
 * (tests/e2e/budget.spec.ts) and the benchmark (scripts/bench/bench.ts), so both count the same way.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { mainNav } from '../../src/lib/navigation.ts';

/** The five routes of the site. */
export const ROUTES = mainNav.map((item) => item.href);

/** Gzipped JavaScript a route may run before the visitor acts, inline scripts included. */
export const JS_BUDGET_BYTES = 6 * 1024;

/** The stock-photo host the sample content's photos come from. */
export const PHOTO_HOST = 'images.unsplash.com';

/** Lighthouse's mobile device (a moto g power), for measuring as Lighthouse sees a page. */
export const LIGHTHOUSE_MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
} as const;

export const gzipBytes = (data: string | Uint8Array) => gzipSync(data, { level: 9 }).length;

export type Script = { name: string; gzip: number };

/**
 * Opens `path`, lets it load and settle without any input, and returns the JavaScript that ran:
 * every inline and external script the browser executed, gzipped one by one. Code fetched ahead
 * for a first click but not yet run is not counted; V8's coverage tells the two apart.
 */
export async function javascriptRun(page: Page, path: string): Promise<Script[]> {
  await page.coverage.startJSCoverage({ resetOnNavigation: false, reportAnonymousScripts: false });
  const document = await page.goto(path, { waitUntil: 'load' });
  if (!document?.ok()) throw new Error(`${path} answered ${document?.status() ?? 'nothing'}`);
  await settled(page);
  const scripts = await page.coverage.stopJSCoverage();
  const ran = scripts.filter(({ functions }) =>
    functions.some(({ ranges }) => ranges.some(({ count }) => count > 0)),
  );
  return ran.map(({ url, source = '' }) => ({
    name: url === document.url() ? `inline: ${source.trim().slice(0, 40)}…` : new URL(url).pathname,
    gzip: gzipBytes(source),
  }));
}

/** How long a page must go without fetching anything, its browser idle, to count as settled. */
const SETTLED_QUIET_MS = 500;

/**
 * Resolves once the loaded page has settled: its browser idle, and nothing fetched, such as code
 * fetched ahead once the page went idle, for `SETTLED_QUIET_MS`. Anything a page starts on its
 * own when idle has started by then.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async (quietMs) => {
    const idle = () =>
      new Promise((done) =>
        'requestIdleCallback' in window ? requestIdleCallback(done) : setTimeout(done, 50),
      );
    const fetched = () => performance.getEntriesByType('resource').length;
    for (let seen = -1; seen !== fetched();) {
      seen = fetched();
      await idle();
      await new Promise((quiet) => setTimeout(quiet, quietMs));
      await idle();
    }
  }, SETTLED_QUIET_MS);
}

export const totalGzip = (scripts: readonly Script[]) => scripts.reduce((n, s) => n + s.gzip, 0);

/** Islands that have hydrated; Astro removes `ssr` from an island once it has. */
export function hydratedIslands(page: Page): Promise<string[]> {
  return page.$$eval('astro-island:not([ssr])', (islands) =>
    islands.map((island) => island.getAttribute('component-export') ?? '?'),
  );
}

/** Makes the photo host fail at once, as on an offline machine. */
export async function blockPhotos(target: Page | BrowserContext): Promise<void> {
  await target.route(
    (url) => url.hostname === PHOTO_HOST,
    (route) => route.abort('internetdisconnected'),
  );
}

/**
 * Holds every web font until the page has painted, as on a slow connection, so a font swap that
 * would move text shows up on every run rather than only on a slow machine.
 */
export async function holdFontsUntilFirstPaint(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.endsWith('.woff2'),
    async (route) => {
      await page
        .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
        .catch(() => undefined);
      await route.continue().catch(() => undefined);
    },
  );
}

export type LayoutShift = { value: number; sources: string[] };

/**
 * Every layout shift since the page's first byte that counts towards CLS (none right after
 * input), with what moved and from where to where.
 */
export async function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => {
    type Entry = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: {
        node?: Node | null;
        previousRect: DOMRectReadOnly;
        currentRect: DOMRectReadOnly;
      }[];
    };
    const name = (node?: Node | null) =>
      node instanceof Element
        ? `<${node.localName}> "${(node.textContent ?? '').trim().slice(0, 40)}"`
        : (node?.nodeName ?? 'a node no longer in the page');
    // Layout shifts reach only observers; `buffered` hands this one those that came before it.
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as Entry[];
    observer.disconnect();
    return entries
      .filter((entry) => !entry.hadRecentInput)
      .map((entry) => ({
        value: entry.value,
        sources: entry.sources.map(
          ({ node, previousRect: before, currentRect: after }) =>
            `${name(node)} at ${Math.round(entry.startTime)} ms, from y=${Math.round(before.y)} to y=${Math.round(after.y)}`,
        ),
      }));
  });
}
