import type { ClientDirective } from 'astro';
import { NOTICE_REQUESTED } from './notice-channel';

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

/**
 * The file the build writes beside its JavaScript, listing what each chunk imports statically
 * (src/integrations/notices.ts). `astro dev` has none; there only the island's own files are
 * fetched ahead.
 */
export const MODULE_IMPORTS_FILE = 'module-imports.json';

/** What each built chunk imports statically; paths relative to the module-imports file. */
export type ModuleImports = Record<string, readonly string[]>;

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
    void afterLargestPaint().then(() => requestIdleCallback(() => void preload(code)));
  });
};

export default intentDirective;

/**
 * Fetches the island's modules and everything they import into the browser's module map,
 * without running any of it. Chromium's `<link rel="modulepreload">` fetches only the file it
 * names, so the rest of the graph comes from the build's list of imports.
 */
async function preload(entries: readonly URL[]): Promise<void> {
  const listing = new URL(MODULE_IMPORTS_FILE, entries[0]);
  const imports: ModuleImports = await fetch(listing)
    .then((response) => (response.ok ? response.json() : {}))
    .catch(() => ({}));
  for (const url of moduleGraph(entries, imports, listing)) {
    document.head.append(
      Object.assign(document.createElement('link'), { rel: 'modulepreload', href: url }),
    );
  }
}

/** `entries` and every module they import, directly or not, as absolute URLs. */
export function moduleGraph(
  entries: readonly URL[],
  imports: ModuleImports,
  listing: URL,
): string[] {
  const folder = listing.pathname.slice(0, listing.pathname.lastIndexOf('/') + 1);
  const seen = new Set<string>();
  const visit = (url: URL) => {
    if (seen.has(url.href)) return;
    seen.add(url.href);
    const key = url.pathname.startsWith(folder) ? url.pathname.slice(folder.length) : '';
    for (const path of imports[key] ?? []) visit(new URL(path, listing));
  };
  entries.forEach(visit);
  return [...seen];
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
