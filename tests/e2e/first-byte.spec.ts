import type { Page } from '@playwright/test';
import {
  expect,
  expectNoToast,
  expectToast,
  FILTER_TOAST,
  GENERIC_TOAST,
  SENT_DESCRIPTION,
  SENT_TITLE,
  test,
} from './helpers';

/**
 * A visitor on a slow phone: the HTML has arrived, the external scripts have not. Every stubbed
 * action must already behave as specified (no navigation, nothing typed in a URL, nothing typed
 * lost), and the notice it asked for shows as soon as the toaster has loaded.
 */

/**
 * Holds every external script until `release()`, as a slow connection would, however long the
 * test takes to act in that window, and marks the window so that a reload, which would lose the
 * mark, can be detected.
 */
async function slowScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return {
    /** Lets the held scripts through now. */
    release,
    /** Sets a mark a page reload would wipe. */
    mark: () => page.evaluate(() => Object.assign(window, { notReloaded: true })),
    /** True while no script has arrived: the toaster has not hydrated. */
    stillWaiting: () =>
      page
        .locator('astro-island[ssr]')
        .count()
        .then((n) => n > 0),
    notReloaded: () => page.evaluate(() => 'notReloaded' in window),
  };
}

test.describe('before the scripts arrive', () => {
  test('the footer\'s "Our Team" stays on the page, then shows the notice', async ({ page }) => {
    const scripts = await slowScripts(page);
    await page.goto('/about', { waitUntil: 'commit' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Our Team' }).click();
    expect(await scripts.stillWaiting()).toBe(true);
    await expect(page).toHaveURL('/about');
    scripts.release();
    await expectToast(page, GENERIC_TOAST);
    await expect(page).toHaveURL('/about');
  });

  test('recipe search with Enter neither reloads nor puts the query in the URL', async ({
    page,
  }) => {
    const scripts = await slowScripts(page);
    await page.goto('/recipes', { waitUntil: 'commit' });
    await scripts.mark();
    const search = page.getByRole('searchbox');
    await search.fill('pasta');
    await search.press('Enter');
    expect(await scripts.stillWaiting()).toBe(true);
    await expect(page).toHaveURL('/recipes');
    expect(await scripts.notReloaded()).toBe(true);
    await expect(search, 'the query is kept').toHaveValue('pasta');
    scripts.release();
    await expectToast(page, FILTER_TOAST);
  });

  test('the contact form sends nothing, keeps nothing in the URL, clears, then confirms', async ({
    page,
  }) => {
    const scripts = await slowScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    await scripts.mark();
    const main = page.getByRole('main');
    const values = {
      Name: 'Ada Cook',
      Email: 'ada@example.com',
      Subject: 'Sourdough',
      Message: 'My starter will not rise.',
    };
    for (const [label, value] of Object.entries(values)) {
      await main.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await main.getByRole('button', { name: 'Send Message' }).click();
    expect(await scripts.stillWaiting()).toBe(true);
    await expect(page).toHaveURL('/contact');
    expect(await scripts.notReloaded()).toBe(true);
    for (const label of Object.keys(values)) {
      await expect(main.getByRole('textbox', { name: label, exact: true })).toHaveValue('');
    }
    scripts.release();
    await expectToast(page, SENT_TITLE, SENT_DESCRIPTION);
  });

  test('an incomplete contact form keeps what was typed and shows nothing', async ({ page }) => {
    const scripts = await slowScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Message', exact: true }).fill('Half a thought');
    await main.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(main.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(
      'Half a thought',
    );
    scripts.release();
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await expectNoToast(page);
  });

  test('a newsletter signup clears the field without a URL change, then shows the notice', async ({
    page,
  }) => {
    const scripts = await slowScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await scripts.mark();
    const email = page.getByRole('textbox', { name: 'Email address' });
    await email.fill('cook@example.com');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    expect(await scripts.stillWaiting()).toBe(true);
    await expect(email).toHaveValue('');
    await expect(page).toHaveURL('/');
    expect(await scripts.notReloaded()).toBe(true);
    scripts.release();
    await expectToast(page, GENERIC_TOAST);
  });

  test('of two notices asked for while waiting, the latest shows, alone', async ({ page }) => {
    const scripts = await slowScripts(page);
    await page.goto('/blog', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'All Categories' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    expect(await scripts.stillWaiting()).toBe(true);
    await expectNoToast(page);
    scripts.release();
    await expectToast(page, GENERIC_TOAST);
  });
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, fill, submit } of [
    {
      path: '/contact',
      fill: { Name: 'Ada Cook', Email: 'ada@example.com', Subject: 'Hi', Message: 'Secret' },
      submit: 'Send Message',
    },
    { path: '/', fill: { 'Email address': 'cook@example.com' }, submit: 'Subscribe Now' },
  ]) {
    test(`${path}: the form says sending needs JavaScript and never puts the fields in a URL`, async ({
      page,
    }) => {
      await page.goto(path);
      const form = page.locator('form', {
        has: page.getByRole('button', { name: submit }),
      });
      // Chromium renders <noscript> only with scripting off in the parser itself, which
      // Playwright cannot set; so check that the message is there for such browsers.
      expect(await form.locator('noscript').textContent()).toContain('Sending needs JavaScript');
      for (const [label, value] of Object.entries(fill)) {
        await form.getByRole('textbox', { name: label, exact: true }).fill(value);
      }
      const request = page.waitForRequest((r) => r.isNavigationRequest());
      await form.getByRole('button', { name: submit }).click();
      const sent = await request;
      expect(sent.method()).toBe('POST');
      for (const value of Object.values(fill)) {
        expect(sent.url()).not.toContain(encodeURIComponent(value).slice(0, 8));
      }
      expect(new URL(sent.url()).search).toBe('');
    });
  }
});

test.describe('code fetched ahead for a first click', () => {
  test('waits for the largest paint, and runs nothing', async ({ page }) => {
    await page.goto('/');
    const toasterCode = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => /^\/_astro\/.*\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      );
    await expect
      .poll(async () => (await toasterCode()).length, 'nothing fetched')
      .toBeGreaterThan(0);

    const largestPaint = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          }),
        ),
    );
    expect(Math.min(...(await toasterCode())), 'fetched before the largest paint').toBeGreaterThan(
      largestPaint,
    );
    expect(await page.locator('astro-island[ssr]').count(), 'the toaster hydrated').toBe(1);
  });
});
