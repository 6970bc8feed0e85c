import type { Page } from '@playwright/test';
import {
  computedRgba,
  expect,
  expectActionToasts,
  FILTER_TOAST,
  GENERIC_TOAST,
  hsl,
  open,
  SPEC,
  test,
} from './helpers';
import { recipeCategories } from '../../src/schemas/vocabulary';

const cards = (page: Page) => page.getByRole('main').getByRole('article');

test.describe('recipes page', () => {
  test('shows the heading "Explore Our Recipes" and a search box', async ({ readPage }) => {
    const page = await readPage('/recipes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore Our Recipes');
    await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible();
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveAccessibleName(/search/i);
  });

  test('submitting a search shows the filter toast and does not reload', async ({ page }) => {
    await open(page, '/recipes');
    const search = page.getByRole('main').getByRole('searchbox');
    await search.fill('pasta');
    await expectActionToasts(page, () => search.press('Enter'), FILTER_TOAST);
    await expect(page).toHaveURL(/\/recipes\/?$/);
    await expect(search).toHaveValue('pasta');
  });

  for (const name of ['Category', 'Difficulty', 'Apply Filters', 'Load More Recipes']) {
    test(`${name} shows the filter toast`, async ({ page }) => {
      await open(page, '/recipes');
      await expectActionToasts(
        page,
        () => page.getByRole('main').getByRole('button', { name, exact: true }).click(),
        FILTER_TOAST,
      );
      await expect(page).toHaveURL(/\/recipes\/?$/);
    });
  }

  test(`shows exactly ${SPEC.recipeCards} recipe cards`, async ({ readPage }) => {
    const page = await readPage('/recipes');
    await expect(cards(page)).toHaveCount(SPEC.recipeCards);
  });

  test('each card shows category, favourite button, title, description, time, servings, rating and difficulty', async ({
    readPage,
  }) => {
    const page = await readPage('/recipes');
    await expect(cards(page)).toHaveCount(SPEC.recipeCards);
    for (const card of await cards(page).all()) {
      const title = card.getByRole('heading');
      await expect(title).toHaveCount(1);
      await expect(title).toHaveText(/\w{3,}/);
      const name = (await title.textContent())?.trim() ?? '';
      await expect(card.getByText(new RegExp(`^(${recipeCategories.join('|')})$`))).toBeVisible();
      await expect(card.getByRole('button', { name: /favou?rite/i })).toBeVisible();
      const description = card.getByRole('paragraph').filter({ hasText: /\w+ \w+ \w+ \w+/ });
      await expect(description, `description of ${name}`).toHaveCount(1);
      await expect(description).toBeVisible();
      const facts = card.getByRole('listitem');
      await expect(facts.filter({ hasText: /\b\d+\s*(min|hr)\b/ }), `time of ${name}`).toHaveCount(
        1,
      );
      await expect(
        facts.filter({ hasText: /\b\d+\s+servings?\b/ }),
        `servings of ${name}`,
      ).toHaveCount(1);
      await expect(
        facts.filter({ hasText: /\b(4\.[6-9]|5\.0)\b/ }),
        `rating of ${name}`,
      ).toHaveCount(1);
      await expect(card.getByText(/^(Easy|Medium|Hard)$/), `difficulty of ${name}`).toBeVisible();
    }
  });

  test('difficulty badges are Easy green, Medium yellow and Hard red', async ({ readPage }) => {
    const page = await readPage('/recipes');
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
    page,
  }) => {
    await open(page, '/recipes');
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
