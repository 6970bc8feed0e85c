import type { ClientDirective } from 'astro';

/**
 * `client:intent={codeList}`: hydrate an island on the visitor's first sign of acting, not at
 * load or idle.
 *
 * A pointer or finger going down, a key press, or focus moving into the page all come before the
 * click, tap or submit they lead to, so loading starts while the visitor is still acting. A click
 * or a submit counts too, for assistive technology that clicks without any pointer event. A
 * visitor who acted before this script ran (the page was still arriving) has already activated
 * the page, which the browser remembers (`navigator.userActivation`).
 *
 * Once the page has loaded, painted its main content and gone idle, the files the list at
 * `codeList` names are fetched, but not run, so that a later first click costs no network round
 * trip. Save-Data turns that off.
 */
const INTENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'click', 'submit'] as const;

const intentDirective: ClientDirective = (load, { value: codeList }) => {
  const listening = { capture: true, passive: true } as const;
  async function hydrate() {
    for (const type of INTENTS) document.removeEventListener(type, hydrate, listening);
    await (
      await load()
    )();
  }
  if (navigator.userActivation?.hasBeenActive) {
    void hydrate();
    return;
  }
  for (const type of INTENTS) document.addEventListener(type, hydrate, listening);

  if (typeof codeList !== 'string' || savingData()) return;
  window.addEventListener('load', () => {
    void afterLargestPaint().then(() => whenIdle(() => void preload(codeList)));
  });
};

export default intentDirective;

/**
 * Fetches every file on the list into the browser's module map, without running any of it.
 * A missing list (`astro dev` writes none) fetches nothing.
 */
async function preload(codeList: string): Promise<void> {
  const list = new URL(codeList, location.href);
  const files: readonly string[] = await fetch(list)
    .then((response) => (response.ok ? response.json() : []))
    .catch(() => []);
  for (const file of files) {
    const href = new URL(file, list).href;
    document.head.append(
      Object.assign(document.createElement('link'), { rel: 'modulepreload', href }),
    );
  }
}

/** Runs `task` once the browser is idle; Safari has no `requestIdleCallback`, so soon after there. */
const whenIdle = (task: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(task) : setTimeout(task, 50);

/** True when the visitor asked their browser to save data (Chromium's Save-Data setting). */
function savingData(): boolean {
  const { connection } = navigator as Navigator & { connection?: { saveData?: boolean } };
  return connection?.saveData === true;
}

/**
 * Resolves once the browser has reported the page's largest paint, so that code fetched ahead
 * never delays the page's own content. On a fast connection `load` can come before the first
 * paint. Browsers without the Largest Contentful Paint API resolve at once.
 */
function afterLargestPaint(): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) {
    return Promise.resolve();
  }
  return new Promise((painted) => {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      painted();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}
