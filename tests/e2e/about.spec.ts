import type { Page } from '@playwright/test';
import { expect, test } from './helpers';

const main = (page: Page) => page.getByRole('main');

test.describe('about page', () => {
  test('tells the story and the mission', async ({ readPage }) => {
    const page = await readPage('/about');
    for (const heading of [/story/i, /mission/i]) {
      const h = main(page).getByRole('heading', { level: 2, name: heading });
      await expect(h).toBeVisible();
    }
    const story = main(page).getByRole('region', { name: /story/i });
    await expect(story.getByRole('paragraph').first()).toHaveText(/\w+( \w+){10,}/);
    const mission = main(page).getByRole('heading', { level: 2, name: /mission/i });
    await expect(mission.locator('xpath=following-sibling::p[1]')).toHaveText(/\w+( \w+){10,}/);
  });

  test('lists three values, each with a name and a description', async ({ readPage }) => {
    const page = await readPage('/about');
    const values = main(page).getByRole('region', { name: /values/i });
    await expect(values.getByRole('heading', { level: 3 })).toHaveCount(3);
    await expect(values.getByRole('listitem')).toHaveCount(3);
    for (const value of await values.getByRole('listitem').all()) {
      await expect(value.getByRole('paragraph')).toHaveText(/\w+( \w+){3,}/);
    }
  });

  test('introduces each team member with a name, a role and a bio', async ({ readPage }) => {
    const page = await readPage('/about');
    const team = main(page).getByRole('region', { name: /team/i });
    const members = team.getByRole('article');
    expect(await members.count()).toBeGreaterThan(0);
    for (const member of await members.all()) {
      await expect(member.getByRole('heading')).toHaveText(/\w/);
      const paragraphs = await member.getByRole('paragraph').allTextContents();
      expect(paragraphs.length).toBeGreaterThanOrEqual(2);
      expect(paragraphs[0]!.trim(), 'role').not.toBe('');
      expect(paragraphs.at(-1)!.split(/\s+/).length, 'bio is a few sentences').toBeGreaterThan(15);
    }
  });

  test('links to /recipes and /contact', async ({ page }) => {
    await page.goto('/about');
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
