import type { Page } from '@playwright/test';
import {
  blockPhotos,
  holdFontsUntilFirstPaint,
  hydratedIslands,
  JS_BUDGET_BYTES,
  javascriptRun,
  layoutShifts,
  LIGHTHOUSE_MOBILE,
  ROUTES,
  totalGzip,
  type Script,
} from '../../scripts/lib/page-weight.ts';
import { expect, test } from './helpers';

/**
 * The performance budget of every route (`npm run budget`), counted the way `npm run bench`
 * counts it (scripts/lib/page-weight.ts):
 * - at most 6 KB of gzipped JavaScript runs before the visitor acts, inline scripts included,
 *   even once the page has settled (code fetched ahead for a first click is not run);
 * - nothing hydrates until the visitor acts;
 * - nothing shifts while the page loads, on a phone and a desktop, with the photo host offline and
 *   the web fonts arriving after the first paint;
 * - on a phone, one web font downloads (two on the home page) and no icon: every request that
 *   starts beside the first photo slows it (docs/PERFORMANCE.md, "What bounds the Lighthouse score").
 * No timings: this machine's speed varies. The bench measures time, under Lighthouse's throttling.
 */

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const list = (scripts: Script[]) => scripts.map((s) => `  ${kb(s.gzip)}  ${s.name}`).join('\n');

/** The display face; the home page's headline also sets one word in its italic. */
const webFonts = (route: string) => (route === '/' ? 2 : 1);

async function shiftsOnLoad(page: Page, route: string) {
  await blockPhotos(page);
  await holdFontsUntilFirstPaint(page);
  await page.goto(route, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return layoutShifts(page);
}

for (const route of ROUTES) {
  test.describe(`budget ${route}`, () => {
    test(`runs at most ${JS_BUDGET_BYTES / 1024} KB of gzipped JavaScript and hydrates nothing until the visitor acts`, async ({
      page,
    }) => {
      await blockPhotos(page);
      const ran = await javascriptRun(page, route);
      expect(
        totalGzip(ran),
        `${route} runs ${kb(totalGzip(ran))} before any input:\n${list(ran)}`,
      ).toBeLessThanOrEqual(JS_BUDGET_BYTES);
      expect(await hydratedIslands(page), 'islands hydrated without any input').toEqual([]);

      await page.getByRole('contentinfo').getByRole('button', { name: 'Facebook' }).click();
      await expect.poll(() => hydratedIslands(page)).toEqual(['NoticeToaster']);
    });

    test('does not shift while it loads at 1280 px', async ({ page }) => {
      expect(await shiftsOnLoad(page, route), 'layout shifts at 1280 px').toEqual([]);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ ...LIGHTHOUSE_MOBILE });

  for (const route of ROUTES) {
    test(`${route} does not shift while it loads, and downloads ${webFonts(route)} web font${webFonts(route) > 1 ? 's' : ''} and no icon`, async ({
      page,
    }) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      // Holding the fonts past the first paint changes when they arrive, not which are asked for.
      expect(await shiftsOnLoad(page, route), 'layout shifts at 412 px').toEqual([]);

      const fonts = requested.filter((url) => /\.woff2?$/.test(new URL(url).pathname));
      expect(fonts, 'web fonts downloaded').toHaveLength(webFonts(route));
      expect(
        requested.filter((url) => /favicon|\.ico$/.test(url)),
        'icon requests',
      ).toEqual([]);
    });
  }
});
