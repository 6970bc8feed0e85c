import type { Locator, Page } from '@playwright/test';
import {
  expect,
  FILTER_TOAST,
  GENERIC_TOAST,
  routes,
  SENT_TITLE,
  shownToasts,
  test,
  viewports,
} from './helpers';

/**
 * The page holds still under the visitor's finger. A visitor jumps (a fling, the End key, an
 * in-page link) and taps at once, while the page is still settling; if what they aimed at moves
 * between the finger going down and coming up, the browser sends the click to whatever holds
 * both places, and the tap is lost. Nothing here waits for the page to settle before a tap.
 */

/** Records every layout shift of the page from its first byte, with what moved and by how much. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      sources: {
        node?: Node | null;
        previousRect: DOMRectReadOnly;
        currentRect: DOMRectReadOnly;
      }[];
    };
    const shifts: string[] = [];
    (window as unknown as { layoutShifts: string[] }).layoutShifts = shifts;
    const name = (node?: Node | null) =>
      node instanceof Element
        ? `<${node.localName}> "${(node.textContent ?? '').trim().slice(0, 40)}"`
        : (node?.nodeName ?? 'a node no longer in the page');
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        const moved = entry.sources.map(
          ({ node, previousRect: before, currentRect: after }) =>
            `${name(node)} from y=${Math.round(before.y)} to y=${Math.round(after.y)}`,
        );
        shifts.push(`at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`at ${viewport.width}px (${size})`, () => {
    test.use({ viewport });

    for (const { path } of routes) {
      test(`${path} holds still while it settles after a jump to the bottom`, async ({ page }) => {
        await recordLayoutShifts(page);
        await page.goto(path);
        const shifts = await page.evaluate(async () => {
          window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
          // A second of frames: time enough for anything laid out late to take its place.
          for (let frame = 0; frame < 60; frame += 1) {
            await new Promise((next) => requestAnimationFrame(next));
          }
          return (window as unknown as { layoutShifts: string[] }).layoutShifts;
        });
        expect(shifts, 'layout shifts').toEqual([]);
      });
    }
  });
}

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
 * the load event, and taps the middle of where it is at that moment, as a visitor's eye sees it.
 */
async function tapAtOnce(page: Page, control: Locator, afterMs: number) {
  const { x, y } = await control.evaluate(async (element, wait) => {
    await new Promise((elapsed) => setTimeout(elapsed, wait));
    element.scrollIntoView({ block: 'center', behavior: 'instant' });
    const box = element.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }, afterMs);
  await page.mouse.click(x, y, { delay: TAP_MS });
}

/**
 * Remembers the target of every click on the page from its first byte, before the page's own
 * scripts see it, for `landedOn`.
 */
async function recordClicks(page: Page) {
  await page.addInitScript(() => {
    const targets: EventTarget[] = [];
    Object.assign(window, { clickTargets: targets });
    document.addEventListener('click', (event) => event.target && targets.push(event.target), true);
  });
}

/** True when a click recorded since the page loaded landed on `control`, or inside it. */
const landedOn = (control: Locator) =>
  control.evaluate((element) =>
    (window as unknown as { clickTargets: Node[] }).clickTargets.some((target) =>
      element.contains(target),
    ),
  );

/** The stubs whose early taps are also followed to their toast: one for each notice. */
const toastedStubs = new Set(['Careers', 'Apply Filters', 'Send']);

test.describe('early taps on a slow phone', () => {
  // Each tap loads its page afresh on a slowed CPU, and a lost one waits out its toast.
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  });

  // Where a tap lands is the page's doing: it must hold still under every control.
  for (const stub of stubs) {
    test(`every early tap on the ${stub.kind} "${stub.name}" on ${stub.path} lands on it`, async ({
      page,
    }) => {
      await recordClicks(page);
      const missed: number[] = [];
      for (const afterMs of TAP_AFTER_MS) {
        await page.goto(stub.path);
        await stub.prepare?.(page);
        await tapAtOnce(page, stub.control(page), afterMs);
        if (!(await landedOn(stub.control(page)))) missed.push(afterMs);
      }
      expect(missed, 'taps that landed elsewhere, by milliseconds after load').toEqual([]);
    });
  }

  // What a tap that landed shows is the notice channel's and the toaster's doing, the same for
  // every control: followed to the toast for one control of each notice.
  for (const stub of stubs.filter(({ name }) => toastedStubs.has(name))) {
    test(`every early tap on the ${stub.kind} "${stub.name}" on ${stub.path} shows its toast`, async ({
      page,
    }) => {
      const lost: number[] = [];
      for (const afterMs of TAP_AFTER_MS) {
        await page.goto(stub.path);
        await stub.prepare?.(page);
        await tapAtOnce(page, stub.control(page), afterMs);
        const shown = await shownToasts(page)
          .getByText(stub.toast, { exact: true })
          .waitFor({ timeout: 5000 })
          .then(() => true)
          .catch(() => false);
        if (!shown) lost.push(afterMs);
      }
      expect(lost, 'taps that showed no toast, by milliseconds after load').toEqual([]);
    });
  }
});
