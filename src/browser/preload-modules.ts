/** Static imports in a built module: `from"./chunk.js"`, and bare `import"./chunk.js"`. */
const STATIC_IMPORT = /\b(?:from|import)\s*["']([^"']+\.js)["']/g;

/**
 * Fetches a module and everything it imports into the browser's module map, without running
 * any of it. Chromium's `<link rel="modulepreload">` fetches only the file it names, so the
 * imports are read from each fetched source. Each file is fetched once into the HTTP cache, and
 * the modulepreload that follows is served from there. Normal priority on purpose: a click while
 * a low-priority fetch is under way waits for it, and the first toast came 1 s later.
 */
export async function preloadModuleGraph(
  urls: readonly URL[],
  seen = new Set<string>(),
): Promise<void> {
  await Promise.all(urls.map((url) => preloadModule(url, seen)));
}

async function preloadModule(url: URL, seen: Set<string>): Promise<void> {
  if (seen.has(url.href)) return;
  seen.add(url.href);
  const source = await (await fetch(url)).text();
  document.head.append(
    Object.assign(document.createElement('link'), { rel: 'modulepreload', href: url.href }),
  );
  const imports = [...source.matchAll(STATIC_IMPORT)].map(([, path]) => new URL(path!, url));
  await preloadModuleGraph(imports, seen);
}

/** True when the visitor asked their browser to save data (Chromium's Save-Data setting). */
export function savingData(): boolean {
  const { connection } = navigator as Navigator & { connection?: { saveData?: boolean } };
  return connection?.saveData === true;
}

/**
 * Resolves once the browser has reported the page's largest paint, so that code fetched ahead
 * never delays the page's own content. On a fast connection `load` can come before the first
 * paint. Browsers without the Largest Contentful Paint API resolve at once.
 */
export function afterLargestPaint(): Promise<void> {
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
