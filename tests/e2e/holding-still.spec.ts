import { layoutShifts } from '../../scripts/lib/page-weight.ts';
import { expect, routes, test, viewports } from './helpers';

/**
 * The page holds still under the visitor's finger. A visitor jumps (a fling, the End key, an
 * in-page link) and taps at once, while the page is still settling; if what they aimed at moves
 * between the finger going down and coming up, the browser sends the click to whatever holds
 * both places, and the tap is lost. Nothing here waits for the page to settle. Taps on a slow phone
 * while it settles are in early-taps.spec.ts.
 */

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`at ${viewport.width}px (${size})`, () => {
    test.use({ viewport });

    for (const { path } of routes) {
      test(`${path} holds still while it settles after a jump to the bottom`, async ({ visit }) => {
        const page = await visit(path);
        await page.evaluate(async () => {
          window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
          // A second of frames: time enough for anything laid out late to take its place.
          for (let frame = 0; frame < 60; frame += 1) {
            await new Promise((next) => requestAnimationFrame(next));
          }
        });
        expect(await layoutShifts(page), 'layout shifts').toEqual([]);
      });
    }
  });
}
