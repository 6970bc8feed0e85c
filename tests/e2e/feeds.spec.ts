/**
 * Following a feed link in the browser. What the feeds say, and that every link names a built
 * page and a card on it, is read from the build in tests/site/feeds.test.ts.
 */
import Parser from 'rss-parser';
import { expect, test } from './helpers';

const parser = new Parser();

test.describe('feeds', () => {
  for (const feedPath of ['/rss.xml', '/recipes/rss.xml']) {
    test(`a ${feedPath} link to a card far down its page scrolls that card into view`, async ({
      request,
      page,
    }) => {
      const response = await request.get(feedPath);
      expect(response.status()).toBe(200);
      const { items } = await parser.parseString(await response.text());
      // The last card a feed links to is the one furthest down its page.
      const item = items.filter((i) => new URL(i.link ?? '').hash).at(-1);
      expect(item, 'an item linked to a card').toBeDefined();
      const url = new URL(item!.link!);
      // The fragment exactly as the feed writes it: the browser must find the card with it.
      await page.goto(`${url.pathname}${url.hash}`);
      const target = page.locator(':target');
      await expect(target).toHaveAttribute('id', decodeURIComponent(url.hash.slice(1)));
      await expect(target.getByRole('heading')).toHaveText(item!.title ?? '');
      await expect(
        target.getByRole('heading'),
        `${item!.link} scrolls to its card`,
      ).toBeInViewport();
    });
  }
});
