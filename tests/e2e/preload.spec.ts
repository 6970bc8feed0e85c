import { expect, expectToast, GENERIC_TOAST, test } from './helpers';

/**
 * Once a page has loaded and gone idle, the toaster's code is fetched ahead, all of it, without
 * running: the first click then costs no network round trip (src/browser/intent-directive.ts).
 */
test('fetches the whole toaster graph ahead once idle, without hydrating it', async ({ page }) => {
  const fetched: string[] = [];
  page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/about');

  const island = page.locator('astro-island');
  const chunks = (await page.request
    .get('/_astro/module-imports.json')
    .then((r) => r.json())) as Record<string, string[]>;
  const graph = new Set(
    [
      await island.getAttribute('renderer-url'),
      await island.getAttribute('component-url'),
      ...Object.values(chunks)
        .flat()
        .map((file) => `/_astro/${file}`),
    ].filter((path): path is string => !!path),
  );
  const preloaded = () =>
    page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );
  await expect.poll(preloaded).toEqual(expect.arrayContaining([...graph]));
  await expect.poll(() => fetched).toEqual(expect.arrayContaining([...graph]));
  // Fetched, not run: the island is still server-rendered until the visitor acts.
  await expect(island).toHaveAttribute('ssr', '');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Our Team' }).click();
  await expectToast(page, GENERIC_TOAST);
});
