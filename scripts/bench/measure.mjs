// Page-weight measurement shared by `npm run bench` (scripts/bench/bench.mjs) and
// `npm run budget` (tests/e2e/budget.spec.ts). Works with any Playwright Page.
//
// Definitions (the budget is written against these):
// - JavaScript: every JS response the page loads, counting the island component and renderer
//   chunks that hydration imports later (all islands are forced to load, see below), plus the
//   contents of every inline <script> that holds JavaScript (JSON-LD and other data blocks are
//   not JavaScript). Each file and each inline script is gzipped on its own at level 9.
// - CSS: every stylesheet response plus inline <style> contents, gzipped the same way.
// - HTML: the document, gzipped.
// - Requests: every request the page starts until the network is idle after `load`, at the
//   viewport it is opened with, before anything is scrolled or forced; failed ones (the photo
//   host offline) count too.
import { gzipSync } from 'node:zlib';

/** The pages of the site. */
export const ROUTES = ['/', '/recipes', '/blog', '/about', '/contact'];

/** The only components allowed to hydrate; everything else must ship as static HTML. */
export const ALLOWED_ISLANDS = ['NoticeCenter', 'NewsletterForm', 'ContactForm'];

/** Budget for gzipped JavaScript per page, in bytes. */
export const JS_BUDGET_BYTES = 80 * 1024;

/** The stock-photo host the pages load images from. */
export const PHOTO_HOST = 'images.unsplash.com';

/** Lighthouse's mobile emulation (moto g power), for measuring as Lighthouse sees the page. */
export const MOBILE_VIEWPORT = { width: 412, height: 823 };

export { CHROMIUM_ARGS, chromiumPath } from '../chromium.mjs';

/**
 * Size of `data` gzipped at level 9.
 * @param {string | Uint8Array} data
 * @returns {number}
 */
export function gzipBytes(data) {
  return gzipSync(typeof data === 'string' ? Buffer.from(data) : data, { level: 9 }).length;
}

const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * Inline <script> and <style> bodies of an HTML document. Script types that are not JavaScript
 * (application/ld+json, importmap, speculationrules, …) are returned separately as `data`.
 * @param {string} html
 */
