/**
 * WebKit: WebKitGTK's MiniBrowser, driven through WebdriverIO by WebKitWebDriver (WebDriver
 * classic) on an Xvfb display that xvfb-run starts and stops with the driver. One session per driver.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { remote, type ChainablePromiseElement } from 'webdriverio';
import { fetchText, poll } from '../lib/measure.ts';
import type { Browser, Viewport } from './browser.ts';
import { program } from './programs.ts';
import { onlyOne, queryAllByRole, TESTING_LIBRARY_PATH, type Target } from './queries.ts';

export type WebKitOptions = {
  /** The port WebKitWebDriver listens on. */
  port: number;
  /** The Xvfb screen, "WIDTHxHEIGHTxDEPTH"; a full-page screenshot needs it taller than the page. */
  screen: string;
  /**
   * The one host the browser may reach ("127.0.0.1:4800"). It is also every other host's proxy,
   * and refuses, so that nothing leaves the machine: no result depends on the network.
   */
  siteHost: string;
};

/** The programs that the children of `pid` run, by process id, from Linux's /proc. */
function childrenOf(pid: number): Map<number, string | undefined> {
  const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  const children = list ? list.split(/\s+/).map(Number) : [];
  return new Map(
    children.map((child) => [child, attempt(() => readlinkSync(`/proc/${child}/exe`))]),
  );
}

/** Sends `signal` to a process (or, for a negative id, a process group) that may have exited. */
const signal = (pid: number, signal: NodeJS.Signals) => attempt(() => process.kill(pid, signal));

/** What `action` returns, or nothing when it throws: for a process that has just exited. */
function attempt<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}

/**
 * Runs WebKitWebDriver under xvfb-run; resolves once it answers, with a way to stop both and
 * what they have written to stderr.
 */
async function startDriver({ port, screen }: WebKitOptions) {
  const driver = program('webkitDriver');
  const args = ['-a', '-s', `-screen 0 ${screen}`, driver, `--port=${port}`];
  // A process group of its own, so that all xvfb-run starts can be killed at once.
  const xvfbRun = spawn(program('xvfbRun'), [...args, '--replace-on-new-session'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  xvfbRun.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<true>((resolve) => xvfbRun.once('exit', () => resolve(true)));
  const running = () => xvfbRun.pid !== undefined && xvfbRun.exitCode === null;
  // Should the tests' process end without closing the browser, nothing stays behind.
  const forceStop = () => running() && signal(-xvfbRun.pid!, 'SIGKILL');
  process.once('exit', forceStop);

  /** Stops the driver; xvfb-run then stops Xvfb and removes its files. */
  const stop = async () => {
    process.off('exit', forceStop);
    if (!running()) return;
    const driverPath = realpathSync(driver);
    for (const [pid, path] of childrenOf(xvfbRun.pid!)) {
      if (path === driverPath) signal(pid, 'SIGTERM');
    }
    if (!(await Promise.race([exited, sleep(5000, false)]))) forceStop();
  };

  const ready = await poll(() => fetchText(`http://127.0.0.1:${port}/status`), {
    timeoutMs: 10_000,
    everyMs: 100,
    going: running,
  });
  if (ready) return { stop, stderr: () => stderr.trim() };
  await stop();
  throw new Error(`WebKitWebDriver did not start on port ${port}: ${stderr.trim() || 'no answer'}`);
}

/** Starts Xvfb, WebKitWebDriver and MiniBrowser. */
export async function launchWebKit(options: WebKitOptions): Promise<Browser> {
  const driver = await startDriver(options);
  try {
    const session = await remote({
      hostname: '127.0.0.1',
      port: options.port,
      path: '/',
      logLevel: 'silent',
      // A command that hangs (a MiniBrowser that never comes up) fails, rather than the run.
      connectionRetryTimeout: 30_000,
      connectionRetryCount: 0,
      capabilities: {
        browserName: 'MiniBrowser',
        // WebdriverIO asks for WebDriver BiDi unless told not to, and WebKitWebDriver 2.50
        // refuses such a session ("Failed to match capabilities").
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': {
          binary: program('miniBrowser'),
          // --full-screen hides the toolbar, whose minimum width would keep the window above 375 px.
          args: ['--automation', '--full-screen'],
        },
        proxy: {
          proxyType: 'manual',
          httpProxy: options.siteHost,
          sslProxy: options.siteHost,
          noProxy: [options.siteHost.replace(/:\d+$/, '')],
        },
      } as WebdriverIO.Capabilities,
    });
    return new WebKitBrowser(session, driver.stop);
  } catch (error) {
    await driver.stop();
    const said = driver.stderr();
    throw said ? new Error(`${String(error)}; the driver said: ${said}`, { cause: error }) : error;
  }
}

/** Resolves after two frames, with the viewport's size: the window's new size has reached the page. */
const viewportAfterResize = () =>
  new Promise<[number, number]>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve([innerWidth, innerHeight]))),
  );

