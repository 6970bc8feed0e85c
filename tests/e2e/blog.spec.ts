import type { Page } from '@playwright/test';
import { expect, expectActionToasts, FILTER_TOAST, GENERIC_TOAST, SPEC, test } from './helpers';

const posts = (page: Page) => page.getByRole('main').getByRole('article');

test.describe('blog page', () => {
  test('submitting a search shows the filter toast and does not reload', async ({ visit }) => {
    const page = await visit('/blog');
    const search = page.getByRole('main').getByRole('searchbox');
    await search.fill('sourdough');
    await expectActionToasts(page, () => search.press('Enter'), FILTER_TOAST);
    await expect(page).toHaveURL(/\/blog\/?$/);
    await expect(search).toHaveValue('sourdough');
  });

  for (const name of ['All Categories', 'Sort by: Newest']) {
    test(`${name} shows the filter toast`, async ({ visit }) => {
      const page = await visit('/blog');
      await expectActionToasts(
        page,
        () => page.getByRole('main').getByRole('button', { name, exact: true }).click(),
        FILTER_TOAST,
      );
    });
  }

  test('a post card shows the not-implemented toast when clicked', async ({ visit }) => {
    const page = await visit('/blog');
    await expectActionToasts(
      page,
      () => posts(page).first().getByRole('heading').click(),
      GENERIC_TOAST,
    );
    await expect(page).toHaveURL(/\/blog\/?$/);
  });

  for (const name of ['Previous', 'Next']) {
    test(`pagination ${name} shows the filter toast and stays on page 1`, async ({ visit }) => {
      const page = await visit('/blog');
      const main = page.getByRole('main');
      await expectActionToasts(
        page,
        () => main.getByRole('button', { name, exact: true }).click(),
        FILTER_TOAST,
      );
      await expect(main.getByText(SPEC.pageLabel, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/blog\/?$/);
    });
  }
});
