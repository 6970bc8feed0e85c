import type { Page } from '@playwright/test';
import { TOASTER_CODE } from '../../src/integrations/island-code';
import { expect, expectToast, GENERIC_TOAST, test } from './helpers';

/**
 * Once a page has loaded and gone idle, the toaster's code is fetched ahead, and nothing else,
 * without running: the first click then costs no network round trip
 * (src/browser/intent-directive.ts, src/integrations/island-code.ts).
 */

/** Every script the page fetches from now on, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const ourTeam = (page: Page) =>
  page.getByRole('contentinfo').getByRole('link', { name: 'Our Team' }).click();

test('fetches ahead exactly the code the toaster loads, without running it, so the first click fetches none', async ({
  page,
  context,
}) => {
  // The toaster's own code: what its first click loads when nothing was fetched ahead.
  const cold = await context.newPage();
  await cold.route(`**/${TOASTER_CODE}`, (route) => route.fulfill({ status: 404 }));
  const loadedByClick = scriptsOf(cold);
  await cold.goto('/about');
  await ourTeam(cold);
  await expectToast(cold, GENERIC_TOAST);
  expect(loadedByClick.length, 'scripts the toaster loads').toBeGreaterThan(0);
  await cold.close();

  const fetched = scriptsOf(page);
  await page.goto('/about');
  const list = (await page.request.get(`/${TOASTER_CODE}`).then((r) => r.json())) as string[];
  expect(list.map((file) => `/${file}`).sort()).toEqual([...loadedByClick].sort());
  await expect.poll(() => [...fetched].sort()).toEqual([...loadedByClick].sort());
  // Fetched, not run: the island is still server-rendered until the visitor acts.
  await expect(page.locator('astro-island')).toHaveAttribute('ssr', '');

  const beforeClick = fetched.length;
  await ourTeam(page);
  await expectToast(page, GENERIC_TOAST);
  expect(fetched.slice(beforeClick), 'scripts fetched by the first click').toEqual([]);
});
