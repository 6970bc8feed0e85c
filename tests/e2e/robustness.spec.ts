import type { Page } from '@playwright/test';
import { layoutShifts } from '../../scripts/lib/page-weight.ts';
import {
  allPages,
  expect,
  expectToast,
  GENERIC_TOAST,
  nextFrames,
  SENT_TITLE,
  test,
  viewports,
} from './helpers';

const PHOTO_HOST = /^https:\/\/images\.unsplash\.com\//;
const NOT_FOUND_PATH = allPages[allPages.length - 1]!;

/** Console errors and uncaught exceptions, minus the expected offline photo failures. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    const where = msg.location().url;
    if (/net::ERR_/.test(text) || PHOTO_HOST.test(where) || /images\.unsplash\.com/.test(text)) {
      return;
    }
    // Visiting the deliberately unknown URL logs its own 404 status; that is the point of it.
    if (where.includes(NOT_FOUND_PATH) && /status of 404/.test(text)) return;
    errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** Exercises the runtime code on a page: a toast on every page, the menu on small screens. */
async function exercise(page: Page) {
  const headerButton = page.getByRole('banner').getByRole('button', { name: /account/i });
  if (await headerButton.isVisible()) {
    await headerButton.click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: /menu/i }).click();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Facebook' }).click();
  }
  await expectToast(page, GENERIC_TOAST);
}

const isCspError = (error: string) => /Content Security Policy|Refused to/i.test(error);

/** Every inline on* event handler attribute on the page as it is now. */
function inlineHandlers(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes]
        .filter((a) => /^on/i.test(a.name))
        .map((a) => `<${el.tagName.toLowerCase()} ${a.name}="${a.value.slice(0, 60)}">`),
    ),
  );
}

test.describe('content security policy', () => {
  for (const size of ['mobile', 'desktop'] as const) {
    test.describe(`at ${viewports[size].width}px`, () => {
      test.use({ viewport: viewports[size] });

      // The served markup has no inline handler either (tests/site/markup.test.ts); this checks
      // what the scripts add.
      test('no page logs a CSP violation, any other console error or an uncaught exception, or gains an inline on* handler, even after showing a toast', async ({
        page,
      }) => {
        const errors = collectErrors(page);
        const handlers: string[] = [];
        for (const path of allPages) {
          await page.goto(path);
          await exercise(page);
          handlers.push(...(await inlineHandlers(page)).map((handler) => `${path}: ${handler}`));
        }
        await page.goto('/contact');
        const csp = errors.filter(isCspError);
        expect(csp, csp.join('\n')).toEqual([]);
        const others = errors.filter((error) => !isCspError(error));
        expect(others, others.join('\n')).toEqual([]);
        expect(handlers, 'inline on* handlers').toEqual([]);
      });
    });
  }
});

const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '"><svg onload="window.__pwned=1"></svg>',
  'javascript:window.__pwned=1//\'"><iframe srcdoc="<script>parent.__pwned=1</script>">',
];

/** Waits until an image with a bad source has failed, so an injected one would have too. */
async function flushImageErrors(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const probe = new Image();
        probe.onerror = () => done();
        probe.onload = () => done();
        probe.src = `x-probe-${Math.random()}`;
      }),
  );
  await nextFrames(page);
}

async function expectNotInjected(page: Page) {
  await flushImageErrors(page);
  const state = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    imgX: document.querySelectorAll('img[src="x"]').length,
    svgOnload: document.querySelectorAll('svg[onload]').length,
    iframes: document.querySelectorAll('iframe').length,
    scripts: [...document.scripts].filter((s) => s.textContent?.includes('__pwned')).length,
    handlers: [...document.querySelectorAll('*')].filter((el) =>
      [...el.attributes].some((a) => /^on/i.test(a.name)),
    ).length,
  }));
  expect(state).toEqual({
    pwned: undefined,
    imgX: 0,
    svgOnload: 0,
    iframes: 0,
    scripts: 0,
    handlers: 0,
  });
}

test.describe('script injection', () => {
  for (const payload of PAYLOADS) {
    test(`the contact form never runs markup typed into its fields: ${payload.slice(0, 30)}`, async ({
      visit,
    }) => {
      const page = await visit('/contact');
      const main = page.getByRole('main');
      const field = (name: string) => main.getByRole('textbox', { name, exact: true });

      // Payload in every text field, with an address that passes validation: the form submits.
      await field('Name').fill(payload);
      await field('Email').fill('ada@example.com');
      await field('Subject').fill(payload);
      await field('Message').fill(payload);
      await main.getByRole('button', { name: /send/i }).click();
      await expectToast(page, SENT_TITLE);
      await expectNotInjected(page);

      // Payload in the email field too: validation blocks it, and it still never runs.
      await field('Name').fill(payload);
      await field('Email').fill(payload);
      await field('Subject').fill(payload);
      await field('Message').fill(payload);
      await main.getByRole('button', { name: /send/i }).click();
      await expectNotInjected(page);
      await expect(field('Email')).toHaveValue(payload);
      await expect(page).toHaveURL(/\/contact\/?$/);
    });

    test(`the newsletter field never runs markup typed into it: ${payload.slice(0, 30)}`, async ({
      visit,
    }) => {
      const page = await visit('/');
      const form = page
        .getByRole('region')
        .filter({ has: page.getByRole('button', { name: 'Subscribe Now' }) });
      const email = form.getByRole('textbox');
      await email.fill(payload);
      await form.getByRole('button', { name: 'Subscribe Now' }).click();
      await expectNotInjected(page);
      await email.fill(`${payload}@example.com`);
      await email.press('Enter');
      await expectNotInjected(page);
      await expect(page).toHaveURL('/');
    });
  }

  test('markup in the URL query and hash is never rendered or run', async ({ visit }) => {
    const payload = encodeURIComponent(PAYLOADS[0]!);
    for (const path of ['/', '/recipes', '/blog', '/contact', '/no-such-page']) {
      await expectNotInjected(await visit(`${path}?q=${payload}&search=${payload}#${payload}`));
    }
  });
});

