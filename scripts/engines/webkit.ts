/**
 * WebKit: WebKitGTK's MiniBrowser, driven by WebKitWebDriver (WebDriver classic) on an Xvfb
 * display that xvfb-run starts and stops with it. One session per driver.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Viewport } from './browser.ts';
import { onlyOne, queryByRole, type Target } from './find-by-role.ts';
import { program } from './programs.ts';
import { WebDriverSession, type WebElement } from './webdriver.ts';

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

/** The child processes of `pid`, with the program each runs, from Linux's /proc. */
function childrenOf(pid: number): { pid: number; program?: string }[] {
  const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return (list ? list.split(/\s+/).map(Number) : []).map((child) => {
    try {
      return { pid: child, program: readlinkSync(`/proc/${child}/exe`) };
    } catch {
      return { pid: child }; // It has just exited.
    }
  });
}

/** Sends `signal` to a process that may have exited already. */
function signal(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch {
    // It has exited already.
  }
}

/** Kills xvfb-run, and the display and driver it would otherwise leave running. */
function forceStop(xvfbRun: ChildProcess) {
  if (xvfbRun.pid === undefined || xvfbRun.exitCode !== null) return;
  for (const child of childrenOf(xvfbRun.pid)) signal(child.pid, 'SIGKILL');
  xvfbRun.kill('SIGKILL');
}

/** Runs WebKitWebDriver under xvfb-run; resolves once it answers, with a way to stop both. */
async function startDriver({ port, screen }: WebKitOptions) {
  const driver = program('WEBKIT_DRIVER_PATH');
  const args = ['-a', '-s', `-screen 0 ${screen}`, driver, `--port=${port}`];
  const xvfbRun = spawn(program('XVFB_RUN_PATH'), [...args, '--replace-on-new-session'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  xvfbRun.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<true>((resolve) => xvfbRun.once('exit', () => resolve(true)));
  // Should the tests' process end without closing the browser, nothing stays behind.
  const stopOnExit = () => forceStop(xvfbRun);
  process.once('exit', stopOnExit);

  /** Stops the driver; xvfb-run then stops Xvfb and removes its files. */
  const stop = async () => {
    process.off('exit', stopOnExit);
    if (xvfbRun.pid === undefined || xvfbRun.exitCode !== null) return;
    const driverPath = realpathSync(driver);
    for (const child of childrenOf(xvfbRun.pid)) {
      if (child.program === driverPath) signal(child.pid, 'SIGTERM');
    }
    if (!(await Promise.race([exited, sleep(5000, false)]))) forceStop(xvfbRun);
  };

  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(100)) {
    if (xvfbRun.exitCode !== null) break;
    const ready = await fetch(`${url}/status`).then(
      async (response) => ((await response.json()) as { value: { ready: boolean } }).value.ready,
      () => false,
    );
    if (ready) return { url, stop };
  }
  await stop();
  throw new Error(`WebKitWebDriver did not start on port ${port}: ${stderr.trim() || 'no answer'}`);
}

/** Starts Xvfb, WebKitWebDriver and MiniBrowser. */
export async function launchWebKit(options: WebKitOptions): Promise<Browser> {
  const driver = await startDriver(options);
  try {
    const session = await WebDriverSession.start(driver.url, {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': {
        binary: program('MINIBROWSER_PATH'),
        // --full-screen hides the toolbar, whose minimum width would keep the window above 375 px.
        args: ['--automation', '--full-screen'],
      },
      proxy: {
        proxyType: 'manual',
        httpProxy: options.siteHost,
        sslProxy: options.siteHost,
        noProxy: [options.siteHost.replace(/:\d+$/, '')],
      },
    });
    return new WebKitBrowser(session, driver.stop);
  } catch (error) {
    await driver.stop();
    throw error;
  }
}

/** Resolves after two frames, with the viewport's size: the window's new size has reached the page. */
const viewportAfterResize = () =>
  new Promise<[number, number]>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve([innerWidth, innerHeight]))),
  );

class WebKitBrowser implements Browser {
  readonly engine = 'webkit';
  private readonly session: WebDriverSession;
  private readonly stopDriver: () => Promise<void>;
  private viewport: Viewport = { width: 0, height: 0 };

  constructor(session: WebDriverSession, stopDriver: () => Promise<void>) {
    this.session = session;
    this.stopDriver = stopDriver;
  }

  async open(url: string, viewport: Viewport) {
    await this.resize(viewport);
    await this.session.navigateTo(url);
  }

  evaluate<Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args) {
    return this.session.execute(fn, ...args) as Promise<Awaited<Result>>;
  }

  async click(target: Target) {
    await (await this.element(target)).click();
  }

  async fill(target: Target, text: string) {
    const field = await this.element(target);
    await field.click();
    await field.clear();
    await field.sendKeys(text);
  }

  async screenshot({ fullPage }: { fullPage: boolean }) {
    if (!fullPage) return this.session.takeScreenshot();
    // WebDriver captures the viewport: make the window as tall as the page, then size it back.
    const viewport = this.viewport;
    const pageHeight = () => this.evaluate(() => document.documentElement.scrollHeight);
    for (let height = await pageHeight(), tries = 0; tries < 3; tries++) {
      await this.resize({ width: viewport.width, height });
      if ((height = await pageHeight()) === this.viewport.height) break;
    }
    const png = await this.session.takeScreenshot();
    await this.resize(viewport);
    return png;
  }

  async close() {
    try {
      await this.session.delete();
    } finally {
      await this.stopDriver();
    }
  }

  /** The one element `target` finds, scrolled into view. */
  private async element(target: Target): Promise<WebElement> {
    const found = await this.session.execute(queryByRole, target, 'element');
    const element = onlyOne(found, target) as WebElement;
    await element.scrollIntoView();
    return element;
  }

  /** Sizes the window so that the page's viewport is `viewport`; MiniBrowser has no chrome. */
  private async resize({ width, height }: Viewport) {
    if (this.viewport.width === width && this.viewport.height === height) return;
    await this.session.setWindowRect({ width, height });
    const [innerWidth, innerHeight] = await this.session.execute(viewportAfterResize);
    if (innerWidth !== width || innerHeight !== height) {
      throw new Error(
        `WebKit's viewport is ${innerWidth}×${innerHeight}, not ${width}×${height}; ` +
          'a window cannot outgrow the virtual screen (see screenHeight in engines.ts)',
      );
    }
    this.viewport = { width, height };
  }
}
