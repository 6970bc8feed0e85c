import { expect, test, type Page } from '@playwright/test';
import {
  ALLOWED_ISLANDS,
  JS_BUDGET_BYTES,
  MOBILE_VIEWPORT,
  ROUTES,
  blockPhotos,
  holdFontsUntilFirstPaint,
  layoutShifts,
  measurePage,
} from '../../scripts/bench/measure.mjs';

/**
 * Performance budget per page (`npm run budget`), measured the same way as `npm run bench`
 * (scripts/bench/measure.mjs):
 * - at most 80 KB of gzipped JavaScript, counting every script the page loads, the island chunks
 *   that hydrate later, and inline scripts;
 * - only the interactive components hydrate: every <astro-island> is one of ALLOWED_ISLANDS;
 * - no layout shift while the page loads and hydrates (CLS 0), desktop and mobile, with the photo
 *   host blocked so nothing depends on the network, and web fonts delivered after the first paint
 *   (as on a slow connection) so font-swap shifts do not depend on this machine's speed.
 * No timing assertions: this machine's speed varies, and Lighthouse in the bench covers timing.
 */

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Opens `route` in `page` with web fonts held back until the first paint (so a font swap that
 * moves text is caught every time, not only when the machine is slow), waits for load, idle
 * network and fonts, then reads the layout shifts.
 */
async function shiftsOnLoad(page: Page, route: string) {
  await holdFontsUntilFirstPaint(page);
  await page.goto(route, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return layoutShifts(page);
}

const describeShifts = (shifts: Awaited<ReturnType<typeof layoutShifts>>) =>
  shifts.shifts
    .map((s) => `  ${s.value.toFixed(4)} at ${s.time} ms: ${s.sources.join(', ') || '(no source)'}`)
    .join('\n');

for (const route of ROUTES) {
  test(`budget ${route}: ≤ 80 KB gzipped JS, only interactive islands, no layout shift`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await blockPhotos(page.context());

    const weight = await measurePage(page, route);
    const files = [...weight.js.files]
      .sort((a, b) => b.gzip - a.gzip)
      .map((f) => `  ${kb(f.gzip).padStart(9)}  ${f.url}`)
      .join('\n');
    await test.info().attach('javascript.txt', {
      body: `${kb(weight.js.gzip)} gzipped JavaScript on ${route}\n${files}\n`,
      contentType: 'text/plain',
    });
    expect
      .soft(
        weight.js.gzip,
        `${route} loads ${kb(weight.js.gzip)} of gzipped JavaScript (budget ${kb(JS_BUDGET_BYTES)}):\n${files}\n`,
      )
      .toBeLessThanOrEqual(JS_BUDGET_BYTES);

    const unexpected = weight.islands
      .filter((island) => !ALLOWED_ISLANDS.includes(island.component))
      .map(
        (island) =>
          `${island.component} (client:${island.client ?? '?'}, ${island.url ?? 'no url'})`,
      );
    expect
      .soft(
        unexpected,
        `${route} hydrates components that should be static HTML; allowed: ${ALLOWED_ISLANDS.join(', ')}`,
      )
      .toEqual([]);

    const desktop = await shiftsOnLoad(await page.context().newPage(), route);
    expect
      .soft(desktop.total, `layout shifts on ${route} (desktop):\n${describeShifts(desktop)}\n`)
      .toBe(0);

    const mobileContext = await browser.newContext({
      ...(baseURL ? { baseURL } : {}),
      viewport: MOBILE_VIEWPORT,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    try {
      await blockPhotos(mobileContext);
      const mobile = await shiftsOnLoad(await mobileContext.newPage(), route);
      expect
        .soft(mobile.total, `layout shifts on ${route} (mobile):\n${describeShifts(mobile)}\n`)
        .toBe(0);
    } finally {
      await mobileContext.close();
    }
  });
}
