/** The built feeds, read the way a feed reader reads them (rss-parser), and every link followed. */
import type { APIRequestContext, Page } from '@playwright/test';
import Parser from 'rss-parser';
import { expect, SPEC, test } from './helpers';

type Item = { 'content:encoded': string; guid: string; media: { $: { url: string } } };

const parser = new Parser<Record<string, unknown>, Item>({
  customFields: { item: [['media:content', 'media']] },
});

const feeds = ['/rss.xml', '/recipes/rss.xml'] as const;

async function readFeed(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return parser.parseString(await response.text());
}

/** The ids of the cards a page shows, in order. */
const cardIds = async (page: Page, path: string) => {
  await page.goto(path);
  return page
    .getByRole('main')
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.id));
};

/** A feed link points at the public site; the same path and fragment, on the server under test. */
const local = (link: string) => {
  const url = new URL(link);
  return { path: url.pathname, hash: url.hash, id: decodeURIComponent(url.hash.slice(1)) };
};

test.describe('feeds', () => {
  test('the blog feed carries each published post in full, with its photo, author and category', async ({
    request,
    page,
  }) => {
    const feed = await readFeed(request, '/rss.xml');
    expect(feed.title).toBe('Delicious Bites Blog');
    expect(feed.items.length).toBeGreaterThanOrEqual(8);
    expect(feed.items.length).toBeLessThanOrEqual(20);

    await page.goto('/blog');
    const firstCard = page.getByRole('main').getByRole('article').first();
    const [first] = feed.items;
    expect(first?.title).toBe(await firstCard.getByRole('heading').textContent());
    const byline = await firstCard.getByRole('listitem').first().textContent();
    expect(`By ${first?.creator}`).toBe(byline);

    for (const item of feed.items) {
      const html = item['content:encoded'];
      // The cover photo first, then the body, which says more than the excerpt.
      const [cover = '', body = ''] = html.split(/(?<=^<p><img [^>]+><\/p>)/);
      expect(cover).toMatch(/^<p><img src="https:\/\/[^"]+" alt="[^"]+" \/><\/p>$/);
      expect(item.media.$.url).toMatch(/^https:\/\//);
      expect(body).toMatch(/<p>[^<]/);
      expect(body.length).toBeGreaterThan((item.contentSnippet ?? '').length);
      expect(body).not.toMatch(/<script|\son\w+=|javascript:/i);
      expect(item.categories).toHaveLength(1);
      expect(item.creator).toBeTruthy();
      expect(item.guid).toMatch(/^blog\/[a-z0-9/-]+$/);
    }
  });

  test('the recipe feed carries each recipe with its photo, facts, ingredients and steps', async ({
    request,
  }) => {
    const feed = await readFeed(request, '/recipes/rss.xml');
    expect(feed.title).toBe('Delicious Bites Recipes');
    expect(feed.items.length).toBeGreaterThanOrEqual(SPEC.recipeCards);
    for (const item of feed.items) {
      const html = item['content:encoded'];
      expect(html).toMatch(/^<p><img src="https:\/\/[^"]+" alt="[^"]+" \/><\/p><p>[^<]+<\/p>/);
      expect(html).toMatch(/Time: <\/span>(\d+ hr)? ?(\d+ min)?<\/li>/);
      expect(html).toMatch(/<li>\d+ servings?<\/li>/);
      expect(html).toMatch(/Rating: <\/span>\d\.\d /);
      expect(html).toMatch(/<h2>Ingredients<\/h2><ul>(<li>[^<]+<\/li>)+<\/ul>/);
      expect(html).toMatch(/<h2>Steps<\/h2><ol>(<li>[^<]+<\/li>)+<\/ol>/);
      expect(item.guid).toMatch(/^recipes\/[a-z0-9/-]+$/);
    }
  });

  test('links an item to its card only when the card is on /blog or /recipes', async ({
    request,
    page,
  }) => {
    for (const [feedPath, listing] of [
      ['/rss.xml', '/blog/'],
      ['/recipes/rss.xml', '/recipes/'],
    ] as const) {
      const cards = await cardIds(page, listing);
      const items = (await readFeed(request, feedPath)).items;
      for (const item of items) {
        const { path, id } = local(item.link ?? '');
        const entryId = item.guid.replace(/^(blog|recipes)\//, '');
        expect(path, item.title).toBe(listing);
        expect(id, item.title).toBe(cards.includes(entryId) ? entryId : '');
      }
      // Every card on the page is linked from the feed by its anchor.
      expect(items.map((item) => local(item.link ?? '').id)).toEqual(expect.arrayContaining(cards));
    }
  });

  test('every feed link opens a page of the site, at the card its fragment names', async ({
    request,
    page,
  }) => {
    for (const feedPath of feeds) {
      for (const item of (await readFeed(request, feedPath)).items) {
        const { path, hash, id } = local(item.link ?? '');
        expect((await request.get(path)).status(), item.link).toBe(200);
        if (!id) continue;
        // The fragment exactly as the feed writes it: the browser must find the card with it.
        await page.goto(`${path}${hash}`);
        const target = page.locator(':target');
        await expect(target, item.link).toHaveAttribute('id', id);
        await expect(target.getByRole('heading')).toHaveText(item.title ?? '');
        await expect(
          target.getByRole('heading'),
          `${item.link} scrolls to its card`,
        ).toBeInViewport();
      }
    }
  });

  test('the feeds list items newest first, with stable ids that are not permalinks', async ({
    request,
  }) => {
    for (const feedPath of feeds) {
      const xml = await (await request.get(feedPath)).text();
      const guids = [...xml.matchAll(/<guid isPermaLink="false">([^<]+)<\/guid>/g)];
      const items = (await parser.parseString(xml)).items;
      expect(guids).toHaveLength(items.length);
      const dates = items.map((item) => Date.parse(item.isoDate ?? ''));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    }
  });
});
