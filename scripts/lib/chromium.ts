import { chromium, type BrowserContextOptions, type LaunchOptions } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.mjs';

/** How scripts/chromium.mjs says Chromium is launched, `options` over it. */
function launchOptions(options: LaunchOptions) {
  const executablePath = chromiumPath();
  return { args: CHROMIUM_ARGS, ...(executablePath && { executablePath }), ...options };
}

/** Chromium through playwright-core, launched as scripts/chromium.mjs says. */
export const launchChromium = (options: LaunchOptions = {}) =>
  chromium.launch(launchOptions(options));

/**
 * Chromium with a profile in `dir`, as a person's browser has one: it keeps the code it compiled
 * from a page's scripts for the next load, which a context of `launchChromium` (a private
 * window's) never does. The one context of that browser.
 */
export const launchChromiumProfile = (
  dir: string,
  options: LaunchOptions & BrowserContextOptions = {},
) => chromium.launchPersistentContext(dir, launchOptions(options));
