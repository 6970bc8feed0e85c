import { expect, expectToast, GENERIC_TOAST, test } from './helpers';

/**
 * Once a page has loaded and gone idle, the toaster's code is fetched ahead, all of it, without
 * running: the first click then costs no network round trip (src/browser/intent-directive.ts).
 */
test('fetches all the toaster code ahead once idle, without hydrating it, so the first click fetches none', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/about');

  const list = (await page.request.get('/island-code.json').then((r) => r.json())) as string[];
  expect(list.length, 'files on the list').toBeGreaterThan(0);
  const listed = list.map((file) => `/${file}`);
  await expect.poll(() => scripts).toEqual(expect.arrayContaining(listed));
  // Fetched, not run: the island is still server-rendered until the visitor acts.
  await expect(page.locator('astro-island')).toHaveAttribute('ssr', '');

  const beforeClick = scripts.length;
  await page.getByRole('contentinfo').getByRole('link', { name: 'Our Team' }).click();
  await expectToast(page, GENERIC_TOAST);
  expect(scripts.slice(beforeClick), 'scripts fetched by the first click').toEqual([]);
});
