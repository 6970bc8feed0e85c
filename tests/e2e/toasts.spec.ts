import type { Page } from '@playwright/test';
import {
  expect,
  expectToast,
  FILTER_TOAST,
  GENERIC_TOAST,
  runClockUntilToast,
  shownToasts,
  SPEC,
  test,
  toastRegion,
} from './helpers';

/**
 * From now on, after every change to the page, counts the toasts shown at that moment; the
 * returned function reads the most ever shown at once. A replaced toast may leave a frame after
 * its successor arrives, so a count taken only at the end would miss two shown together.
 */
async function watchMostShown(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const record = window as unknown as { mostShown: number };
    record.mostShown = 0;
    new MutationObserver(() => {
      const shown = document.querySelectorAll(
        '[data-sonner-toast][data-visible="true"]:not([data-removed="true"])',
      ).length;
      record.mostShown = Math.max(record.mostShown, shown);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { mostShown: number }).mostShown);
}

test.describe('toasts', () => {
  test('show at most one at a time: the latest of two quick actions replaces the first', async ({
    visit,
  }) => {
    const page = await visit('/recipes');
    await page.getByRole('main').getByRole('button', { name: 'Load More Recipes' }).click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /account/i })
      .click();
    await expectToast(page, GENERIC_TOAST);
    await expect(shownToasts(page).getByText(FILTER_TOAST)).toHaveCount(0);
    // Once the replaced toast has animated out, only the latest is left in the list at all.
    await expect(toastRegion(page).getByRole('listitem')).toHaveCount(1);
  });

  test('three quick actions show one toast at a time, and leave the last one', async ({
    visit,
  }) => {
    const page = await visit('/blog');
    const mostShown = await watchMostShown(page);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Next' }).click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /search/i })
      .click();
    await main.getByRole('button', { name: 'All Categories' }).click();
    await expectToast(page, FILTER_TOAST);
    await expect(shownToasts(page).getByText(GENERIC_TOAST)).toHaveCount(0);
    expect(await mostShown()).toBe(SPEC.visibleToasts);
  });

  test(`auto-dismiss after ${SPEC.toastMs} ms: still shown just before, gone after`, async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    // Freeze time: from here on only runFor() moves the clock.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    await page.getByRole('main').getByRole('button', { name: 'Explore Recipes' }).click();
    await page.mouse.move(0, 0); // a hovered toaster pauses sonner's timer
    await runClockUntilToast(page);
    await expectToast(page, GENERIC_TOAST);

    await page.clock.runFor(SPEC.toastMs - 100);
    await expectToast(page, GENERIC_TOAST);

    await page.clock.runFor(200); // 100 ms past its time
    await expect(shownToasts(page)).toHaveCount(0);
    await page.clock.runFor(1000); // and the exit animation is over
    await expect(toastRegion(page).getByRole('listitem')).toHaveCount(0);
  });

  test(`a new toast restarts the ${SPEC.toastMs} ms countdown`, async ({ page }) => {
    await page.clock.install();
    await page.goto('/recipes');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    await page.getByRole('main').getByRole('button', { name: 'Category' }).click();
    await page.mouse.move(0, 0);
    await runClockUntilToast(page);
    await expectToast(page, FILTER_TOAST);
    await page.clock.runFor(3000);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /account/i })
      .click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(1);
    await expectToast(page, GENERIC_TOAST);

    await page.clock.runFor(SPEC.toastMs - 100); // past the first's time, not the second's
    await expectToast(page, GENERIC_TOAST);
    await page.clock.runFor(200);
    await expect(shownToasts(page)).toHaveCount(0);
  });

  test('a toast can be closed with its close button', async ({ visit }) => {
    const page = await visit('/');
    await page.getByRole('main').getByRole('button', { name: 'Join Community' }).click();
    const toast = await expectToast(page, GENERIC_TOAST);
    await toast.getByRole('button', { name: /close/i }).click();
    await expect(shownToasts(page)).toHaveCount(0);
  });

  /** Drags the shown toast to the right by `distance` px, slowly (1 s), so only distance counts. */
  async function swipeToast(page: Page, distance: number) {
    const toast = shownToasts(page);
    await toast.hover(); // waits until the entrance transition has stopped moving it
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    const x = box!.x + box!.width / 2;
    const y = box!.y + box!.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + distance, y, { steps: 8 });
    await page.clock.runFor(1000);
    await page.mouse.up();
    await page.clock.runFor(1);
  }

  // The spec asks for a 50 px threshold "(component defaults)"; sonner fixes its own at 45 px and
  // offers no option, which the README records. These swipes sit clear of both values.
  for (const { distance, dismissed } of [
    { distance: 30, dismissed: false },
    { distance: 40, dismissed: false },
    { distance: 80, dismissed: true },
  ]) {
    test(`a slow ${distance} px swipe ${dismissed ? 'dismisses' : 'does not dismiss'} the toast (sonner's 45 px threshold)`, async ({
      page,
    }) => {
      await page.clock.install();
      await page.goto('/');
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await page.getByRole('main').getByRole('button', { name: 'Join Community' }).click();
      await runClockUntilToast(page);
      await expectToast(page, GENERIC_TOAST);
      await swipeToast(page, distance);
      if (dismissed) {
        await expect(shownToasts(page)).toHaveCount(0);
      } else {
        await page.clock.runFor(300);
        await expectToast(page, GENERIC_TOAST);
      }
    });
  }
});