export function inlineCode(html) {
  /** @type {string[]} */
  const scripts = [];
  /** @type {{ type: string, text: string }[]} */
  const data = [];
  /** @type {string[]} */
  const styles = [];
  const noComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const m of noComments.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    const text = m[2] ?? '';
    if (/\bsrc\s*=/i.test(attrs) || text.trim() === '') continue;
    const type = (attrs.match(/\btype\s*=\s*["']?([^"'\s>]+)/i)?.[1] ?? '').toLowerCase();
    if (JS_TYPES.has(type)) scripts.push(text);
    else data.push({ type, text });
  }
  for (const m of noComments.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) {
    if ((m[1] ?? '').trim()) styles.push(m[1] ?? '');
  }
  return { scripts, data, styles };
}

/**
 * @typedef {{ url: string, bytes: number, gzip: number, snippet?: string }} Asset
 * @typedef {{ gzip: number, raw: number, files: Asset[] }} Bucket
 * @typedef {{ component: string, export: string | null, url: string | null,
 *   client: string | null, opts: string | null, renderer: string | null }} Island
 * @typedef {{ url: string, resourceType: string, failed: boolean }} RequestInfo
 * @typedef {{
 *   url: string,
 *   js: Bucket, jsOnLoad: Bucket, css: Bucket, html: Bucket, fonts: Bucket,
 *   inlineData: Bucket,
 *   requests: RequestInfo[], requestsOnLoad: RequestInfo[],
 *   islands: Island[],
 * }} PageWeight
 */

/** @returns {Bucket} */
const bucket = () => ({ gzip: 0, raw: 0, files: [] });

/**
 * @param {Bucket} b
 * @param {string} url
 * @param {string | Uint8Array} body
 */
function add(b, url, body) {
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const gzip = gzipBytes(body);
  /** @type {Asset} */
  const asset = { url, bytes, gzip };
  if (typeof body === 'string' && url.startsWith('inline')) {
    asset.snippet = body.trim().replace(/\s+/g, ' ').slice(0, 60);
  }
  b.files.push(asset);
  b.raw += bytes;
  b.gzip += gzip;
}

/**
 * @param {string} url
 * @param {string} contentType
 * @param {string} resourceType
 * @returns {'js' | 'css' | 'html' | 'font' | 'other'}
 */
function kindOf(url, contentType, resourceType) {
  const path = new URL(url).pathname;
  if (resourceType === 'document') return 'html';
  if (/javascript|ecmascript/.test(contentType) || /\.m?js$/.test(path)) return 'js';
  if (/text\/css/.test(contentType) || path.endsWith('.css')) return 'css';
  if (/font/.test(contentType) || /\.(woff2?|ttf|otf)$/.test(path)) return 'font';
  if (resourceType === 'script') return 'js';
  if (resourceType === 'stylesheet') return 'css';
  return 'other';
}

/**
 * The islands on the page as the HTML declares them. An island's component is read from
 * `opts` ({"name": …}), falling back to `component-export` and the component URL's file name.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<Island[]>}
 */
export async function islands(page) {
  return page.$$eval('astro-island', (nodes) =>
    nodes.map((node) => {
      const attr = (/** @type {string} */ n) => node.getAttribute(n);
      let name = null;
      try {
        name = JSON.parse(attr('opts') ?? '{}').name ?? null;
      } catch {
        name = null;
      }
      const url = attr('component-url');
      const fromUrl = url ? (url.split('/').pop() ?? '').split('.')[0] : null;
      const exp = attr('component-export');
      const component = name ?? (exp && exp !== 'default' ? exp : null) ?? fromUrl ?? '(unknown)';
      return {
        component,
        export: exp,
        url,
        client: attr('client'),
        opts: attr('opts'),
        renderer: attr('renderer-url'),
      };
    }),
  );
}

/**
 * Loads `url` in `page` and measures it (see the definitions at the top of this file).
 *
 * The page is opened, then left until the network is idle after `load` (that is the "on load"
 * snapshot); then it is scrolled to the bottom and every island's component, renderer and
 * before-hydration module is imported in the page, so islands that hydrate later
 * (client:visible, client:media, client:idle) are counted whatever the viewport.
 *
 * Call it before navigating the page anywhere else; routes set on the page (e.g. photo
 * blocking) stay in force.
 * @param {import('playwright-core').Page} page
 * @param {string} url
 * @param {{ idleMs?: number }} [options]
 * @returns {Promise<PageWeight>}
 */
export async function measurePage(page, url, { idleMs = 500 } = {}) {
  /** @type {RequestInfo[]} */
  const requests = [];
  /** @type {Promise<void>[]} */
  const pending = [];
  /** @type {Map<string, { kind: string, body: Buffer }>} */
  const bodies = new Map();
  /** @type {Map<string, { kind: string, body: Buffer }>} */
  const bodiesOnLoad = new Map();
  let onLoadDone = false;
  let inFlight = 0;
  let lastActivity = Date.now();

  /** @param {import('playwright-core').Request} request */
  const onRequest = (request) => {
    requests.push({ url: request.url(), resourceType: request.resourceType(), failed: false });
    inFlight += 1;
    lastActivity = Date.now();
  };
  /** @param {import('playwright-core').Request} request */
  const onDone = (request) => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
    const entry = requests.find((r) => r.url === request.url() && !r.failed);
    if (request.failure() && entry) entry.failed = true;
  };
  /** @param {import('playwright-core').Response} response */
  const onResponse = (response) => {
    const req = response.request();
    const kind = kindOf(
      response.url(),
      response.headers()['content-type'] ?? '',
      req.resourceType(),
    );
    if (kind === 'other' || response.status() >= 400 || bodies.has(response.url())) return;
    const afterLoad = onLoadDone;
    pending.push(
      response
        .body()
        .then((body) => {
          const entry = { kind, body };
          bodies.set(response.url(), entry);
          if (!afterLoad) bodiesOnLoad.set(response.url(), entry);
        })
        .catch(() => undefined),
    );
  };

  const idle = async () => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < idleMs)) {
      await page.waitForTimeout(100);
    }
  };

  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  page.on('response', onResponse);
  try {
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response || !response.ok()) {
      throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
    }
    await idle();
    await Promise.all(pending);
    onLoadDone = true;
    const requestsOnLoad = requests.map((r) => ({ ...r }));

    // Everything that could hydrate later: scroll through the page, then import each island's
    // modules directly (the same URLs Astro's island runtime would import).
    await page.evaluate(async () => {
      const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
      for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
      window.scrollTo(0, document.documentElement.scrollHeight);
      const urls = new Set();
      for (const island of document.querySelectorAll('astro-island')) {
        for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
          const value = island.getAttribute(name);
          if (value) urls.add(value);
        }
      }
      await Promise.all([...urls].map((u) => import(/* @vite-ignore */ u).catch(() => null)));
    });
    await idle();
    await Promise.all(pending);

    const html = bucket();
    const js = bucket();
    const jsOnLoad = bucket();
    const css = bucket();
    const fonts = bucket();
    const inlineData = bucket();
    const htmlText = await response.text();
    add(html, response.url(), htmlText);
    const inline = inlineCode(htmlText);
    inline.scripts.forEach((text, i) => {
      add(js, `inline script #${i + 1}`, text);
      add(jsOnLoad, `inline script #${i + 1}`, text);
    });
    inline.styles.forEach((text, i) => add(css, `inline style #${i + 1}`, text));
    inline.data.forEach((d, i) => add(inlineData, `inline ${d.type} #${i + 1}`, d.text));
    for (const [u, { kind, body }] of bodies) {
      if (kind === 'js') add(js, u, body);
      else if (kind === 'css') add(css, u, body);
      else if (kind === 'font') add(fonts, u, body);
    }
    for (const [u, { kind, body }] of bodiesOnLoad) if (kind === 'js') add(jsOnLoad, u, body);

    return {
      url,
      js,
      jsOnLoad,
      css,
      html,
      fonts,
      inlineData,
      requests,
      requestsOnLoad,
      islands: await islands(page),
    };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
    page.off('response', onResponse);
  }
}

