/**
 * What a visitor does and sees, in any engine: open a page at a size, act on what a target finds
 * (a role and an accessible name, found by Testing Library), and read back texts, values, the address and script errors.
 */
import { vi } from 'vitest';
import { readAll, type Browser, type Viewport } from '../../scripts/engines/browser.ts';
import type { Target } from '../../scripts/engines/queries.ts';
import { recordedScriptErrors, type ScriptError } from './capture-errors.ts';

/** How long an action waits for its element to show up and accept it. */
const ACTION_TIMEOUT_MS = 5000;

export class Visitor {
  readonly browser: Browser;
  private readonly site: string;

  constructor(browser: Browser, site: string) {
    this.browser = browser;
    this.site = site;
  }

  /** Opens a path of the site ("/recipes") in a viewport of this size. */
  open(path: string, viewport: Viewport): Promise<void> {
    return this.browser.open(new URL(path, this.site).href, viewport);
  }

  /** Clicks what `target` finds, once it finds exactly one element that takes the click. */
  click(target: Target): Promise<void> {
    return vi.waitFor(() => this.browser.click(target), { timeout: ACTION_TIMEOUT_MS });
  }

  /** Types `text` into the field `target` finds, in place of what it held. */
  fill(target: Target, text: string): Promise<void> {
    return vi.waitFor(() => this.browser.fill(target, text), { timeout: ACTION_TIMEOUT_MS });
  }

  /** How many shown elements `target` finds. */
  async count(target: Target): Promise<number> {
    return (await this.texts(target)).length;
  }

  /** The rendered text (innerText) of each element `target` finds. */
  async texts(target: Target): Promise<string[]> {
    return readAll(this.browser, target, 'text');
  }

  /** The value of each field `target` finds. */
  async values(target: Target): Promise<string[]> {
    return readAll(this.browser, target, 'value');
  }

  /** The path of the page's address ("/recipes"). */
  path(): Promise<string> {
    return this.browser.evaluate(() => location.pathname);
  }

  /** The uncaught errors, unhandled rejections and CSP violations of the page so far. */
  async scriptErrors(): Promise<ScriptError[]> {
    const errors = await this.browser.evaluate(recordedScriptErrors);
    if (!errors) throw new Error(`${await this.path()} was served without the capture script`);
    return errors;
  }
}
