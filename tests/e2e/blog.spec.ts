import type { Page } from '@playwright/test';
import {
  expect,
  expectActionToasts,
  FILTER_TOAST,
  GENERIC_TOAST,
  LONG_DATE,
  open,
  SPEC,
  test,
} from './helpers';
import { blogCategories } from '../../src/schemas/vocabulary';

const posts = (page: Page) => page.getByRole('main').getByRole('article');

test.describe('blog page', () => {
  test('shows the heading "From Our Kitchen to Yours" and a search box', async ({ readPage }) => {
    const page = await readPage('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('From Our Kitchen to Yours');
    await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible();
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveAccessibleName(/search/i);
  });

  test('submitting a search shows the filter toast and does not reload', async ({ page }) => {
    await open(page, '/blog');
    const search = page.getByRole('main').getByRole('searchbox');
    await search.fill('sourdough');
    await expectActionToasts(page, () => search.press('Enter'), FILTER_TOAST);
    await expect(page).toHaveURL(/\/blog\/?$/);
    await expect(search).toHaveValue('sourdough');
  });

  for (const name of ['All Categories', 'Sort by: Newest']) {
    test(`${name} shows the filter toast`, async ({ page }) => {
      await open(page, '/blog');
      await expectActionToasts(
        page,
        () => page.getByRole('main').getByRole('button', { name, exact: true }).click(),
        FILTER_TOAST,
      );
    });
  }

  test(`shows exactly ${SPEC.postCards} post cards`, async ({ readPage }) => {
    const page = await readPage('/blog');
    await expect(posts(page)).toHaveCount(SPEC.postCards);
  });

  test('each post card shows category, title, excerpt, author, date and comment count', async ({
    readPage,
  }) => {
    const page = await readPage('/blog');
    await expect(posts(page)).toHaveCount(SPEC.postCards);
    for (const card of await posts(page).all()) {
      const title = card.getByRole('heading');
      await expect(title).toHaveCount(1);
      await expect(title).toHaveText(/\w{3,}/);
      const name = (await title.textContent())?.trim() ?? '';
      await expect(
        card.getByText(new RegExp(`^(${blogCategories.join('|')})$`, 'i')),
        `category of ${name}`,
      ).toBeVisible();
      const excerpt = card.getByRole('paragraph').filter({ hasText: /\w+ \w+ \w+ \w+ \w+/ });
      await expect(excerpt, `excerpt of ${name}`).toHaveCount(1);
      await expect(excerpt).toBeVisible();
      await expect(
        card
          .getByRole('listitem')
          .filter({ hasText: /^(By\s+)?[A-Z][\p{L}'’-]+( [A-Z][\p{L}'’-]+)+$/u }),
        `author of ${name}`,
      ).toHaveCount(1);
      await expect(card.getByText(LONG_DATE), `date of ${name}`).toBeVisible();
      await expect(card.getByText(/^\d+ comments?$/), `comments of ${name}`).toBeVisible();
    }
  });

  test('lists the newest post first, dates descending', async ({ readPage }) => {
    const page = await readPage('/blog');
    const dates: number[] = [];
    for (const card of await posts(page).all()) {
      const text = ((await card.getByText(LONG_DATE).textContent()) ?? '').trim();
      const time = Date.parse(`${text} UTC`);
      expect(Number.isNaN(time), `parse "${text}"`).toBe(false);
      dates.push(time);
    }
    expect(dates).toHaveLength(8);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  test('a post card shows the not-implemented toast when clicked', async ({ page }) => {
    await open(page, '/blog');
    await expectActionToasts(
      page,
      () => posts(page).first().getByRole('heading').click(),
      GENERIC_TOAST,
    );
    await expect(page).toHaveURL(/\/blog\/?$/);
  });

  test(`pagination shows Previous, "${SPEC.pageLabel}" and Next`, async ({ readPage }) => {
    const page = await readPage('/blog');
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Previous' })).toBeVisible();
    await expect(main.getByText(SPEC.pageLabel, { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Next' })).toBeVisible();
  });

  for (const name of ['Previous', 'Next']) {
    test(`pagination ${name} shows the filter toast and stays on page 1`, async ({ page }) => {
      await open(page, '/blog');
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
