import { queryAllByRole, TESTING_LIBRARY_PATH, type Read, type Target } from './queries.ts';

/** The engines the scripts can drive: WebKit and Firefox for the engine tests, all three for screenshots. */
export type Engine = 'chromium' | 'firefox' | 'webkit';

export type Viewport = { width: number; height: number };

/**
 * One engine's browser, driven the same way whatever its library (WebdriverIO for WebKit,
 * puppeteer-core for Firefox and Chromium). Elements are found with Testing Library's queries.
 */
export interface Browser {
  readonly engine: Engine;
  /** Sizes the viewport, then navigates to `url` and waits for its load event. */
  open(url: string, viewport: Viewport): Promise<void>;
  /** Runs `fn` in the page with the JSON values `args`; returns its JSON result. */
  evaluate<Args extends unknown[], Result>(
    fn: (...args: Args) => Result,
    ...args: Args
  ): Promise<Awaited<Result>>;
  /** Clicks the one element `target` finds with the pointer, scrolled into view as needed. */
  click(target: Target): Promise<void>;
  /** Clicks the one field `target` finds, empties it and types `text` into it, key by key. */
  fill(target: Target, text: string): Promise<void>;
  /** A PNG of the viewport, or of the whole page. */
  screenshot(options: { fullPage: boolean }): Promise<Uint8Array>;
  /** Closes the browser and stops whatever it needed (a driver, a display). */
  close(): Promise<void>;
}

/** The rendered text (innerText), or the value, of each element `target` finds in the page. */
export function readAll(browser: Browser, target: Target, read: Exclude<Read, 'element'>) {
  return browser.evaluate(queryAllByRole, target, read, TESTING_LIBRARY_PATH) as Promise<string[]>;
}
