/** What search engines and feed readers get from the build: head tags, JSON-LD, sitemap, RSS. */
import { describe, expect, it } from 'vitest';
import { routes, SPEC } from '../spec';
import { builtText, page } from './built';
import { byRole, byText, cardsOf, one } from './query';

/** Every JSON-LD block on the page, parsed. */
function jsonLd(doc: Document): Record<string, unknown>[] {
  return [...doc.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
    const parsed: unknown = JSON.parse(script.textContent ?? '');
    return (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
  });
}

/** The one element in the head that `selector` (tag and attributes) names. */
const head = (doc: Document, selector: string) =>
  one([...doc.querySelectorAll(`head ${selector}`)], selector);
const meta = (doc: Document, selector: string) => head(doc, selector).getAttribute('content');

/** The text of the headings of the cards in main, as written. */
const cardHeadings = (doc: Document, level?: number) =>
  cardsOf(doc).flatMap((card) =>
    byRole(card, 'heading', level === undefined ? {} : { level }).map((h) => h.textContent ?? ''),
  );

describe('search engines and feeds', () => {
  it.each(routes.map((route) => route.path))(
    '%s has a description, a canonical URL, Open Graph and Twitter tags, lang and the feeds',
    (path) => {
      const doc = page(path);
      expect(doc.documentElement.getAttribute('lang')).toBe('en');
      // A real sentence, long enough for a search result snippet.
      expect(meta(doc, 'meta[name="description"]')).toMatch(/^\S.{49,159}$/);
      const canonical = head(doc, 'link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical ?? '').pathname.replace(/\/$/, '') || '/').toBe(path);
      expect(meta(doc, 'meta[property="og:title"]')).toBe(doc.title);
      expect(meta(doc, 'meta[property="og:image"]')).toMatch(/^https:\/\//);
      expect(meta(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');
      const feeds = [
        ...doc.querySelectorAll('head link[rel="alternate"][type="application/rss+xml"]'),
      ];
      expect(feeds.map((feed) => feed.getAttribute('href'))).toEqual([
        '/rss.xml',
        '/recipes/rss.xml',
      ]);
    },
  );

  it('the home page describes the WebSite, the Organization and its featured recipe cards', () => {
    const things = jsonLd(page('/'));
    expect(things.map((thing) => thing['@type'])).toEqual(['WebSite', 'Organization', 'ItemList']);
    const items = things[2]?.['itemListElement'] as { url: string }[];
    expect(items).toHaveLength(SPEC.featuredRecipes);
    for (const { url } of items) {
      expect(new URL(url).pathname).toBe('/');
      expect(
        page('/').getElementById(decodeURIComponent(new URL(url).hash.slice(1))),
      ).not.toBeNull();
    }
  });

  it(`/recipes lists its ${SPEC.recipeCards} cards as Recipe objects whose names and ratings match the cards`, () => {
    const doc = page('/recipes');
    const [list] = jsonLd(doc);
    expect(list?.['@type']).toBe('ItemList');
    const items = list?.['itemListElement'] as { item: Record<string, unknown> }[];
    expect(items).toHaveLength(SPEC.recipeCards);

    const titles = cardHeadings(doc, 3);
    const cards = cardsOf(doc);
    const ratings = cards.flatMap((card) =>
      byText(card, /^Rating:/).map((label) => label.parentElement?.textContent ?? ''),
    );

    items.forEach(({ item }, index) => {
      expect(item).toMatchObject({
        '@type': 'Recipe',
        name: titles[index],
        image: [expect.stringMatching(/^https:\/\//)],
        totalTime: expect.stringMatching(/^PT(\d+H)?(\d+M)?$/),
        recipeYield: expect.any(String),
      });
      const rating = item['aggregateRating'] as { ratingValue: string };
      expect(ratings[index]).toContain(rating.ratingValue);
    });
  });

  it('/recipes links each ListItem to its card on the page', () => {
    const doc = page('/recipes');
    const [list] = jsonLd(doc);
    const items = list?.['itemListElement'] as { url: string }[];
    const ids = cardsOf(doc).map((card) => card.id);
    expect(ids).toHaveLength(SPEC.recipeCards);
    expect(items.map(({ url }) => new URL(url).pathname)).toEqual(ids.map(() => '/recipes/'));
    expect(items.map(({ url }) => decodeURIComponent(new URL(url).hash.slice(1)))).toEqual(ids);
  });

  it('/blog describes a Blog with one BlogPosting per card', () => {
    const doc = page('/blog');
    const [blog] = jsonLd(doc);
    expect(blog?.['@type']).toBe('Blog');
    const posts = blog?.['blogPost'] as { headline: string }[];
    expect(posts.map((post) => post.headline)).toEqual(cardHeadings(doc));
  });

  it('the sitemap lists the five routes and robots.txt points to it', () => {
    expect(builtText('/robots.txt')).toMatch(/^Sitemap: .*\/sitemap-index\.xml$/m);
    const sitemap = builtText('/sitemap-0.xml');
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1] ?? '').pathname,
    );
    expect(paths.sort()).toEqual(['/', '/about/', '/blog/', '/contact/', '/recipes/']);
  });

  it('the RSS feed carries the published posts, newest first, linking to their cards or /blog', () => {
    const feed = builtText('/rss.xml');
    const links = [...feed.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1] ?? '');
    expect(links.length).toBeGreaterThanOrEqual(SPEC.postCards);
    // The cards /blog shows are linked by their anchors; older posts link to /blog itself.
    for (const link of links.slice(0, SPEC.postCards))
      expect(link).toMatch(/\/blog\/#[a-z0-9/-]+$/);
    for (const link of links.slice(SPEC.postCards)) expect(link).toMatch(/\/blog\/$/);
    const dates = [...feed.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((m) =>
      Date.parse(m[1] ?? ''),
    );
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});
