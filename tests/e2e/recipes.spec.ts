import type { Page } from '@playwright/test';
import {
  computedRgba,
  expect,
  expectActionToasts,
  FILTER_TOAST,
  GENERIC_TOAST,
  hsl,
  test,
} from './helpers';

const cards = (page: Page) => page.getByRole('main').getByRole('article');

test.describe('recipes page', () => {
  test('submitting a search shows the filter toast and does not reload', async ({ visit }) => {
    const page = await visit('/recipes');
    const search = page.getByRole('main').getByRole('searchbox');
    await search.fill('pasta');
    await expectActionToasts(page, () => search.press('Enter'), FILTER_TOAST);
    await expect(page).toHaveURL(/\/recipes\/?$/);
    await expect(search).toHaveValue('pasta');
  });

  for (const name of ['Category', 'Difficulty', 'Apply Filters', 'Load More Recipes']) {
    test(`${name} shows the filter toast`, async ({ visit }) => {
      const page = await visit('/recipes');
      await expectActionToasts(
        page,
        () => page.getByRole('main').getByRole('button', { name, exact: true }).click(),
        FILTER_TOAST,
      );
      await expect(page).toHaveURL(/\/recipes\/?$/);
    });
  }

  test('difficulty badges are Easy green, Medium yellow and Hard red', async ({ visit }) => {
    const page = await visit('/recipes');
    const expected = {
      Easy: (h: number) => h >= 90 && h <= 170,
      Medium: (h: number) => h >= 40 && h <= 70,
      Hard: (h: number) => h <= 15 || h >= 345,
    } as const;
    const seen = new Set<string>();
    for (const card of await cards(page).all()) {
      const badge = card.getByText(/^(Easy|Medium|Hard)$/);
      const level = ((await badge.textContent()) ?? '').trim() as keyof typeof expected;
      seen.add(level);
      const background = await computedRgba(badge, 'backgroundColor');
      const { h, s } = hsl(background);
      expect(background[3], `${level} badge has a background`).toBeGreaterThan(0);
      expect(s, `${level} badge rgb(${background}) is coloured`).toBeGreaterThan(0.3);
      expect(expected[level](h), `${level} badge rgb(${background}) hue ${h.toFixed(0)}`).toBe(
        true,
      );
    }
    expect([...seen].sort()).toEqual(['Easy', 'Hard', 'Medium']);
  });

  test('a card, its favourite button and View Recipe show the not-implemented toast', async ({
    visit,
  }) => {
    const page = await visit('/recipes');
    const card = cards(page).first();
    await expectActionToasts(page, () => card.getByRole('heading').click(), GENERIC_TOAST);
    await expectActionToasts(
      page,
      () => card.getByRole('button', { name: /favou?rite/i }).click(),
      GENERIC_TOAST,
    );
    await expectActionToasts(
      page,
      () => card.getByRole('button', { name: 'View Recipe' }).click(),
      GENERIC_TOAST,
    );
    await expect(page).toHaveURL(/\/recipes\/?$/);
  });
});
