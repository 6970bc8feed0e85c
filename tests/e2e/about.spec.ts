import type { Page } from '@playwright/test';
import { expect, test } from './helpers';

const main = (page: Page) => page.getByRole('main');

test.describe('about page', () => {
  test('links to /recipes and /contact', async ({ visit }) => {
    const page = await visit('/about');
    const links = main(page).getByRole('link');
    await expect(links.and(page.locator('[href="/recipes"]'))).toHaveCount(1);
    await expect(links.and(page.locator('[href="/contact"]'))).toHaveCount(1);
    await main(page).locator('[href="/recipes"]').click();
    await expect(page).toHaveURL(/\/recipes\/?$/);
    await page.goBack();
    await main(page).locator('[href="/contact"]').click();
    await expect(page).toHaveURL(/\/contact\/?$/);
  });
});
