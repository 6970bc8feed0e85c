import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.mjs';
import { PHOTO_HOST } from '../lib/page-weight.ts';

/** Flags that make the photo host fail at once, as on an offline machine. */
export const PHOTOS_OFFLINE = [`--host-resolver-rules=MAP ${PHOTO_HOST} ~NOTFOUND`];

/** Headless Chromium with a DevTools port, for Lighthouse and the first-click timing. */
export function launchHeadless(chromeFlags: readonly string[]) {
  return launch({
    chromePath: chromiumPath() ?? '',
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new', ...chromeFlags],
    logLevel: 'silent',
  });
}
