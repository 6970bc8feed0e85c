/**
 * Firefox: Debian's Firefox ESR, headless, driven over WebDriver BiDi by puppeteer-core, which
 * speaks it to an unmodified Firefox.
 */
import puppeteer, { type ElementHandle, type EvaluateFunc, type Page } from 'puppeteer-core';
import { withOnlyElement, type Browser, type Viewport } from './browser.ts';
import { queryByRole, type Target } from './find-by-role.ts';
import { program } from './programs.ts';

export type FirefoxOptions = {
  /** The port of Firefox's WebDriver BiDi server. */
  port: number;
  /** The one host the browser may reach; it is every other host's proxy too, and refuses. */
  siteHost: string;
};

/** Starts Firefox with one page. */
export async function launchFirefox({ port, siteHost }: FirefoxOptions): Promise<Browser> {
  const [host = '', proxyPort = ''] = siteHost.split(':');
  const firefox = await puppeteer.launch({
    browser: 'firefox',
    executablePath: program('FIREFOX_PATH'),
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
  try {
    const [page = await firefox.newPage()] = await firefox.pages();
    return new FirefoxBrowser(page, () => firefox.close());
  } catch (error) {
    await firefox.close();
    throw error;
  }
}

class FirefoxBrowser implements Browser {
  readonly engine = 'firefox';
  readonly close: () => Promise<void>;
  private readonly page: Page;

  constructor(page: Page, close: () => Promise<void>) {
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
    // The arguments are JSON values, which puppeteer passes through as they are.
    return this.page.evaluate(fn as EvaluateFunc<Args>, ...args) as Promise<Awaited<Result>>;
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

  /** Runs `action` on the one element `target` finds. */
  private async withElement(target: Target, action: (element: ElementHandle) => Promise<void>) {
    const found = await this.page.evaluateHandle(queryByRole, target, 'element' as const);
    // puppeteer types a handle from an array as a Node's; queryByRole finds only elements.
    await withOnlyElement(found, target, (node) => action(node as ElementHandle));
  }
}