/**
 * Makes every request to the photo host fail, as on an offline machine, without waiting for DNS.
 * @param {import('playwright-core').Page | import('playwright-core').BrowserContext} target
 */
export async function blockPhotos(target) {
  await target.route(
    (u) => u.hostname === PHOTO_HOST,
    (route) => route.abort('internetdisconnected'),
  );
}

/**
 * Holds every web-font response until the page has painted (first-contentful-paint), so fonts
 * always arrive after text has been laid out with the fallback font, as on a slow connection.
 * Without this, whether a font swap shifts the layout depends on how fast this machine is; with
 * it, a font swap that moves anything shows up every time.
 * @param {import('playwright-core').Page} page
 */
export async function holdFontsUntilFirstPaint(page) {
  await page.route(
    (u) => /\.(woff2?|ttf|otf)$/.test(u.pathname),
    async (route) => {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const painted = await page
          .evaluate(() => performance.getEntriesByName('first-contentful-paint').length > 0)
          .catch(() => false);
        if (painted) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      // One more frame after the paint, then deliver.
      await new Promise((r) => setTimeout(r, 100));
      await route.continue().catch(() => undefined);
    },
  );
}

/**
 * Layout shifts recorded on the page so far (buffered `layout-shift` entries), without those
 * right after user input, i.e. what counts towards CLS. Their sum is an upper bound of CLS.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<{ total: number, shifts: { value: number, time: number, sources: string[] }[] }>}
 */
export async function layoutShifts(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        /** @type {{ value: number, time: number, sources: string[] }[]} */
        const shifts = [];
        /** @type {(node: Node | null) => string} */
        const describe = (node) => {
          if (node && node.nodeType === Node.TEXT_NODE) {
            const text = (node.textContent ?? '').trim().slice(0, 30);
            return `text "${text}" in ${describe(node.parentElement)}`;
          }
          if (!node || !(node instanceof Element)) return String(node?.nodeName ?? 'unknown');
          const id = node.id ? `#${node.id}` : '';
          const cls =
            typeof node.className === 'string' && node.className
              ? `.${node.className.trim().split(/\s+/).slice(0, 3).join('.')}`
              : '';
          return `${node.tagName.toLowerCase()}${id}${cls}`;
        };
        const observer = new PerformanceObserver((list) => {
          for (const e of /** @type {any[]} */ (list.getEntries())) {
            if (e.hadRecentInput) continue;
            shifts.push({
              value: e.value,
              time: Math.round(e.startTime),
              sources: (e.sources ?? []).map((/** @type {any} */ s) => describe(s.node)),
            });
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // Buffered entries arrive in the first callback, queued as a task; give it two frames.
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => {
              for (const e of /** @type {any[]} */ (observer.takeRecords())) {
                if (!e.hadRecentInput)
                  shifts.push({ value: e.value, time: Math.round(e.startTime), sources: [] });
              }
              observer.disconnect();
              resolve({ total: shifts.reduce((s, x) => s + x.value, 0), shifts });
            }, 100),
          ),
        );
      }),
  );
}
