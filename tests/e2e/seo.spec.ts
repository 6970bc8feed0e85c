import type { Page } from '@playwright/test';
import { expect, routes, SPEC, test } from './helpers';

/** Every JSON-LD block on the page, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const parsed: unknown = JSON.parse(text);
    return (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
  });
}

const meta = (page: Page, selector: string) =>
  page.locator(`head ${selector}`).getAttribute('content');

test.describe('search engines and feeds', () => {
  for (const { path } of routes) {
    test(`${path} has a description, a canonical URL, Open Graph and Twitter tags, lang and the feeds`, async ({
      readPage,
    }) => {
      const page = await readPage(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      // A real sentence, long enough for a search result snippet.
      expect(await meta(page, 'meta[name="description"]')).toMatch(/^\S.{49,159}$/);
      const canonical = await page.locator('head link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical ?? '').pathname.replace(/\/$/, '') || '/').toBe(path);
      expect(await meta(page, 'meta[property="og:title"]')).toBe(await page.title());
      expect(await meta(page, 'meta[property="og:image"]')).toMatch(/^https:\/\//);
      expect(await meta(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
      const feeds = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
      await expect(feeds).toHaveCount(2);
      await expect(feeds.first()).toHaveAttribute('href', '/rss.xml');
      await expect(feeds.last()).toHaveAttribute('href', '/recipes/rss.xml');
    });
  }

  test('the home page describes the WebSite and the Organization', async ({ readPage }) => {
    const page = await readPage('/');
    const types = (await jsonLd(page)).map((thing) => thing['@type']);
    expect(types).toEqual(['WebSite', 'Organization']);
  });

  test(`/recipes lists its ${SPEC.recipeCards} cards as complete Recipe objects whose ratings match the cards`, async ({
    readPage,
  }) => {
    const page = await readPage('/recipes');
    const [list] = await jsonLd(page);
    expect(list?.['@type']).toBe('ItemList');
    const items = list?.['itemListElement'] as { item: Record<string, unknown> }[];
    expect(items).toHaveLength(SPEC.recipeCards);

    const cards = page.getByRole('main').getByRole('article');
    const titles = await cards.getByRole('heading', { level: 3 }).allTextContents();
    const ratings = await cards
      .getByText(/^Rating:/)
      .evaluateAll((nodes) => nodes.map((node) => node.parentElement?.textContent ?? ''));

    items.forEach(({ item }, index) => {
      expect(item).toMatchObject({
        '@type': 'Recipe',
        name: titles[index],
        totalTime: expect.stringMatching(/^PT(\d+H)?(\d+M)?$/),
        recipeYield: expect.any(String),
        recipeCategory: expect.any(String),
        recipeCuisine: expect.any(String),
        datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        author: { '@type': 'Person', name: expect.any(String) },
      });
      const rating = item['aggregateRating'] as { ratingValue: number };
      expect(ratings[index]).toContain(rating.ratingValue.toFixed(1));
      expect((item['recipeIngredient'] as string[]).length).toBeGreaterThan(0);
      expect(item['recipeInstructions']).toContainEqual(
        expect.objectContaining({ '@type': 'HowToStep' }),
      );
    });
  });

  test('/recipes links each ListItem to its card on the page', async ({ readPage }) => {
    const page = await readPage('/recipes');
    const [list] = await jsonLd(page);
    const items = list?.['itemListElement'] as { url: string }[];
    const ids = await page
      .getByRole('main')
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.id));
    expect(ids).toHaveLength(SPEC.recipeCards);
    expect(items.map(({ url }) => new URL(url).pathname)).toEqual(ids.map(() => '/recipes/'));
    expect(items.map(({ url }) => decodeURIComponent(new URL(url).hash.slice(1)))).toEqual(ids);
  });

  test('/blog describes a Blog with one BlogPosting per card', async ({ readPage }) => {
    const page = await readPage('/blog');
    const [blog] = await jsonLd(page);
    expect(blog?.['@type']).toBe('Blog');
    const posts = blog?.['blogPost'] as { headline: string }[];
    const titles = await page
      .getByRole('main')
      .getByRole('article')
      .getByRole('heading')
      .allTextContents();
    expect(posts.map((post) => post.headline)).toEqual(titles);
  });

  test('the sitemap lists the five routes and robots.txt points to it', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: .*\/sitemap-index\.xml$/m);
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1] ?? '').pathname,
    );
    expect(paths.sort()).toEqual(['/', '/about/', '/blog/', '/contact/', '/recipes/']);
  });

  test('the RSS feed carries the published posts, newest first, linking to their cards or /blog', async ({
    request,
  }) => {
    const feed = await (await request.get('/rss.xml')).text();
    const links = [...feed.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1] ?? '');
    expect(links.length).toBeGreaterThanOrEqual(8);
    // The 8 cards /blog shows are linked by their anchors; older posts link to /blog itself.
    for (const link of links.slice(0, 8)) expect(link).toMatch(/\/blog\/#[a-z0-9/-]+$/);
    for (const link of links.slice(8)) expect(link).toMatch(/\/blog\/$/);
    const dates = [...feed.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((m) =>
      Date.parse(m[1] ?? ''),
    );
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});
