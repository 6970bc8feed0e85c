/**
 * Chromium: the one the e2e tests use (scripts/chromium.mjs), through playwright-core, for the
 * screenshots beside the other two engines, and to check the engine tests themselves.
 */
import { chromium, type ElementHandle, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.mjs';
import { withOnlyElement, type Browser, type Viewport } from './browser.ts';
import { queryByRole, type Target } from './find-by-role.ts';

/** Starts Chromium with one page; `siteHost` is the one host it may reach. */
export async function launchChromium({ siteHost }: { siteHost: string }): Promise<Browser> {
  const executablePath = chromiumPath();
  const browser = await chromium.launch({
    args: CHROMIUM_ARGS,
    ...(executablePath && { executablePath }),
    // Every host but the site's (loopback is never proxied) goes to a proxy that refuses.
    proxy: { server: `http://${siteHost}` },
  });
  try {
    return new ChromiumBrowser(await browser.newPage(), () => browser.close());
  } catch (error) {
    await browser.close();
    throw error;
  }
}

class ChromiumBrowser implements Browser {
  readonly engine = 'chromium';
  readonly close: () => Promise<void>;
  private readonly page: Page;

  constructor(page: Page, close: () => Promise<void>) {
    this.page = page;
    this.close = close;
  }

  async open(url: string, viewport: Viewport) {
    await this.page.setViewportSize(viewport);
    await this.page.goto(url, { waitUntil: 'load' });
  }

  evaluate<Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args) {
    // Playwright passes a function one argument; the source and arguments go as an expression.
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
      await field.fill('');
      await this.page.keyboard.type(text);
    });
  }

  async screenshot({ fullPage }: { fullPage: boolean }) {
    return this.page.screenshot({ fullPage });
  }

  /** Runs `action` on the one element `target` finds. */
  private async withElement(target: Target, action: (element: ElementHandle) => Promise<void>) {
    const found = await this.page.evaluateHandle(
      `(${String(queryByRole)})(${JSON.stringify(target)}, 'element')`,
    );
    await withOnlyElement(found, target, action);
  }
}