class WebKitBrowser implements Browser {
  readonly engine = 'webkit';
  private readonly session: WebdriverIO.Browser;
  private readonly stopDriver: () => Promise<void>;
  private viewport: Viewport = { width: 0, height: 0 };

  constructor(session: WebdriverIO.Browser, stopDriver: () => Promise<void>) {
    this.session = session;
    this.stopDriver = stopDriver;
  }

  async open(url: string, viewport: Viewport) {
    await this.resize(viewport);
    await this.session.navigateTo(url);
  }

  evaluate<Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args) {
    // Args are JSON values (or an element a script returned), which WebdriverIO sends as they are.
    return this.session.execute(fn as (...args: unknown[]) => Result, ...args) as Promise<
      Awaited<Result>
    >;
  }

  async click(target: Target) {
    await (await this.element(target)).click();
  }

  async fill(target: Target, text: string) {
    const field = await this.element(target);
    await field.click();
    await field.setValue(text);
  }

  async screenshot({ fullPage }: { fullPage: boolean }) {
    const capture = async () => Buffer.from(await this.session.takeScreenshot(), 'base64');
    if (!fullPage) return capture();
    // WebDriver captures the viewport: make the window as tall as the page, then size it back.
    const viewport = this.viewport;
    const pageHeight = () => this.evaluate(() => document.documentElement.scrollHeight);
    for (let height = await pageHeight(), tries = 0; tries < 3; tries++) {
      await this.resize({ width: viewport.width, height });
      if ((height = await pageHeight()) === this.viewport.height) break;
    }
    const png = await capture();
    await this.resize(viewport);
    return png;
  }

  async close() {
    try {
      await this.session.deleteSession();
    } finally {
      await this.stopDriver();
    }
  }

  /**
   * The one element `target` finds, scrolled to the middle of the viewport first: Element Click
   * and Element Clear scroll by themselves, but WebKitGTK can stop short of the viewport and then
   * refuse the element as "not interactable".
   */
  private async element(target: Target): Promise<ChainablePromiseElement> {
    const found = await this.evaluate(queryAllByRole, target, 'element', TESTING_LIBRARY_PATH);
    // An element comes back from a script as WebDriver's reference to it, which $() takes.
    const element = onlyOne(found, target) as HTMLElement;
    await this.evaluate((e) => e.scrollIntoView({ block: 'center', inline: 'center' }), element);
    return this.session.$(element);
  }

  /** Sizes the window so that the page's viewport is `viewport`; MiniBrowser has no chrome. */
  private async resize({ width, height }: Viewport) {
    if (this.viewport.width === width && this.viewport.height === height) return;
    await this.session.setWindowSize(width, height);
    const [innerWidth, innerHeight] = await this.evaluate(viewportAfterResize);
    if (innerWidth !== width || innerHeight !== height) {
      throw new Error(
        `WebKit's viewport is ${innerWidth}×${innerHeight}, not ${width}×${height}; ` +
          'a window cannot outgrow the virtual screen (see screenHeight in engines.ts)',
      );
    }
    this.viewport = { width, height };
  }
}
