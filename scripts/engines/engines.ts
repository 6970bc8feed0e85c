/** Which engines run, whether they are installed, and starting one. */
import { createServer } from 'node:net';
import type { Browser, Engine } from './browser.ts';
import { launchChromium, launchFirefox } from './puppeteer.ts';
import { launchWebKit } from './webkit.ts';

export type { Browser, Engine } from './browser.ts';
export { missingPrograms } from './programs.ts';

export const ENGINE_NAMES: Record<Engine, string> = {
  chromium: 'Chromium',
  firefox: 'Firefox',
  webkit: 'WebKit',
};

/**
 * The engines `ENGINES` names ("webkit", "firefox,webkit"), or `fallback` when it is unset.
 * An unknown name fails, rather than running fewer engines than asked.
 */
export function selectedEngines(fallback: readonly Engine[]): Engine[] {
  const asked = process.env['ENGINES']?.split(',').map((name) => name.trim().toLowerCase());
  if (!asked) return [...fallback];
  const unknown = asked.filter((name) => !(name in ENGINE_NAMES));
  if (unknown.length) {
    throw new Error(
      `ENGINES names no engine "${unknown.join('", "')}"; use webkit, firefox or chromium`,
    );
  }
  return asked as Engine[];
}

export type LaunchOptions = {
  /** The URL of the site under test: the one host the browser may reach. */
  site: string;
  /** WebKitWebDriver listens on this port, Firefox's BiDi server on the next: both can run at once. */
  port: number;
  /** For WebKit, the height of the virtual screen: a full-page screenshot needs the page to fit. */
  screenHeight?: number;
};

/**
 * Fails when something listens on `port` already: a driver left running, or someone else's,
 * which the tests would otherwise drive (or whose session they would replace).
 */
async function ensureFree(port: number) {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', () => reject(new Error(`Port ${port} is in use; set ENGINES_PORT`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** Starts an engine with one page, offline but for the site. */
export async function launch(
  engine: Engine,
  { site, port, screenHeight = 2000 }: LaunchOptions,
): Promise<Browser> {
  const siteHost = new URL(site).host;
  switch (engine) {
    case 'webkit':
      await ensureFree(port);
      return launchWebKit({ port, siteHost, screen: `1400x${screenHeight}x24` });
    case 'firefox':
      await ensureFree(port + 1);
      return launchFirefox({ port: port + 1, siteHost });
    case 'chromium':
      return launchChromium({ siteHost });
  }
}
