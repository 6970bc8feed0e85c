/**
 * First click to a visible toast, timed as a visitor's browser runs it.
 *
 * Playwright attaches DevTools' Runtime agent to every page it drives. While that agent is
 * attached, V8 collects source positions for each script as it first runs: traced on /recipes
 * under 4× CPU slowdown, that is about 100 ms of `V8.CollectSourcePositions` inside the 130 ms it
 * takes to run React's modules, against 20 ms without the agent. No visitor has DevTools
 * attached, so this drives Chromium over a bare DevTools connection that only emulates the phone,
 * throttles, navigates, scrolls and clicks. `Runtime.evaluate` works without the agent.
 */
import { LIGHTHOUSE_MOBILE } from '../lib/page-weight.ts';
import { launchHeadless } from './headless.ts';

type Params = Record<string, unknown>;
type Message = { id?: number; method?: string; sessionId?: string; params?: Params };
type Reply = Message & { result?: Params; error?: { message: string } };

/** The smallest DevTools client: commands, and a wait for one event. */
class DevTools {
  #nextId = 0;
  #replies = new Map<number, (reply: Reply) => void>();
  #listeners = new Set<(message: Message) => void>();

  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener('message', ({ data }) => {
      const message = JSON.parse(String(data)) as Reply;
      if (message.id === undefined) for (const listen of this.#listeners) listen(message);
      else this.#replies.get(message.id)?.(message);
    });
  }

  static async connect(port: number): Promise<DevTools> {
    const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
      webSocketDebuggerUrl: string;
    };
    const socket = new WebSocket(version.webSocketDebuggerUrl);
    await new Promise((opened) => socket.addEventListener('open', opened, { once: true }));
    return new DevTools(socket);
  }

  send<T = Params>(method: string, params: Params = {}, sessionId?: string): Promise<T> {
    const id = (this.#nextId += 1);
    this.socket.send(JSON.stringify({ id, method, params, sessionId }));
    return new Promise((resolve, reject) => {
      this.#replies.set(id, ({ result, error }) => {
        this.#replies.delete(id);
        if (error) reject(new Error(`${method}: ${error.message}`));
        else resolve(result as T);
      });
    });
  }

  /** Resolves on the next `method` event of `sessionId`. Call before causing the event. */
  next(method: string, sessionId: string): Promise<Params | undefined> {
    return new Promise((resolve) => {
      const listen = (message: Message) => {
        if (message.method !== method || message.sessionId !== sessionId) return;
        this.#listeners.delete(listen);
        resolve(message.params);
      };
      this.#listeners.add(listen);
    });
  }

  close(): void {
    this.socket.close();
  }
}

/** Lighthouse's mobile throttling: 4× slower CPU and slow 4G (150 ms round trips, 1.6 Mbit/s). */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/**
 * Runs in the page: scrolls the footer's Facebook button (a stub on every route) to the middle of
 * the screen and returns where to press it once the frame that shows it there is drawn: as soon
 * as a visitor could see it, without waiting for anything to settle.
 */
async function aimAtFacebook() {
  const button = document.querySelector<HTMLElement>('footer button[aria-label="Facebook"]');
  if (!button) throw new Error('no Facebook button in the footer');
  button.scrollIntoView({ block: 'center' });
  await new Promise((drawn) => requestAnimationFrame(drawn));
  const box = button.getBoundingClientRect();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Runs in the page: resolves with the milliseconds from the next `pointerdown` to the first frame
 * that shows a toast, from the browser's own timestamps.
 */
function timeNextToast() {
  return new Promise<number>((resolve, reject) => {
    let pressedAt = 0;
    document.addEventListener('pointerdown', (event) => (pressedAt = event.timeStamp), {
      capture: true,
      once: true,
    });
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-sonner-toast]')) return;
      observer.disconnect();
      requestAnimationFrame((frame) => resolve(frame - pressedAt));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    setTimeout(() => {
      observer.disconnect();
      reject(new Error('no toast 20 s after pressing the Facebook button: did the press miss it?'));
    }, 20_000);
  });
}

/** Evaluates a no-argument function in the page, awaiting it if it returns a promise. */
async function call<T>(devtools: DevTools, sessionId: string, fn: () => T): Promise<Awaited<T>> {
  const { result, exceptionDetails } = await devtools.send<{
    result: { value: Awaited<T> };
    exceptionDetails?: { exception?: { description?: string } };
  }>(
    'Runtime.evaluate',
    { expression: `(${fn})()`, awaitPromise: true, returnByValue: true },
    sessionId,
  );
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? 'page error');
  return result.value;
}

/**
 * One first click in a fresh profile: load `url`, scroll to the button, wait `afterMs`, press.
 * `throttled` slows the CPU and the network as Lighthouse does for a phone.
 */
async function firstClick(
  devtools: DevTools,
  url: string,
  { afterMs, throttled }: { afterMs: number; throttled: boolean },
): Promise<number> {
  const { browserContextId } = await devtools.send<{ browserContextId: string }>(
    'Target.createBrowserContext',
  );
  try {
    const { targetId } = await devtools.send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      browserContextId,
    });
    const { sessionId } = await devtools.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const page = (method: string, params?: Params) => devtools.send(method, params, sessionId);
    const { viewport, deviceScaleFactor } = LIGHTHOUSE_MOBILE;
    await page('Emulation.setDeviceMetricsOverride', {
      ...viewport,
      deviceScaleFactor,
      mobile: true,
    });
    await page('Emulation.setTouchEmulationEnabled', { enabled: true });
    if (throttled) {
      await page('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page('Network.enable');
      await page('Network.emulateNetworkConditions', SLOW_4G);
    }
    await page('Page.enable');

    const loaded = devtools.next('Page.loadEventFired', sessionId);
    await page('Page.navigate', { url });
    await loaded;
    const { x, y } = await call(devtools, sessionId, aimAtFacebook);
    await new Promise((wait) => setTimeout(wait, afterMs));

    const toastShown = call(devtools, sessionId, timeNextToast);
    const mouse = { x, y, button: 'left', clickCount: 1 };
    await page('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
    await page('Input.dispatchMouseEvent', { type: 'mousePressed', ...mouse });
    await page('Input.dispatchMouseEvent', { type: 'mouseReleased', ...mouse });
    return Math.round(await toastShown);
  } finally {
    await devtools.send('Target.disposeBrowserContext', { browserContextId });
  }
}

/**
 * Milliseconds from pressing the footer's Facebook button to the first frame with its toast,
 * once per run, each in a fresh profile of a Chromium started with `chromeFlags`. The button is
 * scrolled into view right after `load`; `afterMs` later it is pressed. `throttled` (the default)
 * runs it under Lighthouse's phone throttling; otherwise at the machine's own speed.
 */
export async function firstClickToToast(
  url: string,
  {
    runs,
    chromeFlags,
    ...click
  }: { afterMs: number; runs: number; chromeFlags: readonly string[]; throttled: boolean },
): Promise<number[]> {
  const chrome = await launchHeadless(chromeFlags);
  const devtools = await DevTools.connect(chrome.port);
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) times.push(await firstClick(devtools, url, click));
    return times;
  } finally {
    devtools.close();
    chrome.kill();
  }
}
