import { chromium, type LaunchOptions } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.mjs';

/** Chromium through playwright-core, launched as scripts/chromium.mjs says. */
export function launchChromium(options: LaunchOptions = {}) {
  const executablePath = chromiumPath();
  return chromium.launch({
    args: CHROMIUM_ARGS,
    ...(executablePath && { executablePath }),
    ...options,
  });
}
