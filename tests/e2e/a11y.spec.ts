import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { allPages, expect, settleAnimations, test, viewports } from './helpers';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One line per failing node, so a failure says what broke and where. */
function describeViolations(violations: AxeResults['violations']): string {
  return violations
    .map(
      (v) =>
        `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .map(
            (n) =>
              `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
}

/** Runs axe on the page as it is now and expects no violations, listing them if there are. */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(
    results.violations.map((v) => v.id),
    describeViolations(results.violations),
  ).toEqual([]);
}

for (const size of ['mobile', 'desktop'] as const) {
  test.describe(`axe at ${viewports[size].width}px`, () => {
    test.use({ viewport: viewports[size] });

    for (const path of allPages) {
      test(`${path} has no WCAG 2.1 A/AA or best-practice violations`, async ({ visit }) => {
        const page = await visit(path);
        await settleAnimations(page);
        await expectNoViolations(page);
      });
    }

    if (size === 'mobile') {
      test('/ with the mobile menu open has no violations', async ({ visit }) => {
        const page = await visit('/');
        await page.getByRole('banner').getByRole('button', { name: /menu/i }).click();
        await settleAnimations(page);
        await expectNoViolations(page);
      });
    }
  });
}

test('a toast on screen introduces no violations', async ({ visit }) => {
  const page = await visit('/recipes');
  await page.getByRole('main').getByRole('button', { name: 'Load More Recipes' }).click();
  await expect(
    page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem'),
  ).toHaveCount(1);
  await settleAnimations(page);
  await expectNoViolations(page);
});

test.describe('keyboard', () => {
  test('a skip-to-content link is the first Tab stop and moves focus to main', async ({
    visit,
  }) => {
    const page = await visit('/recipes');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: /skip to (main )?content/i });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab continues inside main, not back in the header.
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(
      () =>
        !!document.activeElement?.closest('main') &&
        document.activeElement !== document.querySelector('main'),
    );
    expect(inMain).toBe(true);
  });

  /**
   * Tabs through the whole page and records, for every control that takes focus, its outline and
   * box-shadow while focused and after focus leaves it, so an indicator must both exist and
   * differ from the control's resting look.
   */
  async function tabThrough(page: Page) {
    await page.evaluate(() => {
      (window as unknown as { __focusLog: unknown[] }).__focusLog = [];
    });
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press('Tab');
      const done = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const log = (window as unknown as { __focusLog: { el: Element }[] }).__focusLog;
        if (!el || el === document.body) return true;
        if (log.some((entry) => entry.el === el)) return true; // wrapped around
        const s = getComputedStyle(el);
        log.push({
          el,
          focused: {
            outline:
              s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0
                ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`
                : 'none',
            shadow: s.boxShadow,
          },
        } as never);
        return false;
      });
      if (done) break;
    }
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    return page.evaluate(() => {
      const log = (
        window as unknown as {
          __focusLog: { el: HTMLElement; focused: { outline: string; shadow: string } }[];
        }
      ).__focusLog;
      return log.map(({ el, focused }) => {
        const s = getComputedStyle(el);
        const rest = {
          outline:
            s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0
              ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`
              : 'none',
          shadow: s.boxShadow,
        };
        const name =
          el.getAttribute('aria-label') ||
          el.textContent?.trim().slice(0, 40) ||
          el.getAttribute('placeholder') ||
          el.tagName;
        const visible =
          (focused.outline !== 'none' || focused.shadow !== 'none') &&
          (focused.outline !== rest.outline || focused.shadow !== rest.shadow);
        return { kind: el.tagName.toLowerCase(), name, visible, focused, rest };
      });
    });
  }

  for (const path of ['/', '/recipes', '/blog', '/about', '/contact']) {
    test(`every control on ${path} shows a visible focus indicator when tabbed to`, async ({
      visit,
    }) => {
      const page = await visit(path);
      await settleAnimations(page);
      const stops = await tabThrough(page);
      expect(stops.length).toBeGreaterThan(10);
      const kinds = new Set(stops.map((s) => s.kind));
      expect(kinds.has('a')).toBe(true);
      expect(kinds.has('button')).toBe(true);
      if (path !== '/about') expect(kinds.has('input')).toBe(true);
      const missing = stops.filter((s) => !s.visible);
      expect(
        missing,
        `controls without a focus indicator:\n${missing.map((m) => `${m.kind} "${m.name}" focused=${JSON.stringify(m.focused)} rest=${JSON.stringify(m.rest)}`).join('\n')}`,
      ).toEqual([]);
    });
  }

  test.describe('at 375px', () => {
    test.use({ viewport: viewports.mobile });
    test('the menu button and the menu links show a focus indicator', async ({ visit }) => {
      const page = await visit('/');
      const button = page.getByRole('banner').getByRole('button', { name: /menu/i });
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press('Tab');
        if (await button.evaluate((el) => el === document.activeElement)) break;
      }
      await expect(button).toBeFocused();
      const indicator = (el: Element) => {
        const s = getComputedStyle(el);
        return (
          (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'
        );
      };
      expect(await button.evaluate(indicator)).toBe(true);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      const home = page.getByRole('banner').getByRole('link', { name: 'Home', exact: true });
      await expect(home).toBeFocused();
      expect(await home.evaluate(indicator)).toBe(true);
    });
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the header has no entrance animation', async ({ visit }) => {
    const page = await visit('/');
    const { name, duration } = await page.getByRole('banner').evaluate((el) => {
      const s = getComputedStyle(el);
      return { name: s.animationName, duration: parseFloat(s.animationDuration) };
    });
    expect(name === 'none' || duration <= 0.001, `animation ${name} ${duration}s`).toBe(true);
  });
});
