import type { ClientDirective } from 'astro';
import { noticeChannel } from './notice-channel';

/**
 * `client:intent={codeList}`: hydrate an island on the visitor's first sign of acting, not at
 * load or idle.
 *
 * A pointer or finger going down, a key press, or focus moving into the page all come before the
 * click, tap or submit they lead to, so loading starts while the visitor is still acting. A notice
 * requested through the notice channel is the last trigger: assistive technology may click
 * without any pointer event.
 *
 * Once the page has loaded, painted its main content and gone idle, the code the list at
 * `codeList` names is fetched, but not run, so that a later first click costs no network round
 * trip. Save-Data turns that off.
 */
const INTENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * The list of every JavaScript file the site's islands load, which the build writes at the root of
 * the site (src/integrations/notices.ts); paths relative to the list. `astro dev` has none.
 */
export const ISLAND_CODE_LIST = 'island-code.json';

const intentDirective: ClientDirective = (load, { value: codeList }) => {
  const channel = noticeChannel();
  const listening = { capture: true, passive: true } as const;
  let stopListening = () => {};
  async function hydrate() {
    stopListening();
    await (
      await load()
    )();
  }
  // A notice requested before this script ran (the page was still arriving) counts as intent.
  if (channel.waiting) {
    void hydrate();
    return;
  }
  for (const type of INTENTS) document.addEventListener(type, hydrate, listening);
  const stopHearing = channel.listen(hydrate);
  stopListening = () => {
    for (const type of INTENTS) document.removeEventListener(type, hydrate, listening);
    stopHearing();
  };

  if (typeof codeList !== 'string' || savingData()) return;
  window.addEventListener('load', () => {
    void afterLargestPaint().then(() => requestIdleCallback(() => void preload(codeList)));
  });
};

export default intentDirective;

/**
 * Fetches every file on the list into the browser's module map, without running any of it.
 * A missing list (`astro dev`) fetches nothing.
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
