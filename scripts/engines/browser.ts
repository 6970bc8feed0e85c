import { onlyOne, type Target } from './find-by-role.ts';

/** The engines the scripts can drive: WebKit and Firefox for the engine tests, all three for screenshots. */
export type Engine = 'chromium' | 'firefox' | 'webkit';

export type Viewport = { width: number; height: number };

/**
 * One engine's browser, driven the same way whatever its protocol (WebDriver classic for WebKit,
 * WebDriver BiDi for Firefox, CDP for Chromium). Elements are found with `queryByRole`.
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

/** A handle to a value in the page, as puppeteer and Playwright both give them. */
interface PageHandle<Element> {
  getProperties(): Promise<Map<string, PageHandle<Element>>>;
  asElement(): Element | null;
  dispose(): Promise<void>;
}

/**
 * Runs `action` on the one element in `found`, a handle to the array `queryByRole` returned, then
 * lets go of every handle; throws, naming `target`, unless there is exactly one.
 */
export async function withOnlyElement<Element>(
  found: PageHandle<Element>,
  target: Target,
  action: (element: Element) => Promise<void>,
): Promise<void> {
  const handles = [...(await found.getProperties()).values()];
  try {
    const elements = handles.map((handle) => handle.asElement()).filter((e) => e !== null);
    await action(onlyOne(elements, target));
  } finally {
    await Promise.all([found, ...handles].map((handle) => handle.dispose()));
  }
}
