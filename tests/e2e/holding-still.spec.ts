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

test("the header's entrance keeps each of its controls under a finger aimed at it", async ({
  visit,
}) => {
  const page = await visit('/');
  const header = page.getByRole('banner');
  // The load event often comes before the first frame, where the entrance starts, so an early tap
  // (early-taps.spec.ts) may come at any moment of it: where each control starts, and where it
  // comes to rest.
  const moves = await header
    .getByRole('link')
    .or(header.getByRole('button'))
    .evaluateAll((controls) => {
      const entrance = document.querySelector('header')!.getAnimations();
      const boxes = () => controls.map((control) => control.getBoundingClientRect());
      for (const animation of entrance) {
        animation.pause();
        animation.currentTime = 0;
      }
      const start = boxes();
      for (const animation of entrance) animation.finish();
      return boxes().map((rest, i) => ({
        entrances: entrance.length,
        name: controls[i]!.getAttribute('aria-label') ?? controls[i]!.textContent!.trim(),
        visible: rest.width > 0,
        moved: Math.hypot(start[i]!.x - rest.x, start[i]!.y - rest.y),
        room: Math.min(rest.width, rest.height) / 2,
      }));
    });
  const shown = moves.filter((move) => move.visible);
  expect(shown.length, 'header controls on screen').toBeGreaterThan(5);
  expect(shown[0]?.entrances, 'entrance animations of the header').toBe(1);
  expect(
    shown.filter(({ moved, room }) => moved >= room),
    'controls the entrance moves out from under their own centre',
  ).toEqual([]);
});
