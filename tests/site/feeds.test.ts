/** The built feeds, read the way a feed reader reads them (rss-parser), and every link resolved. */
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { SPEC } from '../spec';
import { builtFile, builtText, page } from './built';
import { byRole, cardsOf, one, roleOf, textOf } from './query';

type Item = { 'content:encoded': string; guid: string; media: { $: { url: string } } };

const parser = new Parser<Record<string, unknown>, Item>({
  customFields: { item: [['media:content', 'media']] },
});

const feeds = ['/rss.xml', '/recipes/rss.xml'] as const;

/** A feed as a reader gets it; fails when the build has no such file. */
const readFeed = (path: string) => parser.parseString(builtText(path));

/** The cards a page shows, in order. */
const cards = (path: string) => cardsOf(page(path));

/** A feed link points at the public site; its path and fragment, and the id the fragment names. */
const local = (link: string) => {
  const url = new URL(link);
  return { path: url.pathname, id: decodeURIComponent(url.hash.slice(1)) };
};

describe('feeds', () => {
  it('the blog feed carries each published post in full, with its photo, author and category', async () => {
    const feed = await readFeed('/rss.xml');
    expect(feed.title).toBe('Delicious Bites Blog');
    expect(feed.items.length).toBeGreaterThanOrEqual(SPEC.postCards);
    expect(feed.items.length).toBeLessThanOrEqual(20);

    const [firstCard] = cards('/blog');
    const [first] = feed.items;
    expect(first?.title).toBe(one(byRole(firstCard!, 'heading'), 'title').textContent);
    const byline = byRole(firstCard!, 'listitem')[0]?.textContent;
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

  it('the recipe feed carries each recipe with its photo, facts, ingredients and steps', async () => {
    const feed = await readFeed('/recipes/rss.xml');
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

  it.each([
    ['/rss.xml', '/blog/'],
    ['/recipes/rss.xml', '/recipes/'],
  ] as const)(
    '%s links an item to its card only when the card is on %s',
    async (feedPath, listing) => {
      const ids = cards(listing).map((card) => card.id);
      const items = (await readFeed(feedPath)).items;
      for (const item of items) {
        const { path, id } = local(item.link ?? '');
        const entryId = item.guid.replace(/^(blog|recipes)\//, '');
        expect(path, item.title).toBe(listing);
        expect(id, item.title).toBe(ids.includes(entryId) ? entryId : '');
      }
      // Every card on the page is linked from the feed by its anchor.
      expect(items.map((item) => local(item.link ?? '').id)).toEqual(expect.arrayContaining(ids));
    },
  );

  it.each(feeds)(
    'every %s link opens a page of the site, at the card its fragment names',
    async (feedPath) => {
      for (const item of (await readFeed(feedPath)).items) {
        const { path, id } = local(item.link ?? '');
        expect(builtFile(path), `${item.link} is a built page`).toMatch(/\.html$/);
        if (!id) continue;
        // A browser looks the fragment up as written, then percent-decoded: the card's id.
        const target = page(path).getElementById(id);
        expect(target, `${item.link} names a card`).not.toBeNull();
        expect(roleOf(target!), `${item.link} names a card`).toBe('article');
        expect(textOf(one(byRole(target!, 'heading'), 'title')), item.link).toBe(item.title);
      }
    },
  );

  it.each(feeds)(
    '%s lists items newest first, with stable ids that are not permalinks',
    async (feedPath) => {
      const xml = builtText(feedPath);
      const guids = [...xml.matchAll(/<guid isPermaLink="false">([^<]+)<\/guid>/g)];
      const items = (await parser.parseString(xml)).items;
      expect(guids).toHaveLength(items.length);
      const dates = items.map((item) => Date.parse(item.isoDate ?? ''));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    },
  );
});
