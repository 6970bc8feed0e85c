import type { Locator, Page } from '@playwright/test';
import { expect, FILTER_TOAST, GENERIC_TOAST, SENT_TITLE, shownToasts, test } from './helpers';

/**
 * The page holds still under the visitor's finger on a slow phone. A visitor jumps to a control
 * and taps it at once, up to a second after the page has loaded, while it is still settling; if
 * the control moves between the finger going down and coming up, the browser sends the click to
 * whatever holds both places, and the tap is lost. Nothing here waits for the page to settle
 * before a tap. (holding-still.spec.ts: nothing moves after a jump to the bottom.)
 *
 * Chromium slows the CPU by keeping the page's renderer busy-waiting, most of a core for as long as
 * a test runs, so playwright.config.ts runs this file as a project of its own, beside the others.
 */

/** A stubbed control, where it lives, and the toast a tap on it must show. */
type Stub = {
  kind: string;
  /** Its accessible name, or the start of it. */
  name: string;
  path: string;
  control: (page: Page) => Locator;
  toast: string;
  /** What the visitor does before the tap, such as filling in a form. */
  prepare?: (page: Page) => Promise<void>;
};

const footerLink = (path: string, name: string): Stub => ({
  kind: 'footer link',
  name,
  path,
  control: (page) =>
    page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: 'Company' })
      .getByRole('link', { name, exact: true }),
  toast: GENERIC_TOAST,
});

/** The last button on the page whose name starts with `name`: the one furthest down. */
const button = (kind: string, path: string, name: string, toast: string): Stub => ({
  kind,
  name,
  path,
  control: (page) => page.getByRole('button', { name: new RegExp(`^${name}`) }).last(),
  toast,
});

const stubs: Stub[] = [
  footerLink('/recipes', 'Careers'),
  footerLink('/recipes', 'Press'),
  footerLink('/blog', 'Our Team'),
  footerLink('/', 'Privacy Policy'),
  button('header icon button', '/recipes', 'Search', GENERIC_TOAST),
  button('card button', '/recipes', 'View Recipe', GENERIC_TOAST),
  button('card button', '/blog', 'Read More', GENERIC_TOAST),
  button('filter button', '/recipes', 'Apply Filters', FILTER_TOAST),
  button('Load More button', '/recipes', 'Load More Recipes', FILTER_TOAST),
  button('pagination button', '/blog', 'Next', FILTER_TOAST),
  {
    ...button('contact form', '/contact', 'Send', SENT_TITLE),
    prepare: async (page) => {
      const field = (name: string) => page.getByRole('textbox', { name, exact: true });
      await field('Name').fill('Ada Cook');
      await field('Email').fill('ada@example.com');
      await field('Subject').fill('Sourdough');
      await field('Message').fill('My starter will not rise.');
    },
  },
];

/** Chromium's CPU slowed as Lighthouse slows it for a phone: the page settles four times slower. */
const CPU_SLOWDOWN = 4;
/** When the visitor taps, after the page's load event. */
const TAP_AFTER_MS = [0, 250, 500, 750, 1000];
/** How long a finger rests on the glass in a tap. */
const TAP_MS = 60;

/**
 * Brings `control` into view as a jump would (no smooth scrolling, no waiting), `afterMs` after
 * `since` (the page's clock; the load event when not given), and taps the middle of where it is at
 * that moment, as a visitor's eye sees it.
 */
async function tapAtOnce(page: Page, control: Locator, afterMs: number, since?: number) {
  const { x, y } = await control.evaluate(
    async (element, { afterMs, since }) => {
      if (document.readyState !== 'complete') {
        // Just after the load event, when its end time is known.
        await new Promise((loaded) =>
          addEventListener('load', () => setTimeout(loaded), { once: true }),
        );
      }
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[];
      const start = since ?? navigation?.loadEventEnd ?? 0;
      await new Promise((elapsed) => setTimeout(elapsed, start + afterMs - performance.now()));
      element.scrollIntoView({ block: 'center', behavior: 'instant' });
      Object.assign(window, { tapped: element });
      const box = element.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    },
    { afterMs, since },
  );
  await page.mouse.click(x, y, { delay: TAP_MS });
}

/**
 * Remembers the target of every click on the page from its first byte, before the page's own
 * scripts see it, for `landed`.
 */
async function recordClicks(page: Page) {
  await page.addInitScript(() => {
    const targets: EventTarget[] = [];
    Object.assign(window, { clickTargets: targets });
    document.addEventListener('click', (event) => event.target && targets.push(event.target), true);
  });
}

/** True when a click recorded since the page loaded landed on the control tapped, or inside it. */
const landed = (page: Page) =>
  page.evaluate(() => {
    const { clickTargets, tapped } = window as unknown as { clickTargets: Node[]; tapped: Node };
    return clickTargets.some((target) => tapped.contains(target));
  });

/** True once `toast` is on screen, false if it has not come within five seconds. */
const showsToast = (page: Page, toast: string) =>
  shownToasts(page)
    .getByText(toast, { exact: true })
    .waitFor({ timeout: 5000 })
    .then(() => true)
    .catch(() => false);

/** The stubs whose early taps are also followed to their toast: one for each notice. */
const toastedStubs = new Set(['Careers', 'Apply Filters', 'Send']);

test.describe('early taps on a slow phone', () => {
  // Each tap loads its page afresh on a slowed CPU, and a lost one waits out its toast.
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  });

  // Where a tap lands is the page's doing: it must hold still under every control. What a tap
  // that landed shows is the notice channel's and the toaster's doing, the same for every
  // control, so it is followed to the toast for one control of each notice.
  for (const stub of stubs) {
    const followToast = toastedStubs.has(stub.name);
    test(`every early tap on the ${stub.kind} "${stub.name}" on ${stub.path} lands on it${followToast ? ' and shows its toast' : ''}`, async ({
      page,
    }) => {
      await recordClicks(page);
      const missed: number[] = [];
      const lost: number[] = [];
      for (const afterMs of TAP_AFTER_MS) {
        // The control is found while the page finishes loading; the tap is timed from its load.
        await page.goto(stub.path, { waitUntil: 'domcontentloaded' });
        // From the load event, or from when the visitor has done what comes before the tap.
        let since: number | undefined;
        if (stub.prepare) {
          await page.waitForLoadState('load');
          await stub.prepare(page);
          since = await page.evaluate(() => performance.now());
        }
        await tapAtOnce(page, stub.control(page), afterMs, since);
        if (!(await landed(page))) missed.push(afterMs);
        else if (followToast && !(await showsToast(page, stub.toast))) lost.push(afterMs);
      }
      expect(missed, 'taps that landed elsewhere, by milliseconds after load').toEqual([]);
      expect(lost, 'taps that showed no toast, by milliseconds after load').toEqual([]);
    });
  }
});
