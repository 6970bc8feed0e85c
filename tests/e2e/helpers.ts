import {
  test as base,
  expect,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';

export { expect };

/**
 * Playwright's `test`, plus `visit(path)`: the page at `path`, in a browser context the worker
 * opens once and shares between tests.
 *
 * A fresh context costs a new renderer process, which on a 2-core machine weighs more than most
 * tests' own work. The site keeps nothing in the browser (no cookies, no storage), and every
 * `visit` is a fresh navigation at the test's own viewport and media settings, with the pointer
 * parked in the corner, so nothing carries over from an earlier test but the browser's HTTP cache.
 * A test that changes the page itself takes Playwright's own `page` instead: one that routes
 * requests, adds init scripts or listeners, slows the CPU, moves the clock, or counts what is
 * downloaded. `responseOf(page)` is the HTTP response to the last `visit`.
 */
export const test = base.extend<{ visit: (path: string) => Promise<Page> }, { sharedPage: Page }>({
  sharedPage: [
    async ({ browser }, use, workerInfo) => {
      // The project's page settings (base URL and device), as Playwright's own `page` gets them.
      const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } =
        workerInfo.project.use;
      const settings = { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch };
      const context = await browser.newContext(
        Object.fromEntries(
          Object.entries(settings).filter(([, value]) => value !== undefined),
        ) as BrowserContextOptions,
      );
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  visit: async ({ sharedPage, viewport, colorScheme, reducedMotion }, use) => {
    await use(async (path) => {
      // The test's own viewport and media settings (`test.use`), as its own `page` would have.
      if (viewport) await sharedPage.setViewportSize(viewport);
      await sharedPage.emulateMedia({ colorScheme, reducedMotion });
      await sharedPage.mouse.move(0, 0);
      responses.set(sharedPage, await sharedPage.goto(path));
      return sharedPage;
    });
  },
});

const responses = new WeakMap<Page, Response | null>();

/** The HTTP response to the last `visit` that returned `page`. */
export function responseOf(page: Page): Response | null {
  return responses.get(page) ?? null;
}

// The spec's numbers, toast texts and routes, pinned once in tests/spec.ts for these tests and
// the built-site tests (tests/site) alike.
export {
  allPages,
  companyLinks,
  FILTER_TOAST,
  GENERIC_TOAST,
  LONG_DATE,
  routes,
  SENT_DESCRIPTION,
  SENT_TITLE,
  SPEC,
} from '../spec';

export const viewports = {
  mobile: { width: 375, height: 812 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Resolves after two animation frames, so React has committed whatever a click scheduled. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Waits for every running CSS animation or transition (e.g. the header entrance) to finish. */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}

/** sonner's live region: `<section aria-label="Notifications alt+T">`. */
export function toastRegion(page: Page): Locator {
  return page.getByRole('region', { name: /^Notifications/ });
}

/**
 * The toasts currently shown. sonner keeps a dismissed toast in its list for a moment while it
 * animates out (`data-removed="true"`) and keeps toasts beyond `visibleToasts` hidden
 * (`data-visible="false"`); neither counts as shown.
 */
export function shownToasts(page: Page): Locator {
  return toastRegion(page)
    .getByRole('listitem')
    .and(page.locator('[data-visible="true"]:not([data-removed="true"])'));
}

/**
 * With the page clock paused, moves it a millisecond at a time until a toast is up. sonner
 * renders a toast from a zero-delay timeout, and the first click of a page sets that timeout
 * only once the toaster has loaded, which on a busy machine can be long after the click.
 */
export async function runClockUntilToast(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.runFor(1);
      return shownToasts(page).count();
    })
    .toBeGreaterThan(0);
}

/** Exactly one toast is shown, with this title (and description, when given). */
export async function expectToast(
  page: Page,
  title: string,
  description?: string,
): Promise<Locator> {
  const toast = shownToasts(page);
  await expect(toast).toHaveCount(1);
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) {
    await expect(toast.getByText(description, { exact: true })).toBeVisible();
  }
  return toast;
}

/** No toast is shown, checked after the page has had two frames to render one. */
export async function expectNoToast(page: Page): Promise<void> {
  await nextFrames(page);
  await expect(shownToasts(page)).toHaveCount(0);
}

/** Closes any shown toast with its close button, so the next toast is provably new. */
export async function dismissToasts(page: Page): Promise<void> {
  const shown = shownToasts(page);
  while ((await shown.count()) > 0) {
    await shown.first().getByRole('button', { name: 'Close toast' }).click();
  }
  await expect(shown).toHaveCount(0);
  // Move the pointer off the toaster so sonner does not keep toasts expanded or paused.
  await page.mouse.move(0, 0);
}

/** Clears any toast, performs `action`, and expects it to produce exactly this toast. */
export async function expectActionToasts(
  page: Page,
  action: () => Promise<unknown>,
  title: string,
  description?: string,
): Promise<void> {
  await dismissToasts(page);
  await action();
  await expectToast(page, title, description);
}

export type Rgba = [number, number, number, number];

/**
 * A computed colour of an element as sRGB bytes. Tailwind 4 emits oklch() colours, so the page
 * paints the computed value onto a 1×1 canvas and reads the pixel back.
 */
export async function computedRgba(
  target: Locator,
  property: 'color' | 'backgroundColor',
): Promise<Rgba> {
  return target.evaluate((el, prop) => {
    const value = getComputedStyle(el)[prop];
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d canvas');
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = value;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a] as [number, number, number, number];
  }, property);
}

/** Hue (0–360), saturation and lightness (0–1) of an sRGB colour. */
export function hsl([r, g, b]: Rgba): { h: number; s: number; l: number } {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === rn) h = ((gn - bn) / d) % 6;
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  h *= 60;
  if (h < 0) h += 360;
  return { h, s, l };
}

/** Orange-ish: red high, green medium, blue low, hue between red and yellow. */
export function isOrange(rgba: Rgba): boolean {
  const [r, g, b] = rgba;
  const { h, s } = hsl(rgba);
  return r >= 150 && g >= 40 && g <= 190 && b <= 110 && h >= 10 && h <= 45 && s >= 0.5;
}

/** True when the page scrolls sideways. */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

/** The constraint-validation state of a form control. */
export async function validity(
  control: Locator,
): Promise<{ valid: boolean; valueMissing: boolean; typeMismatch: boolean }> {
  return control.evaluate((el) => {
    const v = (el as HTMLInputElement | HTMLTextAreaElement).validity;
    return { valid: v.valid, valueMissing: v.valueMissing, typeMismatch: v.typeMismatch };
  });
}