/** Scrolls through the page so lazy photos are requested, then waits for every <img> to settle. */
async function loadEveryImage(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = await page.evaluate(() => window.innerHeight);
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await nextFrames(page);
  }
  await expect
    .poll(() => page.evaluate(() => [...document.images].filter((img) => !img.complete).length))
    .toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await nextFrames(page);
}

test.describe('with the photo host unreachable', () => {
  for (const size of ['mobile', 'desktop'] as const) {
    test.describe(`at ${viewports[size].width}px`, () => {
      test.use({ viewport: viewports[size] });

      for (const path of allPages) {
        test(`${path} renders completely, without layout shift or broken-image icons`, async ({
          visit,
        }) => {
          const page = await visit(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('contentinfo')).toBeAttached();
          await page.evaluate(() => document.fonts.ready);
          await loadEveryImage(page);

          const images = await page.evaluate(() =>
            [...document.images].map((img) => {
              const frame = img.parentElement!;
              const f = frame.getBoundingClientRect();
              const i = img.getBoundingClientRect();
              const frameStyle = getComputedStyle(frame);
              return {
                src: img.currentSrc || img.src,
                alt: img.alt,
                failed: img.complete && img.naturalWidth === 0,
                frame: { width: f.width, height: f.height },
                coversFrame:
                  Math.abs(i.left - f.left) < 1 &&
                  Math.abs(i.top - f.top) < 1 &&
                  Math.abs(i.width - f.width) < 1 &&
                  Math.abs(i.height - f.height) < 1,
                placeholder:
                  frameStyle.backgroundImage !== 'none' ||
                  !/rgba\(0, 0, 0, 0\)|transparent/.test(frameStyle.backgroundColor),
                afterContent: getComputedStyle(img, '::after').content,
                markedBroken: img.hasAttribute('data-broken'),
                hidden: getComputedStyle(img).opacity === '0',
                altDrawn: getComputedStyle(img).color !== 'rgba(0, 0, 0, 0)',
              };
            }),
          );

          const photos = images.filter((img) => PHOTO_HOST.test(img.src));
          if (path === '/' || path === '/recipes' || path === '/blog' || path === '/about') {
            expect(photos.length, 'the page shows stock photos').toBeGreaterThan(0);
          }
          for (const img of images) {
            const label = `${img.alt || img.src}`;
            expect(img.frame.width, `frame width of ${label}`).toBeGreaterThan(0);
            expect(img.frame.height, `frame height of ${label}`).toBeGreaterThan(0);
          }
          for (const img of photos) {
            const label = `${img.alt || img.src}`;
            expect(img.failed, `${label} is blocked`).toBe(true);
            expect(img.placeholder, `frame of ${label} shows a placeholder`).toBe(true);
            expect(img.coversFrame, `${label} fills its frame`).toBe(true);
            expect(img.afterContent, `${label} is covered by ::after`).not.toMatch(
              /^(none|normal)$/,
            );
            // What every engine does, WebKit included, which draws no ::after on a broken image.
            expect(img.markedBroken, `${label} is marked broken`).toBe(true);
            expect(img.hidden, `${label} is hidden, so no engine draws its broken-image icon`).toBe(
              true,
            );
            expect(img.altDrawn, `the alt text of ${label} is not drawn over the frame`).toBe(
              false,
            );
          }

          expect(await layoutShifts(page), 'layout shifts').toEqual([]);
        });
      }
    });
  }
});

/**
 * The `sizes` a photo declares, evaluated as the browser would: the first entry whose media query
 * matches, its length measured by laying out a probe that wide.
 */
function declaredWidths(page: Page) {
  return page.evaluate(() =>
    [...document.images].map((img) => {
      const entries = (img.getAttribute('sizes') ?? '').split(/,\s*(?![^(]*\))/);
      const length = entries
        .map((entry) => /^(\(.+\))\s+(.+)$/.exec(entry) ?? [entry, 'all', entry])
        .find(([, media]) => matchMedia(media!).matches)?.[2];
      const probe = document.body.appendChild(document.createElement('div'));
      probe.style.cssText = `position: absolute; width: ${length}`;
      const declared = probe.getBoundingClientRect().width;
      probe.remove();
      return { alt: img.alt, declared, rendered: img.getBoundingClientRect().width };
    }),
  );
}

test.describe('photo sizes', () => {
  // CSS alone lays the photos out (no script reads the width), so one load of a page, resized to
  // each width in turn, shows each photo as a load at that width would.
  const widths = [360, 412, 640, 768, 1024, 1280, 1536];
  for (const path of ['/', '/recipes', '/blog', '/about']) {
    test(`on ${path} at ${widths.join(', ')} px every photo's sizes attribute is the width it is shown at, so no more pixels are fetched than shown`, async ({
      visit,
    }) => {
      const page = await visit(path);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        const photos = await declaredWidths(page);
        expect(photos.length, `${path} shows photos`).toBeGreaterThan(0);
        for (const { alt, declared, rendered } of photos) {
          expect(
            declared,
            `${path} at ${width}px: "${alt}" is shown ${rendered}px wide`,
          ).toBeCloseTo(rendered, 0);
        }
      }
    });
  }
});
