/**
 * The facts of the sample content that the site was specified with. Every other test checks
 * behaviour against whatever content is committed; this file alone pins the sample itself.
 * A writer who changes one of these facts on purpose changes it here too (see the README).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './helpers';

const main = (page: Page) => page.getByRole('main');
const footer = (page: Page) => page.getByRole('contentinfo');

test("Today's Special is a pasta rated 4.9 that takes 25 min", async ({ readPage }) => {
  const page = await readPage('/');
  const special = page.getByRole('article').filter({ hasText: "Today's Special" });
  await expect(special.getByRole('heading')).toHaveText(/pasta/i);
  await expect(special).toContainText('4.9');
  await expect(special).toContainText(/\b25 min\b/);
});

test('the hero stats are 500+ Recipes, 30min Avg Time and 10k+ Members', async ({ readPage }) => {
  const page = await readPage('/');
  const hero = page.getByRole('region', { name: 'Discover Culinary Magic' });
  await expect(hero.getByRole('definition')).toHaveText(['500+', '30min', '10k+']);
  await expect(hero.getByRole('term')).toHaveText(['Recipes', 'Avg Time', 'Members']);
});

test('the newsletter stats are 50+ new recipes monthly, 15k+ subscribers and 100% free', async ({
  readPage,
}) => {
  const page = await readPage('/');
  const newsletter = page
    .getByRole('region')
    .filter({ has: page.getByRole('button', { name: 'Subscribe Now' }) });
  await expect(newsletter.getByRole('definition')).toHaveText(['50+', '15k+', '100%']);
  await expect(newsletter.getByRole('term')).toHaveText([
    /new recipes monthly/i,
    /subscribers/i,
    /free/i,
  ]);
});

test('the values are Passion, Quality and Community', async ({ readPage }) => {
  const page = await readPage('/about');
  const values = main(page).getByRole('region', { name: /values/i });
  await expect(values.getByRole('heading', { level: 3 })).toHaveText([
    'Passion',
    'Quality',
    'Community',
  ]);
});

test('the team is a founder and head chef, a food photographer, and a nutritionist and writer', async ({
  readPage,
}) => {
  const page = await readPage('/about');
  const members = main(page).getByRole('region', { name: /team/i }).getByRole('article');
  await expect(members).toHaveCount(3);
  const roles = await Promise.all(
    (await members.all()).map(async (m) =>
      (await m.getByRole('paragraph').first().textContent())?.trim(),
    ),
  );
  expect(roles).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/founder.*head chef/i),
      expect.stringMatching(/food photographer/i),
      expect.stringMatching(/nutritionist.*writer/i),
    ]),
  );
});

for (const [where, path, region] of [
  ['footer', '/', footer],
  ['contact page', '/contact', main],
] as const) {
  test(`the ${where} gives the placeholder email, phone and street address`, async ({
    readPage,
  }) => {
    const page = await readPage(path);
    await expect(
      region(page).getByRole('link', { name: 'hello@deliciousbites.com' }),
    ).toHaveAttribute('href', 'mailto:hello@deliciousbites.com');
    await expect(region(page).getByRole('link', { name: '+1 (555) 123-4567' })).toHaveAttribute(
      'href',
      /^tel:\+?1?5551234567$/,
    );
    await expect(region(page).getByText(/123 Culinary Street/)).toBeVisible();
  });
}

test('the copyright line is for 2025', async ({ readPage }) => {
  const page = await readPage('/');
  await expect(footer(page).getByText(/©\s*2025/)).toBeVisible();
});
