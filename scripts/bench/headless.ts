import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.mjs';
import { PHOTO_HOST } from '../lib/page-weight.ts';

/** Flags that make the photo host fail at once, as on an offline machine. */
export const PHOTOS_OFFLINE = [`--host-resolver-rules=MAP ${PHOTO_HOST} ~NOTFOUND`];

/** Flags that send the photo host's requests to the local stand-in (photo-host.ts) on `port`. */
export const photosFrom = (port: number) => [
  `--host-resolver-rules=MAP ${PHOTO_HOST} 127.0.0.1:${port}`,
  '--ignore-certificate-errors',
];

/** Headless Chromium with a DevTools port, for Lighthouse and the first-click timing. */
export function launchHeadless(chromeFlags: readonly string[]) {
  return launch({
    chromePath: chromiumPath() ?? '',
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new', ...chromeFlags],
    logLevel: 'silent',
  });
}
