import type { Page } from '@playwright/test';
import {
  allPages,
  companyLinks,
  computedRgba,
  expect,
  expectActionToasts,
  GENERIC_TOAST,
  hasHorizontalScroll,
  isOrange,
  responseOf,
  routes,
  settleAnimations,
  test,
  viewports,
} from './helpers';

const mainNav = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Main' });
const footer = (page: Page) => page.getByRole('contentinfo');

test.describe('routes', () => {
  for (const route of routes) {
    test(`${route.path} loads with a Delicious Bites title, one main, a header and a footer`, async ({
      visit,
    }) => {
      const page = await visit(route.path);
      expect(responseOf(page)?.status()).toBe(200);
      await expect(page).toHaveTitle(/Delicious Bites/);
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    });
  }

  test('an unknown URL shows the branded not-found page with a link home', async ({ visit }) => {
    const page = await visit('/no-such-recipe-here');
    expect(responseOf(page)?.status()).toBe(404);
    await expect(page).toHaveTitle(/Delicious Bites/);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const home = page.getByRole('main').getByRole('link', { name: /home/i });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('header', () => {
  test('is sticky and stays at the top of the viewport after scrolling', async ({ visit }) => {
    const page = await visit('/recipes');
    await settleAnimations(page); // the entrance slides the header in from above
    const header = page.getByRole('banner');
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const box = await header.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.abs(box!.y)).toBeLessThanOrEqual(1);
    await expect(header).toBeInViewport();
  });

  test('plays an entrance animation of 0.6 seconds', async ({ visit }) => {
    const page = await visit('/');
    const timing = await page.getByRole('banner').evaluate((el) => {
      const s = getComputedStyle(el);
      return { name: s.animationName, duration: s.animationDuration };
    });
    expect(timing.name).not.toBe('none');
    expect(timing.duration).toBe('0.6s');
  });

  for (const route of routes) {
    test(`on ${route.path} highlights only the ${route.nav} link, in orange, as the current page`, async ({
      visit,
    }) => {
      const page = await visit(route.path);
      const nav = mainNav(page);
      const current = nav.getByRole('link', { name: route.nav, exact: true });
      await expect(current).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
      const currentColour = await computedRgba(current, 'color');
      expect(isOrange(currentColour), `current link colour rgb(${currentColour})`).toBe(true);
      for (const other of routes.filter((r) => r !== route)) {
        const link = nav.getByRole('link', { name: other.nav, exact: true });
        await expect(link).not.toHaveAttribute('aria-current', /.*/);
        const colour = await computedRgba(link, 'color');
        expect(isOrange(colour), `${other.nav} link colour rgb(${colour})`).toBe(false);
      }
    });
  }

  for (const size of ['tablet', 'desktop'] as const) {
    test.describe(`at ${viewports[size].width}px`, () => {
      test.use({ viewport: viewports[size] });

      test('shows the desktop navigation and icon buttons, and no menu button', async ({
        visit,
      }) => {
        const page = await visit('/');
        await expect(mainNav(page)).toBeVisible();
        for (const name of [/search/i, /account/i, /bag|cart/i]) {
          await expect(page.getByRole('banner').getByRole('button', { name })).toBeVisible();
        }
        await expect(page.getByRole('banner').getByRole('button', { name: /menu/i })).toBeHidden();
      });
    });
  }

  test.describe('just below the medium breakpoint, at 767px', () => {
    test.use({ viewport: { width: 767, height: 900 } });

    test('uses the menu button instead of the desktop navigation', async ({ visit }) => {
      const page = await visit('/');
      await expect(mainNav(page)).toBeHidden();
      await expect(page.getByRole('banner').getByRole('button', { name: /menu/i })).toBeVisible();
    });
  });

  for (const name of [/search/i, /account/i, /bag|cart/i]) {
    test(`the ${name.source} icon button shows the not-implemented toast`, async ({ visit }) => {
      const page = await visit('/');
      const button = page.getByRole('banner').getByRole('button', { name });
      await expect(button).toHaveCount(1);
      await expectActionToasts(page, () => button.click(), GENERIC_TOAST);
      await expect(page).toHaveURL('/');
    });
  }

  test.describe('at 375px', () => {
    test.use({ viewport: viewports.mobile });

    test('hides the desktop navigation and the three icon buttons', async ({ visit }) => {
      const page = await visit('/');
      await expect(mainNav(page)).toBeHidden();
      for (const name of [/search/i, /account/i, /bag|cart/i]) {
        await expect(page.getByRole('banner').getByRole('button', { name })).toBeHidden();
      }
    });
  });
});

test.describe('mobile menu at 375px', () => {
  test.use({ viewport: viewports.mobile });

  const menuButton = (page: Page) =>
    page.getByRole('banner').getByRole('button', { name: /menu/i });
  const menu = (page: Page) =>
    page.getByRole('banner').getByRole('navigation', { name: /mobile|menu/i });

  test('the menu button has a name and opens and closes the menu with the five links', async ({
    visit,
  }) => {
    const page = await visit('/');
    const button = menuButton(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleName(/\S/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page)).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu(page)).toBeVisible();
    const links = menu(page).getByRole('link');
    await expect(links).toHaveText(['Home', 'Recipes', 'Blog', 'About', 'Contact']);
    for (const route of routes) {
      const link = menu(page).getByRole('link', { name: route.nav, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', route.path);
    }

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page)).toBeHidden();
  });

  test('marks the current page in the menu', async ({ visit }) => {
    const page = await visit('/about');
    await menuButton(page).click();
    await expect(menu(page).getByRole('link', { name: 'About', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menu(page).locator('[aria-current]')).toHaveCount(1);
  });

  test('choosing a link closes the menu and navigates to it', async ({ visit }) => {
    const page = await visit('/');
    const button = menuButton(page);
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // Record the menu's state and visibility as the page unloads, i.e. after the choice was
    // handled but before the next page replaces it. sessionStorage survives the navigation.
    await button.evaluate((el) => {
      const panel = document.getElementById(el.getAttribute('aria-controls') ?? '');
      window.addEventListener('pagehide', () => {
        sessionStorage.setItem(
          'menu-at-unload',
          JSON.stringify({
            expanded: el.getAttribute('aria-expanded'),
            panelShown: !!panel && panel.checkVisibility(),
          }),
        );
      });
    });
    await menu(page).getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('From Our Kitchen to Yours');
    const atUnload = await page.evaluate(() => sessionStorage.getItem('menu-at-unload'));
    expect(JSON.parse(atUnload ?? 'null')).toEqual({ expanded: 'false', panelShown: false });
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page)).toBeHidden();
  });

  test('Escape closes the menu and returns focus to the menu button', async ({ visit }) => {
    const page = await visit('/');
    const button = menuButton(page);
    await button.click();
    await expect(menu(page)).toBeVisible();
    await menu(page).getByRole('link', { name: 'Recipes', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page)).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the menu is reachable and usable with the Tab key', async ({ visit }) => {
    const page = await visit('/');
    const button = menuButton(page);
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await button.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'menu button reached with Tab within 10 presses').toBe(true);
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(menu(page).getByRole('link', { name: 'Home', exact: true })).toBeFocused();
  });
});

test.describe('footer', () => {
  for (const { name, href } of companyLinks.filter((c) => c.href !== '/contact')) {
    test(`Company link ${name} shows the not-implemented toast and does not navigate to ${href}`, async ({
      visit,
    }) => {
      const page = await visit('/recipes');
      const link = footer(page)
        .getByRole('navigation', { name: 'Company' })
        .getByRole('link', { name, exact: true });
      await expectActionToasts(page, () => link.click(), GENERIC_TOAST);
      await expect(page).toHaveURL(/\/recipes\/?$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore Our Recipes');
    });
  }

  test('Company link Contact navigates to /contact', async ({ visit }) => {
    const page = await visit('/');
    await footer(page)
      .getByRole('navigation', { name: 'Company' })
      .getByRole('link', { name: 'Contact', exact: true })
      .click();
    await expect(page).toHaveURL(/\/contact\/?$/);
  });

  const groups = {
    Recipes: ['Breakfast', 'Lunch', 'Dinner', 'Desserts', 'Beverages', 'Snacks'],
    Categories: ['Italian', 'Asian', 'Mexican', 'Mediterranean', 'Healthy', 'Quick & Easy'],
  };
  for (const [column, items] of Object.entries(groups)) {
    test(`${column} column buttons each show the not-implemented toast`, async ({ visit }) => {
      const page = await visit('/');
      const nav = footer(page).getByRole('navigation', { name: column });
      await expect(nav.getByRole('button')).toHaveText(items);
      for (const item of items) {
        await expectActionToasts(
          page,
          () => nav.getByRole('button', { name: item, exact: true }).click(),
          GENERIC_TOAST,
        );
      }
      await expect(page).toHaveURL('/');
    });
  }

  test('social buttons Facebook, Instagram, Twitter and YouTube are named and toast', async ({
    visit,
  }) => {
    const page = await visit('/');
    for (const network of ['Facebook', 'Instagram', 'Twitter', 'YouTube']) {
      const button = footer(page).getByRole('button', { name: network, exact: true });
      await expect(button).toBeVisible();
      await expectActionToasts(page, () => button.click(), GENERIC_TOAST);
    }
  });

  test('Terms of Service, Privacy Policy and Cookie Policy buttons toast', async ({ visit }) => {
    const page = await visit('/');
    for (const label of ['Terms of Service', 'Privacy Policy', 'Cookie Policy']) {
      const button = footer(page).getByRole('button', { name: label, exact: true });
      await expect(button).toBeVisible();
      await expectActionToasts(page, () => button.click(), GENERIC_TOAST);
    }
    await expect(page).toHaveURL('/');
  });

  /** Column count, from the grid's tracks and from where the four columns start. */
  async function footerColumns(page: Page) {
    const company = footer(page).getByRole('navigation', { name: 'Company' });
    const tracks = await company.evaluate(
      (el) => getComputedStyle(el.parentElement!).gridTemplateColumns.split(/\s+/).length,
    );
    const starts = await Promise.all(
      [
        footer(page).getByText(/Recipes, cooking tips and stories/i),
        company.getByRole('heading'),
        footer(page).getByRole('navigation', { name: 'Recipes' }).getByRole('heading'),
        footer(page).getByRole('navigation', { name: 'Categories' }).getByRole('heading'),
      ].map(async (l) => Math.round((await l.boundingBox())!.x)),
    );
    return { tracks, distinctStarts: new Set(starts).size };
  }

  for (const width of [1024, 1280]) {
    test.describe(`at ${width}px`, () => {
      test.use({ viewport: { width, height: 800 } });
      test('lays the footer out in 4 columns', async ({ visit }) => {
        const page = await visit('/');
        expect(await footerColumns(page)).toEqual({ tracks: 4, distinctStarts: 4 });
      });
    });
  }

  test.describe('at 768px', () => {
    test.use({ viewport: viewports.tablet });
    test('lays the footer out in 2 columns', async ({ visit }) => {
      const page = await visit('/');
      expect(await footerColumns(page)).toEqual({ tracks: 2, distinctStarts: 2 });
    });
  });
});

test.describe('responsive layout', () => {
  for (const [size, viewport] of Object.entries(viewports)) {
    test.describe(() => {
      test.use({ viewport });
      test(`no page scrolls horizontally at ${viewport.width}px (${size})`, async ({ visit }) => {
        const overflowing: string[] = [];
        for (const path of allPages) {
          if (await hasHorizontalScroll(await visit(path))) overflowing.push(path);
        }
        expect(overflowing).toEqual([]);
      });
    });
  }

  test.describe('with the mobile menu open at 375px', () => {
    test.use({ viewport: viewports.mobile });
    test('the page still does not scroll horizontally', async ({ visit }) => {
      const page = await visit('/');
      await page.getByRole('banner').getByRole('button', { name: /menu/i }).click();
      await expect(
        page.getByRole('banner').getByRole('navigation', { name: /mobile|menu/i }),
      ).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
    });
  });
});
