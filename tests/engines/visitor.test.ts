/**
 * What a visitor does on every route, in WebKit and Firefox (ENGINES picks; Chromium on request),
 * at a phone's and a desktop's width: written once, run in each engine through its adapter
 * (scripts/engines/). docs/ENGINES.md says how they run.
 */
import type { ExpectStatic } from 'vitest';
import { selectedEngines } from '../../scripts/engines/engines.ts';
import { byRole, type Target } from '../../scripts/engines/queries.ts';
import {
  companyLinks,
  FILTER_TOAST,
  GENERIC_TOAST,
  routes,
  SENT_DESCRIPTION,
  SENT_TITLE,
} from '../spec.ts';
import { describeEngine, type VisitorTest } from './engine-suite.ts';
import type { Visitor } from './visitor.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

const banner = byRole('banner');
const heading = byRole('heading', undefined, { level: 1 });
/** sonner's live region; each toast is one of its list items. */
const toasts = byRole('listitem', undefined, { within: byRole('region', /^Notifications/) });
const companyNav = byRole('navigation', 'Company', { within: byRole('contentinfo') });
/** The Company links that only show a toast: all but Contact, which navigates. */
const toastOnlyLinks = companyLinks.filter(({ href }) => href !== '/contact');
const menuButton = byRole('button', /menu/i, { within: banner });
const phoneMenu = byRole('navigation', 'Mobile', { within: banner });
/** A message, by the label of the contact form's field it goes into. */
const message = {
  Name: 'Ada Cook',
  Email: 'ada@example.com',
  Subject: 'Sourdough',
  Message: 'My starter will not rise.',
};

/** The item at `index` of `list`, counting round from the start again past its end. */
function cycle<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error('cycle: an empty list');
  return item;
}

/** A path as the address shows it, with or without its trailing slash. */
const samePath = (path: string) => new RegExp(`^${path.replace(/\/$/, '')}/?$`);

/** The page's one main heading reads `text`. */
async function expectHeading(expect: ExpectStatic, page: Visitor, text: string | RegExp) {
  await expect
    .poll(() => page.texts(heading))
    .toEqual([typeof text === 'string' ? text : expect.stringMatching(text)]);
}

/** Exactly one toast is shown, and its lines are exactly these. */
async function expectToast(expect: ExpectStatic, page: Visitor, ...lines: string[]) {
  const toastLines = async () =>
    (await page.texts(toasts)).map((text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    );
  await expect.poll(toastLines).toEqual([lines]);
}

/** No uncaught error, unhandled rejection or CSP violation on the page since it loaded. */
async function expectNoScriptErrors(expect: ExpectStatic, page: Visitor) {
  expect(await page.scriptErrors()).toEqual([]);
}

/** Clicks `target`, expects `lines` as the one toast, and that the page stayed where it was. */
async function expectClickToasts(
  expect: ExpectStatic,
  page: Visitor,
  target: Target,
  path: string,
  ...lines: string[]
) {
  await page.click(target);
  await expectToast(expect, page, ...lines);
  expect(await page.path()).toMatch(samePath(path));
}

function visitorScenarios(test: VisitorTest) {
  // Without this, "no script error" could pass because nothing was listening.
  test('on / at 1280 px, the capture script hears an uncaught error, an unhandled rejection and a CSP violation', async (page, expect) => {
    await page.open('/', DESKTOP);
    await page.browser.evaluate(() => {
      setTimeout(() => {
        throw new Error('probe error');
      });
      void Promise.reject(new Error('probe rejection'));
      const inline = document.createElement('script');
      inline.textContent = '// not in the policy';
      document.head.append(inline);
    });
    await expect
      .poll(async () => (await page.scriptErrors()).map(({ kind }) => kind).sort())
      .toEqual(['error', 'securitypolicyviolation', 'unhandledrejection']);
    expect(await page.scriptErrors()).toEqual(
      expect.arrayContaining([
        { kind: 'error', message: expect.stringContaining('probe error') },
        { kind: 'unhandledrejection', message: 'Error: probe rejection' },
        { kind: 'securitypolicyviolation', message: expect.stringMatching(/^script-src/) },
      ]),
    );
  });

  for (const viewport of [PHONE, DESKTOP]) {
    const at = `at ${viewport.width} px`;

    for (const [index, route] of routes.entries()) {
      test(`on ${route.path} ${at}, the page loads with its heading and no script error`, async (page, expect) => {
        await page.open(route.path, viewport);
        await expectHeading(expect, page, route.heading);
        await expectNoScriptErrors(expect, page);
      });

      // Each route clicks a different one of the five, so that each engine clicks all of them.
      const link = cycle(toastOnlyLinks, index).name;
      test(`on ${route.path} ${at}, the footer link "${link}" shows its toast and stays on the page`, async (page, expect) => {
        await page.open(route.path, viewport);
        await expectClickToasts(
          expect,
          page,
          byRole('link', link, { within: companyNav }),
          route.path,
          GENERIC_TOAST,
        );
        await expectHeading(expect, page, route.heading);
        await expectNoScriptErrors(expect, page);
      });
    }

    for (const [path, filter] of [
      ['/recipes', 'Apply Filters'],
      ['/blog', 'All Categories'],
    ] as const) {
      test(`on ${path} ${at}, "${filter}" shows the filter toast`, async (page, expect) => {
        await page.open(path, viewport);
        await expectClickToasts(expect, page, byRole('button', filter), path, FILTER_TOAST);
        await expectNoScriptErrors(expect, page);
      });
    }

    test(`on /contact ${at}, the contact form shows its toast and clears all four fields`, async (page, expect) => {
      await page.open('/contact', viewport);
      const fields = Object.keys(message).map((label) => byRole('textbox', label));
      const values = async () => (await Promise.all(fields.map((f) => page.values(f)))).flat();
      for (const [label, text] of Object.entries(message)) {
        await page.fill(byRole('textbox', label), text);
      }
      expect(await values()).toEqual(Object.values(message));
      await expectClickToasts(
        expect,
        page,
        byRole('button', 'Send Message'),
        '/contact',
        SENT_TITLE,
        SENT_DESCRIPTION,
      );
      expect(await values()).toEqual(['', '', '', '']);
      await expectNoScriptErrors(expect, page);
    });
  }

  for (const [index, route] of routes.entries()) {
    const next = cycle(routes, index + 1);
    test(`on ${route.path} at 375 px, the phone menu opens and its "${next.nav}" link leads to ${next.path}`, async (page, expect) => {
      await page.open(route.path, PHONE);
      expect(await page.count(phoneMenu)).toBe(0);
      await page.click(menuButton);
      await expect.poll(() => page.count(phoneMenu)).toBe(1);
      await expectNoScriptErrors(expect, page);
      await page.click(byRole('link', next.nav, { within: phoneMenu }));
      await expect.poll(() => page.path()).toMatch(samePath(next.path));
      await expectHeading(expect, page, next.heading);
      await expectNoScriptErrors(expect, page);
    });
  }
}

for (const engine of selectedEngines(['webkit', 'firefox']))
  describeEngine(engine, visitorScenarios);
