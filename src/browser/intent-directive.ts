import type { ClientDirective } from 'astro';
import { NOTICE_REQUESTED } from './notice-channel';
import { afterLargestPaint, preloadModuleGraph, savingData } from './preload-modules';

/**
 * `client:intent`: hydrate an island on the visitor's first sign of acting, not at load or idle.
 *
 * A pointer or finger going down, a key press, or focus moving into the page all come before the
 * click, tap or submit they lead to, so loading starts while the visitor is still acting. A notice
 * requested by the capture script is the last trigger: assistive technology may click without
 * any pointer event.
 *
 * Once the page has loaded, painted its main content and gone idle, the island's code is fetched,
 * but not run, so that a later first click costs no network round trip. Save-Data turns that off.
 */
const INTENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', NOTICE_REQUESTED] as const;

const intentDirective: ClientDirective = (load, _options, island) => {
  const listening = { capture: true, passive: true } as const;
  async function hydrate() {
    for (const type of INTENTS) document.removeEventListener(type, hydrate, listening);
    await (
      await load()
    )();
  }
  // A notice requested before this script ran (the page was still arriving) counts as intent.
  if (window.pendingNotice) {
    void hydrate();
    return;
  }
  for (const type of INTENTS) document.addEventListener(type, hydrate, listening);

  if (savingData()) return;
  const code = ['renderer-url', 'component-url'].map(
    (name) => new URL(island.getAttribute(name) ?? '', location.href),
  );
  window.addEventListener('load', () => {
    void afterLargestPaint().then(() => requestIdleCallback(() => void preloadModuleGraph(code)));
  });
};

export default intentDirective;
