/**
 * The programs each engine needs, where Debian installs them; each path can be overridden by its
 * environment variable. (Chromium's path lives in scripts/chromium.mjs, as for the e2e tests.)
 */
import { accessSync, constants } from 'node:fs';
import type { Engine } from './browser.ts';

const DEFAULTS = {
  FIREFOX_PATH: '/usr/bin/firefox-esr',
  WEBKIT_DRIVER_PATH: '/usr/bin/WebKitWebDriver',
  MINIBROWSER_PATH: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  XVFB_RUN_PATH: '/usr/bin/xvfb-run',
};

type Program = keyof typeof DEFAULTS;

const NEEDS: Record<Exclude<Engine, 'chromium'>, Program[]> = {
  firefox: ['FIREFOX_PATH'],
  webkit: ['WEBKIT_DRIVER_PATH', 'MINIBROWSER_PATH', 'XVFB_RUN_PATH'],
};

/** The path of a program: its environment variable, or Debian's path. */
export function program(name: Program): string {
  return process.env[name] || DEFAULTS[name];
}

/** The programs an engine needs that are not installed, as "NAME (path)". */
export function missingPrograms(engine: keyof typeof NEEDS): string[] {
  return NEEDS[engine]
    .filter((name) => {
      try {
        accessSync(program(name), constants.X_OK);
        return false;
      } catch {
        return true;
      }
    })
    .map((name) => `${name} (${program(name)})`);
}
