/**
 * Firefox and Chromium through puppeteer-core: Debian's Firefox ESR, headless, over WebDriver
 * BiDi, which puppeteer speaks to an unmodified Firefox; Chromium, the one the e2e tests use
 * (scripts/chromium.mjs), over DevTools.
 */
import { chromium } from 'playwright-core';
import puppeteer, {
  type Browser as Puppeteer,
  type ElementHandle,
  type Page,
} from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.mjs';
import type { Browser, Viewport } from './browser.ts';
import { program } from './programs.ts';
import { onlyOne, queryAllByRole, TESTING_LIBRARY_PATH, type Target } from './queries.ts';

/**
 * Starts Firefox with one page. `siteHost` ("127.0.0.1:4800") is the one host it may reach: it is
 * every other host's proxy too, and refuses. `port` is its WebDriver BiDi server's.
 */
export async function launchFirefox({ port, siteHost }: { port: number; siteHost: string }) {
  const [host = '', proxyPort = ''] = siteHost.split(':');
  const firefox = await puppeteer.launch({
    browser: 'firefox',
    executablePath: program('firefox'),
    headless: true,
    args: [`--remote-debugging-port=${port}`],
    extraPrefsFirefox: {
      // Scrollbars over the page, as on phones and macOS: a 375 px viewport lays out 375 px.
      'ui.useOverlayScrollbars': 1,
      // Every host but the site's (loopback is never proxied) goes to a proxy that refuses.
      'network.proxy.type': 1,
      'network.proxy.http': host,
      'network.proxy.http_port': Number(proxyPort),
      'network.proxy.ssl': host,
      'network.proxy.ssl_port': Number(proxyPort),
    },
  });
  return withPage('firefox', firefox);
}

/** Starts Chromium with one page; `siteHost` is the one host it may reach, as for Firefox. */
export async function launchChromium({ siteHost }: { siteHost: string }) {
  const browser = await puppeteer.launch({
    browser: 'chrome',
    executablePath: chromiumPath() ?? chromium.executablePath(),
    headless: true,
    // Every host but the site's (loopback is never proxied) goes to a proxy that refuses.
    args: [...CHROMIUM_ARGS, `--proxy-server=http://${siteHost}`],
  });
  return withPage('chromium', browser);
}

/** The browser's first page, driven as a `Browser`; the browser closes if that fails. */
async function withPage(engine: 'chromium' | 'firefox', browser: Puppeteer): Promise<Browser> {
  try {
    const [page = await browser.newPage()] = await browser.pages();
    return new PuppeteerBrowser(engine, page, () => browser.close());
  } catch (error) {
    await browser.close();
    throw error;
  }
}

class PuppeteerBrowser implements Browser {
  readonly engine: 'chromium' | 'firefox';
  readonly close: () => Promise<void>;
  private readonly page: Page;

  constructor(engine: 'chromium' | 'firefox', page: Page, close: () => Promise<void>) {
    this.engine = engine;
    this.page = page;
    this.close = close;
  }

  async open(url: string, viewport: Viewport) {
    const { width, height } = this.page.viewport() ?? {};
    if (width !== viewport.width || height !== viewport.height) {
      await this.page.setViewport(viewport);
    }
    await this.page.goto(url, { waitUntil: 'load' });
  }

  evaluate<Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args) {
    // As a script, not a function: Chromium fires no `unhandledrejection` for a promise rejected
    // by a function puppeteer calls through DevTools, so the capture script would hear nothing.
    return this.page.evaluate(`(${String(fn)}).apply(null, ${JSON.stringify(args)})`) as Promise<
      Awaited<Result>
    >;
  }

  async click(target: Target) {
    await this.withElement(target, (element) => element.click());
  }

  async fill(target: Target, text: string) {
    await this.withElement(target, async (field) => {
      await field.click();
      await field.evaluate((input) => {
        if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)
          input.value = '';
      });
      await this.page.keyboard.type(text);
    });
  }

  async screenshot({ fullPage }: { fullPage: boolean }) {
    return this.page.screenshot({ fullPage, type: 'png' });
  }

  /** Runs `action` on the one element `target` finds, then lets go of every handle. */
  private async withElement(target: Target, action: (element: ElementHandle) => Promise<void>) {
    const found = await this.page.evaluateHandle(
      queryAllByRole,
      target,
      'element' as const,
      TESTING_LIBRARY_PATH,
    );
    const handles = [...(await found.getProperties()).values()];
    try {
      const elements = handles.map((handle) => handle.asElement()).filter((e) => e !== null);
      await action(onlyOne(elements, target) as ElementHandle);
    } finally {
      await Promise.all([found, ...handles].map((handle) => handle.dispose()));
    }
  }
}
