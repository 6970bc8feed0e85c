import type { Page } from '@playwright/test';
import {
  expect,
  expectActionToasts,
  expectNoToast,
  GENERIC_TOAST,
  SPEC,
  test,
  validity,
} from './helpers';

const hero = (page: Page) => page.getByRole('region', { name: 'Discover Culinary Magic' });
const featured = (page: Page) => page.getByRole('region', { name: 'Featured Recipes' });
const latest = (page: Page) => page.getByRole('region', { name: 'Latest from Our Blog' });
const newsletter = (page: Page) =>
  page.getByRole('region').filter({ has: page.getByRole('button', { name: 'Subscribe Now' }) });
const newsletterEmail = (page: Page) => newsletter(page).getByRole('textbox');

test.describe('home hero', () => {
  for (const label of ['Explore Recipes', 'Join Community']) {
    test(`${label} shows the not-implemented toast and stays on the page`, async ({ visit }) => {
      const page = await visit('/');
      await expectActionToasts(
        page,
        () => hero(page).getByRole('button', { name: label }).click(),
        GENERIC_TOAST,
      );
      await expect(page).toHaveURL('/');
    });
  }
});

test.describe('home featured recipes', () => {
  test('clicking a card shows the not-implemented toast', async ({ visit }) => {
    const page = await visit('/');
    const card = featured(page).getByRole('article').first();
    await expectActionToasts(page, () => card.getByRole('heading').click(), GENERIC_TOAST);
    await expect(page).toHaveURL('/');
  });

  test("a card's favourite button shows the not-implemented toast", async ({ visit }) => {
    const page = await visit('/');
    const card = featured(page).getByRole('article').nth(1);
    await expectActionToasts(
      page,
      () => card.getByRole('button', { name: /favou?rite/i }).click(),
      GENERIC_TOAST,
    );
  });

  test("a card's View Recipe button shows the not-implemented toast", async ({ visit }) => {
    const page = await visit('/');
    const card = featured(page).getByRole('article').nth(2);
    await expectActionToasts(
      page,
      () => card.getByRole('button', { name: 'View Recipe' }).click(),
      GENERIC_TOAST,
    );
    await expect(page).toHaveURL('/');
  });

  test('View All Recipes shows the not-implemented toast', async ({ visit }) => {
    const page = await visit('/');
    await expectActionToasts(
      page,
      () => featured(page).getByRole('button', { name: 'View All Recipes' }).click(),
      GENERIC_TOAST,
    );
    await expect(page).toHaveURL('/');
  });
});

test.describe('home latest from our blog', () => {
  test(`shows exactly ${SPEC.homePosts} posts: one large and the others smaller`, async ({
    visit,
  }) => {
    const page = await visit('/');
    const posts = latest(page).getByRole('article');
    await expect(posts).toHaveCount(SPEC.homePosts);
    const areas = await posts.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return r.width * r.height;
      }),
    );
    const [lead, ...rest] = areas as [number, ...number[]];
    expect(rest).toHaveLength(SPEC.homePosts - 1);
    for (const area of rest) expect(lead).toBeGreaterThan(area * 1.5);
  });

  test('View All Posts links to /blog', async ({ visit }) => {
    const page = await visit('/');
    const link = latest(page).getByRole('link', { name: 'View All Posts' });
    await expect(link).toHaveAttribute('href', '/blog');
    await link.click();
    await expect(page).toHaveURL(/\/blog\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('From Our Kitchen to Yours');
  });
});

test.describe('home newsletter', () => {
  test('an empty submit is blocked: no toast and the page stays', async ({ visit }) => {
    const page = await visit('/');
    const email = newsletterEmail(page);
    await newsletter(page).getByRole('button', { name: 'Subscribe Now' }).click();
    expect(await validity(email)).toMatchObject({ valid: false, valueMissing: true });
    await expectNoToast(page);
    await expect(page).toHaveURL('/');
    await expect(email).toHaveValue('');
  });

  test('an invalid address is blocked by browser validation and keeps the text', async ({
    visit,
  }) => {
    const page = await visit('/');
    const email = newsletterEmail(page);
    await email.fill('not-an-email');
    await newsletter(page).getByRole('button', { name: 'Subscribe Now' }).click();
    expect(await validity(email)).toMatchObject({ valid: false, typeMismatch: true });
    await expectNoToast(page);
    await expect(email).toHaveValue('not-an-email');
    await expect(page).toHaveURL('/');
  });

  test('a valid submit clears the field without leaving the page', async ({ visit }) => {
    const page = await visit('/');
    const email = newsletterEmail(page);
    await email.fill('cook@example.com');
    await newsletter(page).getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(email).toHaveValue('');
    await expect(page).toHaveURL('/');
  });
});
