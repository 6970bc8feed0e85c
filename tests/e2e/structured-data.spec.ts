import type { Page } from '@playwright/test';
import { formatDate, formatMinutes } from '../../src/lib/format';
import { expect, test } from './helpers';

/**
 * Search engines ask that structured data describe what a reader sees on the page. Every text the
 * JSON-LD of a page marks up must be in the text the page shows: a recipe's or a post's in the
 * text of its card, the rest anywhere on the page. A duration or a date counts as the page shows
 * it ("1 hr 15 min", "March 9, 2025"), in any case, since styles may set a text in capitals.
 */

/** Keys that describe the markup itself, or point somewhere, rather than say something. */
const NOT_TEXT = new Set([
  '@context',
  '@type',
  'url',
  'image',
  'logo',
  'position',
  'numberOfItems',
  'bestRating',
  'worstRating',
]);

type Thing = { [key: string]: unknown };

/** How the page shows a marked-up value of `key`. */
function asShown(key: string, value: string | number): string {
  const duration = typeof value === 'string' && /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(value);
  if (duration) return formatMinutes(Number(duration[1] ?? 0) * 60 + Number(duration[2] ?? 0));
  if (key === 'datePublished') return formatDate(new Date(`${value}T00:00:00Z`));
  return String(value);
}

/** Every marked-up text in `value`, under `key`, with the card it describes, if any. */
function* texts(
  value: unknown,
  key = '',
  card?: string,
): Generator<{ key: string; shown: string; card?: string }> {
  if (NOT_TEXT.has(key)) return;
  if (typeof value === 'string' || typeof value === 'number') {
    yield { key, shown: asShown(key, value), ...(card !== undefined && { card }) };
  } else if (Array.isArray(value)) {
    for (const item of value) yield* texts(item, key, card);
  } else if (value && typeof value === 'object') {
    const { url } = value as Thing;
    const here =
      typeof url === 'string' && url.includes('#') ? decodeURIComponent(url.split('#')[1]!) : card;
    for (const [inner, item] of Object.entries(value)) yield* texts(item, inner, here);
  }
}

/** The page's JSON-LD, parsed. */
const jsonLd = (page: Page) =>
  page
    .locator('script[type="application/ld+json"]')
    .allTextContents()
    .then((blocks) => blocks.map((block) => JSON.parse(block) as unknown));

for (const path of ['/', '/recipes', '/blog']) {
  test(`every text the structured data of ${path} marks up is on the page a reader sees`, async ({
    visit,
  }) => {
    const page = await visit(path);
    const marked = [...texts(await jsonLd(page))];
    expect(marked.length).toBeGreaterThan(0);
    const shownIn = async (card?: string) =>
      (
        await page.locator(card === undefined ? 'body' : `[id="${card}"]`).innerText()
      ).toLowerCase();
    const unseen: string[] = [];
    for (const { key, shown, card } of marked) {
      if (!(await shownIn(card)).includes(shown.toLowerCase())) {
        unseen.push(`${card ?? path} ${key}: ${shown}`);
      }
    }
    expect(unseen, 'marked up, but not shown').toEqual([]);
  });
}
